// A form field's error in the packer's language: required or refused, and what the field expects. The station's
// table of expectations (src-shared/field-expectations.ts) says which expectation a field has; the desk's
// catalogue holds the words for it in each language.
import { expectationIdAt } from '../../src-shared/field-expectations.ts';
import { MIN_PASSWORD_LENGTH } from '../../src-shared/administration.ts';
import { DESCRIBED_POSTAL_CODES, postalCodeExpectation } from '../../src-shared/postal-codes.ts';
import { countryName, formatAlternatives } from './format.ts';
import { currentLanguage, translate } from './i18n.ts';
import { SOURCE_LANGUAGE } from './languages.ts';
import type { MessageKey } from './messages/en.ts';

/** Members of the settings' forms the shared table does not describe (it holds the shipment's and the account's). */
const SETTINGS_FIELDS: Readonly<Record<string, MessageKey>> = {
  '/data/attributes/username': 'field.username',
  '/data/attributes/password': 'field.password',
  '/data/attributes/timeZone': 'field.timeZone',
  '/data/attributes/holidays': 'field.holiday',
};

/**
 * `given`: a rule's own words, such as a country's phone format, which take the table's place: a text is the shared
 * rule's English, shown only by a desk in English (another language says the table's words); `{ words }` are the
 * desk's own, in the desk's language (postalCodeWords).
 */
export function fieldText(pointer: string, missing: boolean, given?: string | { words: string }): string {
  const id = expectationIdAt(pointer);
  const own = typeof given === 'object' ? given.words : currentLanguage() === SOURCE_LANGUAGE && given ? given : undefined;
  const setting = SETTINGS_FIELDS[pointer.replace(/\/\d+$/, '')];
  const expected =
    own || (id ? translate(`field.${id}` as MessageKey) : setting ? translate(setting, { count: MIN_PASSWORD_LENGTH }) : undefined);
  if (missing) return expected ? translate('field.requiredExpecting', { expected }) : translate('field.required');
  return expected ? translate('field.expected', { expected }) : translate('field.notAccepted');
}

/**
 * What a postal code of the country looks like, as `given` words for fieldText: the station's own words in English
 * ("a postal code of Germany: 5 digits, such as 80331"), the country and its examples in another language.
 */
export function postalCodeWords(country: string): string | { words: string } {
  if (currentLanguage() === SOURCE_LANGUAGE) return postalCodeExpectation(country);
  const examples = DESCRIBED_POSTAL_CODES[country]?.examples;
  return {
    words: examples
      ? translate('field.postalCodeOf', { country: countryName(country), examples: formatAlternatives(examples) })
      : translate('field.postalCode'),
  };
}
