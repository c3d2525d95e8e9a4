// Print jobs: a label goes to a printer as PDF or native ZPL. Each job is recorded (queued) before anything
// is sent; a monitor sends queued jobs, follows them in the printing system, and records done or failed with
// the reason, so an offline printer never loses a label silently. A restart picks the open jobs up again.
import { randomBytes } from 'node:crypto';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { DEFAULT_PRINT_SETTINGS, type PrintRequest, type PrintSettings } from '../../src-shared/printing.ts';
import type { PrinterAttributes } from '../../src-shared/resources.ts';
import type { DocumentPool } from '../documents/pool.ts';
import { renderZplLabels } from '../documents/zpl-label.ts';
import type { Logger } from '../logger.ts';
import type { PrintBackend } from '../printing/backend.ts';
import { createScheduler } from '../scheduler/index.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { PrintJobRecord } from '../domain/print-job.ts';
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
}

export interface PrintService {
  printers(): Promise<PrinterAttributes[]>;
  /** The caller's own print settings at this desk: each client has its printer per desk, and changes only its own. */
  settings(caller: Caller): Promise<PrintSettings>;
  updateSettings(caller: Caller, change: Partial<PrintSettings>): Promise<PrintSettings>;
  /** `key`: the request's idempotency key, stored with the new job. */
  print(caller: Caller, shipmentId: string, request: PrintRequest, key?: IdempotencyTicket): Promise<PrintJobRecord>;
  job(caller: Caller, id: string): Promise<PrintJobRecord>;
  start(): void;
  stop(): Promise<void>;
  /** Sends and follows open jobs once; tests and shutdown use it. */
  runOnce(): Promise<void>;
}

/** Before settings were per client, one station-wide value: every client that has not chosen starts from it. */
const STATION_SETTINGS_KEY = 'printing';
/** Before settings were per desk: a client's choice, where it has not chosen at this desk. */
const clientSettingsKey = (caller: Caller) => `printing:client:${caller.client.id}`;
const deskSettingsKey = (desk: string, caller: Caller) => `printing:desk:${desk}:client:${caller.client.id}`;

export function createPrintService(deps: PrintServiceDeps): PrintService {
  const { store, backend, logger, desk, audit } = deps;
  const timeoutMs = deps.timeoutMs ?? 60_000;
  const settings = async (caller: Caller): Promise<PrintSettings> => {
    const chosen = ((await store.settings.get(deskSettingsKey(desk, caller))) ??
      (await store.settings.get(clientSettingsKey(caller))) ??
      (await store.settings.get(STATION_SETTINGS_KEY))) as Partial<PrintSettings> | undefined;
    return { ...DEFAULT_PRINT_SETTINGS, ...chosen };
  };

  const send = async (job: PrintJobRecord) => {
    const record = await store.shipments.findForAdmin(job.shipmentId);
    if (!record || record.status !== 3) {
      await store.printJobs.finish(job.id, 'failed', ERROR_TEXT.printShipmentGone);
      return;
    }
    try {
      // The label pages are drawn again from the record: the same labels as the stored PDF, without its invoice.
      const input = {
        reference: record.reference!,
        trackingNumber: record.trackingNumber!,
        carrierName: record.carrierName!,
        serviceName: record.serviceName!,
        shipDate: record.shipDate,
        sandbox: record.sandbox,
        attributes: record.attributes,
        createdAt: new Date(record.processedAt ?? record.createdAt),
      };
      let data: Uint8Array;
      let copies = job.copies;
      if (job.format === 'zpl') {
        // ZPL copies travel inside the data (^PQ), so raw queues print them too.
        data = new TextEncoder().encode(renderZplLabels(input, job.dpi).replace(/\^PQ1\n\^XZ/g, `^PQ${copies}\n^XZ`));
        copies = 1;
      } else {
        data = await deps.documents.render(input, { labelsOnly: true });
      }
      const backendJobId = await backend.submit({ printer: job.printer, title: `Label ${record.reference} ${job.id}`, format: job.format, copies, data });
      await store.printJobs.markPrinting(job.id, backendJobId);
    } catch (error) {
      await store.printJobs.finish(job.id, 'failed', error instanceof Error ? error.message : String(error));
    }
  };

  const follow = async (job: PrintJobRecord) => {
    const state = await backend.state(job.backendJobId!, job.printer);
    if (state.state === 'done') {
      await store.printJobs.finish(job.id, 'done', null);
    } else if (state.state === 'failed') {
      await backend.cancel(job.backendJobId!);
      await store.printJobs.finish(job.id, 'failed', state.reason);
    } else if (deps.clock().getTime() - Date.parse(job.updatedAt) > timeoutMs) {
      // Cancel it, or the printer would print this label later, after the desk has reprinted it.
      const problem = await backend.printerProblem(job.printer);
      await backend.cancel(job.backendJobId!);
      await store.printJobs.finish(job.id, 'failed', ERROR_TEXT.printTimedOut(job.printer, Math.round(timeoutMs / 1000), problem));
    }
  };

  const monitor = createScheduler({
    intervalMs: deps.pollMs ?? 1000,
    logger,
    task: async () => {
      // Jobs queued before desks had names print at the first desk that runs: once, not at every desk.
      const adopted = await store.printJobs.adoptDeskless(desk);
      if (adopted > 0) logger.info(`This desk (${desk}) takes over ${adopted} print job(s) queued before desks had names`);
      for (const job of await store.printJobs.open(desk)) {
        try {
          if (job.status === 'queued') await send(job);
          else await follow(job);
        } catch (error) {
          logger.error(`Following print job ${job.id} failed`, error);
        }
      }
    },
  });

  const knownPrinter = async (name: string) => (await backend.printers()).find((printer) => printer.name === name);

  return {
    printers: () => backend.printers(),
    settings,
    async updateSettings(caller, change) {
      if (change.printer && !(await knownPrinter(change.printer))) {
        throw new StationError(400, ERROR_TEXT.invalidData('data.attributes.printer'), { pointer: '/data/attributes/printer', meta: { reason: ERROR_TEXT.noSuchPrinter(change.printer) } });
      }
      const previous = await settings(caller);
      const next = { ...previous, ...change };
      await store.settings.set(deskSettingsKey(desk, caller), next);
      await audit.record(actorOf(caller), 'print-settings.changed', { type: 'printSettings', id: `${desk}:${caller.client.id}` }, { from: previous, to: next });
      return next;
    },
    async print(caller, shipmentId, request, key) {
      const { record } = await deps.shipments.documents(caller, shipmentId);
      const current = await settings(caller);
      const printers = await backend.printers();
      const name = request.printer ?? current.printer ?? printers.find((printer) => printer.isDefault)?.name;
      if (!name) {
        throw new StationError(400, ERROR_TEXT.missingRequiredData('data.attributes.printer'), {
          pointer: '/data/attributes/printer',
          meta: { reason: ERROR_TEXT.choosePrinter },
        });
      }
      const printer = printers.find((candidate) => candidate.name === name);
      if (!printer) {
        throw new StationError(400, ERROR_TEXT.invalidData('data.attributes.printer'), { pointer: '/data/attributes/printer', meta: { reason: ERROR_TEXT.noSuchPrinter(name) } });
      }
      // The station's printer prints in its chosen format; any other printer in the one it takes best.
      const format = request.format ?? (name === current.printer ? current.format : printer.supportsRawZpl ? 'zpl' : 'pdf');
      if (format === 'zpl' && !printer.supportsRawZpl) {
        throw new StationError(400, ERROR_TEXT.invalidData('data.attributes.format'), {
          pointer: '/data/attributes/format',
          meta: { reason: ERROR_TEXT.printerTakesNoZpl(name) },
        });
      }
      // A label already sent (or on its way) is a reprint: a second label with the same tracking number.
      const reprint = await store.printJobs.printedBefore(record.id);
      if (reprint) requireRole(actorOf(caller), 'supervisor', 'Reprinting a label');
      const id = randomBytes(16).toString('hex').toUpperCase();
      const job = await store.printJobs.add(
        { id, shipmentId: record.id, clientId: caller.client.id, desk, printer: name, format, dpi: request.dpi ?? current.dpi, copies: request.copies ?? 1 },
        key && { ...key, subjectType: 'printJob', subjectId: id },
      );
      if (reprint) {
        await audit.record(actorOf(caller), 'label.reprinted', { type: 'shipment', id: record.id }, { reference: record.reference, printJob: job.id, printer: name, copies: job.copies });
      }
      void monitor.runOnce();
      return job;
    },
    async job(caller, id) {
      const job = await store.printJobs.get(id);
      if (!job || job.clientId !== caller.client.id) throw new StationError(404, ERROR_TEXT.noSuchPrintJob(id));
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
