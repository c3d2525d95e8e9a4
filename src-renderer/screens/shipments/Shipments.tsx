// The account's shipments: date and person filters over /shipment-summaries, who made each, a status badge per row, and the detail of one
// shipment with its documents, tracking and `Delete`; the labels of those listed printed as one job. Waiting
// scheduled shipments refresh until processed.
import { RETURN_REASON_WORDS, type ReturnReason } from '../../../src-shared/returns.ts';
import { useReturns } from '../../store/returns.ts';
import { useNavigation } from '../../store/navigation.ts';
import React, { useEffect, useRef, useState } from 'react';
import { trackingStatusLabel } from '../../../src-shared/tracking-status.ts';
import { Field } from '../../components/Field.tsx';
import { LabelPreview } from '../../components/LabelPreview.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useShipments } from '../../store/shipments.ts';
import { BulkPrint } from './BulkPrint.tsx';
import { Outbox } from './Outbox.tsx';

const REFRESH_WHILE_WAITING_MS = 3000;

export function Shipments(): React.JSX.Element {
  const { dateFrom, dateTo, limit, createdBy, people, rows, status, error, detail, setFilter, load, open } = useShipments();
  // Only shipments the station's timer will process change by themselves; saved ones wait for a confirm.
  const waiting = rows.some((row) => row.attributes.status === 0 && row.meta.scheduledProcessing);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void useShipments.getState().load(), REFRESH_WHILE_WAITING_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  return (
    <div className="shipments">
      <form
        className="card filters"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <Field label="From" type="date" value={dateFrom} onValue={(value) => setFilter('dateFrom', value)} />
        <Field label="To" type="date" value={dateTo} onValue={(value) => setFilter('dateTo', value)} />
        <Field label="Limit" type="number" min={1} max={1000} value={limit} onValue={(value) => setFilter('limit', value)} />
        <div className="field">
          <label htmlFor="shipments-person">Made by</label>
          <select id="shipments-person" value={createdBy} onChange={(event) => setFilter('createdBy', event.target.value)}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary">
          Show
        </button>
      </form>
      <ErrorNotice message={error} />
      <Outbox />
      <BulkPrint processed={rows.filter((row) => row.attributes.status === 3).map((row) => row.id)} />
      <div className="shipments__body">
        <section className="card" aria-busy={status === 'loading'}>
          <table aria-label="Shipments" className="list">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Date</th>
                <th scope="col">Receiver</th>
                <th scope="col">Country</th>
                <th scope="col">Status</th>
                <th scope="col">Tracking</th>
                <th scope="col">Made by</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                // The whole row opens the shipment on a click; by keyboard, its reference button does (Tab, Enter).
                <tr
                  key={row.id}
                  className={`${row.attributes.reference === null ? '' : 'list__row--opens'}${detail?.id === row.id ? ' selected' : ''}`}
                  onClick={(event) => {
                    if (row.attributes.reference === null || (event.target as HTMLElement).closest('button, a')) return;
                    void open(row.id);
                  }}
                >
                  <td>
                    <button type="button" className="link mono" onClick={() => void open(row.id)} disabled={row.attributes.reference === null} aria-label={`Open shipment ${row.attributes.reference ?? 'waiting'} to ${row.attributes.shipToName}`}>
                      {row.attributes.reference ?? 'pending'}
                    </button>
                  </td>
                  <td className="nowrap">{row.attributes.shipDate}</td>
                  <td>{row.attributes.shipToName}</td>
                  <td>{row.attributes.shipToCountry}</td>
                  <td>
                    <StatusBadge status={row.attributes.status} scheduled={row.meta.scheduledProcessing} />
                  </td>
                  <td>{row.attributes.status === 3 ? trackingStatusLabel(row.attributes.trackingStatus) : '—'}</td>
                  <td>{row.meta.createdBy ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {status === 'ready' && rows.length === 0 ? <p className="muted empty">No shipments in these dates.</p> : null}
          {status === 'loading' && rows.length === 0 ? <Loading label="Loading shipments…" /> : null}
        </section>
        {detail ? <ShipmentDetail /> : null}
      </div>
    </div>
  );
}

function ShipmentDetail(): React.JSX.Element {
  const { detail, close, remove } = useShipments();
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  /** After the box closes (a refusal, or Cancel), focus goes back to Delete. */
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || confirming) return;
    deleteButton.current?.focus();
    setRefocus(false);
  }, [refocus, confirming]);
  const closeBox = () => {
    setConfirming(false);
    setRefocus(true);
  };
  useEffect(() => {
    setConfirming(false);
    heading.current?.focus();
  }, [detail?.id]);
  if (!detail) return <></>;
  const shipment = detail.shipment;
  const meta = shipment?.meta;
  const a = shipment?.attributes;

  return (
    <section className="card detail" aria-label="Shipment detail">
      <div className="card__head">
        <h2 tabIndex={-1} ref={heading}>
          {meta?.reference ? `Shipment ${meta.reference}` : 'Shipment'} {meta ? <StatusBadge status={meta.status} scheduled={meta.scheduledProcessing} /> : null}
        </h2>
        <button type="button" className="link" onClick={close}>
          Close
        </button>
      </div>
      {detail.status === 'loading' ? <Loading label="Loading the shipment…" /> : null}
      <ErrorNotice message={detail.error} />
      {shipment && meta && a ? (
        <>
          {meta.status === -1 ? <ErrorNotice message={meta.error ?? 'The shipment could not be processed.'} /> : null}
          <dl className="facts">
            <dt>Ship date</dt>
            <dd>{a.shipDate}</dd>
            <dt>Made by</dt>
            <dd>{meta.createdBy ? `${meta.createdBy}${meta.desk ? ` at desk ${meta.desk}` : ''}` : '—'}</dd>
            <dt>Sender</dt>
            <dd>{[a.shipFrom.name, a.shipFrom.address1, `${a.shipFrom.postalCode} ${a.shipFrom.city}`, a.shipFrom.country].join(', ')}</dd>
            <dt>Receiver</dt>
            <dd>{[a.shipTo.name, a.shipTo.contact, a.shipTo.address1, `${a.shipTo.postalCode} ${a.shipTo.city}`, a.shipTo.country].join(', ')}</dd>
            <dt>Packages</dt>
            <dd>{a.packages.map((pkg) => `${pkg.weight.value} kg, ${pkg.dimensions.length}×${pkg.dimensions.width}×${pkg.dimensions.height} cm`).join('; ')}</dd>
            {meta.returnOf ? (
              <>
                <dt>Return</dt>
                <dd>
                  of a sale, because: {RETURN_REASON_WORDS[(meta.returnReason ?? 'OTHER') as ReturnReason] ?? meta.returnReason}
                  {meta.returnNote ? ` (${meta.returnNote})` : ''}
                  {meta.payOnUse ? '; paid once used' : ''}
                </dd>
              </>
            ) : null}
            {meta.returns && meta.returns.length > 0 ? (
              <>
                <dt>Returns</dt>
                <dd>{meta.returns.length} made</dd>
              </>
            ) : null}
            {meta.customs ? (
              <>
                <dt>Customs</dt>
                <dd>
                  {meta.customs.why}
                  {meta.customs.documents ? `; ${meta.customs.documents.map((form) => (form === 'commercialInvoice' ? 'commercial invoice' : form)).join(', ')}` : ''}
                </dd>
              </>
            ) : null}
            <dt>Contents</dt>
            <dd>{a.goodsDescription ?? '—'}</dd>
            <dt>Carrier</dt>
            <dd>{meta.carrierName ?? '—'}</dd>
            <dt>Tracking number</dt>
            <dd className="mono">{meta.trackingNumber ?? '—'}</dd>
            <dt>Cost</dt>
            <dd>{meta.finalCost ? `${meta.finalCost.amount.toFixed(2)} ${meta.finalCost.currency}` : '—'}</dd>
            <dt>Insurance</dt>
            <dd>{meta.insuranceCost ? `${meta.insuranceCost.amount.toFixed(2)} ${meta.insuranceCost.currency}` : '—'}</dd>
            <dt>Tracking</dt>
            <dd>
              {detail.tracking
                ? `${trackingStatusLabel(detail.tracking.attributes.trackingStatus)}${detail.tracking.attributes.trackingDate ? ` (${detail.tracking.attributes.trackingDate})` : ''}`
                : '—'}
              {shipment.links?.tracking ? (
                <>
                  {' '}
                  <a href={shipment.links.tracking} target="_blank" rel="noreferrer">
                    tracking link
                  </a>
                </>
              ) : null}
            </dd>
          </dl>
          {detail.pdf ? <LabelPreview pdf={detail.pdf} label="Documents preview" /> : null}
          <ErrorNotice message={detail.deleteError} />
          {confirming ? (
            <div className="notice notice--warning" role="alertdialog" aria-label="Confirm delete">
              <p>Delete shipment {meta.reference}? {meta.status === 3 ? 'Its label will be voided.' : ''}</p>
              <button
                type="button"
                className="danger"
                autoFocus
                onClick={async () => {
                  // Refused: the box closes, the reason shows above, and focus is back on Delete.
                  if (!(await remove(shipment.id))) closeBox();
                }}
              >
                Yes, delete
              </button>
              <button type="button" onClick={closeBox}>
                Cancel
              </button>
            </div>
          ) : (
            <div className="actions">
              {meta.status === 3 && !meta.returnOf ? (
                <button
                  type="button"
                  onClick={() => {
                    void useReturns.getState().start(shipment.id);
                    useNavigation.getState().go('returns');
                  }}
                >
                  Return
                </button>
              ) : null}
              <button ref={deleteButton} type="button" className="danger" onClick={() => setConfirming(true)}>
                Delete
              </button>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
