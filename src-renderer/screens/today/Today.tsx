// Today, the desk's home: the station's ship date at a glance, for the whole account or one person. Shipments
// made, waiting and failed per carrier with each carrier's close status, parcels per person, the desk's open print
// jobs and the next pickup; New shipment has the focus, so Enter starts packing. A carrier closed for today says its
// parcels made now ship on the next working day (the station books them so).
import React, { useEffect, useRef } from 'react';
import { hasRole } from '../../../src-shared/roles.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useNavigation } from '../../store/navigation.ts';
import { useSession } from '../../store/session.ts';
import { useToday } from '../../store/today.ts';
import { severalSites, useSites, viewedSite } from '../../store/sites.ts';
import { ALL_SITES } from '../../../src-shared/warehouses.ts';
import { SiteSelector } from '../../components/SiteSelector.tsx';
import { openNewShipment } from '../../store/start-shipment.ts';
import { stationNextWorkingDay, stationToday, useStationClock } from '../../store/station-clock.ts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatTime } from '../../i18n/format.ts';

/** How often the picture is read again while shown. */
const REFRESH_MS = 30_000;

export function Today(): React.JSX.Element {
  const { t } = useTranslation();
  const timeZone = useStationClock((state) => state.timeZone);
  const { today, error, load, createdBy, setCreatedBy } = useToday();
  const { go } = useNavigation();
  const supervisor = hasRole(
    useSession((state) => state.who?.role ?? 'packer'),
    'supervisor',
  );
  const start = useRef<HTMLButtonElement>(null);
  // With several sites, the site (or all of them) the picture is of.
  const sites = useSites();
  const viewed = viewedSite(sites);
  const siteName = !severalSites(sites)
    ? null
    : viewed === ALL_SITES
      ? t('sites.allSites')
      : t('today.atSite', { site: sites.sites.find((site) => site.id === (viewed ?? sites.deskSite))?.attributes.name ?? '' });
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  useEffect(() => start.current?.focus(), []);

  return (
    <div className="today">
      <div className="card card__head">
        <h1>{today ? t('today.title', { date: formatDate(today.date, 'long') }) : t('nav.today')}</h1>
        {siteName ? <p className="today__site">{siteName}</p> : null}
        <SiteSelector allowAll onChange={() => void load()} />
        <button
          ref={start}
          type="button"
          className="primary"
          onClick={() => {
            openNewShipment(useSession.getState().client);
            go('new');
          }}
        >
          {t('nav.new')}
        </button>
      </div>
      <ErrorNotice message={error} />
      {today === null && error === null ? <Loading label={t('today.loading')} /> : null}
      {today ? (
        <>
          <section className="card" aria-labelledby="today-carriers">
            <div className="card__head">
              <h2 id="today-carriers">{t('today.byCarrier')}</h2>
              {supervisor && today.totals.toClose > 0 ? (
                <button type="button" className="secondary" onClick={() => go('close-day')}>
                  {t('today.closeTheDay', { count: today.totals.toClose })}
                </button>
              ) : null}
            </div>
            {today.carriers.length === 0 ? <p className="muted">{t('today.nothingYet')}</p> : null}
            <table className="list" aria-label={t('today.byCarrierTable')}>
              <thead>
                <tr>
                  <th scope="col">{t('today.carrier')}</th>
                  <th scope="col">{t('today.made')}</th>
                  <th scope="col">{t('today.waiting')}</th>
                  <th scope="col">{t('today.failed')}</th>
                  <th scope="col">{t('today.saved')}</th>
                  <th scope="col">{t('today.close')}</th>
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
                        ? t('today.closedAt', {
                            time: formatTime(carrier.manifest.closedAt, timeZone),
                            number: carrier.manifest.number,
                            since: carrier.toClose,
                          })
                        : carrier.toClose > 0
                          ? t('today.open', { count: carrier.toClose })
                          : t('common.none')}
                      {carrier.manifest && today.date === stationToday() ? (
                        <>
                          <br />
                          <span className="muted">{t('today.closedShipsNext', { date: formatDate(stationNextWorkingDay()) })}</span>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
              {today.carriers.length > 1 ? (
                <tfoot>
                  <tr>
                    <th scope="row">{t('today.allCarriers')}</th>
                    <td>{today.totals.made}</td>
                    <td>{today.totals.waiting}</td>
                    <td>{today.totals.failed}</td>
                    <td>{today.totals.saved}</td>
                    <td>{today.totals.toClose > 0 ? t('today.toClose', { count: today.totals.toClose }) : t('common.none')}</td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </section>

          {today.totals.returns > 0 ? (
            <p className="muted" role="note">
              {t('today.returns', { count: today.totals.returns })}
            </p>
          ) : null}

          <section className="card" aria-labelledby="today-people">
            <div className="card__head">
              <h2 id="today-people">{t('today.madeBy')}</h2>
              {today.people.length > 0 ? (
                <div className="field field--inline">
                  <label htmlFor="today-person">{t('today.show')}</label>
                  <select id="today-person" value={createdBy} onChange={(event) => setCreatedBy(event.target.value)}>
                    <option value="">{t('today.everyone')}</option>
                    {today.people.map((person) =>
                      person.username === null ? null : (
                        <option key={person.username} value={person.username}>
                          {t('today.personsShipments', { name: person.name })}
                        </option>
                      ),
                    )}
                  </select>
                </div>
              ) : null}
            </div>
            {today.people.length === 0 ? (
              <p className="muted">{t('today.noParcel')}</p>
            ) : (
              <table className="list" aria-label={t('today.perPersonTable')}>
                <thead>
                  <tr>
                    <th scope="col">{t('today.person')}</th>
                    <th scope="col">{t('today.made')}</th>
                    <th scope="col">{t('today.perHour')}</th>
                  </tr>
                </thead>
                <tbody>
                  {today.people.map((person) => (
                    <tr key={person.username ?? 'imported'}>
                      <th scope="row">{person.name}</th>
                      <td>{person.made}</td>
                      <td>{formatNumber(person.perHour, 1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          <section className="card" aria-labelledby="today-print-jobs">
            <h2 id="today-print-jobs">{t('today.printJobs')}</h2>
            {today.printJobs.length === 0 ? (
              <p className="muted">{t('today.noPrintJobs')}</p>
            ) : (
              <ul aria-label={t('today.openPrintJobs')}>
                {today.printJobs.map((job) => (
                  <li key={job.id}>
                    {t('today.printJob', {
                      status: job.status === 'printing' ? 'printing' : 'queued',
                      printer: job.printer,
                      time: formatTime(job.createdAt, timeZone),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="today-pickup">
            <h2 id="today-pickup">{t('today.nextPickup')}</h2>
            {today.nextPickup ? (
              <p>
                {t('today.pickup', {
                  carrier: today.nextPickup.carrierName,
                  day: today.nextPickup.date === today.date ? t('common.today') : formatDate(today.nextPickup.date, 'long'),
                  parcels: today.nextPickup.parcels,
                  shipments: today.nextPickup.shipments,
                  place: `${today.nextPickup.address.name}, ${today.nextPickup.address.address1}, ${today.nextPickup.address.city}`,
                  time: today.nextPickup.cancelBefore.slice(11),
                  cancelOn: today.nextPickup.cancelBefore.slice(0, 10) === today.date ? 'sameDay' : 'otherDay',
                  cancelDay: formatDate(today.nextPickup.cancelBefore.slice(0, 10)),
                })}
              </p>
            ) : (
              <p className="muted">{t('today.noPickup')}</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
