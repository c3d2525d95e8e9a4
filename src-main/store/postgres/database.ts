// Opens the shared PostgreSQL database the way the station relies on: a pool of connections, bigint columns read
// as numbers (every one the station keeps is far below 2^53), and the numbered migrations applied at start in one
// transaction, under an advisory lock so desks starting together migrate once. A newer schema is refused. A lost
// connection is a fault to recover from: every connection has an error listener, a broken one leaves the pool,
// and a URL with several servers connects to the one that accepts writes (servers.ts).
import pg from 'pg';
import { TransactionEnd } from '../sql/executor.ts';
import { SchemaTooNewError } from '../database.ts';
import type { Migration } from '../migrations/index.ts';
import { POSTGRES_MIGRATIONS } from '../migrations/index.ts';
import { checkHistory, HISTORY_TABLE, toRecord, type AppliedMigration } from '../migrations/history.ts';
import { parseDatabaseUrl, writableServerClient } from './servers.ts';
import { preparedQuery, renamedAfterStalePlan } from './statement-names.ts';

export type Pool = pg.Pool;
export type Connection = pg.PoolClient;

/**
 * Connections a station keeps open: its requests, the scheduler and the print monitor share them; four are held
 * for good (the desk's lock, the webhooks and manifests duties, and the settings listener).
 */
const POOL_SIZE = 12;
/** How long a new connection may take: a server that is down answers a request with 503 after this, not later. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a query waits for its answer before its connection is given up: a server cut off without a word (a
 * pulled cable) must not hold a request for minutes. Far above any query the station makes on behalf of a request.
 */
const QUERY_TIMEOUT_MS = 20_000;
/** Migrations and rebuilds of whole tables may take long on a large database: they wait as long as they take. */
const WHOLE_TABLE_TIMEOUT_MS = 24 * 3_600_000;

/** A statement over whole tables (a migration, a rebuild of the day summaries), exempt from the query timeout. */
export const wholeTableQuery = (text: string): pg.QueryConfig => ({ text, query_timeout: WHOLE_TABLE_TIMEOUT_MS }) as pg.QueryConfig;
/** Any number that migrations choose: one lock for every station's start on one database. */
const MIGRATION_LOCK = 8_411_001;

const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PostgresOptions {
  /** Called for a connection that fails, idle in the pool or in use: the pool replaces it, the station logs it. */
  onConnectionLost?: (error: Error) => void;
}

export async function openPostgres(
  url: string,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
  options: PostgresOptions = {},
): Promise<Pool> {
  const choice = parseDatabaseUrl(url);
  const config = {
    connectionString: choice.url,
    types,
    application_name: 'shipping-station',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    // Statements of a transaction go out without waiting for the answer of the one before (Pipeline, below).
    pipeline: true,
  } as pg.ClientConfig;
  const pool = new pg.Pool({ ...config, max: POOL_SIZE, ...(choice.readWrite ? { Client: writableServerClient(choice, config) } : {}) });
  // A connection that breaks (the server restarts, the network drops) must not take the station down with it:
  // idle ones are the pool's (its 'error' event); those in use, the desk's lock and the duties' are each connection's.
  const lost = (error: Error) => options.onConnectionLost?.(error);
  pool.on('error', lost);
  pool.on('connect', (connection) => connection.on('error', lost));
  try {
    await migrate(pool, migrations);
    return pool;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * What a transaction has sent on its connection and not yet heard the answer to. The pool's connections pipeline
 * (`pg`'s pipeline mode): a statement goes on the wire at once, behind those before it, and the server answers them
 * in order. So BEGIN goes out with the first statement, the writes nobody waits for (`Sql.send`) with the next one
 * awaited, and the transaction's end (its events, day changes, COMMIT) in one round trip. What goes out in one turn
 * of the event loop leaves in one write (the socket is corked until the turn ends).
 */
export class Pipeline {
  private pending: Promise<void>[] = [];
  private failure: Error | undefined;
  private corked = false;
  private readonly connection: Connection;

  constructor(connection: Connection) {
    this.connection = connection;
  }

  /** Sends a statement whose answer nobody awaits: its failure is kept, and thrown by the next wait. */
  send(text: string, values?: readonly unknown[]): void {
    this.coalesce();
    this.pending.push(
      this.connection.query(values === undefined || values.length === 0 ? text : preparedQuery(text, values)).then(
        () => undefined,
        (error: Error) => {
          renamedAfterStalePlan(error);
          this.failure ??= error;
        },
      ),
    );
  }

  /** Sends a statement and waits for its answer; when it fails behind a sent one that failed, that one says why. */
  async answer<T>(query: () => Promise<T>): Promise<T> {
    this.coalesce();
    try {
      return await query();
    } catch (error) {
      await Promise.all(this.pending);
      throw this.failure ?? error;
    }
  }

  /** Waits for every statement sent; throws the first that failed. */
  async settle(): Promise<void> {
    const waiting = this.pending;
    this.pending = [];
    await Promise.all(waiting);
    if (this.failure) throw this.failure;
  }

  /** After a rollback to a savepoint: what failed inside it was taken back with it. */
  async forget(): Promise<void> {
    await this.settle().catch(() => undefined);
    this.failure = undefined;
  }

  /** Holds this turn's writes to the socket, to leave together when the turn ends. */
  private coalesce(): void {
    if (this.corked) return;
    const stream = (this.connection as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection?.stream;
    if (!stream?.cork || !stream.uncork) return;
    this.corked = true;
    stream.cork();
    process.nextTick(() => {
      this.corked = false;
      stream.uncork!();
    });
  }
}

/**
 * Runs `work` in one transaction on one connection: committed when it returns, rolled back when it throws. A
 * transaction cut by a lost connection is rolled back by the server; the connection leaves the pool. When the
 * connection is lost after COMMIT was sent, whether it committed is unknown: the caller gets the fault (503), and a
 * retry finds what was stored (an idempotency key is written in the same transaction as what it made).
 */
export async function transaction<T>(
  pool: Pool,
  work: (connection: Connection, end: TransactionEnd, pipeline: Pipeline) => Promise<T>,
): Promise<T> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  const pipeline = new Pipeline(connection);
  try {
    pipeline.send('BEGIN');
    // What the transaction gathered for its end (its events, its day summaries) is written last, before COMMIT.
    const end = new TransactionEnd();
    const value = await work(connection, end, pipeline);
    await end.finish();
    // A COMMIT behind a failed statement answers ROLLBACK, not an error: the failure kept is what throws.
    pipeline.send('COMMIT');
    await pipeline.settle();
    return value;
  } catch (error) {
    await pipeline.forget();
    await connection.query('ROLLBACK').catch((failure: Error) => {
      broken = failure;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}

async function migrate(pool: Pool, migrations: readonly Migration[]): Promise<void> {
  const latest = migrations.reduce((max, migration) => Math.max(max, migration.version), 0);
  await transaction(pool, async (connection) => {
    await connection.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const found = await connection.query<{ present: string | null }>("SELECT to_regclass('schema_version')::text AS present");
    const current =
      found.rows[0]!.present === null
        ? 0
        : (await connection.query<{ version: number }>('SELECT version FROM schema_version WHERE id = 1')).rows[0]!.version;
    if (current > latest) throw new SchemaTooNewError(current, latest);
    const hasHistory = async () =>
      (await connection.query<{ present: string | null }>('SELECT to_regclass($1)::text AS present', [HISTORY_TABLE])).rows[0]!.present !==
      null;
    const applied = (await hasHistory())
      ? (await connection.query<AppliedMigration>(`SELECT version, name FROM ${HISTORY_TABLE} ORDER BY version`)).rows
      : [];
    checkHistory(applied, migrations, current);
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (migration.version <= current) continue;
      await connection.query(wholeTableQuery(migration.sql));
      await connection.query('UPDATE schema_version SET version = $1 WHERE id = 1', [migration.version]);
      if (!(await hasHistory())) continue;
      // This migration, and those from before the history (by this station's names) when it has just been made.
      for (const entry of toRecord(migrations, migration.version)) {
        await connection.query(`INSERT INTO ${HISTORY_TABLE} (version, name) VALUES ($1, $2) ON CONFLICT (version) DO NOTHING`, [
          entry.version,
          entry.name,
        ]);
      }
    }
  });
}
