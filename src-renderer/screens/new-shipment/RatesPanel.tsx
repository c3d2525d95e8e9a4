// The priced services for the shipment: cheapest first and preselected, cheapest and fastest marked,
// chosen with the arrow keys; Enter or `Confirm` confirms at the shown price, `Schedule` leaves it to the timer.
// Rates given for an earlier state of the form are greyed and cannot be confirmed: `Get rates again`. A carrier whose
// day is closed says so beside its rates, with the day they ship instead.
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatWeight } from '../../i18n/format.ts';
import type { ServiceLevel } from '../../../src-shared/shipment.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useNewShipment } from '../../store/new-shipment.ts';
import { closedDayOf, highlights, ratesAreStale, useRates } from '../../store/rates.ts';
import { closedDayText } from '../../i18n/error-text.ts';
import { unavailableWords } from '../../i18n/unavailable-text.ts';
import { useSettings } from '../../store/settings.ts';
import type { ShipmentResource as Shipment } from '../../../src-shared/resources.ts';

const money = formatMoney;
const SKELETON_ROWS = 6;

export function RatesPanel({ onDone, onRefresh }: { onDone(shipment: Shipment): void; onRefresh(): void }): React.JSX.Element {
  const { t } = useTranslation();
  const {
    status,
    rates,
    closedDays,
    optionRefusals,
    selectedId,
    error,
    priceChange,
    select,
    confirm,
    confirmAtNewPrice,
    schedule,
    ratedRevision,
  } = useRates();
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
      <h2 id="rates-heading">{t('rates.heading')}</h2>
      {stale ? (
        <div className="notice notice--warning" role="alert">
          <p>{t('rates.stale')}</p>
          <button type="button" className="primary" onClick={onRefresh}>
            {t('rates.again')}
          </button>
        </div>
      ) : null}
      <table
        aria-label={t('rates.heading')}
        className={stale ? 'rates__table rates__table--stale' : 'rates__table'}
        aria-disabled={stale || undefined}
      >
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">{t('rates.choose')}</span>
            </th>
            <th scope="col">{t('rates.service')}</th>
            <th scope="col" className="num">
              {t('rates.price')}
            </th>
            <th scope="col" className="num">
              {t('rates.inclVat')}
            </th>
            <th scope="col">{t('rates.delivery')}</th>
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
                const closedDay = closedDayOf(rate, closedDays);
                const closedWords = closedDay ? closedDayText(closedDay, 'rate') : null;
                // Under a gram, to the tenth of a gram: a light parcel's few grams never read as 0 kg.
                const kg = rate.meta.emissions?.co2eKg;
                const co2e = kg === undefined ? null : t('rates.co2e', { amount: formatWeight(kg, kg < 0.001 ? 4 : undefined) });
                return (
                  <tr
                    key={rate.id}
                    aria-selected={selected}
                    className={selected ? 'selected' : undefined}
                    onClick={() => (stale ? undefined : select(rate.id))}
                  >
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
                        aria-label={`${a.carrierName} ${a.serviceName} ${money(a.finalCost.amount, a.finalCost.currency)}${co2e ? `, ${co2e}` : ''}${closedWords ? `. ${closedWords}` : ''}`}
                      />
                    </td>
                    <td className="rates__service">
                      <strong>{a.carrierName}</strong>
                      <span>
                        {a.serviceName}
                        {rate.id === cheapestId ? <span className="tag tag--cheap">{t('rates.cheapest')}</span> : null}
                        {rate.id === fastestId ? <span className="tag tag--fast">{t('rates.fastest')}</span> : null}
                      </span>
                      {closedWords ? <strong className="rates__closed">{closedWords}</strong> : null}
                      {a.breakdown?.options.map((line) => (
                        <span key={line.option} className="rates__option muted">
                          {t('rates.optionSurcharge', { option: line.option, amount: money(line.amount.amount, line.amount.currency) })}
                        </span>
                      ))}
                    </td>
                    <td className="num">
                      {money(a.finalCost.amount, a.finalCost.currency)}
                      {co2e ? (
                        <span className="rates__co2e muted" title={t('rates.co2eHint')}>
                          {co2e}
                        </span>
                      ) : null}
                    </td>
                    <td className="num muted">{money(a.prepaidCost.amount, a.prepaidCost.currency)}</td>
                    <td className="nowrap">
                      {rate.meta.delivery?.expectedDate
                        ? formatDate(rate.meta.delivery.expectedDate)
                        : a.estimatedDeliveryDate
                          ? formatDate(a.estimatedDeliveryDate)
                          : t('common.none')}
                      {rate.meta.delivery?.percentiles ? (
                        <span className="rates__co2e muted" title={t('rates.outlookHint', { parcels: rate.meta.delivery.basis.parcels })}>
                          {t('rates.p90', { date: formatDate(rate.meta.delivery.percentiles.p90) })}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
        </tbody>
      </table>
      {status !== 'loading' && rates.length > 0 && optionRefusals.length > 0 ? (
        <div className="rates__refused" role="note" aria-labelledby="rates-refused-heading">
          <h3 id="rates-refused-heading">{t('rates.optionRefusals')}</h3>
          <ul>
            {optionRefusals.map((reason) => (
              <li key={reason.id}>{unavailableWords(reason)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ErrorNotice message={stale && error && 'key' in error && error.key === 'rates.stale' ? null : error} />
      {priceChange && !stale ? (
        <div className="notice notice--warning" role="alert">
          <p>
            {t('rates.priceChanged', {
              was: money(priceChange.originalPrice, priceChange.currency),
              now: money(priceChange.updatedPrice, priceChange.currency),
            })}
          </p>
          <button
            type="button"
            className="primary"
            ref={newPriceButton}
            disabled={busy}
            onClick={() => void confirmAtNewPrice().then(finish)}
          >
            {t('rates.confirmNew')}
          </button>
        </div>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={busy || stale || !selectedId || status !== 'ready'}
          onClick={() => void confirm().then(finish)}
        >
          {busy ? t('rates.confirming') : t('rates.confirm')}
        </button>
        <span className="schedule">
          <label htmlFor="schedule-service">{t('rates.later')}</label>
          <select id="schedule-service" value={service} onChange={(event) => setService(event.target.value as ServiceLevel)}>
            <option value="economy">{t('rates.economy')}</option>
            <option value="express">{t('rates.express')}</option>
          </select>
          <button type="button" disabled={busy || status === 'loading'} onClick={() => void schedule(service).then(finish)}>
            {t('rates.schedule')}
          </button>
        </span>
      </div>
    </section>
  );
}
