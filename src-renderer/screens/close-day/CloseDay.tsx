// Close day: for a ship date, each carrier's preview (what a close takes, what it leaves out and why) with its
// own Close button (or Close all), the day's manifests with the PDF shown through pdf.js and printed, a reopen,
// and the day's pickups with Cancel until the carrier's deadline. Each left-out shipment is worded by its reason code
// in the desk's language; the day's returns, which the customer hands to the carrier, are listed apart.
import React, { useEffect, useState } from 'react';
import { SiteSelector } from '../../components/SiteSelector.tsx';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatWeight } from '../../i18n/format.ts';
import { Field } from '../../components/Field.tsx';
import { LabelPreview } from '../../components/LabelPreview.tsx';
import { transmissionText } from '../../components/transmission.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { specialHandlingOf, type ManifestLine } from '../../../src-shared/manifests.ts';
import { groupLeftOut, leftOutFigures, useCloseDay } from '../../store/close-day.ts';
import { stationDateTime, stationNow, useStationClock } from '../../store/station-clock.ts';

/** How often the pickups' deadlines are looked at again while the screen is open. */
const DEADLINE_TICK_MS = 30_000;

/** Prints the manifest PDF through the browser's dialog, from a hidden frame. */
function printPdf(pdf: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([pdf.slice()], { type: 'application/pdf' }));
  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.appendChild(frame);
  setTimeout(() => {
    frame.remove();
    URL.revokeObjectURL(url);
  }, 60_000);
}

export function CloseDay(): React.JSX.Element {
  const { t } = useTranslation();
  const timeZone = useStationClock((state) => state.timeZone);
  const {
    date,
    status,
    carriers,
    manifests,
    pickups,
    shown,
    busy,
    error,
    setDate,
    load,
    close,
    closeAll,
    show,
    reopen,
    transmitAgain,
    cancelPickup,
  } = useCloseDay();
  useEffect(() => {
    void load();
  }, [load, date]);
  // A deadline that passes while the screen is open shows as passed without a reload.
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((count) => count + 1), DEADLINE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const now = stationDateTime(stationNow().toISOString());
  const closable = carriers.filter((day) => day.preview.included.length > 0);

  return (
    <div className="close-day">
      <form
        className="card filters"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <Field label={t('shipments.shipDate')} type="date" value={date} onValue={setDate} />
        <SiteSelector allowAll={false} onChange={() => void load()} />
        <button type="button" className="primary" disabled={closable.length === 0 || busy !== null} onClick={() => void closeAll()}>
          {t('closeDay.closeAll', { count: closable.length })}
        </button>
      </form>
      <ErrorNotice message={error} />
      {status === 'loading' ? <Loading label={t('today.loading')} /> : null}
      {status === 'ready' && carriers.length === 0 ? (
        <p className="card">{t('closeDay.nothingShipped', { date: formatDate(date) })}</p>
      ) : null}

      {carriers.map((day) => {
        // Shipments closed already are the day's done work, not "left out": counted apart, by manifest. Returns are
        // the customer's to hand over: listed apart, not as left out by mistake.
        const { closed, manifests: manifestsOf, returns, leftOut } = groupLeftOut(day.preview.leftOut);
        return (
          <section key={day.carrier} className="card" aria-labelledby={`close-${day.carrier}`}>
            <h2 id={`close-${day.carrier}`}>{day.carrierName}</h2>
            {day.preview.totals.shipments > 0 ? (
              <p>
                {t('closeDay.toClose', {
                  shipments: day.preview.totals.shipments,
                  packages: day.preview.totals.packages,
                  weight: formatWeight(day.preview.totals.weightKg, 2),
                  declared: formatMoney(day.preview.totals.declaredCents / 100, day.preview.totals.currency),
                })}
              </p>
            ) : (
              <p>{t('closeDay.nothingLeft')}</p>
            )}
            <SpecialHandlingList carrier={day.carrierName} lines={day.preview.included} />
            {closed.length > 0 ? <p>{t('closeDay.closed', { count: closed.length, manifests: manifestsOf.join(', ') })}</p> : null}
            {leftOut.length > 0 ? (
              <details>
                <summary>{t('closeDay.leftOut', { count: leftOut.length })}</summary>
                <ul aria-label={t('closeDay.leftOutOf', { carrier: day.carrierName })}>
                  {leftOut.map((entry) => (
                    <li key={entry.shipmentId}>
                      {t('closeDay.leftOutEntry', {
                        reference: entry.reference ?? t('status.waiting'),
                        detail: t('closeDay.leftOutReason', { reason: entry.reason, time: leftOutFigures(entry).time ?? '' }),
                      })}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {returns.length > 0 ? (
              <details>
                <summary>{t('closeDay.returns', { count: returns.length })}</summary>
                <ul aria-label={t('closeDay.returnsOf', { carrier: day.carrierName })}>
                  {returns.map((entry) => (
                    <li key={entry.shipmentId}>{entry.reference ?? t('status.waiting')}</li>
                  ))}
                </ul>
              </details>
            ) : null}
            <button
              type="button"
              className="primary"
              disabled={day.preview.included.length === 0 || busy !== null}
              onClick={() => void close(day.carrier)}
            >
              {busy === day.carrier ? t('closeDay.closing') : t('closeDay.close', { carrier: day.carrierName })}
            </button>
          </section>
        );
      })}

      <section className="card" aria-labelledby="manifests-heading">
        <h2 id="manifests-heading">{t('closeDay.manifests')}</h2>
        {manifests.length === 0 ? <p className="muted">{t('closeDay.noManifest', { date: formatDate(date) })}</p> : null}
        <table className="list" aria-label={t('closeDay.manifests')}>
          <tbody>
            {manifests.map((manifest) => (
              <tr key={manifest.id}>
                <td className="mono">{manifest.attributes.number}</td>
                <td>{manifest.attributes.status === 'closed' ? t('closeDay.statusClosed') : t('closeDay.statusReopened')}</td>
                <td>
                  {t('closeDay.manifestTotals', {
                    shipments: manifest.attributes.totals.shipments,
                    packages: manifest.attributes.totals.packages,
                  })}
                </td>
                <td>{transmissionText(manifest.attributes.transmission, timeZone)}</td>
                <td>
                  <button type="button" className="secondary" onClick={() => void show(manifest)}>
                    {t('closeDay.show', { number: manifest.attributes.number })}
                  </button>{' '}
                  {manifest.attributes.status === 'closed' && manifest.attributes.transmission.status === 'failed' ? (
                    <button type="button" className="link" onClick={() => void transmitAgain(manifest)}>
                      {t('closeDay.sendAgain', { number: manifest.attributes.number })}
                    </button>
                  ) : null}{' '}
                  {manifest.attributes.status === 'closed' && manifest.attributes.transmittedAt === null ? (
                    <button type="button" className="link" onClick={() => void reopen(manifest)}>
                      {t('closeDay.reopen', { number: manifest.attributes.number })}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown ? (
          <div>
            <button type="button" className="primary" onClick={() => printPdf(shown.pdf)}>
              {t('closeDay.print', { number: shown.manifest.attributes.number })}
            </button>
            <LabelPreview pdf={shown.pdf} label={t('closeDay.preview')} />
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="pickups-heading">
        <h2 id="pickups-heading">{t('closeDay.pickups')}</h2>
        {pickups.length === 0 ? <p className="muted">{t('closeDay.noPickups', { date: formatDate(date) })}</p> : null}
        <table className="list" aria-label={t('closeDay.pickups')}>
          <tbody>
            {pickups.map((pickup) => (
              <tr key={pickup.id}>
                <td>{pickup.attributes.carrierName}</td>
                <td>
                  {pickup.attributes.address.name}, {pickup.attributes.address.city}
                </td>
                <td>{t('closeDay.pickupTotals', { shipments: pickup.attributes.shipments.length, parcels: pickup.attributes.parcels })}</td>
                <td>
                  {pickup.attributes.status === 'cancelled'
                    ? t('closeDay.pickupCancelled')
                    : pickup.attributes.cancellable && now < pickup.attributes.cancelBefore
                      ? t('closeDay.pickupBooked', { time: pickup.attributes.cancelBefore.slice(11) })
                      : t('closeDay.pickupDeadlinePassed', { time: pickup.attributes.cancelBefore.slice(11) })}
                </td>
                <td>
                  {pickup.attributes.cancellable && now < pickup.attributes.cancelBefore ? (
                    <button
                      type="button"
                      className="link"
                      onClick={() => void cancelPickup(pickup)}
                      aria-label={t('closeDay.cancelPickup', {
                        carrier: pickup.attributes.carrierName,
                        reference: pickup.attributes.reference ?? pickup.id,
                      })}
                    >
                      {t('common.cancel')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** What the driver must know of the close: COD to collect, signatures, dry ice, dangerous goods; nothing when none. */
function SpecialHandlingList({ carrier, lines }: { carrier: string; lines: readonly ManifestLine[] }): React.JSX.Element | null {
  const { t } = useTranslation();
  const handling = specialHandlingOf(lines);
  const items = [
    ...handling.cod.map((sum) => t('closeDay.codTotal', { amount: formatMoney(sum.cents / 100, sum.currency) })),
    ...(handling.signed > 0 ? [t('closeDay.signedTotal', { count: handling.signed })] : []),
    ...(handling.dryIce.shipments > 0 ? [t('closeDay.dryIceTotal', { weight: formatWeight(handling.dryIce.kg) })] : []),
    ...(handling.dangerous.shipments > 0
      ? [t('closeDay.dangerousTotal', { count: handling.dangerous.shipments, unNumbers: handling.dangerous.unNumbers.join(', ') })]
      : []),
  ];
  if (items.length === 0) return null;
  return (
    <ul className="special-handling" aria-label={t('closeDay.specialOf', { carrier })}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
