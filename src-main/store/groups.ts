// The table groups written once, for both back ends: each is a module of reads and a module of writes over an
// executor (sql/executor.ts). Which methods write follows from where they are written: the writes of a group are
// what the SQLite store sends to its writer thread, what Store.audited runs, and what the PostgreSQL store follows;
// its bulk writes are writes too, run by the store on its own connection (table-group.ts).
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';
import { addresses } from './addresses.ts';
import { audit } from './audit.ts';
import { events } from './events.ts';
import { idempotencyKeys } from './idempotency-keys.ts';
import { manifests } from './manifests.ts';
import { printJobs } from './print-jobs.ts';
import { carrierSettings, settings } from './settings.ts';
import { shipments } from './shipments.ts';
import { clients } from './clients.ts';
import { integrations } from './integrations.ts';
import { stationKeys } from './station-keys.ts';
import { users } from './users.ts';
import { orders } from './orders.ts';
import { pickups } from './pickups.ts';
import { webhooks } from './webhooks.ts';

export const GROUPS = {
  addresses,
  audit,
  carrierSettings,
  clients,
  events,
  idempotencyKeys,
  integrations,
  manifests,
  orders,
  pickups,
  printJobs,
  settings,
  shipments,
  stationKeys,
  users,
  webhooks,
} as const satisfies Record<string, TableGroup<object, object>>;

export type GroupName = keyof typeof GROUPS;
type Reads<Name extends GroupName> = ReturnType<(typeof GROUPS)[Name]['reads']>;
type Writes<Name extends GroupName> = ReturnType<(typeof GROUPS)[Name]['writes']>;
type Bulk<Name extends GroupName> = (typeof GROUPS)[Name] extends TableGroup<object, object, infer Made> ? Made : never;
export type GroupTable<Name extends GroupName> = Reads<Name> & Writes<Name> & Bulk<Name>;
export type GroupWrite<Name extends GroupName> = keyof Writes<Name> & string;

/** A group's table on an executor: on the store's own for reads, on a transaction's for a write inside one. */
export function groupTable<Name extends GroupName>(name: Name, sql: Sql, context: TableContext): GroupTable<Name> {
  const group = GROUPS[name] as TableGroup<object, object>;
  return { ...group.reads(sql, context), ...group.writes(sql, context), ...group.bulk?.(sql, context) } as GroupTable<Name>;
}

/** Every group's table on one executor. */
export function groupTables(sql: Sql, context: TableContext): { [Name in GroupName]: GroupTable<Name> } {
  return Object.fromEntries(Object.keys(GROUPS).map((name) => [name, groupTable(name as GroupName, sql, context)])) as {
    [Name in GroupName]: GroupTable<Name>;
  };
}

/** An executor that is never asked anything: the writes' names are read from a group made on it. */
const NAMES_ONLY = new Proxy({} as Sql, {
  get: () => {
    throw new Error('a table group ran a statement while it was being made');
  },
});

/** The methods that write, per group, as their modules lay them out. */
export const GROUP_WRITES = Object.fromEntries(
  Object.entries(GROUPS).map(([name, group]) => [
    name,
    Object.keys((group as TableGroup<object, object>).writes(NAMES_ONLY, { now: () => '', claimLeaseMs: 0 })),
  ]),
) as unknown as { [Name in GroupName]: readonly GroupWrite<Name>[] };

/** The bulk writes, per group: what each store runs as a write on its own connection, never on the writer thread. */
export const GROUP_BULK = Object.fromEntries(
  Object.entries(GROUPS).map(([name, group]) => [
    name,
    Object.keys((group as TableGroup<object, object>).bulk?.(NAMES_ONLY, { now: () => '', claimLeaseMs: 0 }) ?? {}),
  ]),
) as unknown as { [Name in GroupName]: readonly string[] };

/** A table that changes, and one of its writes: what Store.audited runs. */
export type WriteTable = GroupName;
export type WriteMethod<Name extends WriteTable> = GroupWrite<Name>;
