// Print jobs, each recorded before it is sent, so no label is lost to an offline printer or a restart.
import type { PrintJobRecord } from '../domain/print-job.ts';
import type { PrintFormat } from '../../src-shared/printing.ts';
import type { PrintFailure, PrintJobStatus } from '../../src-shared/resources.ts';
import type { NewIdempotencyKey } from '../domain/idempotency.ts';
import { appendEvent } from './events.ts';
import { recordKey } from './idempotency-keys.ts';
import { numericId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface PrintJobReads {
  get(id: string): Promise<PrintJobRecord | undefined>;
  /** A client's jobs, newest first; `after`: those made before that one (its time and id), the page after it. */
  list(filter: {
    clientId: string;
    after: readonly [createdAt: string, id: string] | null;
    limit: number;
    shipmentId?: string;
  }): Promise<PrintJobRecord[]>;
  /** This desk's jobs not finished yet, oldest first: the ones its monitor sends or watches. */
  open(desk: string): Promise<PrintJobRecord[]>;
  /** Whether a label of this shipment has been sent to a printer, or is on its way: printing it again is a reprint. */
  printedBefore(shipmentId: string): Promise<boolean>;
}

export interface PrintJobWrites {
  /** Records a queued job, with the request's idempotency key when it came with one. */
  add(job: NewPrintJob, key?: NewIdempotencyKey): Promise<PrintJobRecord>;
  /** Gives this desk the open jobs queued before desks had names; how many. */
  adoptDeskless(desk: string): Promise<number>;
  markPrinting(id: string, backendJobId: string): Promise<void>;
  /** Records the end of an open job, with its print.done or print.failed event. */
  /** `failure`: a failed job's code and figures, beside its English reason. */
  finish(id: string, status: 'done' | 'failed', reason: string | null, failure?: PrintFailure | null): Promise<void>;
}

export type NewPrintJob = Omit<PrintJobRecord, 'status' | 'reason' | 'failure' | 'backendJobId' | 'createdAt' | 'updatedAt'> & {
  desk: string;
};

/** A finished job's event: for the shipment's client, in the shipment's sandbox or not. */
const printEvent = (job: PrintJobRecord, sandbox: boolean) => ({
  type: job.status === 'done' ? ('print.done' as const) : ('print.failed' as const),
  clientId: job.clientId,
  sandbox,
  subjectType: 'printJob',
  subjectId: job.id,
  snapshot: { kind: 'printJob' as const, printJob: job },
});

interface PrintJobRow {
  id: string;
  shipment_id: string;
  client_id: number;
  desk: string | null;
  printer: string;
  format: PrintFormat;
  dpi: 203 | 300;
  copies: number;
  status: PrintJobStatus;
  reason: string | null;
  failure: string | null;
  backend_job_id: string | null;
  created_at: string;
  updated_at: string;
  batch: string | null;
  documents: PrintJobRecord['documents'];
}

const printJobRecord = (row: PrintJobRow): PrintJobRecord => ({
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
  failure: row.failure ? (JSON.parse(row.failure) as PrintFailure) : null,
  backendJobId: row.backend_job_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  documents: row.documents,
  ...(row.batch ? { batch: JSON.parse(row.batch) as NonNullable<PrintJobRecord['batch']> } : {}),
});

function reads(sql: Sql): PrintJobReads {
  const jobs = async (text: string, values: unknown[] = []) => (await sql.all<PrintJobRow>(text, values)).map(printJobRecord);
  return {
    get: async (id) => (storable(id) ? (await jobs('SELECT * FROM print_jobs WHERE id = $1', [id]))[0] : undefined),
    list: async ({ clientId, after, limit, shipmentId }) =>
      (after && !after.every(storable)) || (shipmentId !== undefined && !storable(shipmentId))
        ? []
        : jobs(
            `SELECT * FROM print_jobs WHERE client_id = $1 AND (CAST($2 AS TEXT) IS NULL OR (created_at, id) < ($2, $3))
               AND (CAST($5 AS TEXT) IS NULL OR shipment_id = $5 OR id IN (SELECT print_job_id FROM print_job_shipments WHERE shipment_id = $5))
             ORDER BY created_at DESC, id DESC LIMIT $4`,
            [numericId(clientId), after?.[0] ?? null, after?.[1] ?? null, limit, shipmentId ?? null],
          ),
    open: (desk) => jobs("SELECT * FROM print_jobs WHERE desk = $1 AND status IN ('queued', 'printing') ORDER BY created_at, id", [desk]),
    // Whether a print job names the shipment, as its only shipment or in a bulk job (print_job_shipments): two
    // lookups, each by shipment on its own index.
    printedBefore: async (shipmentId) =>
      storable(shipmentId) &&
      (await sql.one(
        `SELECT 1 FROM print_jobs WHERE shipment_id = $1 AND documents = 'labels' AND status IN ('queued', 'printing', 'done')
         UNION ALL SELECT 1 FROM print_job_shipments AS bulk JOIN print_jobs ON print_jobs.id = bulk.print_job_id
           WHERE bulk.shipment_id = $1 AND print_jobs.status IN ('queued', 'printing', 'done')
         LIMIT 1`,
        [shipmentId],
      )) !== undefined,
  };
}

function writes(sql: Sql, { now }: TableContext): PrintJobWrites {
  return {
    add: (job, key) =>
      sql.tx(async (tx) => {
        const at = now();
        const added = await tx.one<PrintJobRow>(
          `INSERT INTO print_jobs (id, shipment_id, client_id, printer, format, dpi, copies, status, created_at, updated_at, desk, batch, documents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $8, $9, $10, $11) RETURNING *`,
          [
            job.id,
            job.shipmentId,
            Number(job.clientId),
            job.printer,
            job.format,
            job.dpi,
            job.copies,
            at,
            job.desk,
            job.batch ? JSON.stringify(job.batch) : null,
            job.documents,
          ],
        );
        const ids = job.batch?.shipmentIds ?? [];
        for (const [position, shipmentId] of ids.entries())
          await tx.run('INSERT INTO print_job_shipments (print_job_id, position, shipment_id) VALUES ($1, $2, $3)', [
            job.id,
            position,
            shipmentId,
          ]);
        if (key) await recordKey(tx, key, at);
        return printJobRecord(added!);
      }),
    adoptDeskless: (desk) =>
      sql.run("UPDATE print_jobs SET desk = $1, updated_at = $2 WHERE desk IS NULL AND status IN ('queued', 'printing')", [desk, now()]),
    markPrinting: async (id, backendJobId) => {
      await sql.run("UPDATE print_jobs SET status = 'printing', backend_job_id = $2, updated_at = $3 WHERE id = $1 AND status = 'queued'", [
        id,
        backendJobId,
        now(),
      ]);
    },
    finish: (id, status, reason, failure = null) =>
      sql.tx(async (tx) => {
        const at = now();
        const row = await tx.one<PrintJobRow & { sandbox: number }>(
          `UPDATE print_jobs SET status = $2, reason = $3, updated_at = $4, failure = $5 WHERE id = $1 AND status IN ('queued', 'printing')
           RETURNING *, (SELECT sandbox FROM shipments WHERE shipments.id = print_jobs.shipment_id) AS sandbox`,
          [id, status, reason, at, failure ? JSON.stringify(failure) : null],
        );
        if (row) appendEvent(tx, printEvent(printJobRecord(row), row.sandbox === 1), at);
      }),
  };
}

export const printJobs: TableGroup<PrintJobReads, PrintJobWrites> = { reads, writes };
