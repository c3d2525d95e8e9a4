// A migration written once becomes the next version of the back end of this run: a new column added by one file is
// there on SQLite and on PostgreSQL alike, after the released migrations, and a table module reads it with one
// statement for both. The released lists stay numbered without a gap.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/database.ts';
import { MIGRATIONS, POSTGRES_MIGRATIONS, WRITTEN_ONCE, migrationsOf, type WrittenOnce } from '../../src-main/store/migrations/index.ts';
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
    expect(POSTGRES_MIGRATIONS.map((migration) => migration.version)).toEqual(Array.from({ length: POSTGRES_MIGRATIONS.length }, (_, index) => index + 1));
    expect(migrationsOf(SQLITE, [...WRITTEN_ONCE, GIFT_NOTE]).at(-1)).toMatchObject({ version: MIGRATIONS.length + 1, name: GIFT_NOTE.name });
    expect(migrationsOf(POSTGRES, [...WRITTEN_ONCE, GIFT_NOTE]).at(-1)).toMatchObject({ version: POSTGRES_MIGRATIONS.length + 1, name: GIFT_NOTE.name });
  });

  it('adds its column on this back end, read and written by one statement for both', async () => {
    const { sql, version } = await migrated();
    const found = await sql.one<{ version: number }>(sql.dialect.name === 'sqlite' ? 'SELECT user_version AS version FROM pragma_user_version' : 'SELECT version FROM schema_version');
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
    const row = await sql.one<{ gift_note: string; gift_card: Uint8Array }>('SELECT gift_note, gift_card FROM shipments WHERE id = $1', ['shp_gift']);
    expect(row?.gift_note).toBe('Happy birthday');
    expect([...row!.gift_card]).toEqual([1, 2, 3]);
  });
});
