// Print jobs: a label goes to the label printer as PDF or native ZPL, a shipment's A4 documents (the commercial
// invoice) to the desk's A4 printer; a bulk print job, the labels of many shipments as one merged document, sorted
// by order or SKU. A paused printer is refused before the job; one that does not start within seconds is named. Each job is recorded (queued) before anything
// is sent; a monitor sends queued jobs, follows them in the printing system, and records done or failed with
// the reason, so an offline printer never loses a label silently. A restart picks the open jobs up again.
import { randomBytes } from 'node:crypto';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import {
  DEFAULT_PRINT_SETTINGS,
  type BulkPrintMeta,
  type BulkPrintRequest,
  type LabelSort,
  type PrintRequest,
  type PrintSettings,
  type ReprintChoice,
  type ReprintRefusalMeta,
} from '../../src-shared/printing.ts';
import { hasRole } from '../../src-shared/roles.ts';
import type { PrinterAttributes } from '../../src-shared/resources.ts';
import type { DocumentPool } from '../documents/pool.ts';
import { customsFormsOf } from '../documents/customs-forms.ts';
import { renderZplLabels } from '../documents/zpl-label.ts';
import { labelInput } from './label-input.ts';
import type { Logger } from '../logger.ts';
import type { PrintBackend } from '../printing/backend.ts';
import { createScheduler } from '../scheduler/index.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { PrintJobRecord } from '../domain/print-job.ts';
import type { ShipmentRecord } from '../domain/shipment.ts';
import type { Store } from '../store/index.ts';
import type { IdempotencyTicket } from '../domain/idempotency.ts';
import type { ShipmentService } from './shipments.ts';

export interface PrintServiceDeps {
  store: Store;
  backend: PrintBackend;
  shipments: ShipmentService;
  /** Renders the label pages a PDF job prints, off the API's thread. */
  documents: DocumentPool;
  clock: () => Date;
  logger: Logger;
  /** This station's desk: its jobs print on its printers, and only its monitor sends them. */
  desk: string;
  audit: AuditLog;
  /** How often open jobs are followed. */
  pollMs?: number;
  /** A job the printer has not finished by then is cancelled and recorded as failed. */
  timeoutMs?: number;
  /** A job not finished by then, on a printer that reports a fault (unreachable, offline), is cancelled at once. */
  stuckMs?: number;
}

/** CUPS state messages that mean the printer cannot print now, rather than that it is busy printing. */
const PRINTER_FAULT = /not exist|unavailable|not responding|unable|offline|refused|unreachable|waiting for printer|connect/i;

export interface PrintService {
  printers(): Promise<PrinterAttributes[]>;
  /** The caller's own print settings at this desk: each client has its printer per desk, and changes only its own. */
  settings(caller: Caller): Promise<PrintSettings>;
  updateSettings(caller: Caller, change: Partial<PrintSettings>): Promise<PrintSettings>;
  /** `key`: the request's idempotency key, stored with the new job. */
  print(caller: Caller, shipmentId: string, request: PrintRequest, key?: IdempotencyTicket): Promise<PrintJobRecord>;
  /** Bulk print: the labels of many processed shipments, sorted, as one job in one merged document. */
  printMany(caller: Caller, request: BulkPrintRequest, key?: IdempotencyTicket): Promise<PrintJobRecord>;
  /** The same, answering with the listed shipments it left out (reprints a packer may not print, or skipped) too. */
  bulkPrint(caller: Caller, request: BulkPrintRequest, key?: IdempotencyTicket): Promise<{ job: PrintJobRecord; meta: BulkPrintMeta }>;
  job(caller: Caller, id: string): Promise<PrintJobRecord>;
  /** The caller's client's print jobs, newest first, from after a job (its time and id). */
  /** `shipmentId`: only the jobs that print that shipment's documents, alone or in a bulk job. */
  jobs(caller: Caller, page: { after: readonly [createdAt: string, id: string] | null; limit: number; shipmentId?: string }): Promise<PrintJobRecord[]>;
  start(): void;
  stop(): Promise<void>;
  /** Sends and follows open jobs once; tests and shutdown use it. */
  runOnce(): Promise<void>;
}

type BulkLeftOut = NonNullable<BulkPrintMeta['leftOut']>[number];

/** Before settings were per client, one station-wide value: every client that has not chosen starts from it. */
const STATION_SETTINGS_KEY = 'printing';
/** Before settings were per desk: a client's choice, where it has not chosen at this desk. */
const clientSettingsKey = (caller: Caller) => `printing:client:${caller.client.id}`;
const deskSettingsKey = (desk: string, caller: Caller) => `printing:desk:${desk}:client:${caller.client.id}`;

export function createPrintService(deps: PrintServiceDeps): PrintService {
  const { store, backend, logger, desk, audit } = deps;
  const timeoutMs = deps.timeoutMs ?? 60_000;
  const stuckMs = deps.stuckMs ?? 3000;

  /** The printer as the desk knows it: its description, with the queue's name when they differ. */
  const printerLabel = (name: string, printers: readonly PrinterAttributes[]) => {
    const description = printers.find((printer) => printer.name === name)?.description;
    return description && description !== name ? `“${description}” (${name})` : name;
  };
  const settings = async (caller: Caller): Promise<PrintSettings> => {
    const chosen = ((await store.settings.get(deskSettingsKey(desk, caller))) ??
      (await store.settings.get(clientSettingsKey(caller))) ??
      (await store.settings.get(STATION_SETTINGS_KEY))) as Partial<PrintSettings> | undefined;
    return { ...DEFAULT_PRINT_SETTINGS, ...chosen };
  };

  const send = async (job: PrintJobRecord) => {
    const ids = job.batch?.shipmentIds ?? [job.shipmentId];
    const records = await Promise.all(ids.map((id) => store.shipments.findForAdmin(id)));
    const gone = records.findIndex((record) => !record || record.status !== 3);
    if (gone >= 0) {
      await store.printJobs.finish(job.id, 'failed', job.batch ? ERROR_TEXT.bulkPrintShipmentGone(ids[gone]!) : ERROR_TEXT.printShipmentGone, { code: 'shipmentGone' });
      return;
    }
    let backendJobId: string;
    try {
      const inputs = records.map((record) => labelInput(record!));
      let data: Uint8Array;
      let copies = job.copies;
      if (job.format === 'zpl') {
        // ZPL copies travel inside the data (^PQ), so raw queues print them too. A bulk job is one stream.
        const zpl = inputs.map((input) => renderZplLabels(input, job.dpi)).join('');
        data = new TextEncoder().encode(zpl.replace(/\^PQ1\n\^XZ/g, `^PQ${copies}\n^XZ`));
        copies = 1;
      } else {
        data = job.batch
          ? await deps.documents.render(inputs, { layout: job.batch.layout }, 'batch')
          : await deps.documents.render(inputs[0]!, job.documents === 'a4' ? { a4Only: true } : { labelsOnly: true });
      }
      const title = job.batch ? `Labels of ${ids.length} shipments ${job.id}` : `${job.documents === 'a4' ? 'Invoice' : 'Label'} ${records[0]!.reference} ${job.id}`;
      const paper = job.documents === 'a4' || (job.batch && job.batch.layout !== '4x6') ? 'a4' : 'label';
      backendJobId = await backend.submit({ printer: job.printer, title, format: job.format, copies, data, paper });
    } catch (error) {
      await store.printJobs.finish(job.id, 'failed', error instanceof Error ? error.message : String(error), { code: 'notSent' });
      return;
    }
    submitted.set(job.id, backendJobId);
    await recordSubmitted(job.id, backendJobId);
  };

  /**
   * Jobs sent to the printing system whose sending is not recorded yet, because the database did not answer: they
   * are recorded on the next pass instead of being sent again, so a database outage never prints a label twice.
   */
  const submitted = new Map<string, string>();
  const recordSubmitted = async (jobId: string, backendJobId: string) => {
    await store.printJobs.markPrinting(jobId, backendJobId);
    submitted.delete(jobId);
  };

  const follow = async (job: PrintJobRecord) => {
    const state = await backend.state(job.backendJobId!, job.printer);
    if (state.state === 'done') {
      await store.printJobs.finish(job.id, 'done', null);
    } else if (state.state === 'failed') {
      await backend.cancel(job.backendJobId!);
      await store.printJobs.finish(job.id, 'failed', state.reason, state.failure);
    } else {
      const waitedMs = deps.clock().getTime() - Date.parse(job.updatedAt);
      if (waitedMs <= Math.min(stuckMs, timeoutMs)) return;
      // The printer's state is read once: a fault (switched off, unplugged, unreachable) is said within seconds,
      // anything else after the full timeout.
      const problem = await backend.printerProblem(job.printer);
      if (waitedMs > stuckMs && problem !== undefined && PRINTER_FAULT.test(problem)) {
        await backend.cancel(job.backendJobId!);
        const seconds = Math.round(stuckMs / 1000);
        await store.printJobs.finish(job.id, 'failed', ERROR_TEXT.printerNotResponding(printerLabel(job.printer, await backend.printers()), seconds, problem), { code: 'printerNotResponding', seconds, problem });
      } else if (waitedMs > timeoutMs) {
        // Cancel it, or the printer would print this label later, after the desk has reprinted it.
        await backend.cancel(job.backendJobId!);
        const seconds = Math.round(timeoutMs / 1000);
        await store.printJobs.finish(job.id, 'failed', ERROR_TEXT.printTimedOut(job.printer, seconds, problem), { code: 'timedOut', seconds, ...(problem ? { problem } : {}) });
      }
    }
  };

  const monitor = createScheduler({
    intervalMs: deps.pollMs ?? 1000,
    logger,
    task: async () => {
      // While this desk's name is not held (its database connection went, and with it the lock), another station
      // could start as this desk: the jobs wait until the lock is taken again.
      if (!store.deskHeld()) return;
      for (const [jobId, backendJobId] of submitted) await recordSubmitted(jobId, backendJobId);
      // Jobs queued before desks had names print at the first desk that runs: once, not at every desk.
      const adopted = await store.printJobs.adoptDeskless(desk);
      if (adopted > 0) logger.info(`This desk (${desk}) takes over ${adopted} print job(s) queued before desks had names`);
      for (const job of await store.printJobs.open(desk)) {
        try {
          if (job.status === 'queued' && !submitted.has(job.id)) await send(job);
          else if (job.status !== 'queued') await follow(job);
        } catch (error) {
          logger.error(`Following print job ${job.id} failed`, error);
        }
      }
    },
  });

  const knownPrinter = async (name: string) => (await backend.printers()).find((printer) => printer.name === name);

  /**
   * The printer a request names, else the caller's (its A4 printer for A4 documents), else the system default for
   * labels; the format it prints in; the caller's dpi. A paused printer is refused before anything is queued.
   */
  const choosePrinter = async (caller: Caller, request: Pick<PrintRequest, 'printer' | 'format' | 'documents'>) => {
    const current = await settings(caller);
    const printers = await backend.printers();
    const a4 = request.documents === 'a4';
    const name = request.printer ?? (a4 ? current.a4Printer : (current.printer ?? printers.find((printer) => printer.isDefault)?.name));
    if (!name && a4) {
      throw new StationError('print.noA4Printer', ERROR_TEXT.missingRequiredData('data.attributes.printer'), { pointer: '/data/attributes/printer', meta: { reason: ERROR_TEXT.noA4Printer } });
    }
    if (!name) {
      throw new StationError('print.noPrinterChosen', ERROR_TEXT.missingRequiredData('data.attributes.printer'), {
        pointer: '/data/attributes/printer',
        meta: { reason: ERROR_TEXT.choosePrinter },
      });
    }
    const printer = printers.find((candidate) => candidate.name === name);
    if (!printer) {
      throw new StationError('print.printerUnknown', ERROR_TEXT.invalidData('data.attributes.printer'), { pointer: '/data/attributes/printer', meta: { reason: ERROR_TEXT.noSuchPrinter(name), printer: name } });
    }
    if (printer.status === 'disabled') {
      const problem = (await backend.printerProblem(name)) ?? '';
      // The code and figures let the desk say it in the packer's words; the text is the API's English.
      throw new StationError('print.printerPaused', ERROR_TEXT.printerPaused(printerLabel(name, printers), name, problem), {
        pointer: '/data/attributes/printer',
        meta: { reason: 'printerPaused', printer: printers.find((printer) => printer.name === name)?.description || name, queue: name, problem },
      });
    }
    if (a4 && request.format === 'zpl') {
      throw new StationError('document.pdfOnly', ERROR_TEXT.invalidData('data.attributes.format'), { pointer: '/data/attributes/format', meta: { reason: ERROR_TEXT.a4DocumentsArePdf } });
    }
    // The station's printer prints in its chosen format; any other printer in the one it takes best. A4 is PDF.
    const format = a4 ? 'pdf' : (request.format ?? (name === current.printer ? current.format : printer.supportsRawZpl ? 'zpl' : 'pdf'));
    if (format === 'zpl' && !printer.supportsRawZpl) {
      throw new StationError('print.printerTakesNoZpl', ERROR_TEXT.invalidData('data.attributes.format'), {
        pointer: '/data/attributes/format',
        meta: { reason: ERROR_TEXT.printerTakesNoZpl(name), printer: name },
      });
    }
    return { name, format, dpi: current.dpi };
  };

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
    const key = (record: ShipmentRecord) => [record.orderNumber ? 0 : 1, sort === 'sku' ? (skus.get(record.id) ?? '\uffff') : '', record.orderNumber ?? '', record.reference ?? record.id] as const;
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
      throw new StationError('print.reprintNeedsSupervisor', ERROR_TEXT.bulkReprintsNeedSupervisor(references, role), { meta: { neededRole: 'supervisor', role, reason: 'reprintNeedsSupervisor', reprints: named, fresh } satisfies ReprintRefusalMeta & Record<string, unknown> });
    }
    if (mayReprint && choice === 'ask') {
      throw new StationError('print.reprintsToConfirm', ERROR_TEXT.bulkReprintsToConfirm(before.length, records.length, references), { pointer: '/data/attributes/reprints', meta: { reason: 'reprintsToConfirm', reprints: named, fresh } satisfies ReprintRefusalMeta });
    }
    if (mayReprint && (choice === undefined || choice === 'include')) return { reprinting: before, leftOut: [] as BulkLeftOut[] };
    if (fresh === 0) {
      throw new StationError('print.onlyReprints', ERROR_TEXT.bulkOnlyReprints(references), { pointer: '/data/attributes/reprints', meta: { reason: 'onlyReprints', reprints: named, fresh } satisfies ReprintRefusalMeta });
    }
    const reason = mayReprint ? ('reprintSkipped' as const) : ('reprintNeedsSupervisor' as const);
    return { reprinting: [] as ShipmentRecord[], leftOut: named.map((label) => ({ ...label, reason })) };
  };

  const bulkPrint: PrintService['bulkPrint'] = async (caller, request, key) => {
    // Each shipment is the caller's and processed; a fault names its place in the list.
    const records: ShipmentRecord[] = [];
    for (const [index, shipmentId] of request.shipments.entries()) {
      const at = { pointer: `/data/attributes/shipments/${index}` };
      const record = await deps.shipments.acknowledged(caller, shipmentId);
      if (!record) throw new StationError('shipment.notFound', ERROR_TEXT.invalidData(`data.attributes.shipments.${index}`), { ...at, meta: { reason: ERROR_TEXT.shipmentNotFound } });
      if (record.status !== 3) {
        throw new StationError('print.notProcessed', ERROR_TEXT.invalidData(`data.attributes.shipments.${index}`), {
          ...at,
          meta: { reason: ERROR_TEXT.bulkPrintNotProcessed(record.reference ?? record.id), shipment: record.id, reference: record.reference },
        });
      }
      records.push(record);
    }
    if (request.format === 'zpl' && request.layout !== '4x6') {
      throw new StationError('print.zplSheetsOnly', ERROR_TEXT.invalidData('data.attributes.layout'), { pointer: '/data/attributes/layout', meta: { reason: ERROR_TEXT.zplSheetsOnly } });
    }
    const chosen = await choosePrinter(caller, request);
    // Sheets of 2 or 4 are PDF: a thermal printer's ZPL has one label a page.
    const format = request.layout === '4x6' ? chosen.format : 'pdf';
    const sorted = await sortForPrinting(caller, records, request.sort);
    const { reprinting: reprints, leftOut } = await chooseReprints(caller, sorted, request.reprints);
    const id = randomBytes(16).toString('hex').toUpperCase();
    const reprinted = reprints.map((record) => audit.change(actorOf(caller), 'label.reprinted', { type: 'shipment', id: record.id }, { reference: record.reference, printJob: id, printer: chosen.name, copies: 1 }));
    const printed = sorted.filter((record) => !leftOut.some((left) => left.shipmentId === record.id));
    const job = await store.audited(
      reprinted,
      'printJobs',
      'add',
      {
        id,
        shipmentId: printed[0]!.id,
        clientId: caller.client.id,
        desk,
        printer: chosen.name,
        format,
        dpi: request.dpi ?? chosen.dpi,
        copies: 1,
        documents: 'labels',
        batch: { shipmentIds: printed.map((record) => record.id), layout: request.layout },
      },
      key && { ...key, subjectType: 'printJob', subjectId: id },
    );
    void monitor.runOnce();
    return { job, meta: { leftOut, reprints: reprints.length } };
  };

  return {
    printers: () => backend.printers(),
    settings,
    async updateSettings(caller, change) {
      for (const member of ['printer', 'a4Printer'] as const) {
        const name = change[member];
        if (name && !(await knownPrinter(name))) {
          throw new StationError('print.printerUnknown', ERROR_TEXT.invalidData(`data.attributes.${member}`), { pointer: `/data/attributes/${member}`, meta: { reason: ERROR_TEXT.noSuchPrinter(name), printer: name } });
        }
      }
      const previous = await settings(caller);
      const next = { ...previous, ...change };
      const changed = audit.change(actorOf(caller), 'print-settings.changed', { type: 'printSettings', id: `${desk}:${caller.client.id}` }, { from: previous, to: next });
      await store.audited(changed, 'settings', 'set', deskSettingsKey(desk, caller), next);
      return next;
    },
    async print(caller, shipmentId, request, key) {
      const { record } = await deps.shipments.documents(caller, shipmentId);
      const documents = request.documents ?? 'labels';
      if (documents === 'a4' && !customsFormsOf(labelInput(record)).some((form) => form !== 'CN22')) {
        throw new StationError('print.noA4Documents', ERROR_TEXT.invalidData('data.attributes.documents'), {
          pointer: '/data/attributes/documents',
          meta: { reason: ERROR_TEXT.noA4Documents(record.reference ?? record.id), shipment: record.id, reference: record.reference },
        });
      }
      const { name, format, dpi } = await choosePrinter(caller, request);
      // A label already sent (or on its way) is a reprint: a second label with the same tracking number. An invoice
      // printed again is no second label.
      const reprint = documents === 'labels' && (await store.printJobs.printedBefore(record.id));
      if (reprint) requireRole(actorOf(caller), 'supervisor', 'Reprinting a label');
      const id = randomBytes(16).toString('hex').toUpperCase();
      const copies = request.copies ?? 1;
      const reprinted = reprint ? [audit.change(actorOf(caller), 'label.reprinted', { type: 'shipment', id: record.id }, { reference: record.reference, printJob: id, printer: name, copies })] : [];
      const job = await store.audited(
        reprinted,
        'printJobs',
        'add',
        { id, shipmentId: record.id, clientId: caller.client.id, desk, printer: name, format, dpi: request.dpi ?? dpi, copies, documents },
        key && { ...key, subjectType: 'printJob', subjectId: id },
      );
      void monitor.runOnce();
      return job;
    },
    printMany: async (caller, request, key) => (await bulkPrint(caller, request, key)).job,
    bulkPrint,
    jobs: (caller, page) => store.printJobs.list({ clientId: caller.client.id, ...page }),
    async job(caller, id) {
      const job = await store.printJobs.get(id);
      if (!job || job.clientId !== caller.client.id) throw new StationError('print.jobNotFound', ERROR_TEXT.noSuchPrintJob(id));
      return job;
    },
    start: () => {
      monitor.start();
      void monitor.runOnce();
    },
    stop: () => monitor.stop(),
    runOnce: () => monitor.runOnce(),
  };
}
