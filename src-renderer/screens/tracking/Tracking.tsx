// Tracking lookup for the desk: a barcode scanner types the tracking number (or reference) and Enter.
import React from 'react';
import { trackingStatusLabel } from '../../../src-shared/tracking-status.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useTracking } from '../../store/tracking.ts';

export function TrackingScreen(): React.JSX.Element {
  const { query, status, shipment, tracking, error, setQuery, lookup } = useTracking();
  const meta = shipment?.meta;
  return (
    <div className="tracking">
      <form
        className="card filters"
        onSubmit={(event) => {
          event.preventDefault();
          void lookup();
        }}
      >
        <Field label="Tracking number or reference" value={query} onValue={setQuery} autoFocus wide autoComplete="off" />
        <button type="submit" className="primary">
          Track
        </button>
      </form>
      {status === 'loading' ? <Loading label="Looking it up…" /> : null}
      <ErrorNotice message={error} />
      {status === 'not-found' ? <ErrorNotice message={`No shipment has the tracking number or reference “${query.trim()}”.`} /> : null}
      {status === 'ready' && shipment && meta ? (
        <section className="card" aria-label="Tracking result">
          <h2>
            {tracking ? trackingStatusLabel(tracking.attributes.trackingStatus) : 'Not processed yet'} <StatusBadge status={meta.status} scheduled={meta.scheduledProcessing} />
          </h2>
          <dl className="facts">
            <dt>Date</dt>
            <dd>{tracking?.attributes.trackingDate ?? '—'}</dd>
            <dt>Reference</dt>
            <dd>{meta.reference}</dd>
            <dt>Carrier</dt>
            <dd>{meta.carrierName ?? '—'}</dd>
            <dt>Tracking number</dt>
            <dd className="mono">{meta.trackingNumber ?? '—'}</dd>
            <dt>Receiver</dt>
            <dd>
              {shipment.attributes.shipTo.name}, {shipment.attributes.shipTo.city} ({shipment.attributes.shipTo.country})
            </dd>
            <dt>Tracking link</dt>
            <dd>
              {shipment.links?.tracking ? (
                <a href={shipment.links.tracking} target="_blank" rel="noreferrer">
                  {shipment.links.tracking}
                </a>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
