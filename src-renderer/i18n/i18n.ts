// The desk's translation: i18next with ICU message syntax (plurals, selects), every language bundled, so a
// desk with no network still speaks its packer's language. Components translate with useTranslation(); stores
// and helpers outside React with translate().
import i18next, { type TOptions } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { en, type MessageKey } from './messages/en.ts';
import { de } from './messages/de.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { it } from './messages/it.ts';
import { pl } from './messages/pl.ts';
import { SOURCE_LANGUAGE, type Language } from './languages.ts';

export const MESSAGES = { en, de, it, fr, es, pl } as const satisfies Record<Language, Record<MessageKey, string>>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    keySeparator: false;
    nsSeparator: false;
    // Keys are checked; values are ICU messages, whose arguments i18next's own syntax checker would misread.
    resources: { translation: Record<MessageKey, string> };
  }
}

void i18next
  .use(ICU)
  .use(initReactI18next)
  .init({
    lng: SOURCE_LANGUAGE,
    // No silent English: every language has every key (test/unit/desk-messages.test.ts), and a missing one shows its key.
    fallbackLng: false,
    supportedLngs: Object.keys(MESSAGES),
    resources: Object.fromEntries(Object.entries(MESSAGES).map(([code, translation]) => [code, { translation }])),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** A message in the current language, for code outside components (stores, error texts). */
export function translate(key: MessageKey, values?: TOptions): string {
  return i18next.t(key, values);
}

export function currentLanguage(): Language {
  return (i18next.language as Language | undefined) ?? SOURCE_LANGUAGE;
}

export function applyLanguage(language: Language): void {
  if (i18next.language !== language) void i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
