// The language chooser of the sign-in page and the desk's display settings: each language in its own name, so a
// packer finds theirs whatever the desk speaks now. The choice is kept for the signed-in user (store/preferences.ts).
import React, { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '../i18n/languages.ts';
import { usePreferences } from '../store/preferences.ts';

export function LanguagePicker(): React.JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const language = usePreferences((state) => state.language);
  return (
    <div className="field field--inline language-picker">
      <label htmlFor={id}>{t('signIn.language')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) usePreferences.getState().change({ language: event.target.value });
        }}
      >
        {LANGUAGES.map((entry) => (
          <option key={entry.code} value={entry.code} lang={entry.code}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
