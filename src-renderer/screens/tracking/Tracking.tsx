// Tracking lookup for the desk: a barcode scanner types the tracking number (or reference) and Enter. After each
// lookup the field's text is selected, so the next scan replaces it instead of adding to it.
import React, { useEffect, useRef } from 'react';
import { trackingStatusLabel } from '../../../src-shared/tracking-status.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useTracking } from '../../store/tracking.ts';

export function TrackingScreen(): React.JSX.Element {
  const { query, searched, status, shipment, tracking, error, setQuery, lookup } = useTracking();
  const meta = shipment?.meta;
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (status === 'idle' || status === 'loading') return;
    field.current?.focus();
    field.current?.select();
  }, [status, shipment]);
  return (
    <div className="tracking">
      <form
        className="card filters"
        onSubmit={(event) => {
          event.preventDefault();
          void lookup();
        }}
      >
        <Field label="Tracking number or reference" value={query} onValue={setQuery} inputRef={field} autoFocus wide autoComplete="off" />
        <button type="submit" className="primary">
          Track
        </button>
      </form>
      {status === 'loading' ? <Loading label="Looking it up…" /> : null}
      <ErrorNotice message={error} />
      {status === 'not-found' ? <ErrorNotice message={`No shipment has the tracking number or reference “${searched}”.`} /> : null}
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
