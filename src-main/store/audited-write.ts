// One write of a table, with the audit entry of the change when it has one, in the caller's transaction: the
// SQLite writer thread runs it in a write's savepoint, a store without one (or on PostgreSQL) in a transaction of
// its own. So an audit entry commits with its change, or neither does. The table is made on the transaction's
// executor, so its statements are part of that transaction.
import { auditEntriesAfter, type AuditedChanges } from '../domain/audit.ts';
import { appendAudit } from './audit.ts';
import { GROUPS, type GroupName } from './groups.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

/** Each group's writes, made once per executor (one serves one store, and so one context): not again at every write. */
const made = new WeakMap<Sql, Map<GroupName, object>>();
function writesOf(context: TableContext, sql: Sql, table: GroupName): object {
  let groups = made.get(sql);
  if (!groups) made.set(sql, (groups = new Map()));
  let writes = groups.get(table);
  // Only the group's writes are made: a write never needs its reads.
  if (!writes) groups.set(table, (writes = (GROUPS[table] as TableGroup<object, object>).writes(sql, context)));
  return writes;
}

export async function runWrite(
  context: TableContext,
  sql: Sql,
  table: GroupName,
  method: string,
  args: unknown[],
  audit: AuditedChanges | undefined,
): Promise<unknown> {
  const writes = writesOf(context, sql, table);
  const value = await (writes as Record<string, (...values: unknown[]) => unknown>)[method]!(...args);
  if (audit) for (const entry of auditEntriesAfter(audit, value)) await appendAudit(sql, entry, context.now());
  return value;
}
