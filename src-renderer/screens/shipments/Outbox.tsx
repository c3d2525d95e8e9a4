// The outbox: what waits to be sent (to an upstream service, or for the next scheduled run), what is being sent,
// and what failed, with the reason; closed manifests on their way to an upstream service; and a warning while an
// upstream service cannot be reached.
import React, { useEffect } from 'react';
import { ErrorNotice } from '../../components/Notice.tsx';
import { transmissionText } from '../../components/transmission.ts';
import { useOutbox } from '../../store/outbox.ts';
import { useStationClock } from '../../store/station-clock.ts';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format.ts';

const REFRESH_MS = 3000;

export function Outbox(): React.JSX.Element | null {
  const { t } = useTranslation();
  const timeZone = useStationClock((state) => state.timeZone);
  const { entries, upstreams, manifests, error, load } = useOutbox();
  const waiting =
    entries.some((entry) => entry.attributes.state !== 'failed') ||
    manifests.some((manifest) => manifest.attributes.transmission.status === 'pending');
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void useOutbox.getState().load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  const down = upstreams.filter((upstream) => !upstream.reachable);
  if (entries.length === 0 && manifests.length === 0 && down.length === 0 && !error) return null;
  return (
    <section className="card" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">{t('outbox.heading')}</h2>
      <ErrorNotice message={error} />
      {down.map((upstream) => (
        <p key={upstream.code} role="status" className="notice notice--warning">
          {t('outbox.upstreamDown', {
            problem: upstream.problem,
            since: upstream.since ? formatTime(upstream.since, timeZone) : t('common.none'),
            name: upstream.name,
            nextTry: upstream.nextTryAt ? formatTime(upstream.nextTryAt, timeZone) : 'none',
          })}
        </p>
      ))}
      {entries.length > 0 ? (
        <table className="list" aria-label={t('outbox.heading')}>
          <thead>
            <tr>
              <th scope="col">{t('shipment.receiver')}</th>
              <th scope="col">{t('shipments.country')}</th>
              <th scope="col">{t('shipment.carrier')}</th>
              <th scope="col">{t('outbox.state')}</th>
              <th scope="col">{t('outbox.why')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.attributes.shipToName}</td>
                <td>{entry.attributes.shipToCountry}</td>
                <td>{entry.attributes.carrierChoice ?? t('outbox.bestPrice')}</td>
                <td>{t('outbox.stateName', { state: entry.attributes.state })}</td>
                <td>{entry.attributes.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {manifests.length > 0 ? (
        <table className="list" aria-label={t('outbox.manifests')}>
          <tbody>
            {manifests.map((manifest) => (
              <tr key={manifest.id}>
                <td className="mono">{manifest.attributes.number}</td>
                <td>{transmissionText(manifest.attributes.transmission, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
