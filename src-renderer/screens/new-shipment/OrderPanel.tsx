// The scanned order beside the form: its lines, the scale's live weight against the expected one, the packing
// rules' choices with their reasons, and `Ship and print`, which has the focus: Enter ships.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatWeight } from '../../i18n/format.ts';
import { translate } from '../../i18n/i18n.ts';
import { block } from '../../feedback/feedback.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { expectedWeightKg } from '../../../src-shared/orders.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { usePacking } from '../../store/packing.ts';
import { useScale } from '../../store/scale.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';

const READING_WORDS: Record<string, MessageKey> = {
  moving: 'scale.moving',
  overload: 'scale.overload',
  underload: 'scale.underload',
  error: 'scale.error',
  noAnswer: 'scale.noAnswer',
  unplugged: 'scale.unplugged',
  off: 'scale.off',
};

/** How far the parcel's weight is off the expected one, and what to do: the panel's warning and the stop's reason. */
function varianceText(weightKg: number, variancePercent: number, expectedKg: number, blocked: boolean): string {
  return translate('order.variance', { weight: formatWeight(weightKg), percent: Math.round(variancePercent), expected: formatWeight(expectedKg, 2), blocked: blocked ? 'yes' : 'no' });
}

export function OrderPanel({ weightTyped }: { weightTyped: string }): React.JSX.Element | null {
  const { t } = useTranslation();
  const { order, decision, box, status, error, ship } = usePacking();
  const reading = useScale((state) => state.reading);
  const { varianceWarnPercent, varianceBlockPercent } = usePackingSetup((state) => state.setup);
  const shipButton = useRef<HTMLButtonElement>(null);
  const scaleOn = reading !== null && reading.status !== 'off';
  const stable = reading?.status === 'stable' ? reading.weightKg : null;
  const weight = scaleOn ? stable : weightTyped || null;
  const expected = order ? expectedWeightKg(order.attributes.lines, box?.tareKg) : undefined;
  const variance = weight !== null && expected !== undefined && expected > 0 ? (Math.abs(Number(weight) - expected) / expected) * 100 : 0;
  const blocked = variance > varianceBlockPercent;
  const waiting = weight === null;

  // A weight far off the expected one stops the parcel once per reading: full screen, until acknowledged.
  const stoppedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!order || !blocked || weight === null || expected === undefined) return;
    const reading = `${order.id}:${weight}`;
    if (stoppedAt.current === reading) return;
    stoppedAt.current = reading;
    block(varianceText(Number(weight), variance, expected, true));
  }, [order, blocked, weight, expected, variance]);

  // Ready to ship (a settled weight within the check): Enter ships.
  useEffect(() => {
    if (order && status === 'ready' && !waiting && !blocked) shipButton.current?.focus();
  }, [order, status, waiting, blocked]);

  if (!order) return null;
  const a = order.attributes;

  return (
    <section className="card order-panel" aria-labelledby="order-heading">
      <h2 id="order-heading">{t('order.heading', { number: a.number })}</h2>
      <p className="summary-line">
        {t('order.summary', { name: a.shipTo.name, city: a.shipTo.city, country: a.shipTo.country, pieces: a.totals.quantity, value: formatMoney(Number(a.totals.value)) })}
      </p>
      <table className="order-lines" aria-label={t('order.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('orders.fields.sku')}</th>
            <th scope="col">{t('order.description')}</th>
            <th scope="col" className="num">{t('order.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {a.lines.map((line, index) => (
            <tr key={index}>
              <td className="mono">{line.sku}</td>
              <td>{line.description}</td>
              <td className="num">{formatNumber(Number(line.quantity))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="scale-reading" role="status" aria-label={t('scale.label')}>
        <span className="scale-reading__weight">{weight !== null ? formatWeight(Number(weight)) : scaleOn ? (READING_WORDS[reading.status] ? t(READING_WORDS[reading.status]!) : '') : t('order.typeWeight')}</span>
        {expected !== undefined ? <span className="muted"> {t('order.expected', { weight: formatWeight(expected) })}</span> : null}
        {scaleOn && reading.problem ? <span className="field__error"> {reading.problem}</span> : null}
      </div>
      {variance > varianceWarnPercent ? (
        <p className={blocked ? 'notice notice--error' : 'notice notice--warning'} role="alert">
          {varianceText(Number(weight), variance, expected!, blocked)}
        </p>
      ) : null}
      {decision && decision.reasons.length > 0 ? (
        <ul className="packing-reasons" aria-label={t('order.why')}>
          {decision.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <ErrorNotice message={error} />
      <div className="form-actions">
        <button type="button" className="primary" ref={shipButton} disabled={status !== 'ready' || waiting || blocked} onClick={() => void ship()}>
          {status === 'shipping' ? t('order.shipping') : waiting ? t('order.waitingForWeight') : t('order.ship')}
        </button>
        <button type="button" onClick={() => usePacking.getState().clear()}>
          {t('order.notThis')}
        </button>
      </div>
    </section>
  );
}
