// The Shipments screen's bulk print: the labels of the processed shipments listed, in one print job, on the
// desk's label printer (Settings), as 4×6 labels or A4 sheets of 2 or 4, sorted by order or SKU.
import React from 'react';
import type { LabelLayout, LabelSort } from '../../../src-shared/printing.ts';
import { useBulkPrint } from '../../store/bulk-print.ts';

/** `processed`: the ids of the processed shipments listed, in the list's order. */
export function BulkPrint({ processed }: { processed: string[] }): React.JSX.Element | null {
  const { layout, sort, status, message, choose, print } = useBulkPrint();
  if (processed.length === 0) return null;
  const busy = status === 'sending' || status === 'printing';
  return (
    <section className="card bulk-print" aria-labelledby="bulk-print-heading">
      <h2 id="bulk-print-heading">Print labels</h2>
      <div className="grid">
        <div className="field">
          <label htmlFor="bulk-layout">Labels on</label>
          <select id="bulk-layout" value={layout} onChange={(event) => choose({ layout: event.target.value as LabelLayout })}>
            <option value="4x6">4×6 in labels, one each</option>
            <option value="a4-2">A4 sheets, 2 a sheet (real size)</option>
            <option value="a4-4">A4 sheets, 4 a sheet</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="bulk-sort">In the order of</label>
          <select id="bulk-sort" value={sort} onChange={(event) => choose({ sort: event.target.value as LabelSort })}>
            <option value="order">order number</option>
            <option value="sku">SKU (the order’s first line)</option>
            <option value="given">the list</option>
          </select>
        </div>
        <button type="button" className="primary" disabled={busy} onClick={() => void print(processed.slice(0, 500))}>
          Print {Math.min(processed.length, 500)} labels as one job
        </button>
      </div>
      {processed.length > 500 ? <p className="muted">At most 500 shipments a job: narrow the dates to print the rest.</p> : null}
      {message ? (
        <p className={`notice ${status === 'failed' ? 'notice--error' : status === 'done' ? 'notice--ok' : ''}`} role={status === 'failed' ? 'alert' : 'status'}>
          {message}
        </p>
      ) : null}
    </section>
  );
}
