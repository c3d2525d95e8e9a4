// Today, the desk's home: the station's ship date at a glance, for the whole account or one person. Shipments
// made, waiting and failed per carrier with each carrier's close status, parcels per person, the desk's open print
// jobs and the next pickup; New shipment has the focus, so Enter starts packing.
import React, { useEffect, useRef } from 'react';
import { hasRole } from '../../../src-shared/roles.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useNavigation } from '../../store/navigation.ts';
import { useSession } from '../../store/session.ts';
import { useToday } from '../../store/today.ts';
import { openNewShipment } from '../../store/start-shipment.ts';
import { stationTime } from '../../store/station-clock.ts';

/** How often the picture is read again while shown. */
const REFRESH_MS = 30_000;

/** A calendar date in words; its noon in UTC names the same day in any browser's zone. */
const longDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const timeOf = stationTime;

export function Today(): React.JSX.Element {
  const { today, error, load, createdBy, setCreatedBy } = useToday();
  const { go } = useNavigation();
  const supervisor = hasRole(useSession((state) => state.who?.role ?? 'packer'), 'supervisor');
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  useEffect(() => start.current?.focus(), []);

  return (
    <div className="today">
      <div className="card card__head">
        <h1>{today ? `Today, ${longDate(today.date)}` : 'Today'}</h1>
        <button ref={start} type="button" className="primary" onClick={() => {
            openNewShipment(useSession.getState().client);
            go('new');
          }}>
          New shipment
        </button>
      </div>
      <ErrorNotice message={error} />
      {today === null && error === null ? <Loading label="Reading the day…" /> : null}
      {today ? (
        <>
          <section className="card" aria-labelledby="today-carriers">
            <div className="card__head">
              <h2 id="today-carriers">Shipments by carrier</h2>
              {supervisor && today.totals.toClose > 0 ? (
                <button type="button" className="secondary" onClick={() => go('close-day')}>
                  Close the day ({today.totals.toClose} to close)
                </button>
              ) : null}
            </div>
            {today.carriers.length === 0 ? <p className="muted">Nothing shipped today yet.</p> : null}
            <table className="list" aria-label="Shipments today by carrier">
              <thead>
                <tr>
                  <th scope="col">Carrier</th>
                  <th scope="col">Made</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Saved</th>
                  <th scope="col">Close</th>
                </tr>
              </thead>
              <tbody>
                {today.carriers.map((carrier) => (
                  <tr key={carrier.carrier ?? 'any'}>
                    <th scope="row">{carrier.carrierName}</th>
                    <td>{carrier.made}</td>
                    <td>{carrier.waiting}</td>
                    <td className={carrier.failed > 0 ? 'count--bad' : undefined}>{carrier.failed}</td>
                    <td>{carrier.saved}</td>
                    <td>
                      {carrier.manifest
                        ? `Closed ${timeOf(carrier.manifest.closedAt)}, ${carrier.manifest.number}${carrier.toClose > 0 ? `; ${carrier.toClose} since` : ''}`
                        : carrier.toClose > 0
                          ? `Open: ${carrier.toClose} to close`
                          : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
              {today.carriers.length > 1 ? (
                <tfoot>
                  <tr>
                    <th scope="row">All carriers</th>
                    <td>{today.totals.made}</td>
                    <td>{today.totals.waiting}</td>
                    <td>{today.totals.failed}</td>
                    <td>{today.totals.saved}</td>
                    <td>{today.totals.toClose > 0 ? `${today.totals.toClose} to close` : '—'}</td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </section>

          {today.totals.returns > 0 ? (
            <p className="muted" role="note">
              Returns made for the day: {today.totals.returns} (counted in Made).
            </p>
          ) : null}

          <section className="card" aria-labelledby="today-people">
            <div className="card__head">
              <h2 id="today-people">Made by</h2>
              {today.people.length > 0 ? (
                <div className="field field--inline">
                  <label htmlFor="today-person">Show</label>
                  <select id="today-person" value={createdBy} onChange={(event) => setCreatedBy(event.target.value)}>
                    <option value="">Everyone’s shipments</option>
                    {today.people.map((person) =>
                      person.username === null ? null : (
                        <option key={person.username} value={person.username}>
                          {person.name}’s shipments
                        </option>
                      ),
                    )}
                  </select>
                </div>
              ) : null}
            </div>
            {today.people.length === 0 ? (
              <p className="muted">No parcel made yet today.</p>
            ) : (
              <table className="list" aria-label="Parcels made today per person">
                <thead>
                  <tr>
                    <th scope="col">Person</th>
                    <th scope="col">Made</th>
                    <th scope="col">Per hour</th>
                  </tr>
                </thead>
                <tbody>
                  {today.people.map((person) => (
                    <tr key={person.username ?? 'imported'}>
                      <th scope="row">{person.name}</th>
                      <td>{person.made}</td>
                      <td>{person.perHour.toFixed(1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className="card" aria-labelledby="today-print-jobs">
            <h2 id="today-print-jobs">Print jobs</h2>
            {today.printJobs.length === 0 ? (
              <p className="muted">No print jobs waiting at this desk.</p>
            ) : (
              <ul aria-label="Open print jobs">
                {today.printJobs.map((job) => (
                  <li key={job.id}>
                    {job.status === 'printing' ? 'Printing' : 'Queued'} on {job.printer} since {timeOf(job.createdAt)}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="today-pickup">
            <h2 id="today-pickup">Next pickup</h2>
            {today.nextPickup ? (
              <p>
                {today.nextPickup.carrierName}, {today.nextPickup.date === today.date ? 'today' : longDate(today.nextPickup.date)}: {today.nextPickup.parcels} parcel(s) of{' '}
                {today.nextPickup.shipments} shipment(s) from {today.nextPickup.address.name}, {today.nextPickup.address.address1}, {today.nextPickup.address.city}. Cancel until{' '}
                {today.nextPickup.cancelBefore.slice(11)}
                {today.nextPickup.cancelBefore.slice(0, 10) === today.date ? '' : ` on ${today.nextPickup.cancelBefore.slice(0, 10)}`}.
              </p>
            ) : (
              <p className="muted">No pickup booked.</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
