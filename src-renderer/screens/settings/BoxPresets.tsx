// Settings' box presets: the station's boxes (sides and own weight), shared by every desk, that the packing rules
// and the New shipment screen's preset buttons use. Supervisors add and remove them; a box a rule uses stays.
import React, { useState } from 'react';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { usePackingSetup } from '../../store/packing-setup.ts';

const EMPTY = { name: '', length: '', width: '', height: '', tareKg: '' };
const DECIMAL = /^\d+([.,]\d+)?$/;

export function BoxPresets({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { setup, status, error, save } = usePackingSetup();
  const [preset, setPreset] = useState(EMPTY);
  const valid = preset.name.trim() !== '' && [preset.length, preset.width, preset.height].every((side) => DECIMAL.test(side)) && (preset.tareKg === '' || DECIMAL.test(preset.tareKg));
  const usedBy = (name: string) => setup.rules.findIndex((rule) => rule.then.box === name);
  const decimal = (text: string) => text.replace(',', '.');

  return (
    <section className="card" aria-labelledby="presets-heading">
      <h2 id="presets-heading">Box presets</h2>
      <ul className="presets">
        {setup.boxPresets.map((box) => {
          const rule = usedBy(box.name);
          return (
            <li key={box.name}>
              {box.name}: {box.length} × {box.width} × {box.height} cm, {box.tareKg} kg empty
              {canEdit && rule === -1 ? (
                <button
                  type="button"
                  className="link"
                  disabled={status === 'saving'}
                  onClick={() => void save({ boxPresets: setup.boxPresets.filter((other) => other.name !== box.name) })}
                  aria-label={`Remove preset ${box.name}`}
                >
                  Remove
                </button>
              ) : null}
              {canEdit && rule !== -1 ? <span className="muted"> (rule {rule + 1} uses it)</span> : null}
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
            const made = { name: preset.name.trim(), length: decimal(preset.length), width: decimal(preset.width), height: decimal(preset.height), tareKg: decimal(preset.tareKg || '0') };
            void save({ boxPresets: [...setup.boxPresets.filter((other) => other.name !== made.name), made] }).then((saved) => saved && setPreset(EMPTY));
          }}
        >
          <Field label="Preset name" value={preset.name} onValue={(name) => setPreset({ ...preset, name })} />
          <Field label="Preset length (cm)" value={preset.length} onValue={(length) => setPreset({ ...preset, length })} inputMode="decimal" />
          <Field label="Preset width (cm)" value={preset.width} onValue={(width) => setPreset({ ...preset, width })} inputMode="decimal" />
          <Field label="Preset height (cm)" value={preset.height} onValue={(height) => setPreset({ ...preset, height })} inputMode="decimal" />
          <Field label="Empty box weight (kg)" value={preset.tareKg} onValue={(tareKg) => setPreset({ ...preset, tareKg })} inputMode="decimal" placeholder="0" />
          <button type="submit" disabled={!valid || status === 'saving'}>
            Add preset
          </button>
        </form>
      ) : (
        <p className="muted">The presets are the station’s, for every desk; a supervisor changes them.</p>
      )}
    </section>
  );
}
