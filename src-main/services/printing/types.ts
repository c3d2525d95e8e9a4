// The print service's contract: what the API, the returns and the station call, and what it needs. Its own module
// so the parts of the service (settings, printers, jobs, bulk, monitor) share it without importing their entry.
import type { BulkPrintMeta, BulkPrintRequest, PrintRequest, PrintSettings } from '../../../src-shared/printing.ts';
import type { PrinterAttributes } from '../../../src-shared/resources.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import type { Caller } from '../../domain/caller.ts';
import type { IdempotencyTicket } from '../../domain/idempotency.ts';
import type { PrintJobRecord } from '../../domain/print-job.ts';
import type { Logger } from '../../logger.ts';
import type { PrintBackend } from '../../printing/backend.ts';
import type { Store } from '../../store/index.ts';
import type { AuditLog } from '../audit-log.ts';
import type { ShipmentService } from '../shipments.ts';
import type { WarehouseService } from '../warehouses.ts';

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
  /** The desk's site for an account, whose print defaults its print settings start from (none: no site defaults). */
  warehouses?: Pick<WarehouseService, 'deskSite'>;
  /** How often open jobs are followed. */
  pollMs?: number;
  /** A job the printer has not finished by then is cancelled and recorded as failed. */
  timeoutMs?: number;
  /** A job not finished by then, on a printer that reports a fault (unreachable, offline), is cancelled at once. */
  stuckMs?: number;
}

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
  jobs(
    caller: Caller,
    page: { after: readonly [createdAt: string, id: string] | null; limit: number; shipmentId?: string },
  ): Promise<PrintJobRecord[]>;
  start(): void;
  stop(): Promise<void>;
  /** Sends and follows open jobs once; tests and shutdown use it. */
  runOnce(): Promise<void>;
}
