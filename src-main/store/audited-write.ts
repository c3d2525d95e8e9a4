// One write of a SQLite table, with the audit entry of the change when it has one, in the caller's transaction:
// the writer thread runs it in a write's savepoint, the store without a writer thread in a transaction of its own.
// So an audit entry commits with its change, or neither does. A group written once (groups.ts) is made on the
// transaction's executor, so its statements are part of that transaction.
import { auditEntriesAfter, type AuditedChanges } from '../domain/audit.ts';
import { appendAudit } from './audit.ts';
import { GROUPS, groupTable, type GroupName } from './groups.ts';
import type { Sql } from './sql/executor.ts';
import type { TableName, Tables } from './tables.ts';

export async function runWrite(tables: Tables, sql: Sql, table: TableName, method: string, args: unknown[], audit: AuditedChanges | undefined): Promise<unknown> {
  const made = table in GROUPS ? groupTable(table as GroupName, sql, tables.context) : tables[table];
  const value = await (made as unknown as Record<string, (...values: unknown[]) => unknown>)[method]!(...args);
  if (audit) for (const entry of auditEntriesAfter(audit, value)) await appendAudit(sql, entry, tables.context.now());
  return value;
}
