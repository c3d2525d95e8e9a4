// Orders → Export shipped: the orders shipped over the days chosen (the station's today at first), downloaded in a
// shop's upload format: Amazon's shipping confirmation, a Shopify-friendly CSV or a generic CSV (docs/shipments.md,
// "Orders": sending tracking numbers back). The station makes the file; the desk saves it as the station names it.
import React, { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIPPED_FORMATS, type ShippedFormat } from '../../../src-shared/shipped-orders.ts';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useShippedOrders, type ShippedFile } from '../../store/shipped-orders.ts';

function save(file: ShippedFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportShipped(): React.JSX.Element {
  const { t } = useTranslation();
  const { from, to, format, busy, error, start, choose, download } = useShippedOrders();
  useEffect(() => start(), [start]);

  return (
    <section className="card" aria-labelledby="export-shipped-heading">
      <h2 id="export-shipped-heading">{t('orders.exportShipped')}</h2>
      <p className="muted">{t('orders.exportShippedHint')}</p>
      <form
        className="filters"
        onSubmit={async (event) => {
          event.preventDefault();
          const file = await download();
          if (file) save(file);
        }}
      >
        <div className="field">
          <label htmlFor="export-shipped-from">{t('orders.exportFrom')}</label>
          <input id="export-shipped-from" type="date" required value={from} onChange={(event) => choose({ from: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="export-shipped-to">{t('orders.exportTo')}</label>
          <input
            id="export-shipped-to"
            type="date"
            required
            min={from}
            value={to}
            onChange={(event) => choose({ to: event.target.value })}
          />
        </div>
        <div className="field field--wide">
          <label htmlFor="export-shipped-format">{t('orders.exportFormat')}</label>
          <select id="export-shipped-format" value={format} onChange={(event) => choose({ format: event.target.value as ShippedFormat })}>
            {SHIPPED_FORMATS.map((each) => (
              <option key={each} value={each}>
                {t(`orders.exportFormats.${each}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary" disabled={busy || from === '' || to === ''}>
          {t('orders.exportDownload')}
        </button>
      </form>
      <ErrorNotice message={error} />
    </section>
  );
}
