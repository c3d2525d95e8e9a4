// What a store keeps to be said on the screen: a failure as it came (an ApiError with its code and meta, or the error
// of a request that never reached the station), or one of the desk's own messages as its key and figures. Never the
// words: the component that shows it says it (sayIt) in the language of the moment it is shown, not made, so a
// refusal held while the packer switches the language is shown in the new one.
import type { TOptions } from 'i18next';
import type { PrintFailure } from '../../src-shared/resources.ts';
import { describeError, printFailureText } from './error-text.ts';
import { translate } from './i18n.ts';
import type { MessageKey } from './messages/en.ts';

/** A print job's failure as the station gives it: its English reason and its code with figures. */
type PrintFailed = { readonly reason: string | null; readonly failure?: PrintFailure | null };

/** A message's figures: plain values, or something itself to be said (a failure inside a sentence). */
type Values = Readonly<Record<string, unknown>>;

export type Said = { readonly failure: unknown } | { readonly printFailed: PrintFailed } | { readonly key: MessageKey; readonly values?: Values };

/** A failure to be said: the error itself, worded when it is shown. */
export const failure = (error: unknown): Said => ({ failure: error });

/** One of the desk's messages to be said: its key and figures, worded when it is shown. */
export const message = (key: MessageKey, values?: Values): Said => (values ? { key, values } : { key });

/** Why a print job failed, to be said: worded when it is shown (printFailureText). */
export const printFailed = (job: PrintFailed): Said => ({ printFailed: { reason: job.reason, failure: job.failure ?? null } });

const isSaid = (value: unknown): value is Said => typeof value === 'object' && value !== null && ('failure' in value || 'printFailed' in value || 'key' in value);

/** The words for what a store keeps, in the desk's language now. */
export function sayIt(said: Said): string {
  if ('failure' in said) return describeError(said.failure);
  if ('printFailed' in said) return printFailureText(said.printFailed);
  if (!said.values) return translate(said.key);
  const values = Object.fromEntries(Object.entries(said.values).map(([name, value]) => [name, isSaid(value) ? sayIt(value) : value]));
  return translate(said.key, values as TOptions);
}
