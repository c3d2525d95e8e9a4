// One write of a SQLite table, with the audit entry of the change when it has one, in the caller's transaction:
// the writer thread runs it in a write's savepoint, the store without a writer thread in a transaction of its own.
// So an audit entry commits with its change, or neither does.
import { auditEntriesAfter, type AuditedChanges } from '../domain/audit.ts';
import type { TableName, Tables } from './tables.ts';

export function runWrite(tables: Tables, table: TableName, method: string, args: unknown[], audit: AuditedChanges | undefined): unknown {
  const value = (tables[table] as unknown as Record<string, (...values: unknown[]) => unknown>)[method]!(...args);
  if (audit) for (const entry of auditEntriesAfter(audit, value)) tables.audit.append(entry);
  return value;
}
