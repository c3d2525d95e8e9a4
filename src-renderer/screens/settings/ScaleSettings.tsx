// Settings' scale: the desk's serial port, protocol, speed and units (a supervisor's to set), with the live
// reading beside them so the setup can be checked with a parcel on the scale.
import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeight } from '../../i18n/format.ts';
import { SCALE_PROTOCOLS, SCALE_UNITS, type ScaleSettings as Settings } from '../../../src-shared/scale.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useScale } from '../../store/scale.ts';
import { scaleProblem } from '../../components/scale-problem.ts';

const PROTOCOL_NAMES: Record<(typeof SCALE_PROTOCOLS)[number], string> = {
  sics: 'Mettler Toledo SICS',
  nci: 'NCI / Avery Weigh-Tronix (W)',
};
const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400];

export function ScaleSettings({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { reading, settings: saved, ports, settingsError, loadSettings, saveSettings } = useScale();
  const [draft, setDraft] = useState<Settings | null>(null);
  const [done, setDone] = useState(false);
  const settings = draft ?? saved;

  useEffect(() => useScale.getState().listen(), []);
  useEffect(() => void loadSettings(), [loadSettings]);

  const change = (changes: Partial<Settings>) => {
    if (settings) setDraft({ ...settings, ...changes });
    setDone(false);
  };
  const save = async () => {
    if (!settings) return;
    if (await saveSettings(settings)) {
      setDraft(null);
      setDone(true);
    }
  };
  const portChoices = settings?.port && !ports.includes(settings.port) ? [...ports, settings.port] : ports;

  return (
    <section className="card" aria-labelledby="scale-heading">
      <h2 id="scale-heading">{t('scale.label')}</h2>
      <p className="scale-reading" role="status" aria-label={t('scaleSettings.reading')}>
        {reading === null
          ? t('scaleSettings.listening')
          : reading.weightKg !== null
            ? t('scaleSettings.weight', { weight: formatWeight(Number(reading.weightKg)), status: reading.status })
            : (() => {
                // The desk's words for the scale's state; the station's own text only as an English desk's detail.
                const problem = scaleProblem(reading);
                if (problem) return problem.detail ? `${problem.text} ${problem.detail}` : problem.text;
                return reading.status === 'moving' ? t('scale.moving') : t('scaleSettings.none');
              })()}
      </p>
      <ErrorNotice message={settingsError} />
      {settings ? (
        <div className="grid">
          <div className="field field--wide">
            <label htmlFor="scale-port">{t('scaleSettings.port')}</label>
            <input
              id="scale-port"
              list="scale-ports"
              value={settings.port ?? ''}
              placeholder={t('scaleSettings.noPort')}
              disabled={!canEdit}
              onChange={(event) => change({ port: event.target.value || null })}
            />
            <datalist id="scale-ports">
              {portChoices.map((port) => (
                <option key={port} value={port} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor="scale-protocol">{t('scaleSettings.protocol')}</label>
            <select
              id="scale-protocol"
              value={settings.protocol}
              disabled={!canEdit}
              onChange={(event) => change({ protocol: event.target.value as Settings['protocol'] })}
            >
              {SCALE_PROTOCOLS.map((protocol) => (
                <option key={protocol} value={protocol}>
                  {PROTOCOL_NAMES[protocol]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="scale-baud">{t('scaleSettings.baud')}</label>
            <select
              id="scale-baud"
              value={settings.baudRate}
              disabled={!canEdit}
              onChange={(event) => change({ baudRate: Number(event.target.value) })}
            >
              {BAUD_RATES.map((rate) => (
                <option key={rate}>{rate}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="scale-units">{t('scaleSettings.units')}</label>
            <select
              id="scale-units"
              value={settings.units}
              disabled={!canEdit}
              onChange={(event) => change({ units: event.target.value as Settings['units'] })}
            >
              {SCALE_UNITS.map((unit) => (
                <option key={unit}>{unit}</option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {canEdit ? (
        <div className="actions">
          <button type="button" className="primary" onClick={() => void save()} disabled={!settings}>
            {t('scaleSettings.save')}
          </button>
          {done ? <span role="status">{t('scaleSettings.saved')}</span> : null}
        </div>
      ) : (
        <p className="muted">{t('scaleSettings.bySupervisor')}</p>
      )}
      <p className="muted">{t('scaleSettings.unitsNote')}</p>
    </section>
  );
}
