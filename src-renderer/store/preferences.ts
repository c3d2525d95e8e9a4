// How the desk looks and sounds for the person at it: their language, high contrast, large text and the volume
// of its sounds. Remembered per user in this browser (keyed by account and username), so a packer who signs in
// finds the desk as they left it; before sign-in the desk speaks the language last chosen here, or the browser's.
import { create } from 'zustand';
import { isLanguage, languageFromBrowser, type Language } from '../i18n/languages.ts';
import { applyLanguage } from '../i18n/i18n.ts';
import { setVolume } from '../feedback/feedback.ts';
import { loadJson, saveJson } from './persist.ts';

export interface Preferences {
  language: Language;
  highContrast: boolean;
  largeText: boolean;
  /** The sounds' volume, 0 (silent) to 1. */
  volume: number;
}

export interface PreferencesState extends Preferences {
  /** The signed-in user's key (account id and username), or null at sign-in. */
  user: string | null;
  /** Takes the preferences this user left at this desk, or keeps the current ones for a user new here. */
  forUser(user: string | null): void;
  change(change: Partial<Preferences>): void;
}

const DESK_KEY = 'shipping-station.preferences';
const userKey = (user: string) => `shipping-station.preferences.${user}`;

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Preferences as stored, checked member by member: a bad or old entry falls back to the default, not to an error. */
function sane(stored: Partial<Preferences>, fallback: Preferences): Preferences {
  return {
    language: isLanguage(stored.language) ? stored.language : fallback.language,
    highContrast: typeof stored.highContrast === 'boolean' ? stored.highContrast : fallback.highContrast,
    largeText: typeof stored.largeText === 'boolean' ? stored.largeText : fallback.largeText,
    volume: typeof stored.volume === 'number' && stored.volume >= 0 && stored.volume <= 1 ? stored.volume : fallback.volume,
  };
}

const DEFAULTS: Preferences = { language: languageFromBrowser(browserLanguages()), highContrast: false, largeText: false, volume: 0.6 };

/** Shows the preferences on the page (the language, and the theme and text size as classes of the root element) and gives the sounds their volume. */
function apply(preferences: Preferences): void {
  applyLanguage(preferences.language);
  setVolume(preferences.volume);
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('theme-high-contrast', preferences.highContrast);
  document.documentElement.classList.toggle('text-large', preferences.largeText);
}

const pick = ({ language, highContrast, largeText, volume }: Preferences): Preferences => ({ language, highContrast, largeText, volume });

export const usePreferences = create<PreferencesState>()((set, get) => {
  const initial = sane(loadJson<Partial<Preferences>>(DESK_KEY, {}), DEFAULTS);
  apply(initial);
  return {
    ...initial,
    user: null,
    forUser(user) {
      if (user === get().user) return;
      const next = user ? sane(loadJson<Partial<Preferences>>(userKey(user), {}), pick(get())) : pick(get());
      set({ ...next, user });
      apply(next);
    },
    change(change) {
      const next = sane(change, pick(get()));
      set(next);
      apply(next);
      saveJson(DESK_KEY, next);
      const user = get().user;
      if (user) saveJson(userKey(user), next);
    },
  };
});
