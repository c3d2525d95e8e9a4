// Shown right after confirming: the label rendered with pdf.js, the shipment's key facts, `Print label`
// and `New shipment`. A scheduled shipment waits here until the station has processed it. A shipment whose customs
// papers are A4 (a CN23, a commercial invoice; a CN22 is a label page) has them printed too: one Print sends the
// labels to the label printer and those to the A4 printer (or, without one, to the browser on A4), and
// `Print invoice` prints them alone. A label printed once is printed again only by a supervisor or an admin, so a
// packer is not offered it. A parcel whose carrier's day was closed when it was booked says the day it ships.
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { message, type Said } from '../../i18n/said.ts';
import { LabelPreview } from '../../components/LabelPreview.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { printInBrowser, type BrowserPages } from '../../printing/print-in-browser.ts';
import { a4DocumentsOf, useLabel } from '../../store/label.ts';
import { useSession } from '../../store/session.ts';
import { hasRole } from '../../../src-shared/roles.ts';
import { jobKey, printerTitle, usePrinting } from '../../store/printing.ts';
import { printFormatWords } from '../../i18n/print-format.ts';
import { CarrierFacts } from '../../components/CarrierFacts.tsx';
import { closedDayText, printFailureText, processingFailureText } from '../../i18n/error-text.ts';
import { PrintOutcome } from '../../components/PrintOutcome.tsx';

/** How long "Parcel checked" shows before the next shipment starts. */
const VERIFIED_PAUSE_MS = 600;

export function LabelPanel({
  onNewShipment,
  onNextOrder,
}: {
  onNewShipment(): void;
  onNextOrder(number: string): void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { shipment, pdf, status, error } = useLabel();
  const printButton = useRef<HTMLButtonElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const [printError, setPrintError] = useState<Said | null>(null);
  const meta = shipment?.meta;
  const printer = usePrinting((state) => state.settings.printer);
  const autoPrint = usePrinting((state) => state.settings.autoPrint);
  const a4Printer = usePrinting((state) => state.settings.a4Printer);
  const printers = usePrinting((state) => state.printers);
  const labelSize = usePrinting((state) => state.settings.size);
  const job = usePrinting((state) => (shipment ? state.jobs[jobKey(shipment.id)] : undefined));
  const invoiceJob = usePrinting((state) => (shipment ? state.jobs[jobKey(shipment.id, 'a4')] : undefined));
  const directError = usePrinting((state) => (shipment ? state.printError[jobKey(shipment.id)] : undefined));
  const invoiceError = usePrinting((state) => (shipment ? state.printError[jobKey(shipment.id, 'a4')] : undefined));
  const hasInvoice = shipment ? a4DocumentsOf(shipment).length > 0 : false;
  const role = useSession((state) => state.who?.role ?? 'packer');
  const autoPrinted = useRef<string | null>(null);
  const verifyField = useRef<HTMLInputElement>(null);
  const verification = useLabel((state) => state.verification);
  const closedDay = useLabel((state) => (state.closedDay && state.closedDay.shipmentId === shipment?.id ? state.closedDay : null));
  const [scanned, setScanned] = useState('');
  const printsItself = Boolean(printer && autoPrint);
  // A label sent to the printer (or on its way) is printed again only as a reprint, which the station leaves to a
  // supervisor; one whose printing failed is printed again by anyone.
  const labelSent = job !== undefined && job.attributes.status !== 'failed';
  const offerPrint = !labelSent || hasRole(role, 'supervisor');

  // The label prints by itself on a label printer: the next thing to do is scan it to check the parcel.
  useEffect(() => {
    if (pdf && printsItself) verifyField.current?.focus();
    else if (pdf && printButton.current) printButton.current.focus();
    else newButton.current?.focus();
  }, [pdf, printsItself]);

  // A parcel checked: on to the next one, ready for its scan.
  useEffect(() => {
    if (!verification?.matched) return;
    const next = setTimeout(onNewShipment, VERIFIED_PAUSE_MS);
    return () => clearTimeout(next);
  }, [verification, onNewShipment]);

  const verify = async () => {
    // The next order's slip scanned into the check: on to that order, no wrong label.
    if (await useLabel.getState().isNextOrder(scanned)) {
      onNextOrder(scanned.trim());
      return;
    }
    const result = await useLabel.getState().verify(scanned);
    if (result && !result.matched) verifyField.current?.select();
  };

  // With a label printer chosen, the label prints as soon as it exists; the invoice too, on the A4 printer.
  useEffect(() => {
    if (pdf && shipment && printer && autoPrint && autoPrinted.current !== shipment.id) {
      autoPrinted.current = shipment.id;
      void usePrinting.getState().print(shipment.id);
      if (hasInvoice && a4Printer) void usePrinting.getState().print(shipment.id, 'a4');
    }
  }, [pdf, shipment, printer, autoPrint, hasInvoice, a4Printer]);

  const inBrowser = async (pages: BrowserPages) => {
    if (pdf)
      await printInBrowser(pdf, pages).catch((caught: unknown) =>
        setPrintError(message('label.printFailed', { reason: (caught as Error).message })),
      );
  };
  const printInvoice = async () => {
    if (!shipment) return;
    if (a4Printer) await usePrinting.getState().print(shipment.id, 'a4');
    else await inBrowser('a4');
  };
  /**
   * One action for all of the shipment's paper: labels to the label printer, the invoice to the A4 printer. After a
   * failed label, the button prints the label again, alone.
   */
  const printAll = async () => {
    setPrintError(null);
    if (!shipment) return;
    const labels = printer ? usePrinting.getState().print(shipment.id) : inBrowser('labels');
    if (hasInvoice && job?.attributes.status !== 'failed') {
      // Two browser dialogs never overlap: the invoice's opens after the labels' has closed.
      if (!printer) await labels;
      await printInvoice();
    }
    await labels;
  };

  if (!shipment || !meta) return <Loading label={t('shipments.loadingOne')} />;
  return (
    <div className="label-stage">
      <LabelPreview pdf={pdf} />
      <aside className="card label-facts" aria-label={t('label.shipment')}>
        <h2>
          {meta.status === 3
            ? t('label.ready')
            : meta.status === 0
              ? meta.scheduledProcessing
                ? t('label.scheduled')
                : t('label.saved')
              : t('label.failed')}{' '}
          <StatusBadge status={meta.status} scheduled={meta.scheduledProcessing} />
        </h2>
        {closedDay ? (
          <p className="notice notice--warning" role="status">
            {closedDayText(closedDay, 'label')}
          </p>
        ) : null}
        {meta.status === 0 && meta.scheduledProcessing ? <Loading label={t('label.waiting')} /> : null}
        {meta.status === -1 ? <ErrorNotice message={processingFailureText(meta.error)} /> : null}
        <dl>
          <dt>{t('shipment.reference')}</dt>
          <dd>{meta.reference ?? t('label.referenceLater')}</dd>
          <CarrierFacts meta={meta} cost />
          <dt>{t('shipment.receiver')}</dt>
          <dd>
            {shipment.attributes.shipTo.name}, {shipment.attributes.shipTo.city} ({shipment.attributes.shipTo.country})
          </dd>
        </dl>
        {status === 'loading' ? <Loading label={t('label.loading')} /> : null}
        <ErrorNotice message={error ?? printError ?? (directError || null)} />
        {job ? (
          <PrintOutcome
            what="label"
            status={job.attributes.status}
            printer={printerTitle(printers, job.attributes.printer)}
            format={printFormatWords(t, job.attributes.format, job.attributes.dpi, job.attributes.printer === printer ? labelSize : '4x6')}
            reason={printFailureText(job.attributes)}
          />
        ) : null}
        {hasInvoice ? (
          <>
            <ErrorNotice message={invoiceError || null} />
            {invoiceJob ? (
              <PrintOutcome
                what="invoice"
                status={invoiceJob.attributes.status}
                printer={printerTitle(printers, invoiceJob.attributes.printer)}
                reason={printFailureText(invoiceJob.attributes)}
              />
            ) : printsItself && !a4Printer ? (
              <p className="notice notice--warning" role="status">
                {t('label.noA4Printer')}
              </p>
            ) : null}
          </>
        ) : null}
        {meta.status === 3 ? (
          <form
            className="verify"
            onSubmit={(event) => {
              event.preventDefault();
              void verify();
            }}
          >
            <label htmlFor="verify-scan">{t('label.verify')}</label>
            <input
              id="verify-scan"
              ref={verifyField}
              value={scanned}
              autoComplete="off"
              onChange={(event) => setScanned(event.target.value)}
            />
            {verification?.matched ? (
              <p className="notice notice--ok" role="status">
                {t('label.verified', { reference: verification.reference })}
              </p>
            ) : verification ? (
              <p className="notice notice--error notice--loud" role="alert">
                {t('label.wrongLabel', { scanned: verification.scanned, reference: verification.reference })}
              </p>
            ) : null}
          </form>
        ) : null}
        {offerPrint ? null : <p className="muted">{t('label.reprintBySupervisor')}</p>}
        <div className="form-actions">
          {offerPrint ? (
            <button type="button" className="primary" ref={printButton} disabled={!pdf} onClick={() => void printAll()}>
              {job?.attributes.status === 'failed' ? t('label.printAgain') : hasInvoice ? t('label.printBoth') : t('label.print')}
            </button>
          ) : null}
          {hasInvoice ? (
            <button type="button" disabled={!pdf} onClick={() => void printInvoice()}>
              {invoiceJob?.attributes.status === 'failed' ? t('label.printInvoiceAgain') : t('label.printInvoice')}
            </button>
          ) : null}
          <button type="button" ref={newButton} onClick={onNewShipment}>
            {t('nav.new')}
          </button>
        </div>
      </aside>
    </div>
  );
}
