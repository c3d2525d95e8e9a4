// Print jobs in EPL2 and PNG beside PDF and ZPL: the label printer may be sent native EPL2 (to a raw queue, as ZPL)
// or a 1-bit PNG (through the queue's driver, as PDF), so a job's format takes the four. PostgreSQL replaces the
// column's check (named by PostgreSQL's rule: table_column_check). SQLite cannot change a check: the table is built
// again with every column its migrations gave it (3, 6, 15, 16, 20), its rows copied, and its indexes made again;
// the bulk jobs' shipments (print_job_shipments), which name print_jobs, are set aside and put back around it, so
// no foreign key is left without its job.
import type { WrittenOnce } from './migration.ts';

export const PRINT_FORMATS: WrittenOnce = {
  name: 'print jobs in EPL2 and PNG',
  sql: (dialect) =>
    dialect.name === 'sqlite'
      ? `
    CREATE TABLE print_jobs_widened (
      id TEXT PRIMARY KEY,
      shipment_id TEXT NOT NULL REFERENCES shipments (id),
      client_id INTEGER NOT NULL REFERENCES clients (id),
      printer TEXT NOT NULL,
      format TEXT NOT NULL CHECK (format IN ('pdf', 'zpl', 'epl2', 'png')),
      dpi INTEGER NOT NULL CHECK (dpi IN (203, 300)),
      copies INTEGER NOT NULL CHECK (copies BETWEEN 1 AND 99),
      status TEXT NOT NULL CHECK (status IN ('queued', 'printing', 'done', 'failed')),
      reason TEXT,
      backend_job_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      desk TEXT,
      batch TEXT,
      documents TEXT NOT NULL DEFAULT 'labels' CHECK (documents IN ('labels', 'a4')),
      failure TEXT NULL
    ) STRICT;
    INSERT INTO print_jobs_widened (id, shipment_id, client_id, printer, format, dpi, copies, status, reason, backend_job_id,
        created_at, updated_at, desk, batch, documents, failure)
      SELECT id, shipment_id, client_id, printer, format, dpi, copies, status, reason, backend_job_id,
        created_at, updated_at, desk, batch, documents, failure
      FROM print_jobs;
    CREATE TABLE print_job_shipments_aside (
      print_job_id TEXT NOT NULL,
      position INTEGER NOT NULL,
      shipment_id TEXT NOT NULL
    ) STRICT;
    INSERT INTO print_job_shipments_aside (print_job_id, position, shipment_id)
      SELECT print_job_id, position, shipment_id FROM print_job_shipments;
    DROP TABLE print_job_shipments;
    DROP TABLE print_jobs;
    ALTER TABLE print_jobs_widened RENAME TO print_jobs;
    CREATE INDEX print_jobs_open ON print_jobs (desk, created_at) WHERE status IN ('queued', 'printing');
    CREATE INDEX print_jobs_by_shipment ON print_jobs (shipment_id);
    CREATE TABLE print_job_shipments (
      print_job_id TEXT NOT NULL REFERENCES print_jobs (id),
      position INTEGER NOT NULL,
      shipment_id TEXT NOT NULL REFERENCES shipments (id),
      PRIMARY KEY (print_job_id, position)
    ) STRICT;
    INSERT INTO print_job_shipments (print_job_id, position, shipment_id)
      SELECT print_job_id, position, shipment_id FROM print_job_shipments_aside;
    DROP TABLE print_job_shipments_aside;
    CREATE INDEX print_job_shipments_by_shipment ON print_job_shipments (shipment_id);
  `
      : `
    ALTER TABLE print_jobs DROP CONSTRAINT print_jobs_format_check;
    ALTER TABLE print_jobs ADD CONSTRAINT print_jobs_format_check CHECK (format IN ('pdf', 'zpl', 'epl2', 'png'));
  `,
};
