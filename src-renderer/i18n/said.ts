// What a store keeps to be said on the screen: a failure as it came (an ApiError with its code and meta, or the error
// of a request that never reached the station), or one of the desk's own messages as its key and figures. Never the
// words: the component that shows it says it (sayIt) in the language of the moment it is shown, not made, so a
// refusal held while the packer switches the language is shown in the new one.
import type { TOptions } from 'i18next';
import { describeError } from './error-text.ts';
import { translate } from './i18n.ts';
import type { MessageKey } from './messages/en.ts';

export type Said = { readonly failure: unknown } | { readonly key: MessageKey; readonly values?: TOptions };

/** A failure to be said: the error itself, worded when it is shown. */
export const failure = (error: unknown): Said => ({ failure: error });

/** One of the desk's messages to be said: its key and figures, worded when it is shown. */
export const message = (key: MessageKey, values?: TOptions): Said => (values ? { key, values } : { key });

/** The words for what a store keeps, in the desk's language now. */
export function sayIt(said: Said): string {
  return 'failure' in said ? describeError(said.failure) : translate(said.key, said.values);
}
