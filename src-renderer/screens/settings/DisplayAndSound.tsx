// Settings → Display and sound, for everyone at the desk: their language, high contrast, large text and the
// volume of the desk's sounds (with a button to hear each). Kept per person (store/preferences.ts).
import React from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/LanguagePicker.tsx';
import { formatPercent } from '../../i18n/format.ts';
import { playSignal, type Signal } from '../../feedback/sounds.ts';
import { usePreferences } from '../../store/preferences.ts';

const SAMPLES: readonly Signal[] = ['good', 'bad', 'printed'];

export function DisplayAndSound(): React.JSX.Element {
  const { t } = useTranslation();
  const { highContrast, largeText, volume, change } = usePreferences();
  return (
    <section className="card" aria-labelledby="display-heading">
      <h2 id="display-heading">{t('display.heading')}</h2>
      <p className="muted">{t('display.lead')}</p>
      <div className="grid">
        <LanguagePicker />
        <div className="field field--check">
          <input
            id="high-contrast"
            type="checkbox"
            checked={highContrast}
            onChange={(event) => change({ highContrast: event.target.checked })}
          />
          <label htmlFor="high-contrast">{t('display.highContrast')}</label>
        </div>
        <div className="field field--check">
          <input id="large-text" type="checkbox" checked={largeText} onChange={(event) => change({ largeText: event.target.checked })} />
          <label htmlFor="large-text">{t('display.largeText')}</label>
        </div>
        <div className="field">
          <label htmlFor="volume">{t('display.volume')}</label>
          <input
            id="volume"
            type="range"
            min={0}
            max={100}
            step={10}
            value={Math.round(volume * 100)}
            aria-valuetext={volume === 0 ? t('display.muted') : formatPercent(volume, 0)}
            onChange={(event) => change({ volume: Number(event.target.value) / 100 })}
          />
        </div>
      </div>
      <div className="inline-actions" role="group" aria-label={t('display.samples')}>
        {SAMPLES.map((sample) => (
          <button key={sample} type="button" className="secondary" onClick={() => playSignal(sample, volume)}>
            {t('display.sample', { sample })}
          </button>
        ))}
      </div>
    </section>
  );
}
