// The account's shipments: date and person filters over /shipment-summaries, who made each, a status badge per row, and the detail of one
// shipment with its documents, tracking, its label printed (or reprinted, by a supervisor) and `Delete` (a processed
// one voided, by a supervisor); the labels of those listed printed as one job. Each action shows only to a role that
// may take it. Waiting scheduled shipments refresh until processed.
import { useTranslation } from 'react-i18next';
import { useReturns } from '../../store/returns.ts';
import { useNavigation } from '../../store/navigation.ts';
import React, { useEffect, useRef, useState } from 'react';
import { returnReasonName, trackingStatusName } from '../../i18n/domain-names.ts';
import { formatDate, formatMoney, formatWeight } from '../../i18n/format.ts';
import { printFailureText, processingFailureText, voidRefusalText } from '../../i18n/error-text.ts';
import { Field } from '../../components/Field.tsx';
import { LabelPreview } from '../../components/LabelPreview.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useShipments } from '../../store/shipments.ts';
import { SiteSelector } from '../../components/SiteSelector.tsx';
import { useSites } from '../../store/sites.ts';
import { BulkPrint } from './BulkPrint.tsx';
import { Outbox } from './Outbox.tsx';
import { CarrierFacts } from '../../components/CarrierFacts.tsx';
import { PrintOutcome } from '../../components/PrintOutcome.tsx';
import { printFormatWords } from '../../i18n/print-format.ts';
import { ServiceFacts } from './ServiceFacts.tsx';
import { hasRole } from '../../../src-shared/roles.ts';
import { useSession } from '../../store/session.ts';
import { jobKey, printerTitle, usePrinting } from '../../store/printing.ts';

const REFRESH_WHILE_WAITING_MS = 3000;

export function Shipments(): React.JSX.Element {
  const { t } = useTranslation();
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
        <Field label={t('shipments.from')} type="date" value={dateFrom} onValue={(value) => setFilter('dateFrom', value)} />
        <Field label={t('shipments.to')} type="date" value={dateTo} onValue={(value) => setFilter('dateTo', value)} />
        <Field label={t('shipments.limit')} type="number" min={1} max={1000} value={limit} onValue={(value) => setFilter('limit', value)} />
        <div className="field">
          <label htmlFor="shipments-person">{t('shipments.madeBy')}</label>
          <select id="shipments-person" value={createdBy} onChange={(event) => setFilter('createdBy', event.target.value)}>
            <option value="">{t('shipments.everyone')}</option>
            {people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </div>
        <SiteSelector allowAll onChange={() => void load()} />
        <button type="submit" className="primary">
          {t('shipments.show')}
        </button>
      </form>
      <ErrorNotice message={error} />
      <Outbox />
      <BulkPrint processed={rows.filter((row) => row.attributes.status === 3).map((row) => row.id)} />
      <div className="shipments__body">
        <section className="card" aria-busy={status === 'loading'}>
          <table aria-label={t('nav.shipments')} className="list">
            <thead>
              <tr>
                <th scope="col">{t('shipment.reference')}</th>
                <th scope="col">{t('shipments.date')}</th>
                <th scope="col">{t('shipment.receiver')}</th>
                <th scope="col">{t('shipments.country')}</th>
                <th scope="col">{t('shipments.status')}</th>
                <th scope="col">{t('nav.tracking')}</th>
                <th scope="col">{t('shipments.madeBy')}</th>
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
                    <button
                      type="button"
                      className="link mono"
                      onClick={() => void open(row.id)}
                      disabled={row.attributes.reference === null}
                      aria-label={t('shipments.open', {
                        reference: row.attributes.reference ?? t('status.waiting'),
                        receiver: row.attributes.shipToName,
                      })}
                    >
                      {row.attributes.reference ?? t('shipments.pending')}
                    </button>
                  </td>
                  <td className="nowrap">{formatDate(row.attributes.shipDate)}</td>
                  <td>{row.attributes.shipToName}</td>
                  <td>{row.attributes.shipToCountry}</td>
                  <td>
                    <StatusBadge status={row.attributes.status} scheduled={row.meta.scheduledProcessing} />
                  </td>
                  <td>{row.attributes.status === 3 ? trackingStatusName(row.attributes.trackingStatus) : t('common.none')}</td>
                  <td>{row.meta.createdBy ?? t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {status === 'ready' && rows.length === 0 ? <p className="muted empty">{t('shipments.empty')}</p> : null}
          {status === 'loading' && rows.length === 0 ? <Loading label={t('shipments.loading')} /> : null}
        </section>
        {detail ? <ShipmentDetail /> : null}
      </div>
    </div>
  );
}

function ShipmentDetail(): React.JSX.Element {
  const { t } = useTranslation();
  const { detail, close, remove, printLabel } = useShipments();
  const role = useSession((state) => state.who?.role ?? 'packer');
  const supervisor = hasRole(role, 'supervisor');
  const job = usePrinting((state) => (detail ? state.jobs[jobKey(detail.id)] : undefined));
  const printError = usePrinting((state) => (detail ? state.printError[jobKey(detail.id)] : undefined));
  const printers = usePrinting((state) => state.printers);
  const printer = usePrinting((state) => state.settings.printer);
  const labelSize = usePrinting((state) => state.settings.size);
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
  // With several sites, the one the parcel ships from.
  const sites = useSites((state) => state.sites);
  if (!detail) return <></>;
  const shipment = detail.shipment;
  const meta = shipment?.meta;
  const a = shipment?.attributes;
  const siteName = sites.length > 1 && meta?.site ? (sites.find((site) => site.id === meta.site)?.attributes.name ?? null) : null;

  return (
    <section className="card detail" aria-label={t('shipments.detail')}>
      <div className="card__head">
        <h2 tabIndex={-1} ref={heading}>
          {meta?.reference ? t('shipments.heading', { reference: meta.reference }) : t('shipments.headingNew')}{' '}
          {meta ? <StatusBadge status={meta.status} scheduled={meta.scheduledProcessing} /> : null}
        </h2>
        <button type="button" className="link" onClick={close}>
          {t('common.close')}
        </button>
      </div>
      {detail.status === 'loading' ? <Loading label={t('shipments.loadingOne')} /> : null}
      <ErrorNotice message={detail.error} />
      {shipment && meta && a ? (
        <>
          {meta.status === -1 ? <ErrorNotice message={processingFailureText(meta.error)} /> : null}
          <dl className="facts">
            <dt>{t('shipments.shipDate')}</dt>
            <dd>{formatDate(a.shipDate)}</dd>
            <dt>{t('shipments.madeBy')}</dt>
            <dd>
              {meta.createdBy
                ? meta.desk
                  ? t('shipments.madeAtDesk', { who: meta.createdBy, desk: meta.desk })
                  : meta.createdBy
                : t('common.none')}
            </dd>
            {siteName ? (
              <>
                <dt>{t('sites.selector')}</dt>
                <dd>{siteName}</dd>
              </>
            ) : null}
            <dt>{t('shipments.sender')}</dt>
            <dd>{[a.shipFrom.name, a.shipFrom.address1, `${a.shipFrom.postalCode} ${a.shipFrom.city}`, a.shipFrom.country].join(', ')}</dd>
            <dt>{t('shipment.receiver')}</dt>
            <dd>
              {[a.shipTo.name, a.shipTo.contact, a.shipTo.address1, `${a.shipTo.postalCode} ${a.shipTo.city}`, a.shipTo.country].join(', ')}
            </dd>
            <dt>{t('shipments.packages')}</dt>
            <dd>
              {a.packages
                .map((pkg) =>
                  t('shipments.package', {
                    weight: formatWeight(Number(pkg.weight.value)),
                    length: pkg.dimensions.length,
                    width: pkg.dimensions.width,
                    height: pkg.dimensions.height,
                  }),
                )
                .join('; ')}
            </dd>
            {meta.returnOf ? (
              <>
                <dt>{t('shipments.return')}</dt>
                <dd>
                  {t('shipments.returnOf', {
                    reason: returnReasonName(meta.returnReason),
                    note: meta.returnNote ?? '',
                    hasNote: meta.returnNote ? 'yes' : 'no',
                    payOnUse: meta.payOnUse ? 'yes' : 'no',
                  })}
                </dd>
              </>
            ) : null}
            {meta.returns && meta.returns.length > 0 ? (
              <>
                <dt>{t('nav.returns')}</dt>
                <dd>{t('shipments.returnsMade', { count: meta.returns.length })}</dd>
              </>
            ) : null}
            {meta.customs ? (
              <>
                <dt>{t('shipments.customs')}</dt>
                <dd>
                  {meta.customs.documents
                    ? t('shipments.customsWith', {
                        why: meta.customs.why,
                        documents: meta.customs.documents
                          .map((form) => (form === 'commercialInvoice' ? t('shipments.commercialInvoice') : form))
                          .join(', '),
                      })
                    : meta.customs.why}
                </dd>
              </>
            ) : null}
            <dt>{t('shipments.contents')}</dt>
            <dd>{a.goodsDescription ?? t('common.none')}</dd>
            <ServiceFacts attributes={a} />
            <CarrierFacts meta={meta} cost />
            <dt>{t('shipments.insurance')}</dt>
            <dd>{meta.insuranceCost ? formatMoney(meta.insuranceCost.amount, meta.insuranceCost.currency) : t('common.none')}</dd>
            <dt>{t('nav.tracking')}</dt>
            <dd>
              {detail.tracking
                ? detail.tracking.attributes.trackingDate
                  ? t('shipments.trackingAt', {
                      status: trackingStatusName(detail.tracking.attributes.trackingStatus),
                      date: detail.tracking.attributes.trackingDate,
                    })
                  : trackingStatusName(detail.tracking.attributes.trackingStatus)
                : t('common.none')}
              {shipment.links?.tracking ? (
                <>
                  {' '}
                  <a href={shipment.links.tracking} target="_blank" rel="noreferrer">
                    {t('shipments.trackingLink')}
                  </a>
                </>
              ) : null}
            </dd>
          </dl>
          {detail.pdf ? <LabelPreview pdf={detail.pdf} label={t('shipments.documentsPreview')} /> : null}
          <ErrorNotice message={detail.deleteError ? voidRefusalText(detail.deleteError.failure) : null} />
          {confirming ? (
            <div className="notice notice--warning" role="alertdialog" aria-label={t('shipments.confirmDelete')}>
              <p>{t('shipments.deleteQuestion', { reference: meta.reference ?? '', processed: meta.status === 3 ? 'yes' : 'no' })}</p>
              <button
                type="button"
                className="danger"
                autoFocus
                onClick={async () => {
                  // Refused: the box closes, the reason shows above, and focus is back on Delete.
                  if (!(await remove(shipment.id))) closeBox();
                }}
              >
                {t('shipments.yesDelete')}
              </button>
              <button type="button" onClick={closeBox}>
                {t('common.cancel')}
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
                  {t('shipments.returnButton')}
                </button>
              ) : null}
              {/* A label printed before is a reprint: a supervisor's; a packer prints only a label never printed. */}
              {meta.status === 3 && (supervisor || !detail.labelPrinted) ? (
                <button
                  type="button"
                  disabled={job?.attributes.status === 'queued' || job?.attributes.status === 'printing'}
                  onClick={() => void printLabel(shipment.id)}
                >
                  {detail.labelPrinted ? t('shipments.reprintLabel') : t('label.print')}
                </button>
              ) : null}
              {/* Voiding a processed shipment is a supervisor's; deleting one not processed is anyone's. */}
              {meta.status !== 3 || supervisor ? (
                <button ref={deleteButton} type="button" className="danger" onClick={() => setConfirming(true)}>
                  {t('shipments.delete')}
                </button>
              ) : null}
            </div>
          )}
          {meta.status === 3 && !supervisor && detail.labelPrinted && !job ? <p className="muted">{t('shipments.printedBefore')}</p> : null}
          {job ? (
            <PrintOutcome
              what="label"
              status={job.attributes.status}
              printer={printerTitle(printers, job.attributes.printer)}
              format={printFormatWords(
                t,
                job.attributes.format,
                job.attributes.dpi,
                job.attributes.printer === printer ? labelSize : '4x6',
              )}
              reason={printFailureText(job.attributes)}
            />
          ) : null}
          <ErrorNotice message={printError || null} />
        </>
      ) : null}
    </section>
  );
}
