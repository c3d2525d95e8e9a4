// openStore: the station's one SQLite file, with a table module per group of tables, behind an asynchronous
// interface: every method answers a promise, so services do not depend on how a back end does its work. The
// records are the domain's (src-main/domain/); only services use the store. Reads run on the caller's thread, on
// the store's own connection. A running station sends writes to a writer thread with its own connection
// (writeInBackground), so a commit's fsync or a checkpoint never holds up a request; elsewhere (the admin
// command, tests) they run at once on the one connection.
import { assertWritable, mapForReads, unmapReads, type Db } from './database.ts';
import type { StoreHealth } from './health.ts';
import { asStoreFault } from './faults.ts';
import { StoreFaultError } from '../domain/store-fault.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { runWrite } from './audited-write.ts';
import type { AuditedChanges } from '../domain/audit.ts';
import type { Migration } from './migrations/index.ts';
import { openTables } from './tables.ts';
import { GROUP_BULK, GROUP_WRITES, type GroupTable, type WriteMethod, type WriteTable } from './groups.ts';
import { startWriter, type Writer } from './writer.ts';
import { referencesFromBlocks } from './reference-block.ts';
import { sqliteReadCache } from './read-cache.ts';

// The store's upkeep, which services reach through this module as they reach the tables: copies, checks and
// restores of the SQLite file, its scheduled backups, the data folder's lock, the check of a shared PostgreSQL
// database and the move up to one; and the types of what the tables answer.
export { backupDatabase, checkDatabase, inspectCopy, restoreDatabase, type DatabaseCopy, type IntegrityReport } from './backup.ts';
export { scheduledBackups } from './scheduled-backups.ts';
export { DATABASE_FILE } from './database.ts';
export { lockDataFolder } from './station-lock.ts';
export { checkPostgres, type PostgresIntegrityReport } from './postgres/check.ts';
export { moveToPostgres, type MovedTable } from './move-to-postgres.ts';
export type { MergeCounts } from './merge-clients.ts';
export type { SummaryFilter } from './shipment-rows.ts';
export { addressesOfShipment, type BookPlace } from './addresses.ts';

/**
 * The reads every rate and create makes, kept while the database is unchanged (read-cache.ts): the settings (the
 * calendar, cutoffs, upstreams), the fuel surcharges, and the manifests (the closed days of the caller's account).
 */
const KEPT_READS: Partial<Record<WriteTable, readonly string[]>> = {
  settings: ['get'],
  carrierSettings: ['fuelSurcharges'],
  manifests: ['list'],
};

/** How long a read on the API's thread waits for a lock before it answers busy (503): a few ms at most. */
const READ_BUSY_TIMEOUT_MS = 10;
/** How long a bulk write on the store's connection waits for the writer thread's lock, as a write does (database.ts). */
const WRITE_BUSY_TIMEOUT_MS = 5_000;

type WriteArgs<Name extends WriteTable, Method extends WriteMethod<Name>> = GroupTable<Name>[Method] extends (
  ...args: infer Args
) => unknown
  ? Args
  : never;
type WriteResult<Name extends WriteTable, Method extends WriteMethod<Name>> = GroupTable<Name>[Method] extends (
  ...args: never[]
) => infer Result
  ? Awaited<Result>
  : never;

export interface Store {
  /** Which back end holds the data: one SQLite file, or a PostgreSQL database that several desks share. */
  backend: 'sqlite' | 'postgres';
  /** The SQLite connection itself (SQLite only): for tests and the benchmark's bulk seeding, never for services. */
  db?: Db;
  stationKeys: GroupTable<'stationKeys'>;
  integrations: GroupTable<'integrations'>;
  clients: GroupTable<'clients'> & {
    /** Counts the changes to clients, users and integration keys made through this store, so a cache of them knows to look again. */
    localVersion(): number;
  };
  users: GroupTable<'users'>;
  shipments: GroupTable<'shipments'>;
  addresses: GroupTable<'addresses'>;
  carrierSettings: GroupTable<'carrierSettings'>;
  printJobs: GroupTable<'printJobs'>;
  settings: GroupTable<'settings'>;
  audit: GroupTable<'audit'>;
  events: GroupTable<'events'>;
  idempotencyKeys: GroupTable<'idempotencyKeys'>;
  webhooks: GroupTable<'webhooks'>;
  manifests: GroupTable<'manifests'>;
  pickups: GroupTable<'pickups'>;
  orders: GroupTable<'orders'>;
  /**
   * Makes one write of a table and writes its audit entry (completed from the write's result) in one
   * transaction: the log holds a change exactly when the store does.
   */
  audited<Name extends WriteTable, Method extends WriteMethod<Name>>(
    changes: AuditedChanges,
    table: Name,
    method: Method,
    ...args: WriteArgs<Name, Method>
  ): Promise<WriteResult<Name, Method>>;
  /**
   * Takes a duty that one station does at a time for everyone sharing the store (e.g. 'webhooks': delivering
   * them), for as long as the store is open: false while another station holds it. Always true on SQLite.
   */
  holdDuty(name: string): Promise<boolean>;
  /**
   * Takes this desk's name for as long as the store is open: false when a running station holds it already. On
   * SQLite the data folder's lock does this; on PostgreSQL a session lock, freed when the holder's connection ends.
   */
  holdDesk(desk: string): Promise<boolean>;
  /**
   * Whether this store still holds the desk it took with holdDesk (true when it took none). On PostgreSQL the lock
   * goes with its connection when the server restarts, and is taken again once it answers: until then, false.
   */
  deskHeld(): boolean;
  /** Whether the database answers now, and since when it has not (a shared database server can go away). */
  health(): StoreHealth;
  /** A check outside the store (the scheduled quick_check) found the database damaged: it takes no more writes. */
  reportDamage(problem: string): void;
  /**
   * SQLite: the writes this store has made since it opened, by `table.method`. On the writer thread each is a
   * commit when it comes alone (writes that arrive together share one): what a use case costs in commits, read by
   * the tests and the benchmark. Undefined on PostgreSQL, where each desk commits its own transactions.
   */
  writesMade?(): Readonly<Record<string, number>>;
  /** Sends writes to a thread of their own: for a station that runs for hours, not a one-off command. */
  writeInBackground(onProblem: (message: string) => void): void;
  /** Lets the writes in flight finish, then closes the database. */
  close(): Promise<void>;
}

export interface StoreOptions {
  clock?: () => Date;
  /** SQLite: told once when the database is found damaged (the store then refuses every write). */
  onDamaged?: (message: string) => void;
  migrations?: readonly Migration[];
  /**
   * PostgreSQL: how old a claim on a scheduled shipment must be before another desk takes the work over (60 s by
   * default). Results are recorded only under the claim, so a shorter lease costs work, never a second booking.
   */
  claimLeaseMs?: number;
  /** How many shipment references one statement reserves (REFERENCE_BLOCK unless given; 1: one per create). */
  referenceBlock?: number;
}

/** The faults of a write that say the database cannot be written now (not that the write was wrong). */
const UNWRITABLE: ReadonlySet<string> = new Set(['read-only', 'disk-full', 'io']);
/** How often a store whose writes fail tries a write of its own, and the setting it writes. */
const WRITE_PROBE_MS = 2_000;
const WRITE_PROBE_SETTING = 'station:write-probe';

export function openStore(file: string, options: StoreOptions = {}): Store {
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  const tables = openTables(file, now, options.migrations);
  // SQLite opens a file it may not write read-only, silently: the station refuses that (or waits, station/waiting.ts).
  try {
    assertWritable(tables.db, file);
  } catch (error) {
    tables.db.close();
    throw error;
  }
  // The requests' reads come from a memory map of the file; the writer thread keeps SQLite's own file I/O.
  mapForReads(tables.db);
  const kept = sqliteReadCache(tables.db);
  let writer: Writer | undefined;
  let clientChanges = 0;
  const writesMade: Record<string, number> = {};
  // Once a statement finds the file damaged, nothing more is written to it: what is written on damaged pages may
  // be lost or spread the damage. Reads go on; each that meets a damaged page is a fault of its own.
  let damaged: { since: Date; problem: string } | undefined;
  /** The error as the store reports it: a storage fault as a StoreFaultError, and a damaged file noted. */
  const noteDamage = (problem: string) => {
    if (damaged) return;
    damaged = { since: clock(), problem };
    options.onDamaged?.(ERROR_TEXT.storeDamagedLog(damaged.since.toISOString(), problem));
  };
  const fault = (error: unknown): unknown => {
    const translated = asStoreFault(error);
    if (translated instanceof StoreFaultError && translated.kind === 'corrupt') noteDamage(translated.message);
    // A disk that fails or turns read-only: a mapped read of a page it cannot give would end the process (SIGBUS),
    // where SQLite's own read is an error the request answers with 503. The map stays off until the station restarts.
    if (translated instanceof StoreFaultError && (translated.kind === 'io' || translated.kind === 'read-only')) unmapReads(tables.db);
    return translated;
  };
  // A write refused because the database cannot be written (its files read-only, the disk full, an I/O error)
  // makes the health say so (503) until the disk takes a write again, so a monitor never reads "ok" while writes
  // fail. Meanwhile a probe, a real write of one setting through the same path, is made every few seconds off the
  // request path, and only its success ends it: the health comes back without waiting for a caller to write. Other
  // writes going through say nothing: one that changes no row (a purge with nothing to purge, a claim with nothing
  // to claim) commits without writing a byte, on a full disk too.
  let unwritable: { since: Date; fault: StoreFaultError; probe: NodeJS.Timeout } | undefined;
  /** The store was closed: no probe starts, and none runs on. */
  let closed = false;
  const writableAgain = () => {
    if (unwritable) {
      clearInterval(unwritable.probe);
      unwritable = undefined;
    }
  };
  const writeFault = (error: unknown): unknown => {
    const translated = fault(error);
    if (translated instanceof StoreFaultError && UNWRITABLE.has(translated.kind)) {
      if (unwritable) unwritable.fault = translated;
      else if (!closed) {
        // One probe at a time: a slow writer thread never gets a queue of them.
        let probing = false;
        const probe = setInterval(() => {
          if (probing || closed) return;
          probing = true;
          write('settings', 'set', [WRITE_PROBE_SETTING, clock().toISOString()])
            .then(writableAgain, () => undefined)
            .finally(() => (probing = false));
        }, WRITE_PROBE_MS);
        probe.unref();
        unwritable = { since: clock(), fault: translated, probe };
      }
    }
    return translated;
  };

  /** What every write passes first: none once the file is found damaged; a change of the accounts is counted. */
  const admitWrite = (table: WriteTable): StoreFaultError | undefined => {
    if (damaged)
      return new StoreFaultError(
        'corrupt',
        'SQLITE_CORRUPT',
        `no writes since the database was found damaged at ${damaged.since.toISOString()}`,
      );
    if (table === 'clients' || table === 'users' || table === 'integrations' || table === 'stationKeys') clientChanges++;
    return undefined;
  };

  /** Without the writer thread, a write is a transaction of its own on the store's connection, one at a time. */
  const write = (table: WriteTable, method: string, args: unknown[], audit?: AuditedChanges): Promise<unknown> => {
    const refused = admitWrite(table);
    if (refused) return Promise.reject(refused);
    writesMade[`${table}.${method}`] = (writesMade[`${table}.${method}`] ?? 0) + 1;
    kept.changed();
    const done = writer
      ? writer.call(table, method, args, now(), audit)
      : tables.sql.tx((sql) => runWrite(tables.context, sql, table, method, args, audit));
    // One step, not three chained (finally, then, catch): every write passes here.
    return done.then(
      (value) => {
        kept.changed();
        return value;
      },
      (error: unknown) => {
        kept.changed();
        return Promise.reject(writeFault(error));
      },
    );
  };

  /**
   * A bulk write (a load, the station keys) makes its own transactions on the store's connection: what it takes
   * cannot be sent to the writer thread. Beside a running writer thread it waits for the write lock as a write does,
   * not as briefly as a read.
   */
  const bulkWrite = async (table: WriteTable, run: (...args: unknown[]) => Promise<unknown>, args: unknown[]): Promise<unknown> => {
    const refused = admitWrite(table);
    if (refused) throw refused;
    if (writer) tables.db.pragma(`busy_timeout = ${WRITE_BUSY_TIMEOUT_MS}`);
    kept.changed();
    try {
      return await run(...args);
    } catch (error) {
      throw writeFault(error);
    } finally {
      kept.changed();
      if (writer) tables.db.pragma(`busy_timeout = ${READ_BUSY_TIMEOUT_MS}`);
    }
  };

  /** A read answered as a promise; a storage fault comes out as a StoreFaultError. */
  const read =
    (method: (...args: unknown[]) => unknown) =>
    (...args: unknown[]): Promise<unknown> => {
      try {
        const value = method(...args);
        return value instanceof Promise ? value.catch((error: unknown) => Promise.reject(fault(error))) : Promise.resolve(value);
      } catch (error) {
        return Promise.reject(fault(error));
      }
    };

  const facade = <Name extends WriteTable>(name: Name): GroupTable<Name> => {
    const table = tables[name] as unknown as Record<string, (...args: unknown[]) => unknown>;
    const writes: readonly string[] = GROUP_WRITES[name];
    const bulk: readonly string[] = GROUP_BULK[name];
    const keep: readonly string[] = KEPT_READS[name] ?? [];
    const routed = (method: string, run: (...args: unknown[]) => unknown) => {
      if (writes.includes(method)) return (...args: unknown[]) => write(name, method, args);
      if (bulk.includes(method)) return (...args: unknown[]) => bulkWrite(name, run as (...values: unknown[]) => Promise<unknown>, args);
      if (keep.includes(method)) {
        const fresh = read(run);
        const prefix = `${name}.${method} `;
        // Most kept reads take one name (a setting's key): their key is written without JSON.stringify.
        const keyOf = (args: unknown[]) =>
          args.length === 1 && typeof args[0] === 'string' ? `${prefix}:${args[0]}` : prefix + JSON.stringify(args);
        return (...args: unknown[]) => kept.read(keyOf(args), () => fresh(...args));
      }
      return read(run);
    };
    return Object.fromEntries(Object.entries(table).map(([method, run]) => [method, routed(method, run)])) as GroupTable<Name>;
  };

  return {
    backend: 'sqlite',
    db: tables.db,
    // Made at open on the opening connection, before any writer thread.
    stationKeys: facade('stationKeys'),
    integrations: facade('integrations'),
    clients: { ...facade('clients'), localVersion: () => clientChanges },
    users: facade('users'),
    // A create draws its reference from a block reserved in one write: one commit per create, not two.
    shipments: {
      ...facade('shipments'),
      allocateReference: referencesFromBlocks(
        (count) => write('shipments', 'reserveReferences', [count]) as Promise<string[]>,
        options.referenceBlock,
      ),
    },
    addresses: facade('addresses'),
    carrierSettings: facade('carrierSettings'),
    printJobs: facade('printJobs'),
    settings: facade('settings'),
    audit: facade('audit'),
    events: facade('events'),
    idempotencyKeys: facade('idempotencyKeys'),
    webhooks: facade('webhooks'),
    manifests: facade('manifests'),
    pickups: facade('pickups'),
    orders: facade('orders'),
    audited: (change, table, method, ...args) => write(table, method, args, change) as never,
    writesMade: () => ({ ...writesMade }),
    holdDuty: () => Promise.resolve(true),
    holdDesk: () => Promise.resolve(true),
    deskHeld: () => true,
    // The file is on this machine: its faults (a full disk) are answered per request, and it never goes away; but
    // once found damaged, it is unavailable for changes until it is restored.
    health: () =>
      damaged
        ? {
            available: false,
            unavailableSince: damaged.since.toISOString(),
            damaged: true,
            problem: `The database is damaged (${damaged.problem}); it takes no changes until it is checked and restored.`,
          }
        : unwritable
          ? {
              available: false,
              unavailableSince: unwritable.since.toISOString(),
              ...(unwritable.fault.kind === 'read-only' ? { readOnly: true } : {}),
              fault: unwritable.fault.kind as 'read-only' | 'disk-full' | 'io',
              problem: `The database cannot be written (${unwritable.fault.message}); it takes no changes until it can.`,
            }
          : { available: true, unavailableSince: null, problem: null },
    reportDamage: (problem) => noteDamage(`SQLITE_CORRUPT: ${problem}`),
    writeInBackground(onProblem) {
      writer ??= startWriter(file, onProblem);
      // This connection only reads from now on. A read waits for a lock only while another program holds the
      // database exclusively; it must not hold up the thread that serves every request for long.
      tables.db.pragma(`busy_timeout = ${READ_BUSY_TIMEOUT_MS}`);
    },
    close() {
      closed = true;
      if (unwritable) clearInterval(unwritable.probe);
      unwritable = undefined;
      if (!writer) {
        // Nothing in flight elsewhere: the database closes at once, before close() returns.
        kept.close();
        tables.db.close();
        return Promise.resolve();
      }
      return writer.stop().finally(() => {
        kept.close();
        tables.db.close();
      });
    },
  };
}
