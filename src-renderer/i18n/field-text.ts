// A form field's error in the packer's language: required or refused, and what the field expects. The station's
// table of expectations (src-shared/field-expectations.ts) says which expectation a field has; the desk's
// catalogue holds the words for it in each language.
import { expectationIdAt } from '../../src-shared/field-expectations.ts';
import { translate } from './i18n.ts';
import type { MessageKey } from './messages/en.ts';

/** `given`: a rule's own words, such as a country's postal code format, which take the table's place. */
export function fieldText(pointer: string, missing: boolean, given?: unknown): string {
  const id = expectationIdAt(pointer);
  const expected = typeof given === 'string' && given !== '' ? given : id ? translate(`field.${id}` as MessageKey) : undefined;
  if (missing) return expected ? translate('field.requiredExpecting', { expected }) : translate('field.required');
  return expected ? translate('field.expected', { expected }) : translate('field.notAccepted');
}
