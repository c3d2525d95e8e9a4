// Print jobs, each recorded before it is sent, so no label is lost to an offline printer or a restart.
import type { PrintJobRecord } from '../domain/print-job.ts';
import type { PrintJobStatus } from '../../src-shared/resources.ts';
import type { Db } from './database.ts';

export interface PrintJobsTable {
  add(job: Omit<PrintJobRecord, 'status' | 'reason' | 'backendJobId' | 'createdAt' | 'updatedAt'>): PrintJobRecord;
  get(id: string): PrintJobRecord | undefined;
  /** Jobs not finished yet, oldest first: the ones to send or to watch. */
  open(): PrintJobRecord[];
  markPrinting(id: string, backendJobId: string): void;
  finish(id: string, status: 'done' | 'failed', reason: string | null): void;
}

export interface PrintJobRow {
  id: string;
  shipment_id: string;
  client_id: number;
  printer: string;
  format: 'pdf' | 'zpl';
  dpi: 203 | 300;
  copies: number;
  status: PrintJobStatus;
  reason: string | null;
  backend_job_id: string | null;
  created_at: string;
  updated_at: string;
}

export const printJobRecord = (row: PrintJobRow): PrintJobRecord => ({
  id: row.id,
  shipmentId: row.shipment_id,
  clientId: String(row.client_id),
  printer: row.printer,
  format: row.format,
  dpi: row.dpi,
  copies: row.copies,
  status: row.status,
  reason: row.reason,
  backendJobId: row.backend_job_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function printJobsTable(db: Db, now: () => string): PrintJobsTable {
  const insert = db.prepare<Record<string, unknown>, PrintJobRow>(
    `INSERT INTO print_jobs (id, shipment_id, client_id, printer, format, dpi, copies, status, created_at, updated_at)
     VALUES (@id, @shipmentId, @clientId, @printer, @format, @dpi, @copies, 'queued', @now, @now) RETURNING *`,
  );
  const select = db.prepare<[string], PrintJobRow>('SELECT * FROM print_jobs WHERE id = ?');
  const selectOpen = db.prepare<[], PrintJobRow>("SELECT * FROM print_jobs WHERE status IN ('queued', 'printing') ORDER BY created_at, id");
  const printing = db.prepare("UPDATE print_jobs SET status = 'printing', backend_job_id = @backendJobId, updated_at = @now WHERE id = @id AND status = 'queued'");
  const finish = db.prepare("UPDATE print_jobs SET status = @status, reason = @reason, updated_at = @now WHERE id = @id AND status IN ('queued', 'printing')");
  return {
    add: (job) => printJobRecord(insert.get({ ...job, clientId: Number(job.clientId), now: now() }) as PrintJobRow),
    get: (id) => {
      const row = select.get(id);
      return row && printJobRecord(row);
    },
    open: () => selectOpen.all().map(printJobRecord),
    markPrinting: (id, backendJobId) => {
      printing.run({ id, backendJobId, now: now() });
    },
    finish: (id, status, reason) => {
      finish.run({ id, status, reason, now: now() });
    },
  };
}
