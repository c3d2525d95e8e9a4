// Close day: for a ship date, each carrier's preview (what a close takes, what it leaves out and why) with its
// own Close button (or Close all), the day's manifests with the PDF shown through pdf.js and printed, a reopen,
// and the day's pickups with Cancel until the carrier's deadline.
import React, { useEffect, useState } from 'react';
import { formatCents } from '../../../src-shared/money.ts';
import { Field } from '../../components/Field.tsx';
import { LabelPreview } from '../../components/LabelPreview.tsx';
import { transmissionText } from '../../components/transmission.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useCloseDay } from '../../store/close-day.ts';
import { stationDateTime, stationNow } from '../../store/station-clock.ts';

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
  const { date, status, carriers, manifests, pickups, shown, busy, error, setDate, load, close, closeAll, show, reopen, transmitAgain, cancelPickup } = useCloseDay();
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
        <Field label="Ship date" type="date" value={date} onValue={setDate} />
        <button type="button" className="primary" disabled={closable.length === 0 || busy !== null} onClick={() => void closeAll()}>
          Close all ({closable.length})
        </button>
      </form>
      <ErrorNotice message={error} />
      {status === 'loading' ? <Loading label="Reading the day…" /> : null}
      {status === 'ready' && carriers.length === 0 ? <p className="card">Nothing shipped on {date}.</p> : null}

      {carriers.map((day) => {
        // Shipments closed already are the day's done work, not "left out": counted apart, by manifest.
        const closed = day.preview.leftOut.filter((entry) => entry.reason === 'closed');
        const leftOut = day.preview.leftOut.filter((entry) => entry.reason !== 'closed');
        const manifestsOf = [...new Set(closed.map((entry) => entry.detail.replace(/^in manifest /, '')))];
        return (
        <section key={day.carrier} className="card" aria-labelledby={`close-${day.carrier}`}>
          <h2 id={`close-${day.carrier}`}>{day.carrierName}</h2>
          {day.preview.totals.shipments > 0 ? (
            <p>
              To close: {day.preview.totals.shipments} shipment(s), {day.preview.totals.packages} package(s), {day.preview.totals.weightKg.toFixed(2)} kg, declared{' '}
              {formatCents(day.preview.totals.declaredCents)} {day.preview.totals.currency}
            </p>
          ) : (
            <p>Nothing left to close.</p>
          )}
          {closed.length > 0 ? (
            <p>
              Closed: {closed.length} shipment(s) in {manifestsOf.join(', ')}
            </p>
          ) : null}
          {leftOut.length > 0 ? (
            <details>
              <summary>{leftOut.length} left out</summary>
              <ul aria-label={`Left out of the ${day.carrierName} close`}>
                {leftOut.map((entry) => (
                  <li key={entry.shipmentId}>
                    {entry.reference ?? 'waiting'}: {entry.detail}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <button type="button" className="primary" disabled={day.preview.included.length === 0 || busy !== null} onClick={() => void close(day.carrier)}>
            {busy === day.carrier ? 'Closing…' : `Close ${day.carrierName}`}
          </button>
        </section>
        );
      })}

      <section className="card" aria-labelledby="manifests-heading">
        <h2 id="manifests-heading">Manifests</h2>
        {manifests.length === 0 ? <p className="muted">No manifest for {date} yet.</p> : null}
        <table className="list" aria-label="Manifests">
          <tbody>
            {manifests.map((manifest) => (
              <tr key={manifest.id}>
                <td className="mono">{manifest.attributes.number}</td>
                <td>{manifest.attributes.status === 'closed' ? 'Closed' : 'Reopened'}</td>
                <td>
                  {manifest.attributes.totals.shipments} shipment(s), {manifest.attributes.totals.packages} package(s)
                </td>
                <td>{transmissionText(manifest.attributes.transmission)}</td>
                <td>
                  <button type="button" className="secondary" onClick={() => void show(manifest)}>
                    Show {manifest.attributes.number}
                  </button>{' '}
                  {manifest.attributes.status === 'closed' && manifest.attributes.transmission.status === 'failed' ? (
                    <button type="button" className="link" onClick={() => void transmitAgain(manifest)}>
                      Send {manifest.attributes.number} again
                    </button>
                  ) : null}{' '}
                  {manifest.attributes.status === 'closed' && manifest.attributes.transmittedAt === null ? (
                    <button type="button" className="link" onClick={() => void reopen(manifest)}>
                      Reopen {manifest.attributes.number}
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
              Print manifest {shown.manifest.attributes.number}
            </button>
            <LabelPreview pdf={shown.pdf} label="Manifest preview" />
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="pickups-heading">
        <h2 id="pickups-heading">Pickups</h2>
        {pickups.length === 0 ? <p className="muted">No pickups booked for {date}.</p> : null}
        <table className="list" aria-label="Pickups">
          <tbody>
            {pickups.map((pickup) => (
              <tr key={pickup.id}>
                <td>{pickup.attributes.carrierName}</td>
                <td>
                  {pickup.attributes.address.name}, {pickup.attributes.address.city}
                </td>
                <td>
                  {pickup.attributes.shipments.length} shipment(s), {pickup.attributes.parcels} parcel(s)
                </td>
                <td>
                  {pickup.attributes.status === 'cancelled'
                    ? 'Cancelled'
                    : pickup.attributes.cancellable && now < pickup.attributes.cancelBefore
                      ? `Booked, cancel until ${pickup.attributes.cancelBefore.slice(11)}`
                      : `Booked; cancellation closed at ${pickup.attributes.cancelBefore.slice(11)}`}
                </td>
                <td>
                  {pickup.attributes.cancellable && now < pickup.attributes.cancelBefore ? (
                    <button type="button" className="link" onClick={() => void cancelPickup(pickup)} aria-label={`Cancel the ${pickup.attributes.carrierName} pickup of ${pickup.attributes.reference ?? pickup.id}`}>
                      Cancel
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
