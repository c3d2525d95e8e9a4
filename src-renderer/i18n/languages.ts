// The desk's languages: each with its own name (as a packer looks for it in a list) and who checked its texts.
// Adding one: see docs/desk.md, "Adding a language".
export const LANGUAGES = [
  { code: 'en', name: 'English', checkedBy: 'Shipping Station team (source language)' },
  { code: 'de', name: 'Deutsch', checkedBy: 'Shipping Station team; not yet reviewed by a native-speaking packer' },
  { code: 'it', name: 'Italiano', checkedBy: 'Shipping Station team; not yet reviewed by a native-speaking packer' },
  { code: 'fr', name: 'Français', checkedBy: 'Shipping Station team; not yet reviewed by a native-speaking packer' },
  { code: 'es', name: 'Español', checkedBy: 'Shipping Station team; not yet reviewed by a native-speaking packer' },
  { code: 'pl', name: 'Polski', checkedBy: 'Shipping Station team; not yet reviewed by a native-speaking packer' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const SOURCE_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/** The first of the browser's languages the desk speaks ("de-AT" → de), or English. */
export function languageFromBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return SOURCE_LANGUAGE;
}
