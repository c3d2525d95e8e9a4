// The Orders screen: the open orders waiting to be packed, and importing a shop's CSV or Excel file of orders: its
// columns mapped (and saved as a named template), the preview checked row by row, then the import with its
// progress, as orders to scan at the desk or straight to scheduled shipments. Orders that customs would stop (no HS
// code, no exporter's EORI) are listed as warnings at the preview and named again after the import. A shop's own
// export (Shopify's, Amazon's unshipped report, Etsy's, WooCommerce's, eBay's: src-shared/order-formats/) is recognised by its header row and read
// with no mapping; the screen says which it recognised.
import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS } from '../../../src-shared/order-import.ts';
import { countryName, formatNumber } from '../../i18n/format.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { useOrderImport, type CustomsWarning } from '../../store/order-import.ts';
import { useOrders } from '../../store/orders.ts';
import { ExportShipped } from './ExportShipped.tsx';
import { unnamedColumnNumber } from '../../../src-shared/order-file.ts';
import { sayIt } from '../../i18n/said.ts';
import { importFaultText } from '../../i18n/import-fault-text.ts';

const SHOWN_PROBLEMS = 50;
/** The values of a mapped column shown beside it, so the packer sees the data, not only the column's name. */
const SAMPLE_ROWS = 3;

export function Orders(): React.JSX.Element {
  const { t } = useTranslation();
  const { open, status, error, load } = useOrders();
  const importer = useOrderImport();
  const [templateName, setTemplateName] = useState('');
  useEffect(() => {
    void load();
    void usePackingSetup.getState().load();
    void useOrderImport
      .getState()
      .loadTemplates()
      .catch(() => undefined);
  }, [load]);
  useEffect(() => {
    if (importer.status === 'done') void load();
  }, [importer.status, load]);

  const preview = importer.preview;
  /** A column as the packer knows it: its header, or "Column 3" for one the sheet left without a header. */
  const columnName = (header: string) => {
    const number = unnamedColumnNumber(header);
    return number === undefined ? header : t('orders.columnNumber', { number });
  };
  const faulty = preview?.orders.filter((order) => order.faults.length > 0) ?? [];
  const percent = importer.progress.total > 0 ? Math.round((importer.progress.done / importer.progress.total) * 100) : 0;

  return (
    <div className="stack">
      <section className="card" aria-labelledby="import-heading">
        <h2 id="import-heading">{t('orders.import')}</h2>
        <div className="field">
          <label htmlFor="orders-file">{t('orders.file')}</label>
          <input
            id="orders-file"
            type="file"
            accept=".csv,text/csv,.txt,.tsv,text/tab-separated-values,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(event) => event.target.files?.[0] && void importer.load(event.target.files[0])}
          />
        </div>
        <ErrorNotice message={importer.error} />
        {importer.status === 'reading' ? <Loading label={t('orders.reading')} /> : null}
        {importer.headers.length > 0 ? (
          <>
            {importer.format ? (
              <p className="notice notice--ok" role="status">
                {t('orders.recognised', { format: importer.format.id })}
              </p>
            ) : importer.template ? (
              <p className="notice notice--ok" role="status">
                {t('orders.templateApplied', { name: importer.template })}
              </p>
            ) : null}
            <div className="inline-actions">
              <div className="field">
                <label htmlFor="import-template">{t('orders.template')}</label>
                <select
                  id="import-template"
                  value={importer.template ?? ''}
                  onChange={(event) => importer.applyTemplate(event.target.value)}
                >
                  <option value="">{t('common.none')}</option>
                  {importer.templates.map(({ name }) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="template-name">{t('orders.templateName')}</label>
                <input id="template-name" value={templateName} onChange={(event) => setTemplateName(event.target.value)} />
              </div>
              <button type="button" disabled={templateName.trim() === ''} onClick={() => void importer.saveTemplate(templateName.trim())}>
                {t('orders.saveTemplate')}
              </button>
            </div>
            {importer.savedTemplate ? (
              <p className="notice notice--ok" role="status">
                {t('orders.templateSaved', { name: importer.savedTemplate })}
              </p>
            ) : null}
            <fieldset className="mapping">
              <legend>{t('orders.columnsOf', { file: importer.fileName })}</legend>
              <table aria-label={t('orders.columns')}>
                <thead>
                  <tr>
                    <th scope="col">{t('orders.field')}</th>
                    <th scope="col">{t('orders.column')}</th>
                    <th scope="col">{t('orders.firstRows')}</th>
                  </tr>
                </thead>
                <tbody>
                  {IMPORT_FIELDS.map((field) => {
                    const column = importer.mapping[field];
                    const samples = column ? importer.rows.slice(0, SAMPLE_ROWS).map((row) => row[column] ?? '') : [];
                    return (
                      <tr key={field}>
                        <th scope="row">
                          <label htmlFor={`map-${field}`}>{t(`orders.fields.${field}`)}</label>
                        </th>
                        <td>
                          <select
                            id={`map-${field}`}
                            aria-describedby={`map-${field}-samples`}
                            value={column ?? ''}
                            onChange={(event) => importer.map(field, event.target.value || undefined)}
                          >
                            <option value="">{t('orders.noColumn')}</option>
                            {importer.headers.map((header) => (
                              <option key={header} value={header}>
                                {columnName(header)}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="samples" id={`map-${field}-samples`}>
                          {samples.length > 0 ? samples.map((sample) => sample || t('orders.empty')).join(' · ') : t('common.none')}
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
          <div aria-label={t('orders.preview')} role="region">
            <p role="status">{t('orders.previewCount', { rows: importer.rows.length, valid: preview.valid, faulty: preview.faulty })}</p>
            {preview.clashes.length > 0 ? (
              <p className="notice notice--warning">{t('orders.clashes', { numbers: preview.clashes.slice(0, 10).join(', ') })}</p>
            ) : null}
            {importer.customsWarnings.length > 0 ? <CustomsWarnings warnings={importer.customsWarnings} /> : null}
            {faulty.length > 0 ? (
              <ul className="problems" aria-label={t('orders.faults')}>
                {faulty.slice(0, SHOWN_PROBLEMS).map((order) => (
                  <li key={`${order.number}-${order.rows[0]}`}>
                    <strong>{order.number || t('orders.noNumber')}</strong>
                    <ul>
                      {order.faults.map((fault) => (
                        <li key={fault.pointer}>{importFaultText(fault)}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            ) : null}
            <fieldset className="inline-actions">
              <legend>{t('orders.importAs')}</legend>
              <label>
                <input type="radio" name="import-mode" checked={importer.mode === 'orders'} onChange={() => importer.setMode('orders')} />{' '}
                {t('orders.asOrders')}
              </label>
              <label>
                <input
                  type="radio"
                  name="import-mode"
                  checked={importer.mode === 'shipments'}
                  onChange={() => importer.setMode('shipments')}
                />{' '}
                {t('orders.asShipments')}
              </label>
            </fieldset>
            <button
              type="button"
              className="primary"
              disabled={preview.valid === 0 || importer.status === 'importing'}
              onClick={() => void importer.run()}
            >
              {t('orders.importButton', { count: preview.valid })}
            </button>
            {importer.status === 'importing' || importer.status === 'done' ? (
              <progress aria-label={t('orders.progress')} max={importer.progress.total} value={importer.progress.done}>
                {formatNumber(percent)}%
              </progress>
            ) : null}
            {importer.result ? (
              <p className="notice notice--ok" role="status">
                {t('orders.imported', {
                  count: importer.result.created,
                  duplicates: importer.result.duplicates.length,
                  numbers: `${importer.result.duplicates.slice(0, 5).join(', ')}${importer.result.duplicates.length > 5 ? ', …' : ''}`,
                  mode: importer.mode,
                  scheduled: importer.result.scheduled,
                })}
              </p>
            ) : null}
            {importer.result && importer.result.customs.length > 0 ? (
              <p className="notice notice--warning" role="status">
                {t('orders.customsImported', {
                  count: importer.result.customs.length,
                  numbers: `${importer.result.customs.slice(0, 10).join(', ')}${importer.result.customs.length > 10 ? ', …' : ''}`,
                })}
              </p>
            ) : null}
            {importer.result && importer.result.refused.length > 0 ? (
              <ErrorNotice
                message={t('orders.notScheduled', {
                  list: importer.result.refused
                    .slice(0, 5)
                    .map((refused) => `${refused.number}: ${sayIt(refused.why)}`)
                    .join('; '),
                })}
              />
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="open-orders-heading">
        <h2 id="open-orders-heading">{t('orders.open', { count: open.length, more: open.length === 1000 ? 'yes' : 'no' })}</h2>
        <ErrorNotice message={error} />
        {status === 'loading' && open.length === 0 ? <Loading label={t('orders.loading')} /> : null}
        <table className="list" aria-label={t('orders.openTable')}>
          <thead>
            <tr>
              <th scope="col">{t('orders.order')}</th>
              <th scope="col">{t('shipment.receiver')}</th>
              <th scope="col">{t('shipments.country')}</th>
              <th scope="col" className="num">
                {t('orders.pieces')}
              </th>
              <th scope="col" className="num">
                {t('orders.weight')}
              </th>
            </tr>
          </thead>
          <tbody>
            {open.slice(0, 200).map((order) => (
              <tr key={order.id}>
                <td className="mono">{order.id}</td>
                <td>{order.attributes.shipTo.name}</td>
                <td>{order.attributes.shipTo.country}</td>
                <td className="num">{formatNumber(order.attributes.totals.quantity)}</td>
                <td className="num">
                  {order.attributes.totals.weight === null || order.attributes.totals.weight === undefined
                    ? t('common.none')
                    : formatNumber(Number(order.attributes.totals.weight))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ExportShipped />
    </div>
  );
}

/**
 * Each thing customs will ask of an order that the file does not give, one line each with the order's row; the
 * sender's EORI, which every order out of the EU asks of the same sender, once, with the orders it holds up.
 */
function CustomsWarnings({ warnings }: { warnings: readonly CustomsWarning[] }): React.JSX.Element {
  const { t } = useTranslation();
  const shown = warnings.slice(0, SHOWN_PROBLEMS);
  const items = shown.flatMap((warning) =>
    warning.gaps.flatMap((gap, index) => {
      const place = {
        number: warning.number,
        country: countryName(warning.country),
        row: warning.rows[gap.line ?? 0] ?? warning.rows[0] ?? 0,
      };
      if (gap.need === 'exporterEori') return [];
      const text =
        gap.need === 'hsCode'
          ? gap.hsCode
            ? t('orders.customsHsCodeInvalid', { ...place, code: gap.hsCode })
            : t('orders.customsHsCode', { ...place, sku: gap.sku ?? '' })
          : gap.need === 'iossNumber'
            ? t('orders.customsIoss', place)
            : t('orders.customsOther', place);
      return [<li key={`${warning.number}-${index}`}>{text}</li>];
    }),
  );
  const withoutEori = warnings
    .filter((warning) => warning.gaps.some((gap) => gap.need === 'exporterEori'))
    .map((warning) => warning.number);
  if (withoutEori.length > 0) {
    const numbers = `${withoutEori.slice(0, 10).join(', ')}${withoutEori.length > 10 ? ', …' : ''}`;
    items.push(<li key="eori">{t('orders.customsEori', { numbers })}</li>);
  }
  return (
    <div className="notice notice--warning customs-warnings">
      <p>{t('orders.customsIntro', { count: warnings.length })}</p>
      <ul aria-label={t('orders.customsWarnings')}>{items}</ul>
    </div>
  );
}
