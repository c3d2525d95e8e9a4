// A print job's outcome under the label or in a shipment's detail: printing, printed on which printer, or why not,
// with the format the label printer got (EPL2 300 dpi, PDF 4 × 6 in) after it.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from './Notice.tsx';

export function PrintOutcome({
  what,
  status,
  printer,
  format,
  reason,
}: {
  what: 'label' | 'invoice';
  status: string;
  printer: string;
  /** What the label printer got (EPL2 300 dpi, PDF 4 × 6 in), said after the printer. */
  format?: string;
  reason: string | null;
}): React.JSX.Element {
  const { t } = useTranslation();
  const sentAs = format ? ` ${t('label.sentAs', { format })}` : '';
  if (status === 'done') {
    return (
      <p className="notice notice--ok" role="status">
        {t('label.printed', { what, printer })}
        {sentAs}
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        {t('label.notPrinted', { what, printer, reason: reason ?? '' })}
        {sentAs}
      </div>
    );
  }
  return <Loading label={`${t('label.printing', { what, printer })}${sentAs}`} />;
}
