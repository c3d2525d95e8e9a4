// What a store keeps to be said on the screen: a failure as it came (an ApiError with its code and meta, or the error
// of a request that never reached the station), or one of the desk's own messages as its key and figures. Never the
// words: the component that shows it says it (sayIt) in the language of the moment it is shown, not made, so a
// refusal held while the packer switches the language is shown in the new one.
import type { TOptions } from 'i18next';
import type { PrintFailure, RateUnavailable } from '../../src-shared/resources.ts';
import { ApiError, type ClosedDay } from '../api/client.ts';
import type { ErrorObject } from '../../src-shared/jsonapi.ts';
import { closedDayText, describeError, printFailureText, refusalWords } from './error-text.ts';
import { currentLanguage, translate } from './i18n.ts';
import { SOURCE_LANGUAGE } from './languages.ts';
import { unavailableText } from './unavailable-text.ts';
import { fieldText, postalCodeWords } from './field-text.ts';
import type { MessageKey } from './messages/en.ts';

/** A print job's failure as the station gives it: its English reason and its code with figures. */
type PrintFailed = { readonly reason: string | null; readonly failure?: PrintFailure | null };

/**
 * A form's field its check found at fault (by JSON pointer): missing or not as expected, with what is expected: the
 * shared rule's English words (said on an English desk), or a postal code of a country (said with its examples).
 */
type FieldFault = { readonly pointer: string; readonly missing: boolean; readonly expected?: string; readonly postalCodeOf?: string };

/** A message's figures: plain values, or something itself to be said (a failure inside a sentence). */
type Values = Readonly<Record<string, unknown>>;

export type Said =
  | { readonly failure: unknown }
  | { readonly printFailed: PrintFailed }
  | { readonly key: MessageKey; readonly values?: Values }
  | { readonly unavailable: readonly RateUnavailable[]; readonly at?: string }
  | { readonly field: FieldFault }
  | { readonly closedDay: ClosedDay; readonly where: 'rate' | 'label' }
  | { readonly refusal: ErrorObject; readonly english: 'detail' | 'reason' };

/** A failure to be said: the error itself, worded when it is shown. */
export const failure = (error: unknown): Said => ({ failure: error });

/** One of the desk's messages to be said: its key and figures, worded when it is shown. */
export const message = (key: MessageKey, values?: Values): Said => (values ? { key, values } : { key });

/** Why a print job failed, to be said: worded when it is shown (printFailureText). */
export const printFailed = (job: PrintFailed): Said => ({ printFailed: { reason: job.reason, failure: job.failure ?? null } });

/** Why no carrier service carries the shipment (a rate list's meta.unavailable), to be said: worded when it is shown. */
export const unavailable = (reasons: readonly RateUnavailable[]): Said => ({ unavailable: reasons });

/** A carrier's closed day (beside a rate, or on a booked label), to be said: worded when it is shown. */
export const closedDay = (day: ClosedDay, where: 'rate' | 'label'): Said => ({ closedDay: day, where });

/**
 * One error object of a refusal (a field's, by its pointer), to be said: in English the station's text (its detail,
 * or for a field its meta.reason when it has one), in another language the desk's words for its code.
 */
export const refusal = (entry: ErrorObject, english: 'detail' | 'reason' = 'detail'): Said => ({ refusal: entry, english });

/** The fields a refusal names, by JSON pointer, each to be said as a form marks it (refusal, in English its reason). */
export function fieldRefusals(error: unknown): Record<string, Said> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.errors.flatMap((entry) => (entry.source?.pointer !== undefined ? [[entry.source.pointer, refusal(entry, 'reason')]] : [])),
  );
}

/** A field of a form at fault, to be said as the form marks it (fieldText): worded when it is shown. */
export const fieldFault = (fault: FieldFault): Said => ({ field: fault });

/**
 * The form's fields a rate list's reasons are about (a package no service carries), by JSON pointer, each to be said
 * as the form marks it: worded when it is shown.
 */
export function unavailableFields(reasons: readonly RateUnavailable[]): Record<string, Said> {
  const pointers = reasons.flatMap((reason) => (reason.pointer?.includes('/packages/') ? [reason.pointer] : []));
  return Object.fromEntries(pointers.map((pointer) => [pointer, { unavailable: reasons, at: pointer }]));
}

const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' &&
  value !== null &&
  ('failure' in value ||
    'printFailed' in value ||
    'key' in value ||
    'unavailable' in value ||
    'closedDay' in value ||
    'refusal' in value ||
    'field' in value);

/** Words as they are, or what a store keeps to be said (a Said) worded now: for a holder that takes either (the feedback). */
export function sayAny(spoken: string | object): string {
  if (typeof spoken === 'string') return spoken;
  return isSaid(spoken) ? sayIt(spoken) : '';
}

/** The words for what a store keeps, in the desk's language now. */
export function sayIt(said: Said): string {
  if ('failure' in said) return describeError(said.failure);
  if ('printFailed' in said) return printFailureText(said.printFailed);
  if ('unavailable' in said)
    return said.at === undefined ? unavailableText(said.unavailable).text : (unavailableText(said.unavailable).fields[said.at] ?? '');
  if ('field' in said) {
    const { pointer, missing, expected, postalCodeOf } = said.field;
    return fieldText(pointer, missing, postalCodeOf !== undefined ? postalCodeWords(postalCodeOf) : expected);
  }
  if ('closedDay' in said) return closedDayText(said.closedDay, said.where);
  if ('refusal' in said) {
    if (currentLanguage() !== SOURCE_LANGUAGE) return refusalWords(said.refusal);
    return said.english === 'reason' ? String(said.refusal.meta?.reason ?? said.refusal.detail) : said.refusal.detail;
  }
  if (!said.values) return translate(said.key);
  const values = Object.fromEntries(Object.entries(said.values).map(([name, value]) => [name, isSaid(value) ? sayIt(value) : value]));
  return translate(said.key, values as TOptions);
}
