// The table modules of one SQLite connection: what the station's store and its writer thread each open. The groups
// written once for both back ends (groups.ts) are made on the connection's executor; the others are SQLite's own.
import { openDatabase, type Db } from './database.ts';
import { AUDIT_INSERT, auditValues } from './audit.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import { groupTables } from './groups.ts';
import { sqliteSql } from './sql/sqlite.ts';
import type { TableContext } from './table-group.ts';
import type { Migration } from './migrations.ts';
import { addressesTable } from './addresses.ts';
import { carrierSettingsTable } from './carrier-settings.ts';
import { eventsTable } from './events.ts';
import { idempotencyKeysTable } from './idempotency-keys.ts';
import { manifestsTable } from './manifests.ts';
import { printJobsTable } from './print-jobs.ts';
import { settingsTable } from './settings.ts';
import { shipmentsTable } from './shipments.ts';

export function openTables(file: string, now: () => string, migrations?: readonly Migration[], cacheKb?: number) {
  const db: Db = openDatabase(file, migrations, cacheKb);
  const sql = sqliteSql(db);
  const context: TableContext = { now, claimLeaseMs: 0 };
  const audit = syncAuditLog(db, now);
  const events = eventsTable(db, now);
  const idempotencyKeys = idempotencyKeysTable(db, now);
  const addresses = addressesTable(db, now);
  return {
    db,
    sql,
    context,
    ...groupTables(sql, context),
    shipments: shipmentsTable(db, now, { auditLog: audit, events, keys: idempotencyKeys, addresses }),
    addresses,
    carrierSettings: carrierSettingsTable(db, now),
    printJobs: printJobsTable(db, now, { events, keys: idempotencyKeys }),
    settings: settingsTable(db, now),
    events,
    idempotencyKeys,
    manifests: manifestsTable(db, now, { auditLog: audit, events }),
  };
}

export type Tables = ReturnType<typeof openTables>;
export type TableName = Exclude<keyof Tables, 'db' | 'sql' | 'context'>;

/** The audit log as the tables below not yet written once add to it: at once, on the connection. */
function syncAuditLog(db: Db, now: () => string) {
  const insert = db.prepare(AUDIT_INSERT.replace(/\$\d+/g, '?'));
  return {
    append: (event: NewAuditEvent) => {
      insert.run(...auditValues(event, now()));
    },
  };
}
