// Moving a station up: a stopped station's SQLite file copied whole into an empty PostgreSQL database (every
// table, the secrets, the history and the audit log), in one transaction, then checked table by table, so a
// warehouse that grows to several desks keeps everything it had. The SQLite file is only read.
import { existsSync } from 'node:fs';
import { openDatabase, type Db } from './database.ts';
import { openPostgres, transaction, type Connection, type Pool } from './postgres/database.ts';

/** The tables in the order their references need: a row's parents are copied before it. */
const TABLES = [
  'station_secrets',
  'integrations',
  'clients',
  'users',
  'orders',
  'manifests',
  'shipments',
  'shipment_documents',
  'collection_bookings',
  'tracking_events',
  'shipment_audit',
  'carrier_settings',
  'addresses',
  'print_jobs',
  'print_job_shipments',
  'station_settings',
  'audit_events',
  'idempotency_keys',
  'events',
  'webhooks',
  'webhook_deliveries',
  'upstream_bookings',
  'shipment_days',
  'destination_days',
  'person_days',
  'day_changes',
  'address_uses',
  'delivered_lanes',
] as const;

/**
 * SQLite tables with no copy of their own: the reference counter (PostgreSQL's shipment_reference sequence is set
 * from it), SQLite's own bookkeeping, the address search's full-text index (PostgreSQL indexes the addresses
 * by trigram instead), and the migration history (PostgreSQL's own records its own migrations).
 */
const NOT_COPIED = /^(reference_counter|schema_migrations|sqlite_.*|addresses_search.*)$/;

/** Rows per INSERT, and fewer for tables of documents, whose rows are whole PDFs. */
const ROWS_PER_INSERT = 500;
const DOCUMENT_ROWS_PER_INSERT = 20;

export interface MovedTable {
  table: string;
  sqliteRows: number;
  postgresRows: number;
}

export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

/** Copies the SQLite file into the empty PostgreSQL database at `url`; the row counts of both, per table. */
export async function moveToPostgres(sqliteFile: string, url: string): Promise<MovedTable[]> {
  if (!existsSync(sqliteFile)) throw new MoveError(`${sqliteFile} does not exist: there is no station to move.`);
  // Opening brings an older station's file up to this version's schema first, as a start would.
  const db = openDatabase(sqliteFile);
  let pool: Pool | undefined;
  try {
    // A table this list does not know would be left behind: refuse rather than move a station without it.
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const unknown = tables.filter((table) => !NOT_COPIED.test(table) && !(TABLES as readonly string[]).includes(table));
    if (unknown.length > 0)
      throw new MoveError(`This version does not know how to move the table(s) ${unknown.join(', ')}: nothing was copied.`);
    pool = await openPostgres(url);
    await transaction(pool, async (connection) => {
      await refuseUnlessEmpty(connection, url);
      for (const table of TABLES) await copyTable(db, connection, table);
      const next = db.prepare<[], number>('SELECT next_value FROM reference_counter WHERE id = 1').pluck().get() as number;
      await connection.query("SELECT setval('shipment_reference', $1, false)", [next]);
      await continueIdentities(connection);
    });
    const moved: MovedTable[] = [];
    for (const table of TABLES) {
      const sqliteRows = db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() as number;
      const postgresRows = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
      moved.push({ table, sqliteRows, postgresRows });
    }
    const short = moved.filter((entry) => entry.sqliteRows !== entry.postgresRows);
    if (short.length > 0) {
      throw new MoveError(
        `The copy does not match: ${short.map((entry) => `${entry.table} ${entry.sqliteRows} rows in SQLite, ${entry.postgresRows} in PostgreSQL`).join('; ')}.`,
      );
    }
    return moved;
  } finally {
    db.close();
    await pool?.end();
  }
}

async function refuseUnlessEmpty(connection: Connection, url: string): Promise<void> {
  for (const table of ['station_secrets', 'clients', 'shipments', 'integrations']) {
    const rows = (await connection.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    if (rows > 0) {
      throw new MoveError(
        `The PostgreSQL database ${redacted(url)} already holds a station (${table} has ${rows} rows): migrate copies into an empty database only.`,
      );
    }
  }
}

async function copyTable(db: Db, connection: Connection, table: string): Promise<void> {
  const columns = db
    .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`)
    .all()
    .map((column) => column.name);
  const known = new Set(
    (
      await connection.query<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      )
    ).rows.map((row) => row.column_name),
  );
  const missing = columns.filter((column) => !known.has(column));
  if (missing.length > 0) throw new MoveError(`PostgreSQL's ${table} has no column ${missing.join(', ')}: the two schemas differ.`);
  const perInsert = table === 'shipment_documents' ? DOCUMENT_ROWS_PER_INSERT : ROWS_PER_INSERT;
  const list = columns.join(', ');
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map((_row, index) => `(${columns.map((_column, at) => `$${index * columns.length + at + 1}`).join(', ')})`);
    await connection.query(`INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE VALUES ${values.join(', ')}`, batch.flat());
    batch = [];
  };
  // Rows are read one at a time: a station with years of labels does not have to fit in memory.
  for (const row of db.prepare(`SELECT ${list} FROM ${table} ORDER BY rowid`).raw().iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    if (batch.length === perInsert) await flush();
  }
  await flush();
}

/** Identity columns go on after the highest id copied, so the next client or event gets a new one. */
async function continueIdentities(connection: Connection): Promise<void> {
  const identities = await connection.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    await connection.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT max(${column}) FROM ${table}), 1), (SELECT max(${column}) FROM ${table}) IS NOT NULL)`,
      [table, column],
    );
  }
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'given';
  }
}
