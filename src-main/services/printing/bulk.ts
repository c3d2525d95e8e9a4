// Bulk print: the labels of many processed shipments as one job in one merged document (4×6 pages, or sheets of 2
// or 4 on A4), sorted by order number or SKU. Labels printed before follow the reprint rules: a packer's are left
// out and named, a supervisor's reprinted unless the request skips them or asks first.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import {
  LABELS_PER_SHEET,
  type BulkPrintMeta,
  type BulkPrintRequest,
  type LabelSort,
  type ReprintChoice,
  type ReprintRefusalMeta,
} from '../../../src-shared/printing.ts';
import { hasRole } from '../../../src-shared/roles.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { IdempotencyTicket } from '../../domain/idempotency.ts';
import type { PrintJobRecord } from '../../domain/print-job.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import type { QueueJob } from './jobs.ts';
import { choosePrinter } from './printers.ts';
import type { PrintSettingsBook } from './settings.ts';
import type { PrintServiceDeps } from './types.ts';

type BulkLeftOut = NonNullable<BulkPrintMeta['leftOut']>[number];

export interface BulkPrintDeps extends Pick<PrintServiceDeps, 'store' | 'backend' | 'shipments' | 'audit'> {
  readSettings: PrintSettingsBook['readSettings'];
  queueJob: QueueJob;
}

export function createBulkPrint({ store, backend, shipments, audit, readSettings, queueJob }: BulkPrintDeps) {
  /** Bulk print's order: by order number or by the order's first SKU; shipments of no order last, by reference. */
  const sortForPrinting = async (caller: Caller, records: ShipmentRecord[], sort: LabelSort) => {
    if (sort === 'given') return records;
    const skus = new Map<string, string>();
    if (sort === 'sku') {
      for (const record of records) {
        const order = record.orderNumber ? await store.orders.get(caller.client.id, caller.sandbox, record.orderNumber) : undefined;
        if (order) skus.set(record.id, order.attributes.lines[0]?.sku ?? '');
      }
    }
    const key = (record: ShipmentRecord) =>
      [
        record.orderNumber ? 0 : 1,
        sort === 'sku' ? (skus.get(record.id) ?? '\uffff') : '',
        record.orderNumber ?? '',
        record.reference ?? record.id,
      ] as const;
    const collator = new Intl.Collator('en', { numeric: true });
    return [...records].sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      return ka[0] - kb[0] || collator.compare(ka[1], kb[1]) || collator.compare(ka[2], kb[2]) || collator.compare(ka[3], kb[3]);
    });
  };

  /**
   * Which listed labels a bulk print reprints, and which it leaves out: a packer's reprints are left out and named
   * (refused by name when nothing else is left), a supervisor's are reprinted unless the request skips them or asks
   * first (409 naming them, nothing printed).
   */
  const chooseReprints = async (caller: Caller, records: ShipmentRecord[], choice: ReprintChoice | undefined) => {
    const before: ShipmentRecord[] = [];
    for (const record of records) if (await store.printJobs.printedBefore(record.id)) before.push(record);
    const named = before.map((record) => ({ shipmentId: record.id, reference: record.reference }));
    const references = before.map((record) => record.reference ?? record.id).join(', ');
    const fresh = records.length - before.length;
    const actor = actorOf(caller);
    const mayReprint = actor.via === 'cli' || hasRole(actor.user.role, 'supervisor');
    if (before.length === 0) return { reprinting: [] as ShipmentRecord[], leftOut: [] as BulkLeftOut[] };
    if (!mayReprint && (choice === 'include' || fresh === 0)) {
      const role = actor.via === 'api' ? actor.user.role : 'packer';
      throw new StationError('print.reprintNeedsSupervisor', ERROR_TEXT.bulkReprintsNeedSupervisor(references, role), {
        meta: { neededRole: 'supervisor', role, reason: 'reprintNeedsSupervisor', reprints: named, fresh } satisfies ReprintRefusalMeta &
          Record<string, unknown>,
      });
    }
    if (mayReprint && choice === 'ask') {
      throw new StationError('print.reprintsToConfirm', ERROR_TEXT.bulkReprintsToConfirm(before.length, records.length, references), {
        pointer: '/data/attributes/reprints',
        meta: { reason: 'reprintsToConfirm', reprints: named, fresh } satisfies ReprintRefusalMeta,
      });
    }
    if (mayReprint && (choice === undefined || choice === 'include')) return { reprinting: before, leftOut: [] as BulkLeftOut[] };
    if (fresh === 0) {
      throw new StationError('print.onlyReprints', ERROR_TEXT.bulkOnlyReprints(references), {
        pointer: '/data/attributes/reprints',
        meta: { reason: 'onlyReprints', reprints: named, fresh } satisfies ReprintRefusalMeta,
      });
    }
    const reason = mayReprint ? ('reprintSkipped' as const) : ('reprintNeedsSupervisor' as const);
    return { reprinting: [] as ShipmentRecord[], leftOut: named.map((label) => ({ ...label, reason })) };
  };

  /** Each listed shipment, the caller's and processed; a fault names its place in the list. */
  const readListed = async (caller: Caller, request: BulkPrintRequest) => {
    const records: ShipmentRecord[] = [];
    for (const [index, shipmentId] of request.shipments.entries()) {
      const at = { pointer: `/data/attributes/shipments/${index}` };
      const record = await shipments.acknowledged(caller, shipmentId);
      if (!record)
        throw new StationError('shipment.notFound', ERROR_TEXT.invalidData(`data.attributes.shipments.${index}`), {
          ...at,
          meta: { reason: ERROR_TEXT.shipmentNotFound },
        });
      if (record.status !== 3) {
        throw new StationError('print.notProcessed', ERROR_TEXT.invalidData(`data.attributes.shipments.${index}`), {
          ...at,
          meta: {
            reason: ERROR_TEXT.bulkPrintNotProcessed(record.reference ?? record.id),
            shipment: record.id,
            reference: record.reference,
          },
        });
      }
      records.push(record);
    }
    return records;
  };

  const printInBulk = async (
    caller: Caller,
    request: BulkPrintRequest,
    key?: IdempotencyTicket,
  ): Promise<{ job: PrintJobRecord; meta: BulkPrintMeta }> => {
    const records = await readListed(caller, request);
    // ZPL, EPL2 and PNG print one label a page, at the label printer's dots; sheets of 2 or 4 are PDF.
    if (request.format !== undefined && request.format !== 'pdf' && request.layout !== '4x6') {
      throw new StationError('print.zplSheetsOnly', ERROR_TEXT.invalidData('data.attributes.layout'), {
        pointer: '/data/attributes/layout',
        meta: { reason: request.format === 'zpl' ? ERROR_TEXT.zplSheetsOnly : ERROR_TEXT.sheetsArePdf(request.format.toUpperCase()) },
      });
    }
    const places = LABELS_PER_SHEET[request.layout];
    if (request.start !== undefined && request.start > places) {
      throw new StationError('field.invalid', ERROR_TEXT.invalidData('data.attributes.start'), {
        pointer: '/data/attributes/start',
        meta: {
          reason:
            places === 1
              ? 'A start place is for A4 sheets: choose the a4-2 or a4-4 layout, or leave start out.'
              : `A sheet of layout ${request.layout} has ${places} places: start is 1 to ${places}.`,
        },
      });
    }
    const chosen = await choosePrinter(backend, await readSettings(caller), request);
    // Sheets of 2 or 4 are PDF: a thermal printer's ZPL or EPL2, and a PNG, have one label a page.
    const format = request.layout === '4x6' ? chosen.format : 'pdf';
    const sorted = await sortForPrinting(caller, records, request.sort);
    const { reprinting: reprints, leftOut } = await chooseReprints(caller, sorted, request.reprints);
    const printed = sorted.filter((record) => !leftOut.some((left) => left.shipmentId === record.id));
    const job = await queueJob(
      caller,
      {
        shipmentId: printed[0]!.id,
        printer: chosen.name,
        format,
        dpi: request.dpi ?? chosen.dpi,
        copies: 1,
        documents: 'labels',
        batch: {
          shipmentIds: printed.map((record) => record.id),
          layout: request.layout,
          ...(request.start !== undefined && request.start > 1 ? { start: request.start } : {}),
        },
      },
      (id) =>
        reprints.map((record) =>
          audit.change(
            actorOf(caller),
            'label.reprinted',
            { type: 'shipment', id: record.id },
            { reference: record.reference, printJob: id, printer: chosen.name, copies: 1 },
          ),
        ),
      key,
    );
    return { job, meta: { leftOut, reprints: reprints.length } };
  };

  return { printInBulk };
}
