// The priced services for the shipment: cheapest first and preselected, cheapest and fastest marked,
// chosen with the arrow keys; Enter or `Confirm` confirms at the shown price, `Schedule` leaves it to the timer.
// Rates given for an earlier state of the form are greyed and cannot be confirmed: `Get rates again`.
import React, { useEffect, useRef, useState } from 'react';
import type { ServiceLevel } from '../../../src-shared/shipment.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useNewShipment } from '../../store/new-shipment.ts';
import { highlights, ratesAreStale, STALE_RATES, useRates } from '../../store/rates.ts';
import { useSettings } from '../../store/settings.ts';
import type { ShipmentResource as Shipment } from '../../../src-shared/resources.ts';

const money = (amount: number, currency = 'EUR') => `${amount.toFixed(2)} ${currency}`;
const SKELETON_ROWS = 6;

export function RatesPanel({ onDone, onRefresh }: { onDone(shipment: Shipment): void; onRefresh(): void }): React.JSX.Element {
  const { status, rates, selectedId, error, priceChange, select, confirm, confirmAtNewPrice, schedule, ratedRevision } = useRates();
  const revision = useNewShipment((state) => state.revision);
  const formHasErrors = useNewShipment((state) => Object.keys(state.errors).length > 0);
  const stale = ratesAreStale({ status, ratedRevision }, revision) || (formHasErrors && status === 'ready' && rates.length > 0);
  const defaultService = useSettings((state) => state.defaultService);
  const [service, setService] = useState<ServiceLevel>(defaultService);
  const selectedRadio = useRef<HTMLInputElement>(null);
  const newPriceButton = useRef<HTMLButtonElement>(null);
  const { cheapestId, fastestId } = highlights(rates);
  const busy = status === 'confirming';

  useEffect(() => {
    if (status === 'ready' && !priceChange && !stale) selectedRadio.current?.focus();
    // Only a new list or a new state moves the focus, never a keystroke in the form.
  }, [status, rates, priceChange]);
  useEffect(() => {
    if (priceChange) newPriceButton.current?.focus();
  }, [priceChange]);

  const finish = (shipment: Shipment | undefined) => {
    if (shipment) onDone(shipment);
  };

  return (
    <section className="card rates" aria-labelledby="rates-heading" aria-busy={status === 'loading'}>
      <h2 id="rates-heading">Rates</h2>
      {stale ? (
        <div className="notice notice--warning" role="alert">
          <p>{STALE_RATES}</p>
          <button type="button" className="primary" onClick={onRefresh}>
            Get rates again
          </button>
        </div>
      ) : null}
      <table aria-label="Rates" className={stale ? 'rates__table rates__table--stale' : 'rates__table'} aria-disabled={stale || undefined}>
        <thead>
          <tr>
            <th scope="col" aria-label="Choose" />
            <th scope="col">Carrier and service</th>
            <th scope="col" className="num">Price</th>
            <th scope="col" className="num">incl. VAT</th>
            <th scope="col">Delivery</th>
          </tr>
        </thead>
        <tbody>
          {status === 'loading'
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} className="skeleton" aria-hidden="true">
                  <td colSpan={5}>&nbsp;</td>
                </tr>
              ))
            : rates.map((rate) => {
                const selected = rate.id === selectedId;
                const a = rate.attributes;
                return (
                  <tr key={rate.id} aria-selected={selected} className={selected ? 'selected' : undefined} onClick={() => (stale ? undefined : select(rate.id))}>
                    <td>
                      <input
                        type="radio"
                        name="rate"
                        ref={selected ? selectedRadio : undefined}
                        checked={selected}
                        disabled={stale}
                        onChange={() => select(rate.id)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault();
                            void confirm().then(finish);
                          }
                        }}
                        aria-label={`${a.carrierName} ${a.serviceName} ${money(a.finalCost.amount, a.finalCost.currency)}`}
                      />
                    </td>
                    <td className="rates__service">
                      <strong>{a.carrierName}</strong>
                      <span>
                        {a.serviceName}
                        {rate.id === cheapestId ? <span className="tag tag--cheap">Cheapest</span> : null}
                        {rate.id === fastestId ? <span className="tag tag--fast">Fastest</span> : null}
                      </span>
                    </td>
                    <td className="num">{money(a.finalCost.amount, a.finalCost.currency)}</td>
                    <td className="num muted">{money(a.prepaidCost.amount, a.prepaidCost.currency)}</td>
                    <td className="nowrap">{a.estimatedDeliveryDate ?? '—'}</td>
                  </tr>
                );
              })}
        </tbody>
      </table>
      <ErrorNotice message={stale && error === STALE_RATES ? null : error} />
      {priceChange && !stale ? (
        <div className="notice notice--warning" role="alert">
          <p>
            The price changed: it was {money(priceChange.originalPrice, priceChange.currency)}, today it is {money(priceChange.updatedPrice, priceChange.currency)}.
          </p>
          <button type="button" className="primary" ref={newPriceButton} disabled={busy} onClick={() => void confirmAtNewPrice().then(finish)}>
            Confirm at new price
          </button>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="button" className="primary" disabled={busy || stale || !selectedId || status !== 'ready'} onClick={() => void confirm().then(finish)}>
          {busy ? 'Confirming…' : 'Confirm'}
        </button>
        <span className="schedule">
          <label htmlFor="schedule-service">or let the station process it later:</label>
          <select id="schedule-service" value={service} onChange={(event) => setService(event.target.value as ServiceLevel)}>
            <option value="economy">Economy (cheapest)</option>
            <option value="express">Express (fastest)</option>
          </select>
          <button type="button" disabled={busy || status === 'loading'} onClick={() => void schedule(service).then(finish)}>
            Schedule
          </button>
        </span>
      </div>
    </section>
  );
}
