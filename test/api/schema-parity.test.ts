// Both back ends migrated from empty hold one schema: the same tables, columns (by type family, nullability and
// default), unique keys, checks and indexes, as each database's own catalogue says (sqlite_master and its pragmas;
// information_schema and pg_catalog). What differs by design is listed below with its reason; anything else, such as
// a column a migration adds to one back end only, fails. Runs in the PostgreSQL run of the suite, which has both.
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src-main/store/database.ts';
import { WRITTEN_ONCE, migrationsOf, type WrittenOnce } from '../../src-main/store/migrations/index.ts';
import { openPostgres } from '../../src-main/store/postgres/database.ts';
import { POSTGRES, SQLITE } from '../../src-main/store/sql/dialect.ts';
import { postgresSchema, schemaDifferences, sqliteSchema, type SchemaShape } from '../helpers/schema-catalogue.ts';
import { tempDir, testDatabaseFor } from '../helpers/station.ts';

/** The differences the two back ends have on purpose, each with why. */
const BY_DESIGN: Record<string, string> = {
  'table reference_counter: only on SQLite':
    'SQLite draws shipment references from a counter row; PostgreSQL from the sequence shipment_reference.',
  'table schema_version: only on PostgreSQL': "PostgreSQL keeps the schema version in a table; SQLite in the file's user_version.",
  'column schema_migrations.version: SQLite integer not null default auto, PostgreSQL integer not null':
    'SQLite makes every INTEGER primary key its rowid, which it could draw; the station always gives the version, as on PostgreSQL.',
  'column addresses.folded: only on PostgreSQL':
    "PostgreSQL's address search matches text folded of case and accents (a generated column under a pg_trgm index); SQLite's FTS5 table folds itself.",
  'column addresses.folded_name: only on PostgreSQL':
    'The folded name, searched by prefix on PostgreSQL; SQLite ranges over the NOCASE name.',
  'index addresses_by_name: SQLite on addresses (client_id, sandbox, name, use_count), PostgreSQL on addresses (client_id, sandbox, folded_name, use_count)':
    'Names that start with the text: SQLite ranges over the name with NOCASE, PostgreSQL over the folded name.',
  'index addresses_by_owner: only on PostgreSQL':
    "A small address book's newest entries without a backward scan of every client's (SQLite's FTS5 search needs none).",
  'index addresses_search: only on PostgreSQL': "The trigram index of the folded text: SQLite's is the FTS5 table addresses_search.",
  'index shipments_summaries: SQLite on shipments (client_id, sandbox, ship_date, created_at, id, reference, status, scheduled, ship_from_name, ship_from_country, ship_to_name, ship_to_country, tracking_status, tracking_date, deleted_at, created_by) partial, PostgreSQL on shipments (client_id, sandbox, ship_date, created_at, id, reference, status, scheduled, ship_from_name, ship_from_country, ship_to_name, ship_to_country, tracking_status, tracking_date, created_by) partial':
    'The covering index of the shipment list: SQLite, with no INCLUDE, holds deleted_at as a key column as released; PostgreSQL INCLUDEs the summary columns.',
  'index shipments_waiting: SQLite on shipments (created_at) partial, PostgreSQL on shipments (created_at, id) partial':
    "The claim's order: SQLite's index ends in the rowid already; PostgreSQL's claims by SKIP LOCKED in (created_at, id) order across desks.",
};

const POSTGRES_URL = inject('postgresUrl');
const closing: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

/** Both back ends migrated from empty by their lists and `extra`, each once only where `only` says. */
async function schemas(extra: WrittenOnce[] = [], only?: 'sqlite' | 'postgres'): Promise<{ sqlite: SchemaShape; postgres: SchemaShape }> {
  const dir = tempDir('schema-parity-');
  const db = openDatabase(join(dir, 'station.sqlite'), migrationsOf(SQLITE, [...WRITTEN_ONCE, ...(only === 'postgres' ? [] : extra)]));
  closing.push(() => db.close());
  const pool = await openPostgres(
    (await testDatabaseFor(dir))!,
    migrationsOf(POSTGRES, [...WRITTEN_ONCE, ...(only === 'sqlite' ? [] : extra)]),
  );
  closing.push(() => pool.end());
  return { sqlite: sqliteSchema(db), postgres: await postgresSchema(pool) };
}

describe.skipIf(!POSTGRES_URL)('the schema of both back ends, migrated from empty', () => {
  it('is one schema, but for the differences listed by design', async () => {
    const { sqlite, postgres } = await schemas();
    expect(Object.keys(sqlite.tables).length).toBeGreaterThan(20);
    const differences = schemaDifferences(sqlite, postgres);
    expect(
      differences.filter((difference) => !(difference in BY_DESIGN)),
      'differences not listed by design',
    ).toEqual([]);
    expect(
      Object.keys(BY_DESIGN).filter((listed) => !differences.includes(listed)),
      'listed by design, no longer a difference',
    ).toEqual([]);
  });

  it('compares types, nullability, defaults, keys, checks and indexes: a column on one back end only fails it', async () => {
    const giftNote: WrittenOnce = {
      name: 'a gift note, on one back end only',
      sql: () => `ALTER TABLE shipments ADD COLUMN gift_note TEXT NOT NULL DEFAULT '' CHECK (length(gift_note) < 100);
        CREATE UNIQUE INDEX shipments_by_gift_note ON shipments (gift_note) WHERE gift_note <> ''`,
    };
    const differences = schemaDifferences(...(Object.values(await schemas([giftNote], 'sqlite')) as [SchemaShape, SchemaShape]));
    expect(differences.filter((difference) => !(difference in BY_DESIGN))).toEqual([
      'column shipments.gift_note: only on SQLite',
      expect.stringMatching(/^checks of shipments: SQLite .*\(gift_note\)/),
      'index shipments_by_gift_note: only on SQLite',
    ]);
    const typed: WrittenOnce = {
      name: 'a figure typed apart',
      sql: (dialect) => `ALTER TABLE shipments ADD COLUMN gift_grams ${dialect.name === 'sqlite' ? 'INTEGER' : 'text'} DEFAULT 0`,
    };
    const both = await schemas([typed]);
    expect(schemaDifferences(both.sqlite, both.postgres).filter((difference) => !(difference in BY_DESIGN))).toEqual([
      'column shipments.gift_grams: SQLite integer default 0, PostgreSQL text default 0',
    ]);
  });
});
