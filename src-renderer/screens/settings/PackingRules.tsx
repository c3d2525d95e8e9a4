// Settings' packing rules: the station's rules as a table a supervisor edits (first rule that decides a choice
// wins), the weight check's thresholds, and a dry run on the recent orders before saving. Packers read them.
import React, { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeight } from '../../i18n/format.ts';
import { translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { describeConditions, dryRunRules, type PackingWords } from '../../../src-shared/packing-rules.ts';
import type { ShipmentServices } from '../../../src-shared/shipment-options.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { boxName } from '../../i18n/domain-names.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { CONFIRMATION_CHOICES, useRulesEditor, type RuleField } from '../../store/rules-editor.ts';
import { packingWords } from '../../i18n/packing-words.ts';
import { sayIt } from '../../i18n/said.ts';

const CONDITIONS: { field: RuleField; label: MessageKey; hint: MessageKey | null }[] = [
  { field: 'countries', label: 'rules.countries', hint: 'rules.countriesHint' },
  { field: 'minWeightKg', label: 'rules.fromKg', hint: null },
  { field: 'maxWeightKg', label: 'rules.underKg', hint: null },
  { field: 'skus', label: 'rules.skus', hint: null },
  { field: 'tags', label: 'rules.tags', hint: 'rules.tagsHint' },
];

/** The special services a rule or a decision sets, in words: "Adult signature 18+, Saturday delivery". */
function servicesWords(services: Partial<ShipmentServices> | undefined, words: PackingWords): string[] {
  return [
    services?.deliveryConfirmation && words.confirmation(services.deliveryConfirmation, services.minimumAge),
    services?.saturdayDelivery && words.saturdayDelivery,
  ].filter((said): said is string => Boolean(said));
}

/** A confirmation choice of the editor (adultSignature-21) in words. */
function confirmationWords(value: string, words: PackingWords): string {
  const [level, age] = value.split('-');
  return words.confirmation(level as NonNullable<ShipmentServices['deliveryConfirmation']>, age ? Number(age) : undefined);
}

function choice(
  decision: { box?: string; service?: string; carrier?: string; lowestCo2eWithinPercent?: number; services?: ShipmentServices },
  words: PackingWords,
): string {
  return (
    [
      decision.box && words.box(decision.box),
      decision.service,
      decision.carrier,
      decision.lowestCo2eWithinPercent !== undefined && words.lowestCo2e(decision.lowestCo2eWithinPercent),
      ...servicesWords(decision.services, words),
    ]
      .filter(Boolean)
      .join(' · ') || translate('common.none')
  );
}

export function PackingRules({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { setup, error: loadError } = usePackingSetup();
  const editor = useRulesEditor();
  const words = packingWords();
  // The dry run's rows, their reasons in the packer's words of this moment.
  const dryRun = editor.dryRun ? dryRunRules(editor.dryRun.saved, editor.dryRun.draft, editor.dryRun.orders, words) : null;
  /** A fault of the draft at a field, in the desk's language now. */
  const errorAt = (field: string): string | undefined => (editor.errors[field] ? sayIt(editor.errors[field]) : undefined);
  // A newly read or saved setup starts the draft over.
  const reset = editor.reset;
  useEffect(() => reset(setup), [reset, setup]);

  return (
    <section className="card" aria-labelledby="rules-heading">
      <h2 id="rules-heading">{t('rules.heading')}</h2>
      <p className="muted">{t('rules.lead')}</p>
      <ErrorNotice message={loadError} />
      <ol className="rules">
        {editor.rules.map((rule, index) => (
          <li key={index} className="rule" aria-label={t('rules.rule', { number: index + 1 })}>
            <div className="grid grid--rule">
              {CONDITIONS.map(({ field, label, hint }) => (
                <Field
                  key={field}
                  label={t('rules.ruleField', { number: index + 1, field: t(label) })}
                  value={rule[field]}
                  placeholder={hint ? t(hint) : ''}
                  onValue={(value) => editor.edit(index, field, value)}
                  error={errorAt(`rules.${index}.${field}`)}
                  disabled={!canEdit}
                />
              ))}
              <div className={`field${errorAt(`rules.${index}.box`) ? ' field--error' : ''}`}>
                <label htmlFor={`rule-${index}-box`}>{t('rules.ruleField', { number: index + 1, field: t('rules.box') })}</label>
                <select
                  id={`rule-${index}-box`}
                  value={rule.box}
                  disabled={!canEdit}
                  onChange={(event) => editor.edit(index, 'box', event.target.value)}
                >
                  <option value="">{t('rules.noBox')}</option>
                  {setup.boxPresets.map((preset) => (
                    <option key={preset.name} value={preset.name}>
                      {boxName(preset.name)}
                    </option>
                  ))}
                  {rule.box && !setup.boxPresets.some((preset) => preset.name === rule.box) ? <option>{rule.box}</option> : null}
                </select>
                {errorAt(`rules.${index}.box`) ? <span className="field__error">{errorAt(`rules.${index}.box`)}</span> : null}
              </div>
              <div className="field">
                <label htmlFor={`rule-${index}-service`}>{t('rules.ruleField', { number: index + 1, field: t('rules.service') })}</label>
                <select
                  id={`rule-${index}-service`}
                  value={rule.service}
                  disabled={!canEdit}
                  onChange={(event) => editor.edit(index, 'service', event.target.value)}
                >
                  <option value="">{t('rules.noService')}</option>
                  <option value="economy">{t('rules.economy')}</option>
                  <option value="express">{t('rules.express')}</option>
                </select>
              </div>
              <div className={`field${errorAt(`rules.${index}.services`) ? ' field--error' : ''}`}>
                <label htmlFor={`rule-${index}-confirmation`}>
                  {t('rules.ruleField', { number: index + 1, field: t('rules.signature') })}
                </label>
                <select
                  id={`rule-${index}-confirmation`}
                  value={rule.confirmation}
                  disabled={!canEdit}
                  onChange={(event) => editor.edit(index, 'confirmation', event.target.value)}
                >
                  {CONFIRMATION_CHOICES.map((value) => (
                    <option key={value} value={value}>
                      {value === '' ? t('rules.noSignature') : confirmationWords(value, words)}
                    </option>
                  ))}
                </select>
                {errorAt(`rules.${index}.services`) ? <span className="field__error">{errorAt(`rules.${index}.services`)}</span> : null}
              </div>
              <div className="field field--check">
                <input
                  id={`rule-${index}-saturday`}
                  type="checkbox"
                  checked={rule.saturday === 'true'}
                  disabled={!canEdit}
                  onChange={(event) => editor.edit(index, 'saturday', event.target.checked ? 'true' : '')}
                />
                <label htmlFor={`rule-${index}-saturday`}>{t('rules.ruleField', { number: index + 1, field: t('rules.saturday') })}</label>
              </div>
              <Field
                label={t('rules.ruleField', { number: index + 1, field: t('rules.carrier') })}
                value={rule.carrier}
                placeholder={t('rules.any')}
                onValue={(value) => editor.edit(index, 'carrier', value)}
                error={errorAt(`rules.${index}.carrier`)}
                disabled={!canEdit}
              />
              <Field
                label={t('rules.ruleField', { number: index + 1, field: t('rules.lowestCo2e') })}
                value={rule.lowestCo2eWithinPercent}
                inputMode="decimal"
                placeholder={t('rules.any')}
                onValue={(value) => editor.edit(index, 'lowestCo2eWithinPercent', value)}
                error={errorAt(`rules.${index}.lowestCo2eWithinPercent`)}
                disabled={!canEdit}
              />
            </div>
            {errorAt(`rules.${index}.then`) ? <p className="field__error">{errorAt(`rules.${index}.then`)}</p> : null}
            {canEdit ? (
              <div className="rule__actions">
                <button
                  type="button"
                  className="link"
                  onClick={() => editor.move(index, -1)}
                  disabled={index === 0}
                  aria-label={t('rules.moveUp', { number: index + 1 })}
                >
                  {t('rules.up')}
                </button>
                <button
                  type="button"
                  className="link"
                  onClick={() => editor.move(index, 1)}
                  disabled={index === editor.rules.length - 1}
                  aria-label={t('rules.moveDown', { number: index + 1 })}
                >
                  {t('rules.down')}
                </button>
                <button
                  type="button"
                  className="link"
                  onClick={() => editor.remove(index)}
                  aria-label={t('rules.remove', { number: index + 1 })}
                >
                  {t('common.remove')}
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="grid">
        <Field
          label={t('rules.warn')}
          value={editor.warnPercent}
          onValue={(value) => editor.setPercent('warnPercent', value)}
          error={errorAt('varianceWarnPercent')}
          inputMode="decimal"
          disabled={!canEdit}
        />
        <Field
          label={t('rules.block')}
          value={editor.blockPercent}
          onValue={(value) => editor.setPercent('blockPercent', value)}
          error={errorAt('varianceBlockPercent')}
          inputMode="decimal"
          disabled={!canEdit}
        />
      </div>
      {canEdit ? (
        <div className="actions">
          <button type="button" className="secondary" onClick={editor.add}>
            {t('rules.add')}
          </button>
          <button type="button" className="secondary" onClick={() => void editor.tryOnRecentOrders()} disabled={editor.status !== 'idle'}>
            {t('rules.try')}
          </button>
          <button type="button" className="primary" onClick={() => void editor.save()} disabled={editor.status !== 'idle'}>
            {t('rules.save')}
          </button>
        </div>
      ) : (
        <p className="muted">{t('rules.bySupervisor')}</p>
      )}
      {editor.message ? (
        <p className="notice" role="status">
          {sayIt(editor.message)}
        </p>
      ) : null}
      {dryRun && dryRun.length > 0 ? (
        <table className="list dry-run" aria-label={t('rules.dryRun')}>
          <thead>
            <tr>
              <th scope="col">{t('orders.order')}</th>
              <th scope="col">{t('shipments.to')}</th>
              <th scope="col">{t('rules.goods')}</th>
              <th scope="col">{t('rules.saved')}</th>
              <th scope="col">{t('rules.edited')}</th>
              <th scope="col">{t('order.why')}</th>
            </tr>
          </thead>
          <tbody>
            {dryRun.map((row) => (
              <tr key={row.number} className={row.changed ? 'changed' : undefined}>
                <td className="mono">{row.number}</td>
                <td>{row.country}</td>
                <td>{row.weightKg === undefined ? '?' : formatWeight(row.weightKg, 2)}</td>
                <td>{choice(row.saved, words)}</td>
                <td>{row.changed ? <strong>{choice(row.draft, words)}</strong> : choice(row.draft, words)}</td>
                <td className="muted">{row.draft.reasons.join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details>
        <summary>{t('rules.inWords')}</summary>
        <ol>
          {setup.rules.map((rule, index) => (
            <li key={index}>
              {t('rules.ruleInWords', {
                choice: [
                  rule.then.box && words.box(rule.then.box),
                  rule.then.service && words.service(rule.then.service),
                  rule.then.carrier,
                  rule.then.lowestCo2eWithinPercent !== undefined && words.lowestCo2e(rule.then.lowestCo2eWithinPercent),
                  ...servicesWords(rule.then.services, words),
                ]
                  .filter(Boolean)
                  .join(', '),
                conditions: describeConditions(rule, words),
              })}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
