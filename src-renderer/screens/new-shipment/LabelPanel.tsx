// Shown right after confirming: the label rendered with pdf.js, the shipment's key facts, `Print label`
// and `New shipment`. A scheduled shipment waits here until the station has processed it.
import React, { useEffect, useRef, useState } from 'react';
import { LabelPreview } from '../../components/LabelPreview.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { printLabelInBrowser } from '../../printing/print-label.ts';
import { useLabel } from '../../store/label.ts';

export function LabelPanel({ onNewShipment }: { onNewShipment(): void }): React.JSX.Element {
  const { shipment, pdf, status, error } = useLabel();
  const printButton = useRef<HTMLButtonElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const meta = shipment?.meta;

  useEffect(() => {
    if (pdf) printButton.current?.focus();
    else newButton.current?.focus();
  }, [pdf]);

  if (!shipment || !meta) return <Loading label="Loading the shipment…" />;
  return (
    <div className="label-stage">
      <LabelPreview pdf={pdf} />
      <aside className="card label-facts" aria-label="Shipment">
        <h2>
          {meta.status === 3 ? 'Label ready' : meta.status === 0 ? 'Scheduled' : 'Processing failed'} <StatusBadge status={meta.status} />
        </h2>
        {meta.status === 0 ? <Loading label="Waiting for the station to process this shipment…" /> : null}
        {meta.status === -1 ? <ErrorNotice message={meta.error ?? 'The shipment could not be processed.'} /> : null}
        <dl>
          <dt>Reference</dt>
          <dd>{meta.reference ?? 'assigned when processed'}</dd>
          <dt>Carrier</dt>
          <dd>{meta.carrierName ?? '—'}</dd>
          <dt>Tracking number</dt>
          <dd className="mono">{meta.trackingNumber ?? '—'}</dd>
          <dt>Cost</dt>
          <dd>{meta.finalCost ? `${meta.finalCost.amount.toFixed(2)} ${meta.finalCost.currency}` : '—'}</dd>
          <dt>Receiver</dt>
          <dd>
            {shipment.attributes.shipTo.name}, {shipment.attributes.shipTo.city} ({shipment.attributes.shipTo.country})
          </dd>
        </dl>
        {status === 'loading' ? <Loading label="Loading the label…" /> : null}
        <ErrorNotice message={error ?? printError} />
        <div className="form-actions">
          <button
            type="button"
            className="primary"
            ref={printButton}
            disabled={!pdf}
            onClick={() => {
              setPrintError(null);
              if (pdf) printLabelInBrowser(pdf).catch((caught: unknown) => setPrintError(`Printing failed: ${(caught as Error).message}`));
            }}
          >
            Print label
          </button>
          <button type="button" ref={newButton} onClick={onNewShipment}>
            New shipment
          </button>
        </div>
      </aside>
    </div>
  );
}
