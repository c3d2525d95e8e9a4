// The Shipments screen's bulk print: the labels of the processed shipments listed, in one print job, on the
// desk's label printer (Settings), as 4×6 labels or A4 sheets of 2 or 4, sorted by order or SKU. Labels printed
// before are reprints: a supervisor confirms them (how many, of how many), a packer is told which were left out.
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelLayout, LabelSort } from '../../../src-shared/printing.ts';
import { useBulkPrint } from '../../store/bulk-print.ts';
import { sayIt } from '../../i18n/said.ts';

/** `processed`: the ids of the processed shipments listed, in the list's order. */
export function BulkPrint({ processed }: { processed: string[] }): React.JSX.Element | null {
  const { t } = useTranslation();
  const { layout, sort, status, message, leftOut, question, choose, print, dismiss } = useBulkPrint();
  if (processed.length === 0) return null;
  const busy = status === 'sending' || status === 'printing' || status === 'confirm';
  return (
    <section className="card bulk-print" aria-labelledby="bulk-print-heading">
      <h2 id="bulk-print-heading">{t('bulkPrint.heading')}</h2>
      <div className="grid">
        <div className="field field--wide">
          <label htmlFor="bulk-layout">{t('bulkPrint.layout')}</label>
          <select id="bulk-layout" value={layout} onChange={(event) => choose({ layout: event.target.value as LabelLayout })}>
            <option value="4x6">{t('bulkPrint.layout4x6')}</option>
            <option value="a4-2">{t('bulkPrint.layoutA4x2')}</option>
            <option value="a4-4">{t('bulkPrint.layoutA4x4')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="bulk-sort">{t('bulkPrint.sort')}</label>
          <select id="bulk-sort" value={sort} onChange={(event) => choose({ sort: event.target.value as LabelSort })}>
            <option value="order">{t('bulkPrint.sortOrder')}</option>
            <option value="sku">{t('bulkPrint.sortSku')}</option>
            <option value="given">{t('bulkPrint.sortList')}</option>
          </select>
        </div>
        <button type="button" className="primary" disabled={busy} onClick={() => void print(processed.slice(0, 500))}>
          {t('bulkPrint.print', { count: Math.min(processed.length, 500) })}
        </button>
      </div>
      {processed.length > 500 ? <p className="muted">{t('bulkPrint.tooMany', { max: 500 })}</p> : null}
      {question ? (
        <div className="notice notice--warning" role="alertdialog" aria-label={t('bulkPrint.confirmHeading')}>
          <p>{t('bulkPrint.confirmQuestion', { reprints: question.reprints, total: question.total })}</p>
          <button type="button" className="primary" autoFocus onClick={() => void print(question.shipmentIds, 'include')}>
            {t('bulkPrint.reprintAll', { total: question.total })}
          </button>
          {question.fresh > 0 ? (
            <button type="button" onClick={() => void print(question.shipmentIds, 'skip')}>
              {t('bulkPrint.onlyNew', { fresh: question.fresh })}
            </button>
          ) : null}
          <button type="button" onClick={dismiss}>
            {t('common.cancel')}
          </button>
        </div>
      ) : null}
      {message ? (
        <p
          className={`notice ${status === 'failed' ? 'notice--error' : leftOut ? 'notice--warning' : status === 'done' ? 'notice--ok' : ''}`}
          role={status === 'failed' ? 'alert' : 'status'}
        >
          {leftOut ? `${sayIt(message)} ${sayIt(leftOut)}` : sayIt(message)}
        </p>
      ) : null}
    </section>
  );
}
