// Print jobs, each recorded before it is sent, so no label is lost to an offline printer or a restart.
import type { PrintJobRecord } from '../domain/print-job.ts';
import type { PrintJobStatus } from '../../src-shared/resources.ts';
import type { NewIdempotencyKey } from '../domain/idempotency.ts';
import type { Db } from './database.ts';
import type { EventsTable } from './events.ts';
import type { IdempotencyKeysTable } from './idempotency-keys.ts';

export interface PrintJobsTable {
  /** Records a queued job, with the request's idempotency key when it came with one. */
  add(job: NewPrintJob, key?: NewIdempotencyKey): PrintJobRecord;
  get(id: string): PrintJobRecord | undefined;
  /** A client's jobs, newest first; `after`: those made before that one (its time and id), the page after it. */
  list(filter: { clientId: string; after: readonly [createdAt: string, id: string] | null; limit: number }): PrintJobRecord[];
  /** This desk's jobs not finished yet, oldest first: the ones its monitor sends or watches. */
  open(desk: string): PrintJobRecord[];
  /** Gives this desk the open jobs queued before desks had names; how many. */
  adoptDeskless(desk: string): number;
  /** Whether a label of this shipment has been sent to a printer, or is on its way: printing it again is a reprint. */
  printedBefore(shipmentId: string): boolean;
  markPrinting(id: string, backendJobId: string): void;
  /** Records the end of an open job, with its print.done or print.failed event. */
  finish(id: string, status: 'done' | 'failed', reason: string | null): void;
}

export type NewPrintJob = Omit<PrintJobRecord, 'status' | 'reason' | 'backendJobId' | 'createdAt' | 'updatedAt'> & { desk: string };

/** A finished job's event: for the shipment's client, in the shipment's sandbox or not. */
export const printEvent = (job: PrintJobRecord, sandbox: boolean) => ({
  type: job.status === 'done' ? ('print.done' as const) : ('print.failed' as const),
  clientId: job.clientId,
  sandbox,
  subjectType: 'printJob',
  subjectId: job.id,
  snapshot: { kind: 'printJob' as const, printJob: job },
});

export interface PrintJobRow {
  id: string;
  shipment_id: string;
  client_id: number;
  desk: string | null;
  printer: string;
  format: 'pdf' | 'zpl';
  dpi: 203 | 300;
  copies: number;
  status: PrintJobStatus;
  reason: string | null;
  backend_job_id: string | null;
  created_at: string;
  updated_at: string;
  batch: string | null;
  documents: PrintJobRecord['documents'];
}

export const printJobRecord = (row: PrintJobRow): PrintJobRecord => ({
  id: row.id,
  shipmentId: row.shipment_id,
  clientId: String(row.client_id),
  desk: row.desk,
  printer: row.printer,
  format: row.format,
  dpi: row.dpi,
  copies: row.copies,
  status: row.status,
  reason: row.reason,
  backendJobId: row.backend_job_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  documents: row.documents,
  ...(row.batch ? { batch: JSON.parse(row.batch) as NonNullable<PrintJobRecord['batch']> } : {}),
});

/**
 * Whether a print job names the shipment, as its only shipment or in a bulk job (print_job_shipments): the reprint
 * check. Two lookups, each by shipment on its own index.
 */
export const PRINTED_BEFORE_SQL = `SELECT 1 FROM print_jobs WHERE shipment_id = $id AND documents = 'labels' AND status IN ('queued', 'printing', 'done')
  UNION ALL SELECT 1 FROM print_job_shipments AS bulk JOIN print_jobs ON print_jobs.id = bulk.print_job_id
    WHERE bulk.shipment_id = $id AND print_jobs.status IN ('queued', 'printing', 'done')
  LIMIT 1`;

export function printJobsTable(db: Db, now: () => string, companions: { events: EventsTable; keys: IdempotencyKeysTable }): PrintJobsTable {
  const insert = db.prepare<Record<string, unknown>, PrintJobRow>(
    `INSERT INTO print_jobs (id, shipment_id, client_id, desk, printer, format, dpi, copies, status, created_at, updated_at, batch, documents)
     VALUES (@id, @shipmentId, @clientId, @desk, @printer, @format, @dpi, @copies, 'queued', @now, @now, @batch, @documents) RETURNING *`,
  );
  const select = db.prepare<[string], PrintJobRow>('SELECT * FROM print_jobs WHERE id = ?');
  const selectList = db.prepare<Record<string, unknown>, PrintJobRow>(
    `SELECT * FROM print_jobs WHERE client_id = @clientId AND (@afterCreated IS NULL OR (created_at, id) < (@afterCreated, @afterId))
     ORDER BY created_at DESC, id DESC LIMIT @limit`,
  );
  const selectOpen = db.prepare<[string], PrintJobRow>("SELECT * FROM print_jobs WHERE desk = ? AND status IN ('queued', 'printing') ORDER BY created_at, id");
  const adopt = db.prepare<{ desk: string; now: string }>("UPDATE print_jobs SET desk = @desk, updated_at = @now WHERE desk IS NULL AND status IN ('queued', 'printing')");
  const insertShipment = db.prepare<[string, number, string]>('INSERT INTO print_job_shipments (print_job_id, position, shipment_id) VALUES (?, ?, ?)');
  const selectPrinted = db.prepare<{ id: string }, number>(PRINTED_BEFORE_SQL.replaceAll('$id', '@id')).pluck();
  const printing = db.prepare("UPDATE print_jobs SET status = 'printing', backend_job_id = @backendJobId, updated_at = @now WHERE id = @id AND status = 'queued'");
  const finish = db.prepare<Record<string, unknown>, PrintJobRow & { sandbox: number }>(
    `UPDATE print_jobs SET status = @status, reason = @reason, updated_at = @now WHERE id = @id AND status IN ('queued', 'printing')
     RETURNING *, (SELECT sandbox FROM shipments WHERE shipments.id = print_jobs.shipment_id) AS sandbox`,
  );
  return {
    add: db.transaction((job: NewPrintJob, key?: NewIdempotencyKey) => {
      const added = printJobRecord(insert.get({ ...job, clientId: Number(job.clientId), now: now(), batch: job.batch ? JSON.stringify(job.batch) : null }) as PrintJobRow);
      job.batch?.shipmentIds.forEach((shipmentId, position) => insertShipment.run(job.id, position, shipmentId));
      if (key) companions.keys.record(key);
      return added;
    }),
    get: (id) => {
      const row = select.get(id);
      return row && printJobRecord(row);
    },
    list: (filter) =>
      selectList.all({ clientId: Number(filter.clientId), afterCreated: filter.after?.[0] ?? null, afterId: filter.after?.[1] ?? null, limit: filter.limit }).map(printJobRecord),
    open: (desk) => selectOpen.all(desk).map(printJobRecord),
    adoptDeskless: (desk) => adopt.run({ desk, now: now() }).changes,
    printedBefore: (shipmentId) => selectPrinted.get({ id: shipmentId }) !== undefined,
    markPrinting: (id, backendJobId) => {
      printing.run({ id, backendJobId, now: now() });
    },
    finish: db.transaction((id: string, status: 'done' | 'failed', reason: string | null) => {
      const row = finish.get({ id, status, reason, now: now() });
      if (row) companions.events.append(printEvent(printJobRecord(row), row.sandbox === 1));
    }),
  };
}
