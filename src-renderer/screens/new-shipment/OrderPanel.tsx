// The scanned order beside the form: its lines, the weight it ships with (the scale's, or typed: it says which)
// against the expected one, the packing rules' choices with their reasons, and `Ship and print`, which has the
// focus once the scale settles: Enter ships.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatWeight } from '../../i18n/format.ts';
import { translate } from '../../i18n/i18n.ts';
import { block } from '../../feedback/feedback.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { expectedWeightKg } from '../../../src-shared/orders.ts';
import { decidePacking } from '../../../src-shared/packing-rules.ts';
import { packingWords } from '../../i18n/packing-words.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { usePacking } from '../../store/packing.ts';
import { useScale } from '../../store/scale.ts';
import { scaleProblem } from '../../components/scale-problem.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { useNewShipment, type PackageDraft } from '../../store/new-shipment.ts';
import type { ScaleReading } from '../../../src-shared/scale.ts';

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
  return translate('order.variance', {
    weight: formatWeight(weightKg),
    percent: Math.round(variancePercent),
    expected: formatWeight(expectedKg, 2),
    blocked: blocked ? 'yes' : 'no',
  });
}

/** Where the weight a parcel ships with came from: the scale's settled reading, the packer's typing, or the order. */
export type WeightSource = 'scale' | 'typed' | 'order';

/**
 * The weight the scanned order's parcel ships with, and where it came from; null while there is none yet. A scale
 * that is unplugged, silent, empty or still settling never blocks: a weight the packer types is used as typed. A
 * reading the scale gave stays the parcel's weight (lifted off, the scale reads 0 kg: no new weight), but not while
 * the scale settles again. The order's expected weight ships only at a desk without a scale; with one, it is weighed
 * or typed.
 */
export function shippingWeight(
  pkg: PackageDraft | undefined,
  reading: ScaleReading | null,
): { weightKg: string; source: WeightSource } | null {
  if (!pkg || !(Number(pkg.weight) > 0)) return null;
  if (pkg.weightTyped) return { weightKg: pkg.weight, source: 'typed' };
  if (pkg.fromScale) return reading?.status === 'moving' ? null : { weightKg: pkg.weight, source: 'scale' };
  return reading?.status === 'off' ? { weightKg: pkg.weight, source: 'order' } : null;
}

/** The scale's state in the packer's words, when it gives no weight to use: unplugged, settling, empty. */
function scaleWords(reading: ScaleReading): string | null {
  if (reading.status === 'stable') return Number(reading.weightKg) > 0 ? formatWeight(Number(reading.weightKg)) : translate('scale.empty');
  const key = READING_WORDS[reading.status];
  return key ? translate(key) : null;
}

export function OrderPanel(): React.JSX.Element | null {
  const { t } = useTranslation();
  const { order, decision, box, status, error, ship } = usePacking();
  const reading = useScale((state) => state.reading);
  const pkg = useNewShipment((state) => state.packages[0]);
  const { varianceWarnPercent, varianceBlockPercent } = usePackingSetup((state) => state.setup);
  const shipButton = useRef<HTMLButtonElement>(null);
  const scaleOn = reading !== null && reading.status !== 'off';
  const used = shippingWeight(pkg, reading);
  const weight = used?.weightKg ?? null;
  const expected = order ? expectedWeightKg(order.attributes.lines, box?.tareKg) : undefined;
  const variance = weight !== null && expected !== undefined && expected > 0 ? (Math.abs(Number(weight) - expected) / expected) * 100 : 0;
  const blocked = variance > varianceBlockPercent;
  const waiting = weight === null;
  // What the scale says beside the weight used, when it is not the scale's: "Scale unplugged", "Scale empty".
  const scaleNote = scaleOn && used?.source !== 'scale' ? scaleWords(reading) : null;
  // What to do about the scale, in the packer's words (the station's own text only as an English desk's detail).
  const problem = scaleOn && used?.source !== 'scale' ? scaleProblem(reading) : null;

  // A reading far off the expected one stops the parcel once per reading: full screen, until acknowledged. A weight
  // being typed is only warned about beside it (its first digits are no weighing).
  const stoppedAt = useRef<string | null>(null);
  useEffect(() => {
    if (!order || !blocked || used?.source !== 'scale' || expected === undefined) return;
    const stopped = `${order.id}:${used.weightKg}`;
    if (stoppedAt.current === stopped) return;
    stoppedAt.current = stopped;
    block(varianceText(Number(used.weightKg), variance, expected, true));
  }, [order, blocked, used?.source, used?.weightKg, expected, variance]);

  // Ready to ship (a settled weight within the check): Enter ships. A typed weight keeps the focus where it is typed.
  const focusShip = order !== null && status === 'ready' && used !== null && used.source !== 'typed' && !blocked;
  useEffect(() => {
    if (focusShip) shipButton.current?.focus();
  }, [focusShip, weight]);

  if (!order) return null;
  const a = order.attributes;
  // Why the rules chose as they did, in the packer's words of this moment: from the rules and weight they chose by.
  const reasons = decision ? decidePacking(decision.rules, a, decision.contentsKg, packingWords()).reasons : [];

  return (
    <section className="card order-panel" aria-labelledby="order-heading">
      <h2 id="order-heading">{t('order.heading', { number: a.number })}</h2>
      <p className="summary-line">
        {t('order.summary', {
          name: a.shipTo.name,
          city: a.shipTo.city,
          country: a.shipTo.country,
          pieces: a.totals.quantity,
          value: formatMoney(Number(a.totals.value)),
        })}
      </p>
      <table className="order-lines" aria-label={t('order.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('orders.fields.sku')}</th>
            <th scope="col">{t('order.description')}</th>
            <th scope="col" className="num">
              {t('order.quantity')}
            </th>
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
        <span className="scale-reading__weight">
          {used
            ? t('order.weightUsed', { source: used.source, weight: formatWeight(Number(used.weightKg)) })
            : (scaleNote ?? t('order.typeWeight'))}
        </span>
        {expected !== undefined ? <span className="muted"> {t('order.expected', { weight: formatWeight(expected) })}</span> : null}
        {used && scaleNote ? <span className="muted"> {scaleNote}</span> : null}
        {!used && scaleOn ? <span> {t('order.weighOrType')}</span> : null}
        {problem ? <span className="field__error"> {problem.text}</span> : null}
        {problem?.detail ? <span className="muted"> {problem.detail}</span> : null}
      </div>
      {variance > varianceWarnPercent ? (
        <p className={blocked ? 'notice notice--error' : 'notice notice--warning'} role="alert">
          {varianceText(Number(weight), variance, expected!, blocked)}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <ul className="packing-reasons" aria-label={t('order.why')}>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <ErrorNotice message={error} />
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          ref={shipButton}
          disabled={status !== 'ready' || waiting || blocked}
          onClick={() => void ship()}
        >
          {status === 'shipping' ? t('order.shipping') : waiting ? t('order.waitingForWeight') : t('order.ship')}
        </button>
        <button type="button" onClick={() => usePacking.getState().clear()}>
          {t('order.notThis')}
        </button>
      </div>
    </section>
  );
}
