// openPostgresStore: the shared store of a warehouse with several desks, on PostgreSQL. The same asynchronous
// interface as the SQLite store, so services and the scheduler cannot tell them apart. A query that meets a
// fault (the server down, the disk full) fails with a StoreFaultError, which the API answers with 503. The store
// rides through the server going away: it says since when, and takes the desk's lock again when it returns.
import { asStoreFault } from '../faults.ts';
import { trackHealth, type HealthNotices, type HealthTracker } from '../health.ts';
import type { Store, StoreOptions } from '../index.ts';
import type { PoolClient } from 'pg';
import { openPostgres } from './database.ts';
import type { AuditedChanges } from '../../domain/audit.ts';
import { runWrite } from '../audited-write.ts';
import { DEFAULT_CLAIM_LEASE_MS } from '../shipments.ts';
import { GROUP_BULK, GROUP_WRITES, groupTable, type GroupName, type GroupTable, type WriteTable } from '../groups.ts';
import { postgresSql } from '../sql/postgres.ts';
import type { TableContext } from '../table-group.ts';
import { createSettingsCache } from './settings-cache.ts';
import { referencesFromBlocks } from '../reference-block.ts';
import { CARRIER_SETTINGS } from './settings-channel.ts';

/** The advisory lock class of desk names (the second key is the name's hash): one running station per desk. */
const DESK_LOCK = 8411002;
/** The advisory lock class of station-wide duties that one desk does at a time (delivering webhooks). */
const DUTY_LOCK = 8411004;
/** How long a start waits for a desk name still held, as a desk killed a moment ago holds it until its session ends. */
const DESK_LOCK_WAIT_MS = 5_000;
/** How often a desk whose lock went with its connection tries to take it again. */
const DESK_LOCK_RETRY_MS = 1_000;

/** Every method's failure as a StoreFaultError when it is one; each outcome tells the health tracker. */
function faultsTranslated<Table extends object>(table: Table, health: HealthTracker): Table {
  return Object.fromEntries(
    Object.entries(table).map(([name, method]) => [
      name,
      (...args: unknown[]) =>
        (method as (...values: unknown[]) => Promise<unknown>)(...args).then(
          (value) => {
            health.succeeded();
            return value;
          },
          (error: unknown) => {
            const fault = asStoreFault(error);
            health.failed(fault);
            return Promise.reject(fault);
          },
        ),
    ]),
  ) as Table;
}

export async function openPostgresStore(url: string, options: StoreOptions & HealthNotices = {}): Promise<Store> {
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  const health = trackHealth(clock, options);
  const pool = await openPostgres(url, undefined, { onConnectionLost: (error) => health.failed(asStoreFault(error)) }).catch(
    (error: unknown) => Promise.reject(asStoreFault(error)),
  );
  let clientChanges = 0;
  let closing = false;
  /** The desk this store holds, the connection whose session holds its lock (none while it is being taken again). */
  let desk: { name: string; connection: PoolClient | undefined; retry?: NodeJS.Timeout } | undefined;
  const duties = new Map<string, PoolClient>();
  const translated = <Table extends object>(table: Table) => faultsTranslated(table, health);

  /** One try at the desk's session lock on a connection of its own; the connection when held. */
  const tryDeskLock = async (name: string): Promise<PoolClient | undefined> => {
    const connection = await pool.connect();
    try {
      const held = (await connection.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [DESK_LOCK, name]))
        .rows[0]!.held;
      if (held) return connection;
      connection.release();
      return undefined;
    } catch (error) {
      connection.release(error as Error);
      throw error;
    }
  };
  /**
   * The desk's lock lives as long as its connection's session: kept out of the pool, and when the connection is lost
   * (the server restarted), taken again every second until held. Meanwhile deskHeld() is false, and the desk's print
   * monitor waits, so a second station started as this desk in the gap cannot print the same labels.
   */
  const keepDeskLock = (connection: PoolClient) => {
    desk!.connection = connection;
    connection.once('error', (error: Error) => {
      if (!desk || desk.connection !== connection) return;
      desk.connection = undefined;
      connection.release(error);
      if (closing) return;
      options.onUnavailable?.(
        `This desk's lock on its name went with its database connection (${error.message}); its printing waits until the lock is held again.`,
      );
      retakeDeskLock();
    });
  };
  const retakeDeskLock = () => {
    if (!desk || closing) return;
    const tryAgain = async () => {
      if (!desk || closing) return;
      const connection = await tryDeskLock(desk.name).catch(() => undefined);
      if (closing) {
        connection?.release();
        return;
      }
      if (!connection) return retakeDeskLock();
      keepDeskLock(connection);
      options.onAvailable?.(`This desk holds its name '${desk.name}' again; its printing goes on.`);
    };
    desk.retry = setTimeout(() => void tryAgain(), DESK_LOCK_RETRY_MS);
    desk.retry.unref();
  };
  const context: TableContext = { now, claimLeaseMs: options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS };
  const sql = postgresSql(pool);
  const settingsCache = createSettingsCache(pool);
  /**
   * What follows each write of a table on this desk, made through the table or Store.audited, once it committed
   * or failed: the clients' cache looks again, and settings kept in memory are forgotten (the other desks hear of
   * the change when it commits, settings-cache.ts).
   */
  const FOLLOWED = new Set<string>(['clients', 'users', 'integrations', 'settings', 'carrierSettings']);
  const afterWrite = (table: WriteTable) => {
    if (table === 'clients' || table === 'users' || table === 'integrations' || table === 'stationKeys') clientChanges++;
    if (table === 'settings' || table === 'carrierSettings' || table === 'clients') settingsCache.forget();
  };
  /** A table as the store offers it: its writes followed by afterWrite, settings and surcharges read from memory. */
  const offered = <Name extends GroupName>(name: Name): GroupTable<Name> => {
    const made = groupTable(name, sql, context) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    // Only the accounts' and settings' writes have something to follow, and the bulk writes (the station keys make
    // the desk app's integration): the others (creates) stay as they are.
    const writes: readonly string[] = [...(FOLLOWED.has(name) ? GROUP_WRITES[name] : []), ...GROUP_BULK[name]];
    const table = Object.fromEntries(
      Object.entries(made).map(([method, run]) => [
        method,
        writes.includes(method) ? (...args: unknown[]) => run(...args).finally(() => afterWrite(name as WriteTable)) : run,
      ]),
    ) as GroupTable<Name>;
    if (name === 'settings') {
      const settings = table as GroupTable<'settings'>;
      return translated({
        ...settings,
        get: (key: string) => settingsCache.read(key, () => settings.get(key)),
      }) as unknown as GroupTable<Name>;
    }
    if (name === 'carrierSettings') {
      const carriers = table as GroupTable<'carrierSettings'>;
      // A copy each time: callers may change the map they get.
      return translated({
        ...carriers,
        fuelSurcharges: async () => new Map(await settingsCache.read(CARRIER_SETTINGS, () => carriers.fuelSurcharges())),
      }) as unknown as GroupTable<Name>;
    }
    return translated(table);
  };
  const audited = translated({
    audited: (changes: AuditedChanges, table: WriteTable, method: string, ...args: unknown[]) =>
      sql.tx((tx) => runWrite(context, tx, table, method, args, changes)).finally(() => afterWrite(table)),
  });
  return {
    backend: 'postgres',
    audited: audited.audited as Store['audited'],
    stationKeys: offered('stationKeys'),
    integrations: offered('integrations'),
    clients: { ...offered('clients'), localVersion: () => clientChanges },
    users: offered('users'),
    // A create draws its reference from a block drawn from the sequence in one statement: a round trip saved a create.
    shipments: (() => {
      const shipments = offered('shipments');
      return {
        ...shipments,
        allocateReference: referencesFromBlocks((count) => shipments.reserveReferences(count), options.referenceBlock),
      };
    })(),
    addresses: offered('addresses'),
    carrierSettings: offered('carrierSettings'),
    printJobs: offered('printJobs'),
    settings: offered('settings'),
    audit: offered('audit'),
    events: offered('events'),
    idempotencyKeys: offered('idempotencyKeys'),
    webhooks: offered('webhooks'),
    manifests: offered('manifests'),
    pickups: offered('pickups'),
    orders: offered('orders'),
    async holdDuty(name) {
      if (duties.has(name)) return true;
      const connection = await pool.connect().catch((error: unknown) => Promise.reject(asStoreFault(error)));
      try {
        const held = (await connection.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [DUTY_LOCK, name]))
          .rows[0]!.held;
        if (!held) {
          connection.release();
          return false;
        }
        // Held for as long as this connection lives: kept out of the pool until the store closes. A lost
        // connection frees the duty (the server ends its session), and the next try takes it again.
        duties.set(name, connection);
        connection.once('error', (error: Error) => {
          if (duties.get(name) !== connection) return;
          duties.delete(name);
          connection.release(error);
        });
        return true;
      } catch (error) {
        connection.release(error as Error);
        throw asStoreFault(error);
      }
    },
    async holdDesk(name) {
      try {
        // A desk killed a moment ago still holds its lock until the server notices its connection is gone.
        for (const deadline = Date.now() + DESK_LOCK_WAIT_MS; ;) {
          const connection = await tryDeskLock(name);
          if (connection) {
            desk = { name, connection: undefined };
            keepDeskLock(connection);
            return true;
          }
          if (Date.now() >= deadline) return false;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } catch (error) {
        throw asStoreFault(error);
      }
    },
    deskHeld: () => desk === undefined || desk.connection !== undefined,
    health: () => health.current(),
    // PostgreSQL checks its own pages (data checksums, pg_amcheck): the station runs no check of it.
    reportDamage: () => undefined,
    // The database server does its own writing: every query already leaves the API's thread.
    writeInBackground: () => undefined,
    close: async () => {
      closing = true;
      settingsCache.close();
      clearTimeout(desk?.retry);
      desk?.connection?.release();
      for (const connection of duties.values()) connection.release();
      await pool.end();
    },
  };
}
