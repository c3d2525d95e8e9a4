// A client's recorded shipments: read, list, documents (PDF or ZPL), tracking, the parcel check, and delete or
// void; and the public tracking page's lookup by its hash.
import { dayIn } from '../../../src-shared/calendar.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ErrorCode } from '../../../src-shared/error-codes.ts';
import { STATUS } from '../../../src-shared/shipment.ts';
import type { DeleteRefusal } from '../../../src-shared/resources.ts';
import { actorOf } from '../../domain/caller.ts';
import { upstreamOfCarrier } from '../../carriers/upstream.ts';
import { requireRole } from '../audit-log.ts';
import { labelInput } from '../label-input.ts';
import { renderEpl2Labels } from '../../documents/epl2-label.ts';
import { renderZplLabels } from '../../documents/zpl-label.ts';
import { renderRefusal } from '../../documents/pool.ts';
import type { RenderOptions } from '../../documents/shipment-pdf.ts';
import { customsFormsOf } from '../../documents/customs-forms.ts';
import type { DocumentPart } from '../../../src-shared/shipment.ts';
import type { CustomsDocument } from '../../../src-shared/customs.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import type { ShipmentService } from './types.ts';
import { refuseRetrieval, type ShipmentContext } from './context.ts';

const PART_FORM: Record<Exclude<DocumentPart, 'labels'>, CustomsDocument> = { cn22: 'CN22', cn23: 'CN23', invoice: 'commercialInvoice' };
const PART_NAME: Record<DocumentPart, string> = { labels: 'labels', cn22: 'CN22', cn23: 'CN23', invoice: 'commercial invoice' };

/** Why a processed shipment can no longer be voided, as the refusal's code. */
const VOID_REFUSAL_CODE = {
  dayClosed: 'shipment.dayClosed',
  trackingStarted: 'shipment.trackingStarted',
  shipDatePassed: 'shipment.shipDatePassed',
} as const satisfies Record<DeleteRefusal['reason'], ErrorCode>;

/** The media type of ZPL labels as the documents endpoint answers them. */
const ZPL_MEDIA_TYPE = 'application/x-zpl';
const EPL2_MEDIA_TYPE = 'application/x-epl2';

export function recordUseCases(
  context: ShipmentContext,
): Pick<
  ShipmentService,
  'get' | 'acknowledged' | 'remove' | 'documents' | 'verify' | 'tracking' | 'trackingHistory' | 'publicTracking' | 'summaries'
> {
  const { store, clock, logger, audit, deps, findOwnShipment } = context;

  /**
   * One document of a processed shipment, drawn again from its record; refused for one it does not carry. With a
   * stock: the label pages (or `part` of them) drawn for it.
   */
  const oneDocument = async (record: ShipmentRecord, part: DocumentPart | undefined, stock?: RenderOptions['stock']) => {
    const upstream = record.carrierCode === null ? undefined : upstreamOfCarrier(record.carrierCode);
    const parameter = part ? 'document' : 'size';
    if (upstream)
      throw new StationError('document.pdfOnly', ERROR_TEXT.invalidOrEmptyParameter(parameter), {
        parameter,
        meta: { reason: ERROR_TEXT.upstreamLabelPdfOnly(upstream) },
      });
    const input = labelInput(record);
    if (part && part !== 'labels' && !customsFormsOf(input).includes(PART_FORM[part]))
      throw new StationError('document.notCarried', ERROR_TEXT.documentNotCarried(record.reference ?? record.id, PART_NAME[part]), {
        parameter: 'document',
        meta: { document: part },
      });
    const data = await deps.documents.render(input, { ...(part ? { part } : {}), ...(stock ? { stock } : {}) }).catch((error: unknown) => {
      const refusal = renderRefusal(error);
      if (refusal?.code === 'document.renderFailed')
        logger.error(`Rendering the ${part ? PART_NAME[part] : 'label pages'} of shipment ${record.reference ?? record.id} failed`, error);
      throw refusal ?? error;
    });
    const name = [record.reference, part, stock?.size].filter(Boolean).join('-');
    return { contentType: 'application/pdf', fileName: `${name}.pdf`, data: Buffer.from(data) };
  };
  return {
    async get(caller, id) {
      const record = await findOwnShipment(caller, id);
      if (!record || (record.scheduled && record.status === STATUS.created)) throw refuseRetrieval();
      return record;
    },

    acknowledged: (caller, id) => findOwnShipment(caller, id),

    async remove(caller, id) {
      const record = await findOwnShipment(caller, id);
      if (!record) throw refuseRetrieval();
      const processed = record.status === STATUS.processed;
      if (processed) {
        // Voidable until the day is closed into a manifest, tracking starts, or the ship date passes. The refusal
        // keeps the spec's text, and says which in meta (docs/shipments.md, "Shipments: the workflow").
        const manifest = await store.manifests.closedIn(record.id);
        const latest = manifest === null ? await store.shipments.latestEvent(record.id) : undefined;
        const refusal: DeleteRefusal | null =
          manifest !== null
            ? { reason: 'dayClosed', manifest }
            : latest !== undefined
              ? { reason: 'trackingStarted', trackingStatus: latest.status, trackingDate: latest.occurredAt }
              : // The ship date passes in the zone of the site it ships from.
                dayIn(clock(), (await deps.warehouses.calendarOf(await deps.warehouses.numbered(caller, record.site ?? 1))).timeZone) >
                  record.shipDate
                ? { reason: 'shipDatePassed', shipDate: record.shipDate }
                : null;
        // Each reason its own code; meta.reason says it as before, for clients that read it.
        if (refusal) throw new StationError(VOID_REFUSAL_CODE[refusal.reason], ERROR_TEXT.deleteNotAvailable, { meta: { ...refusal } });
        requireRole(actorOf(caller), 'supervisor', 'Voiding a processed shipment');
        // A return rides on its outbound's sale: the outbound is voided only once no return of it is left.
        const returns = (await Promise.all((record.returns ?? []).map((returnId) => findOwnShipment(caller, returnId)))).filter(
          (one) => one !== undefined,
        );
        if (returns.length > 0) {
          const names = returns.map((one) => one.reference ?? one.id);
          throw new StationError('shipment.returnBooked', ERROR_TEXT.returnStillBooked(record.reference ?? record.id, names), {
            meta: { reason: 'returnBooked', returns: returns.map((one) => ({ id: one.id, reference: one.reference, status: one.status })) },
          });
        }
      }
      const detail = { reference: record.reference, trackingNumber: record.trackingNumber, status: record.status, sandbox: record.sandbox };
      await store.shipments.markDeleted(
        record,
        audit.entry(actorOf(caller), processed ? 'shipment.voided' : 'shipment.deleted', { type: 'shipment', id: record.id }, detail),
      );
    },

    async documents(caller, id, format = { format: 'pdf' }) {
      const record = await findOwnShipment(caller, id);
      if (!record) throw new StationError('shipment.notFound', ERROR_TEXT.shipmentNotFound);
      if (record.status === STATUS.failed) throw new StationError('shipment.failed', ERROR_TEXT.shipmentError);
      if (record.status === STATUS.created) throw new StationError('shipment.notProcessedYet', ERROR_TEXT.shipmentNotYetProcessed);
      if (format.format !== 'pdf') {
        // An upstream's label is the carrier's own, kept as it came: the station does not draw another one.
        const upstream = record.carrierCode === null ? undefined : upstreamOfCarrier(record.carrierCode);
        if (upstream)
          throw new StationError('document.pdfOnly', ERROR_TEXT.invalidOrEmptyParameter('format'), {
            parameter: 'format',
            meta: { reason: ERROR_TEXT.upstreamLabelPdfOnly(upstream) },
          });
      }
      if (format.format === 'png') {
        const png = await deps.documents.render(labelInput(record), { png: { dpi: format.dpi } }).catch((error: unknown) => {
          const refusal = renderRefusal(error);
          if (refusal?.code === 'document.renderFailed')
            logger.error(`Rendering the PNG labels of shipment ${record.reference ?? record.id} failed`, error);
          throw refusal ?? error;
        });
        return { record, contentType: 'image/png', fileName: `${record.reference}.png`, data: Buffer.from(png) };
      }
      if (format.format === 'epl2') {
        const epl2 = renderEpl2Labels(labelInput(record), format.dpi);
        return { record, contentType: EPL2_MEDIA_TYPE, fileName: `${record.reference}.epl`, data: Buffer.from(epl2) };
      }
      if (format.format === 'zpl') {
        const zpl = renderZplLabels(labelInput(record), format.dpi);
        return { record, contentType: ZPL_MEDIA_TYPE, fileName: `${record.reference}.zpl`, data: Buffer.from(zpl, 'utf8') };
      }
      if (format.document || format.stock) return { record, ...(await oneDocument(record, format.document, format.stock)) };
      const document = await store.shipments.document(record.id);
      if (!document) throw new Error(`processed shipment ${record.id} has no documents`);
      return { record, ...document };
    },

    async verify(caller, id, scanned) {
      const record = await findOwnShipment(caller, id);
      if (!record || record.status !== STATUS.processed) throw refuseRetrieval();
      const code = scanned.trim();
      const matched = [record.trackingNumber, record.reference, record.orderNumber, record.attributes.customerReference].some(
        (known) => known !== null && known !== undefined && known === code,
      );
      await audit.record(
        actorOf(caller),
        matched ? 'shipment.verified' : 'shipment.verify-mismatch',
        { type: 'shipment', id: record.id },
        { scanned: code, reference: record.reference },
      );
      // The scan itself stays in the audit log: it may be another parcel's tracking number.
      if (!matched) logger.warn(`Parcel check failed: the scan does not belong to shipment ${record.reference ?? record.id}`);
      return { scanned: code, matched, trackingNumber: record.trackingNumber, reference: record.reference, at: clock().toISOString() };
    },

    async tracking(caller, id) {
      const record = await findOwnShipment(caller, id);
      if (!record || record.status !== STATUS.processed) throw refuseRetrieval();
      return { record, latest: await store.shipments.latestEvent(record.id) };
    },

    async trackingHistory(caller, id) {
      const record = await findOwnShipment(caller, id);
      if (!record || record.status !== STATUS.processed) throw refuseRetrieval();
      return (await store.shipments.trackingHistory(record.id)).reverse();
    },

    async publicTracking(hash) {
      const record = await store.shipments.byTrackingHash(hash);
      if (!record) throw refuseRetrieval();
      const history = await store.shipments.trackingHistory(record.id);
      return { record, latest: history[0], history };
    },

    summaries: (caller, query) => store.shipments.summaries({ clientId: caller.client.id, sandbox: caller.sandbox, ...query }),
  };
}
