// A migration written once becomes the next version of the back end of this run: a new column added by one file is
// there on SQLite and on PostgreSQL alike, after the released migrations, and a table module reads it with one
// statement for both. The released lists stay numbered without a gap. Every migration is recorded by version and
// name, and a database whose history is not the start of the station's list (another build's) is refused at start.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/database.ts';
import {
  MIGRATIONS,
  POSTGRES_MIGRATIONS,
  WRITTEN_ONCE,
  migrationsOf,
  type Migration,
  type WrittenOnce,
} from '../../src-main/store/migrations/index.ts';
import { openPostgres } from '../../src-main/store/postgres/database.ts';
import { sqliteSql } from '../../src-main/store/sql/sqlite.ts';
import { postgresSql } from '../../src-main/store/sql/postgres.ts';
import { POSTGRES, SQLITE } from '../../src-main/store/sql/dialect.ts';
import type { Sql } from '../../src-main/store/sql/executor.ts';
import { tempDir, testDatabaseFor } from '../helpers/station.ts';

/** What a newcomer's first migration looks like: one file, both back ends. */
const GIFT_NOTE: WrittenOnce = {
  name: 'a gift note on shipments',
  sql: (dialect) => `
    ALTER TABLE shipments ADD COLUMN gift_note TEXT;
    ALTER TABLE shipments ADD COLUMN gift_card ${dialect.binaryType};
    CREATE INDEX shipments_with_gift_note ON shipments (client_id) WHERE gift_note IS NOT NULL;`,
};

const closing: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

/** The database of `dataDir` on this run's back end, migrated by the station's list and `extra`, and its executor. */
async function opened(dataDir: string, extra: WrittenOnce[]): Promise<{ sql: Sql; migrations: Migration[] }> {
  const url = await testDatabaseFor(dataDir);
  if (url) {
    const migrations = migrationsOf(POSTGRES, [...WRITTEN_ONCE, ...extra]);
    const pool = await openPostgres(url, migrations);
    closing.push(() => pool.end());
    return { sql: postgresSql(pool), migrations };
  }
  const migrations = migrationsOf(SQLITE, [...WRITTEN_ONCE, ...extra]);
  const db = openDatabase(join(dataDir, 'station.sqlite'), migrations);
  closing.push(() => db.close());
  return { sql: sqliteSql(db), migrations };
}

/** A fresh database of this run's back end with the released migrations and `GIFT_NOTE`, and its executor. */
async function migrated(): Promise<{ sql: Sql; version: number }> {
  const dataDir = tempDir('written-once-');
  const url = await testDatabaseFor(dataDir);
  if (url) {
    const migrations = migrationsOf(POSTGRES, [...WRITTEN_ONCE, GIFT_NOTE]);
    const pool = await openPostgres(url, migrations);
    closing.push(() => pool.end());
    return { sql: postgresSql(pool), version: migrations.at(-1)!.version };
  }
  const migrations = migrationsOf(SQLITE, [...WRITTEN_ONCE, GIFT_NOTE]);
  const db = openDatabase(join(dataDir, 'station.sqlite'), migrations);
  closing.push(() => db.close());
  return { sql: sqliteSql(db), version: migrations.at(-1)!.version };
}

describe('a migration written once', () => {
  it('follows the released ones of each back end, numbered without a gap', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(Array.from({ length: MIGRATIONS.length }, (_, index) => index + 1));
    expect(POSTGRES_MIGRATIONS.map((migration) => migration.version)).toEqual(
      Array.from({ length: POSTGRES_MIGRATIONS.length }, (_, index) => index + 1),
    );
    expect(migrationsOf(SQLITE, [...WRITTEN_ONCE, GIFT_NOTE]).at(-1)).toMatchObject({
      version: MIGRATIONS.length + 1,
      name: GIFT_NOTE.name,
    });
    expect(migrationsOf(POSTGRES, [...WRITTEN_ONCE, GIFT_NOTE]).at(-1)).toMatchObject({
      version: POSTGRES_MIGRATIONS.length + 1,
      name: GIFT_NOTE.name,
    });
  });

  it('adds its column on this back end, read and written by one statement for both', async () => {
    const { sql, version } = await migrated();
    const found = await sql.one<{ version: number }>(
      sql.dialect.name === 'sqlite' ? 'SELECT user_version AS version FROM pragma_user_version' : 'SELECT version FROM schema_version',
    );
    expect(Number(found?.version)).toBe(version);
    await sql.run(
      `INSERT INTO clients (username, credential, client_key, role, name, created_at, updated_at) VALUES ('gift', $1, 'key', 'admin', 'Gift shop', 'now', 'now')`,
      [Buffer.from('x')],
    );
    const client = (await sql.one<{ id: number }>("SELECT id FROM clients WHERE username = 'gift'"))!.id;
    await sql.run(
      `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, ship_date, attributes, ship_from_name, ship_from_country, ship_to_name, ship_to_country,
         created_at, gift_note, gift_card)
       VALUES ('shp_gift', $1, 0, 'create', 0, 0, 'day', '{}', 'a', 'IT', 'b', 'DE', 'now', $2, $3)`,
      [client, 'Happy birthday', Buffer.from([1, 2, 3])],
    );
    const row = await sql.one<{ gift_note: string; gift_card: Uint8Array }>('SELECT gift_note, gift_card FROM shipments WHERE id = $1', [
      'shp_gift',
    ]);
    expect(row?.gift_note).toBe('Happy birthday');
    expect([...row!.gift_card]).toEqual([1, 2, 3]);
  });
});

describe('the migration history', () => {
  const history = (sql: Sql) => sql.all<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');

  it('records every migration by its name beside its version, those from before the history included', async () => {
    const { sql, migrations } = await opened(tempDir('history-'), [GIFT_NOTE]);
    expect((await history(sql)).map((entry) => ({ version: Number(entry.version), name: entry.name }))).toEqual(
      migrations.map(({ version, name }) => ({ version, name })),
    );
  });

  it('refuses at start a database whose history is not the start of the station’s list: another build migrated it', async () => {
    const dataDir = tempDir('history-');
    const { migrations } = await opened(dataDir, [GIFT_NOTE]);
    const other: WrittenOnce = { name: 'a dispatch note on shipments', sql: () => 'ALTER TABLE shipments ADD COLUMN dispatch_note TEXT' };
    const version = migrations.at(-1)!.version;
    await expect(opened(dataDir, [other])).rejects.toThrow(
      `The database's migration history is not this station's: its migration ${version} is "${GIFT_NOTE.name}", this station's is "${other.name}". ` +
        'It was migrated by another build of Shipping Station, and migrating it further could damage it',
    );
    // The same build opens it as before, and one with a migration more moves it forward.
    const later: WrittenOnce = { name: 'a gift wrap', sql: () => 'ALTER TABLE shipments ADD COLUMN gift_wrap INTEGER' };
    const { sql } = await opened(dataDir, [GIFT_NOTE, later]);
    expect((await history(sql)).at(-1)).toMatchObject({ name: later.name });
  });

  it('refuses a history with a renamed released migration, or one that stops short of the schema version', async () => {
    const dataDir = tempDir('history-');
    const { sql, migrations } = await opened(dataDir, []);
    await sql.run('UPDATE schema_migrations SET name = $1 WHERE version = 2', ['shipments, as another build made them']);
    await expect(opened(dataDir, [])).rejects.toThrow(
      `its migration 2 is "shipments, as another build made them", this station's is "${migrations[1]!.name}"`,
    );
    await sql.run('UPDATE schema_migrations SET name = $1 WHERE version = 2', [migrations[1]!.name]);
    await sql.run('DELETE FROM schema_migrations WHERE version = $1', [migrations.at(-1)!.version]);
    await expect(opened(dataDir, [])).rejects.toThrow(
      `it records ${migrations.length - 1} migrations, but its schema version is ${migrations.length}`,
    );
  });
});

/** The database of `dataDir` migrated by `writtenOnce`, with a way to close it before it is opened again. */
async function openedBy(dataDir: string, writtenOnce: readonly WrittenOnce[]): Promise<{ sql: Sql; close: () => Promise<void> }> {
  const url = await testDatabaseFor(dataDir);
  if (url) {
    const pool = await openPostgres(url, migrationsOf(POSTGRES, writtenOnce));
    return { sql: postgresSql(pool), close: () => pool.end() };
  }
  const db = openDatabase(join(dataDir, 'station.sqlite'), migrationsOf(SQLITE, writtenOnce));
  return { sql: sqliteSql(db), close: async () => void db.close() };
}

/** The written-once migrations up to the one named, without it (before) and with it (upTo). */
function around(name: string): { before: readonly WrittenOnce[]; upTo: readonly WrittenOnce[] } {
  const at = WRITTEN_ONCE.findIndex((migration) => migration.name === name);
  if (at < 0) throw new Error(`no migration written once is named "${name}"`);
  return { before: WRITTEN_ONCE.slice(0, at), upTo: WRITTEN_ONCE.slice(0, at + 1) };
}

const schemaVersion = async (sql: Sql) =>
  Number(
    (
      await sql.one<{ version: number }>(
        sql.dialect.name === 'sqlite' ? 'SELECT user_version AS version FROM pragma_user_version' : 'SELECT version FROM schema_version',
      )
    )?.version,
  );

describe('print jobs in EPL2 and PNG (migration 22)', () => {
  const { before: BEFORE, upTo: UP_TO } = around('print jobs in EPL2 and PNG');

  const job = (id: string, format: string, extra: { batch?: string; failure?: string; status?: string } = {}) =>
    [id, format, extra.status ?? 'done', extra.batch ?? null, extra.failure ?? null] as const;
  const insertJob = (sql: Sql, client: number, [id, format, status, batch, failure]: ReturnType<typeof job>) =>
    sql.run(
      `INSERT INTO print_jobs (id, shipment_id, client_id, printer, format, dpi, copies, status, reason, backend_job_id, created_at, updated_at,
         desk, batch, documents, failure)
       VALUES ($1, 'shp_printed', $2, 'Zebra-GK420', $3, 203, 1, $4, NULL, 'Zebra-GK420-7', 'then', 'then',
         'desk-1', $5, 'labels', $6)`,
      [id, client, format, status, batch, failure],
    );

  it('follows the migration history', () => {
    expect(BEFORE.at(-1)?.name).toBe('migration history');
  });

  it('moves a database with print jobs forward, keeping every job, bulk list, column and index, and takes EPL2 and PNG after', async () => {
    const dataDir = tempDir('print-formats-');
    const before = await openedBy(dataDir, BEFORE);
    const { sql } = before;
    await sql.run(
      `INSERT INTO clients (username, credential, client_key, role, name, created_at, updated_at) VALUES ('printer', $1, 'key', 'admin', 'Printing shop', 'now', 'now')`,
      [Buffer.from('x')],
    );
    const client = Number((await sql.one<{ id: number }>("SELECT id FROM clients WHERE username = 'printer'"))!.id);
    await sql.run(
      `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, ship_date, attributes, ship_from_name, ship_from_country, ship_to_name, ship_to_country, created_at)
       VALUES ('shp_printed', $1, 0, 'create', 3, 0, 'day', '{}', 'a', 'IT', 'b', 'DE', 'now')`,
      [client],
    );
    await insertJob(sql, client, job('JOB-PDF', 'pdf'));
    await insertJob(sql, client, job('JOB-ZPL', 'zpl', { status: 'failed', failure: '{"code":"timedOut","seconds":60}' }));
    await insertJob(sql, client, job('JOB-BULK', 'zpl', { status: 'queued', batch: '{"shipmentIds":["shp_printed"],"layout":"4x6"}' }));
    await sql.run("INSERT INTO print_job_shipments (print_job_id, position, shipment_id) VALUES ('JOB-BULK', 0, 'shp_printed')");
    // Before it, a job's format is PDF or ZPL only.
    await expect(insertJob(sql, client, job('JOB-EPL2-EARLY', 'epl2'))).rejects.toThrow(/check/i);
    const jobsBefore = await sql.all('SELECT * FROM print_jobs ORDER BY id');
    await before.close();

    const after = await openedBy(dataDir, UP_TO);
    closing.push(after.close);
    const moved = after.sql;
    expect(await schemaVersion(moved)).toBe(migrationsOf(moved.dialect, UP_TO).length);
    expect(await moved.all('SELECT * FROM print_jobs ORDER BY id')).toEqual(jobsBefore);
    expect(await moved.all('SELECT print_job_id, position, shipment_id FROM print_job_shipments')).toEqual([
      { print_job_id: 'JOB-BULK', position: 0, shipment_id: 'shp_printed' },
    ]);
    await insertJob(moved, client, job('JOB-EPL2', 'epl2'));
    await insertJob(moved, client, job('JOB-PNG', 'png', { status: 'queued' }));
    expect(await moved.all("SELECT id, format FROM print_jobs WHERE format IN ('epl2', 'png') ORDER BY id")).toEqual([
      { id: 'JOB-EPL2', format: 'epl2' },
      { id: 'JOB-PNG', format: 'png' },
    ]);
    await expect(insertJob(moved, client, job('JOB-BMP', 'bmp'))).rejects.toThrow(/check/i);
    // The bulk list still names its job: a row naming no job is refused, on both back ends.
    await expect(
      moved.run("INSERT INTO print_job_shipments (print_job_id, position, shipment_id) VALUES ('NO-SUCH-JOB', 0, 'shp_printed')"),
    ).rejects.toThrow(/foreign key/i);
    // The open jobs' index and the lookups by shipment are there, as before.
    const indexes =
      moved.dialect.name === 'sqlite'
        ? await moved.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'print_job%' ORDER BY name")
        : await moved.all<{ name: string }>(
            "SELECT indexname AS name FROM pg_indexes WHERE tablename LIKE 'print_job%' AND indexname NOT LIKE '%pkey' ORDER BY indexname",
          );
    expect(indexes.map((index) => index.name).filter((name) => !name.startsWith('sqlite_autoindex'))).toEqual([
      'print_job_shipments_by_shipment',
      'print_jobs_by_shipment',
      'print_jobs_open',
    ]);
    const open = await moved.all<{ id: string }>(
      "SELECT id FROM print_jobs WHERE desk = 'desk-1' AND status IN ('queued', 'printing') ORDER BY created_at, id",
    );
    expect(open.map((row) => row.id)).toEqual(['JOB-BULK', 'JOB-PNG']);
  });
});

describe('sites (migration 23)', () => {
  const { before: BEFORE, upTo: UP_TO } = around(
    'sites: each shipment, manifest and day summary names its site in the account (1, the main site, for all before)',
  );

  it('follows print jobs in EPL2 and PNG', () => {
    expect(BEFORE.at(-1)?.name).toBe('print jobs in EPL2 and PNG');
    expect(UP_TO.at(-1)).toBe(WRITTEN_ONCE[BEFORE.length]);
  });

  it('makes every shipment, manifest and summary row the main site’s, and keeps one closed manifest and summary row per site after', async () => {
    const dataDir = tempDir('sites-');
    const before = await openedBy(dataDir, BEFORE);
    const { sql } = before;
    await sql.run(
      `INSERT INTO clients (username, credential, client_key, role, name, created_at, updated_at) VALUES ('sites', $1, 'key', 'admin', 'Two sites', 'now', 'now')`,
      [Buffer.from('x')],
    );
    const client = Number((await sql.one<{ id: number }>("SELECT id FROM clients WHERE username = 'sites'"))!.id);
    await sql.run(
      `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, ship_date, attributes, ship_from_name, ship_from_country, ship_to_name, ship_to_country, created_at, carrier_code)
       VALUES ('shp_site', $1, 0, 'create', 3, 0, 'day', '{}', 'a', 'IT', 'b', 'DE', 'now', 'UPS')`,
      [client],
    );
    const closeDay = (on: Sql, number: string, site?: number) =>
      on.run(
        `INSERT INTO manifests (number, client_id, sandbox, carrier_code, ship_date, status, totals, document, closed_by, created_at${site ? ', site' : ''})
         VALUES ($1, $2, 0, 'UPS', 'day', 'closed', '{}', $3, 'rossi', 'now'${site ? `, ${site}` : ''})`,
        [number, client, Buffer.from('%PDF')],
      );
    await closeDay(sql, 'UPS-1');
    const day = (site?: number) =>
      `INSERT INTO shipment_days (client_id, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents${site ? ', site' : ''})
       VALUES (${client}, 0, 'day', 'UPS', 1, 1, 1000, 990${site ? `, ${site}` : ''})`;
    await sql.run(day());
    await sql.run(`INSERT INTO destination_days (client_id, sandbox, ship_date, country, shipments) VALUES (${client}, 0, 'day', 'DE', 1)`);
    await sql.run(
      `INSERT INTO person_days (client_id, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents)
       VALUES (${client}, 0, 'day', 'anna', 'UPS', 'day-09', 1, 1, 1000, 990)`,
    );
    await before.close();

    const after = await openedBy(dataDir, UP_TO);
    closing.push(after.close);
    const moved = after.sql;
    expect(await schemaVersion(moved)).toBe(migrationsOf(moved.dialect, UP_TO).length);
    for (const table of ['shipments', 'manifests', 'shipment_days', 'destination_days', 'person_days'])
      expect(await moved.all(`SELECT ${moved.dialect.integer('site')} AS site FROM ${table}`), table).toEqual([{ site: 1 }]);
    expect(await moved.one('SELECT shipments, weight_g, cost_cents FROM shipment_days')).toEqual({
      shipments: 1,
      weight_g: 1000,
      cost_cents: 990,
    });
    // The same day closed at another site is a manifest of its own; a second close of one site's day is refused.
    await closeDay(moved, 'UPS-S2-1', 2);
    await expect(closeDay(moved, 'UPS-2', 1)).rejects.toThrow(/unique|constraint/i);
    // The summaries keep a row per site of the same day and carrier.
    await moved.run(day(2));
    await expect(moved.run(day(1))).rejects.toThrow(/unique|constraint|duplicate/i);
  });
});
