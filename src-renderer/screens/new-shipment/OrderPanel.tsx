// The scanned order beside the form: its lines, the scale's live weight against the expected one, the packing
// rules' choices with their reasons, and `Ship and print`, which has the focus: Enter ships.
import React, { useEffect, useRef } from 'react';
import { expectedWeightKg } from '../../../src-shared/orders.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { usePacking } from '../../store/packing.ts';
import { useScale } from '../../store/scale.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';

const READING_WORDS: Record<string, string> = {
  moving: 'Settling…',
  overload: 'Overloaded',
  underload: 'Below zero',
  error: 'Scale error',
  noAnswer: 'Scale silent',
  unplugged: 'Scale unplugged',
  off: 'No scale',
};

export function OrderPanel({ weightTyped }: { weightTyped: string }): React.JSX.Element | null {
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

  // Ready to ship (a settled weight within the check): Enter ships.
  useEffect(() => {
    if (order && status === 'ready' && !waiting && !blocked) shipButton.current?.focus();
  }, [order, status, waiting, blocked]);

  if (!order) return null;
  const a = order.attributes;

  return (
    <section className="card order-panel" aria-labelledby="order-heading">
      <h2 id="order-heading">Order {a.number}</h2>
      <p className="summary-line">
        {a.shipTo.name}, {a.shipTo.city} ({a.shipTo.country}) · {a.totals.quantity} {a.totals.quantity === 1 ? 'piece' : 'pieces'} · {a.totals.value} EUR
      </p>
      <table className="order-lines" aria-label="Order lines">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">Qty</th>
          </tr>
        </thead>
        <tbody>
          {a.lines.map((line, index) => (
            <tr key={index}>
              <td className="mono">{line.sku}</td>
              <td>{line.description}</td>
              <td className="num">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="scale-reading" role="status" aria-label="Scale">
        <span className="scale-reading__weight">{weight !== null ? `${weight} kg` : scaleOn ? READING_WORDS[reading.status] ?? '' : 'Type the weight'}</span>
        {expected !== undefined ? <span className="muted"> expected {expected.toFixed(3).replace(/\.?0+$/, '')} kg</span> : null}
        {scaleOn && reading.problem ? <span className="field__error"> {reading.problem}</span> : null}
      </div>
      {variance > varianceWarnPercent ? (
        <p className={blocked ? 'notice notice--error' : 'notice notice--warning'} role="alert">
          The parcel weighs {weight} kg, {Math.round(variance)}% off the expected {expected!.toFixed(2)} kg.{' '}
          {blocked ? 'Check the contents and weigh it again.' : 'Check the contents.'}
        </p>
      ) : null}
      {decision && decision.reasons.length > 0 ? (
        <ul className="packing-reasons" aria-label="Why">
          {decision.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <ErrorNotice message={error} />
      <div className="form-actions">
        <button type="button" className="primary" ref={shipButton} disabled={status !== 'ready' || waiting || blocked} onClick={() => void ship()}>
          {status === 'shipping' ? 'Shipping…' : waiting ? 'Waiting for the weight…' : 'Ship and print'}
        </button>
        <button type="button" onClick={() => usePacking.getState().clear()}>
          Not this order
        </button>
      </div>
    </section>
  );
}
