// Settings' packing rules: the station's rules as a table a supervisor edits (first rule that decides a choice
// wins), the weight check's thresholds, and a dry run on the recent orders before saving. Packers read them.
import React, { useEffect } from 'react';
import { describeConditions } from '../../../src-shared/packing-rules.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { useRulesEditor, type RuleField } from '../../store/rules-editor.ts';

const CONDITIONS: { field: RuleField; label: string; hint: string }[] = [
  { field: 'countries', label: 'countries', hint: 'DE, AT' },
  { field: 'minWeightKg', label: 'from kg', hint: '' },
  { field: 'maxWeightKg', label: 'under kg', hint: '' },
  { field: 'skus', label: 'SKUs', hint: '' },
  { field: 'tags', label: 'tags', hint: 'fragile' },
];

function choice(decision: { box?: string; service?: string; carrier?: string }): string {
  return [decision.box, decision.service, decision.carrier].filter(Boolean).join(' · ') || '—';
}

export function PackingRules({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { setup, error: loadError } = usePackingSetup();
  const editor = useRulesEditor();
  // A newly read or saved setup starts the draft over.
  const reset = editor.reset;
  useEffect(() => reset(setup), [reset, setup]);

  return (
    <section className="card" aria-labelledby="rules-heading">
      <h2 id="rules-heading">Packing rules</h2>
      <p className="muted">
        A scanned order gets its box, service and carrier from these rules, shared by every desk of the station. For each choice the first rule that matches
        and makes it wins; the order’s own service or carrier comes first. Weights are the goods’ expected weight until the parcel is weighed.
      </p>
      <ErrorNotice message={loadError} />
      <ol className="rules">
        {editor.rules.map((rule, index) => (
          <li key={index} className="rule" aria-label={`Rule ${index + 1}`}>
            <div className="grid grid--rule">
              {CONDITIONS.map(({ field, label, hint }) => (
                <Field
                  key={field}
                  label={`Rule ${index + 1} ${label}`}
                  value={rule[field]}
                  placeholder={hint}
                  onValue={(value) => editor.edit(index, field, value)}
                  error={editor.errors[`rules.${index}.${field}`]}
                  disabled={!canEdit}
                />
              ))}
              <div className={`field${editor.errors[`rules.${index}.box`] ? ' field--error' : ''}`}>
                <label htmlFor={`rule-${index}-box`}>{`Rule ${index + 1} box`}</label>
                <select id={`rule-${index}-box`} value={rule.box} disabled={!canEdit} onChange={(event) => editor.edit(index, 'box', event.target.value)}>
                  <option value="">No box</option>
                  {setup.boxPresets.map((preset) => (
                    <option key={preset.name}>{preset.name}</option>
                  ))}
                  {rule.box && !setup.boxPresets.some((preset) => preset.name === rule.box) ? <option>{rule.box}</option> : null}
                </select>
                {editor.errors[`rules.${index}.box`] ? <span className="field__error">{editor.errors[`rules.${index}.box`]}</span> : null}
              </div>
              <div className="field">
                <label htmlFor={`rule-${index}-service`}>{`Rule ${index + 1} service`}</label>
                <select id={`rule-${index}-service`} value={rule.service} disabled={!canEdit} onChange={(event) => editor.edit(index, 'service', event.target.value)}>
                  <option value="">No service</option>
                  <option value="economy">Economy</option>
                  <option value="express">Express</option>
                </select>
              </div>
              <Field
                label={`Rule ${index + 1} carrier`}
                value={rule.carrier}
                placeholder="any"
                onValue={(value) => editor.edit(index, 'carrier', value)}
                error={editor.errors[`rules.${index}.carrier`]}
                disabled={!canEdit}
              />
            </div>
            {editor.errors[`rules.${index}.then`] ? <p className="field__error">{editor.errors[`rules.${index}.then`]}</p> : null}
            {canEdit ? (
              <div className="rule__actions">
                <button type="button" className="link" onClick={() => editor.move(index, -1)} disabled={index === 0} aria-label={`Move rule ${index + 1} up`}>
                  Up
                </button>
                <button type="button" className="link" onClick={() => editor.move(index, 1)} disabled={index === editor.rules.length - 1} aria-label={`Move rule ${index + 1} down`}>
                  Down
                </button>
                <button type="button" className="link" onClick={() => editor.remove(index)} aria-label={`Remove rule ${index + 1}`}>
                  Remove
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="grid">
        <Field
          label="Warn when the weight is off by (%)"
          value={editor.warnPercent}
          onValue={(value) => editor.setPercent('warnPercent', value)}
          error={editor.errors.varianceWarnPercent}
          inputMode="decimal"
          disabled={!canEdit}
        />
        <Field
          label="Block when the weight is off by (%)"
          value={editor.blockPercent}
          onValue={(value) => editor.setPercent('blockPercent', value)}
          error={editor.errors.varianceBlockPercent}
          inputMode="decimal"
          disabled={!canEdit}
        />
      </div>
      {canEdit ? (
        <div className="actions">
          <button type="button" className="secondary" onClick={editor.add}>
            Add rule
          </button>
          <button type="button" className="secondary" onClick={() => void editor.tryOnRecentOrders()} disabled={editor.status !== 'idle'}>
            Try on recent orders
          </button>
          <button type="button" className="primary" onClick={() => void editor.save()} disabled={editor.status !== 'idle'}>
            Save rules
          </button>
        </div>
      ) : (
        <p className="muted">A supervisor changes the rules.</p>
      )}
      {editor.message ? (
        <p className="notice" role="status">
          {editor.message}
        </p>
      ) : null}
      {editor.dryRun && editor.dryRun.length > 0 ? (
        <table className="list dry-run" aria-label="Dry run on recent orders">
          <thead>
            <tr>
              <th>Order</th>
              <th>To</th>
              <th>Goods</th>
              <th>Saved rules</th>
              <th>Edited rules</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {editor.dryRun.map((row) => (
              <tr key={row.number} className={row.changed ? 'changed' : undefined}>
                <td className="mono">{row.number}</td>
                <td>{row.country}</td>
                <td>{row.weightKg === undefined ? '?' : `${row.weightKg.toFixed(2)} kg`}</td>
                <td>{choice(row.saved)}</td>
                <td>{row.changed ? <strong>{choice(row.draft)}</strong> : choice(row.draft)}</td>
                <td className="muted">{row.draft.reasons.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details>
        <summary>The saved rules in words</summary>
        <ol>
          {setup.rules.map((rule, index) => (
            <li key={index}>
              {[rule.then.box, rule.then.service, rule.then.carrier].filter(Boolean).join(', ')} for {describeConditions(rule)}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
