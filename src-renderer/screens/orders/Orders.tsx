// The Orders screen: the open orders waiting to be packed, and importing a shop's CSV or Excel file of orders: its
// columns mapped (and saved as a named template), the preview checked row by row, then the import with its
// progress, as orders to scan at the desk or straight to scheduled shipments.
import React, { useEffect, useState } from 'react';
import { IMPORT_FIELDS, type ImportField } from '../../../src-shared/order-import.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { useOrderImport } from '../../store/order-import.ts';
import { useOrders } from '../../store/orders.ts';

const FIELD_LABELS: Record<ImportField, string> = {
  number: 'Order number', name: 'Receiver name', contact: 'Contact', address1: 'Address', address2: 'c/o or floor', postalCode: 'Postal code',
  city: 'City', state: 'State', country: 'Country', phone: 'Phone', email: 'E-mail', sku: 'SKU', description: 'Item description',
  quantity: 'Quantity', unitWeight: 'Unit weight (kg)', unitPrice: 'Unit price (EUR)', originCountry: 'Origin country', hsCode: 'HS code',
  service: 'Service', carrierChoice: 'Carrier', tags: 'Tags',
};
const SHOWN_PROBLEMS = 50;
/** The values of a mapped column shown beside it, so the packer sees the data, not only the column's name. */
const SAMPLE_ROWS = 3;

/** 10,000 as 10,000: file sizes are read at a glance. */
const count = (value: number) => value.toLocaleString('en-GB');

export function Orders(): React.JSX.Element {
  const { open, status, error, load } = useOrders();
  const importer = useOrderImport();
  const [templateName, setTemplateName] = useState('');
  useEffect(() => {
    void load();
    void usePackingSetup.getState().load();
  }, [load]);
  useEffect(() => {
    if (importer.status === 'done') void load();
  }, [importer.status, load]);

  const preview = importer.preview;
  const faulty = preview?.orders.filter((order) => order.problems.length > 0) ?? [];
  const percent = importer.progress.total > 0 ? Math.round((importer.progress.done / importer.progress.total) * 100) : 0;

  return (
    <div className="stack">
      <section className="card" aria-labelledby="import-heading">
        <h2 id="import-heading">Import orders</h2>
        <div className="field">
          <label htmlFor="orders-file">Orders file (CSV or Excel, a row per order line)</label>
          <input id="orders-file" type="file" accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(event) => event.target.files?.[0] && void importer.load(event.target.files[0])} />
        </div>
        <ErrorNotice message={importer.error} />
        {importer.status === 'reading' ? <Loading label="Reading the file…" /> : null}
        {importer.headers.length > 0 ? (
          <>
            <div className="inline-actions">
              <div className="field">
                <label htmlFor="import-template">Column template</label>
                <select id="import-template" value="" onChange={(event) => importer.applyTemplate(event.target.value)}>
                  <option value="">—</option>
                  {Object.keys(importer.templates).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="template-name">Save these columns as</label>
                <input id="template-name" value={templateName} onChange={(event) => setTemplateName(event.target.value)} />
              </div>
              <button type="button" disabled={templateName.trim() === ''} onClick={() => importer.saveTemplate(templateName.trim())}>
                Save template
              </button>
            </div>
            <fieldset className="mapping">
              <legend>Columns of {importer.fileName}</legend>
              <table aria-label="Columns">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Column in the file</th>
                    <th scope="col">First rows</th>
                  </tr>
                </thead>
                <tbody>
                  {IMPORT_FIELDS.map((field) => {
                    const column = importer.mapping[field];
                    const samples = column ? importer.rows.slice(0, SAMPLE_ROWS).map((row) => row[column] ?? '') : [];
                    return (
                      <tr key={field}>
                        <th scope="row">
                          <label htmlFor={`map-${field}`}>{FIELD_LABELS[field]}</label>
                        </th>
                        <td>
                          <select id={`map-${field}`} aria-describedby={`map-${field}-samples`} value={column ?? ''} onChange={(event) => importer.map(field, event.target.value || undefined)}>
                            <option value="">(none)</option>
                            {importer.headers.map((header) => (
                              <option key={header} value={header}>
                                {header}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="samples" id={`map-${field}-samples`}>
                          {samples.length > 0 ? samples.map((sample) => sample || '(empty)').join(' · ') : '—'}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </fieldset>
          </>
        ) : null}
        {preview ? (
          <div aria-label="Preview" role="region">
            <p role="status">
              {count(importer.rows.length)} rows: {count(preview.valid)} {preview.valid === 1 ? 'order' : 'orders'} ready
              {preview.faulty > 0 ? `, ${count(preview.faulty)} with faults (left out)` : ''}.
            </p>
            {preview.clashes.length > 0 ? (
              <p className="notice notice--warning">Rows of one order number name different receivers: {preview.clashes.slice(0, 10).join(', ')}. Each is imported with its first row's receiver.</p>
            ) : null}
            {faulty.length > 0 ? (
              <ul className="problems" aria-label="Faults">
                {faulty.slice(0, SHOWN_PROBLEMS).flatMap((order) => order.problems.map((problem) => <li key={`${order.number}-${problem}`}>{order.number || '(no number)'}: {problem}</li>))}
              </ul>
            ) : null}
            <fieldset className="inline-actions">
              <legend>Import as</legend>
              <label>
                <input type="radio" name="import-mode" checked={importer.mode === 'orders'} onChange={() => importer.setMode('orders')} /> orders to scan at the desk
              </label>
              <label>
                <input type="radio" name="import-mode" checked={importer.mode === 'shipments'} onChange={() => importer.setMode('shipments')} /> shipments, scheduled now
              </label>
            </fieldset>
            <button type="button" className="primary" disabled={preview.valid === 0 || importer.status === 'importing'} onClick={() => void importer.run()}>
              Import {count(preview.valid)} {preview.valid === 1 ? 'order' : 'orders'}
            </button>
            {importer.status === 'importing' || importer.status === 'done' ? (
              <progress aria-label="Import progress" max={importer.progress.total} value={importer.progress.done}>
                {percent}%
              </progress>
            ) : null}
            {importer.result ? (
              <p className="notice notice--ok" role="status">
                Imported {count(importer.result.created)} {importer.result.created === 1 ? 'order' : 'orders'}
                {importer.result.duplicates.length > 0 ? `; ${count(importer.result.duplicates.length)} already there (${importer.result.duplicates.slice(0, 5).join(', ')}${importer.result.duplicates.length > 5 ? ', …' : ''})` : ''}
                {importer.mode === 'shipments' ? `; ${importer.result.scheduled} shipments scheduled` : ''}.
              </p>
            ) : null}
            {importer.result && importer.result.refused.length > 0 ? <ErrorNotice message={`Not scheduled: ${importer.result.refused.slice(0, 5).join('; ')}`} /> : null}
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="open-orders-heading">
        <h2 id="open-orders-heading">Open orders ({open.length}{open.length === 1000 ? '+' : ''})</h2>
        <ErrorNotice message={error} />
        {status === 'loading' && open.length === 0 ? <Loading label="Loading the orders…" /> : null}
        <table className="list" aria-label="Open orders">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Receiver</th>
              <th scope="col">Country</th>
              <th scope="col" className="num">Pieces</th>
              <th scope="col" className="num">Weight (kg)</th>
            </tr>
          </thead>
          <tbody>
            {open.slice(0, 200).map((order) => (
              <tr key={order.id}>
                <td className="mono">{order.id}</td>
                <td>{order.attributes.shipTo.name}</td>
                <td>{order.attributes.shipTo.country}</td>
                <td className="num">{order.attributes.totals.quantity}</td>
                <td className="num">{order.attributes.totals.weight ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
