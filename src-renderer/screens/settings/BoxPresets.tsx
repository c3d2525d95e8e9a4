// Settings' box presets: the station's boxes (sides and own weight), shared by every desk, that the packing rules
// and the New shipment screen's preset buttons use. Supervisors add and remove them; a box a rule uses stays.
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLength, formatWeight } from '../../i18n/format.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { boxName } from '../../i18n/domain-names.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';

const EMPTY = { name: '', length: '', width: '', height: '', tareKg: '' };
const DECIMAL = /^\d+([.,]\d+)?$/;

export function BoxPresets({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { setup, status, error, save } = usePackingSetup();
  const [preset, setPreset] = useState(EMPTY);
  const valid =
    preset.name.trim() !== '' &&
    [preset.length, preset.width, preset.height].every((side) => DECIMAL.test(side)) &&
    (preset.tareKg === '' || DECIMAL.test(preset.tareKg));
  const usedBy = (name: string) => setup.rules.findIndex((rule) => rule.then.box === name);
  const decimal = (text: string) => text.replace(',', '.');

  return (
    <section className="card" aria-labelledby="presets-heading">
      <h2 id="presets-heading">{t('presets.heading')}</h2>
      <ul className="presets">
        {setup.boxPresets.map((box) => {
          const rule = usedBy(box.name);
          return (
            <li key={box.name}>
              {t('presets.box', {
                name: boxName(box.name),
                length: box.length,
                width: box.width,
                height: formatLength(Number(box.height)),
                tare: formatWeight(Number(box.tareKg)),
              })}
              {canEdit && rule === -1 ? (
                <button
                  type="button"
                  className="link"
                  disabled={status === 'saving'}
                  onClick={() => void save({ boxPresets: setup.boxPresets.filter((other) => other.name !== box.name) })}
                  aria-label={t('presets.remove', { name: boxName(box.name) })}
                >
                  {t('common.remove')}
                </button>
              ) : null}
              {canEdit && rule !== -1 ? <span className="muted"> {t('presets.usedBy', { rule: rule + 1 })}</span> : null}
            </li>
          );
        })}
      </ul>
      <ErrorNotice message={error} />
      {canEdit ? (
        <form
          className="grid"
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            const made = {
              name: preset.name.trim(),
              length: decimal(preset.length),
              width: decimal(preset.width),
              height: decimal(preset.height),
              tareKg: decimal(preset.tareKg || '0'),
            };
            void save({ boxPresets: [...setup.boxPresets.filter((other) => other.name !== made.name), made] }).then(
              (saved) => saved && setPreset(EMPTY),
            );
          }}
        >
          <Field label={t('presets.name')} value={preset.name} onValue={(name) => setPreset({ ...preset, name })} />
          <Field
            label={t('presets.length')}
            value={preset.length}
            onValue={(length) => setPreset({ ...preset, length })}
            inputMode="decimal"
          />
          <Field label={t('presets.width')} value={preset.width} onValue={(width) => setPreset({ ...preset, width })} inputMode="decimal" />
          <Field
            label={t('presets.height')}
            value={preset.height}
            onValue={(height) => setPreset({ ...preset, height })}
            inputMode="decimal"
          />
          <Field
            label={t('presets.tare')}
            value={preset.tareKg}
            onValue={(tareKg) => setPreset({ ...preset, tareKg })}
            inputMode="decimal"
            placeholder="0"
          />
          <button type="submit" disabled={!valid || status === 'saving'}>
            {t('presets.add')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('presets.bySupervisor')}</p>
      )}
    </section>
  );
}
