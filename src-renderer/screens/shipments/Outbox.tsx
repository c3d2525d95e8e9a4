// The outbox: what waits to be sent (to an upstream service, or for the next scheduled run), what is being sent,
// and what failed, with the reason; closed manifests on their way to an upstream service; and a warning while an
// upstream service cannot be reached.
import React, { useEffect } from 'react';
import { ErrorNotice } from '../../components/Notice.tsx';
import { transmissionText } from '../../components/transmission.ts';
import { useOutbox } from '../../store/outbox.ts';
import { stationTime } from '../../store/station-clock.ts';

const REFRESH_MS = 3000;
const STATE_LABEL = { queued: 'Queued', sending: 'Sending', failed: 'Failed' } as const;

export function Outbox(): React.JSX.Element | null {
  const { entries, upstreams, manifests, error, load } = useOutbox();
  const waiting = entries.some((entry) => entry.attributes.state !== 'failed') || manifests.some((manifest) => manifest.attributes.transmission.status === 'pending');
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
      <h2 id="outbox-heading">Outbox</h2>
      <ErrorNotice message={error} />
      {down.map((upstream) => (
        <p key={upstream.code} role="status" className="notice notice--warning">
          {upstream.problem}, since {upstream.since ? stationTime(upstream.since) : '—'}. Shipments for {upstream.name} wait here and go, once each,
          when it answers{upstream.nextTryAt ? ` (next try ${stationTime(upstream.nextTryAt)})` : ''}.
        </p>
      ))}
      {entries.length > 0 ? (
        <table className="list" aria-label="Outbox">
          <thead>
            <tr>
              <th scope="col">Receiver</th>
              <th scope="col">Country</th>
              <th scope="col">Carrier</th>
              <th scope="col">State</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{entry.attributes.shipToName}</td>
                <td>{entry.attributes.shipToCountry}</td>
                <td>{entry.attributes.carrierChoice ?? 'Best price'}</td>
                <td>{STATE_LABEL[entry.attributes.state]}</td>
                <td>{entry.attributes.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {manifests.length > 0 ? (
        <table className="list" aria-label="Manifests to send">
          <tbody>
            {manifests.map((manifest) => (
              <tr key={manifest.id}>
                <td className="mono">{manifest.attributes.number}</td>
                <td>{transmissionText(manifest.attributes.transmission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
