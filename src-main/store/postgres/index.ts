// openPostgresStore: the shared store of a warehouse with several desks, on PostgreSQL. The same asynchronous
// interface as the SQLite store, so services and the scheduler cannot tell them apart. A query that meets a
// fault (the server down, the disk full) fails with a StoreFaultError, which the API answers with 503.
import { asStoreFault } from '../faults.ts';
import type { Store, StoreOptions } from '../index.ts';
import { clientsTable, integrationsTable, stationKeysTable, usersTable } from './accounts.ts';
import type { PoolClient } from 'pg';
import { openPostgres } from './database.ts';
import { addressesTable, auditTable, carrierSettingsTable, printJobsTable, settingsTable } from './records.ts';
import { shipmentsTable } from './shipments.ts';
import { eventsTable, idempotencyKeysTable } from './events.ts';
import { webhooksTable } from './webhooks.ts';
import { manifestsTable } from './manifests.ts';
import { pickupsTable } from './pickups.ts';
import { ordersTable } from './orders.ts';

/** The advisory lock class of desk names (the second key is the name's hash): one running station per desk. */
const DESK_LOCK = 8411002;
/** The advisory lock class of station-wide duties that one desk does at a time (delivering webhooks). */
const DUTY_LOCK = 8411004;
/** How long a start waits for a desk name still held, as a desk killed a moment ago holds it until its session ends. */
const DESK_LOCK_WAIT_MS = 5_000;

/** Every method's failure as a StoreFaultError when it is one. */
function faultsTranslated<Table extends object>(table: Table): Table {
  return Object.fromEntries(
    Object.entries(table).map(([name, method]) => [
      name,
      (...args: unknown[]) => (method as (...values: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => Promise.reject(asStoreFault(error))),
    ]),
  ) as Table;
}

export async function openPostgresStore(url: string, options: StoreOptions & { onProblem?: (message: string) => void } = {}): Promise<Store> {
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  const pool = await openPostgres(url, undefined, { onProblem: options.onProblem }).catch((error: unknown) => Promise.reject(asStoreFault(error)));
  let clientChanges = 0;
  let deskConnection: PoolClient | undefined;
  const duties = new Map<string, PoolClient>();
  const counted = <Table extends object>(table: Table, writes: readonly string[]): Table =>
    Object.fromEntries(
      Object.entries(table).map(([name, method]) => [
        name,
        writes.includes(name)
          ? (...args: unknown[]) => {
              clientChanges++;
              return (method as (...values: unknown[]) => unknown)(...args);
            }
          : method,
      ]),
    ) as Table;
  return {
    backend: 'postgres',
    stationKeys: faultsTranslated(stationKeysTable(pool, now)),
    integrations: faultsTranslated(counted(integrationsTable(pool, now), ['add', 'revoke'])),
    clients: { ...faultsTranslated(counted(clientsTable(pool, now), ['add', 'setClientKey', 'setProfile', 'remove', 'merge'])), localVersion: () => clientChanges },
    users: faultsTranslated(counted(usersTable(pool, now), ['add', 'setCredential', 'setRole', 'setName', 'remove'])),
    shipments: faultsTranslated(shipmentsTable(pool, now, options.claimLeaseMs)),
    addresses: faultsTranslated(addressesTable(pool, now)),
    carrierSettings: faultsTranslated(carrierSettingsTable(pool, now)),
    printJobs: faultsTranslated(printJobsTable(pool, now)),
    settings: faultsTranslated(settingsTable(pool, now)),
    audit: faultsTranslated(auditTable(pool, now)),
    events: faultsTranslated(eventsTable(pool, now)),
    idempotencyKeys: faultsTranslated(idempotencyKeysTable(pool, now)),
    webhooks: faultsTranslated(webhooksTable(pool, now)),
    manifests: faultsTranslated(manifestsTable(pool, now)),
    pickups: faultsTranslated(pickupsTable(pool, now)),
    orders: faultsTranslated(ordersTable(pool, now)),
    async holdDuty(name) {
      if (duties.has(name)) return true;
      const connection = await pool.connect().catch((error: unknown) => Promise.reject(asStoreFault(error)));
      try {
        const held = (await connection.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [DUTY_LOCK, name])).rows[0]!.held;
        if (!held) {
          connection.release();
          return false;
        }
        // Held for as long as this connection lives: kept out of the pool until the store closes.
        duties.set(name, connection);
        connection.on('error', () => duties.delete(name));
        return true;
      } catch (error) {
        connection.release(true);
        throw asStoreFault(error);
      }
    },
    async holdDesk(desk) {
      const connection = await pool.connect().catch((error: unknown) => Promise.reject(asStoreFault(error)));
      try {
        // A desk killed a moment ago still holds its lock until the server notices its connection is gone.
        for (const deadline = Date.now() + DESK_LOCK_WAIT_MS; ; ) {
          const held = (await connection.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [DESK_LOCK, desk])).rows[0]!.held;
          if (held) break;
          if (Date.now() >= deadline) {
            connection.release();
            return false;
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        // The lock lives as long as this connection: it is kept out of the pool until the store closes.
        deskConnection = connection;
        return true;
      } catch (error) {
        connection.release();
        throw asStoreFault(error);
      }
    },
    // The database server does its own writing: every query already leaves the API's thread.
    writeInBackground: () => undefined,
    close: async () => {
      deskConnection?.release();
      for (const connection of duties.values()) connection.release();
      await pool.end();
    },
  };
}
