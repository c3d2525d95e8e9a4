// A searchable country field: the packer types part of a name or the code ("Ger…", "DE", "deu") and picks from
// the list with the arrow keys and Enter, or the mouse; the form keeps the ISO code. Names come from the browser's
// own Intl.DisplayNames in the desk's language, so no country list is kept here.
import React, { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES } from '../../src-shared/countries.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { countryName } from '../i18n/format.ts';
import { ComboboxOption } from './ComboboxOption.tsx';
import { FieldError } from './Field.tsx';

interface Country {
  code: string;
  name: string;
}

const MAX_MATCHES = 8;
/** The country list in each language it was asked for. */
const countries = new Map<string, Country[]>();

function allCountries(): Country[] {
  const language = currentLanguage();
  let list = countries.get(language);
  if (!list) {
    list = [...COUNTRY_CODES].map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, language));
    countries.set(language, list);
  }
  return list;
}

/** "Germany (DE)" for a code, the text itself otherwise. */
export function countryLabel(code: string): string {
  const country = allCountries().find((candidate) => candidate.code === code.trim().toUpperCase());
  return country ? `${country.name} (${country.code})` : code;
}

/** The countries a text names: the code first, then names that start with it, then names that contain it. */
export function countryMatches(text: string): Country[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [];
  const all = allCountries();
  const exact = all.filter((country) => country.code.toLowerCase() === wanted || country.name.toLowerCase() === wanted);
  const starts = all.filter((country) => country.name.toLowerCase().startsWith(wanted) && !exact.includes(country));
  const contains = all.filter(
    (country) => country.name.toLowerCase().includes(wanted) && !exact.includes(country) && !starts.includes(country),
  );
  return [...exact, ...starts, ...contains].slice(0, MAX_MATCHES);
}

export function CountryPicker({
  label,
  value,
  onValue,
  error,
  required,
}: {
  label: string;
  value: string;
  onValue(code: string): void;
  error?: string;
  required?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => (text === null ? [] : countryMatches(text)), [text]);
  const open = text !== null && text.trim() !== '' && matches.length > 0;
  const listId = `${id}-list`;

  const pick = (country: Country | undefined) => {
    if (!country) return;
    onValue(country.code);
    setText(null);
  };
  const typed = (next: string) => {
    setText(next);
    setActive(0);
    // The form holds a code only once one is named exactly; a half-typed name is left for the check to point at.
    const exact = countryMatches(next).find(
      (country) => country.code.toLowerCase() === next.trim().toLowerCase() || country.name.toLowerCase() === next.trim().toLowerCase(),
    );
    onValue(exact ? exact.code : next);
  };

  return (
    <div className={`field combobox combobox--inline${error ? ' field--error' : ''}${required ? ' field--required' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        placeholder={t('country.placeholder')}
        value={text ?? (value ? countryLabel(value) : '')}
        onFocus={(event) => event.target.select()}
        onChange={(event) => typed(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && open) {
            event.preventDefault();
            setActive((active + 1) % matches.length);
          } else if (event.key === 'ArrowUp' && open) {
            event.preventDefault();
            setActive((active - 1 + matches.length) % matches.length);
          } else if (event.key === 'Enter' && open) {
            // Enter picks; it does not also submit the form.
            event.preventDefault();
            pick(matches[active]);
          } else if (event.key === 'Escape') {
            setText(null);
          }
        }}
        onBlur={() => {
          // Leaving the field with one country named picks it; anything else stays as typed, for the check.
          if (text !== null && matches.length === 1) pick(matches[0]);
          else setText(null);
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('combobox.matches', { label })} className="combobox__list" hidden={!open}>
        {matches.map((country, index) => (
          <ComboboxOption
            key={country.code}
            id={`${listId}-${index}`}
            active={index === active}
            onPick={() => pick(country)}
            title={country.name}
            detail={country.code}
          />
        ))}
      </ul>
      <FieldError id={id} error={error} />
    </div>
  );
}
