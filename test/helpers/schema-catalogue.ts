// Each database's schema as its own catalogue says it (SQLite's sqlite_master and pragmas, PostgreSQL's
// information_schema and pg_catalog), in one shape: tables, their columns with a type family, nullability and
// default, their unique keys, their checks (by the columns they name), and the indexes made by name.
import type { Db } from '../../src-main/store/database.ts';
import type { Pool } from '../../src-main/store/postgres/database.ts';

export interface ColumnShape {
  /** integer, real, text, binary: what both back ends store alike. */
  family: string;
  notNull: boolean;
  /** The default, with PostgreSQL's casts taken off ('auto' for an id the database draws); null for none. */
  default: string | null;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** The primary key and every unique constraint, as their columns (joined by ','), sorted. */
  uniqueKeys: string[];
  /** Each check, as the columns it names (joined by ','), sorted. */
  checks: string[];
}

export interface IndexShape {
  table: string;
  unique: boolean;
  /** The columns it holds (its keys, then what it INCLUDEs), an expression as 'expression'. */
  columns: string[];
  partial: boolean;
}

export interface SchemaShape {
  tables: Record<string, TableShape>;
  indexes: Record<string, IndexShape>;
}

function family(type: string): string {
  const t = type.toLowerCase();
  if (/int/.test(t)) return 'integer';
  if (/real|double|numeric|float/.test(t)) return 'real';
  if (/text|char|json/.test(t)) return 'text';
  if (/blob|bytea/.test(t)) return 'binary';
  return `other: ${t}`;
}

/** The text of each balanced `CHECK (…)` in a statement. */
function checkBodies(sql: string): string[] {
  const bodies: string[] = [];
  const pattern = /\bCHECK\s*\(/gi;
  for (let match = pattern.exec(sql); match; match = pattern.exec(sql)) {
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    while (depth > 0 && at < sql.length) {
      if (sql[at] === '(') depth++;
      else if (sql[at] === ')') depth--;
      at++;
    }
    bodies.push(sql.slice(start, at - 1));
  }
  return bodies;
}

const namedIn = (body: string, columns: string[]) =>
  columns
    .filter((column) => new RegExp(`\\b${column}\\b`).test(body))
    .sort()
    .join(',');

export function sqliteSchema(db: Db): SchemaShape {
  const tables: Record<string, TableShape> = {};
  const indexes: Record<string, IndexShape> = {};
  const rows = db
    .prepare(
      `SELECT m.name, m.sql FROM sqlite_master m JOIN pragma_table_list t ON t.name = m.name AND t.schema = 'main'
       WHERE m.type = 'table' AND t.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name`,
    )
    .all() as { name: string; sql: string }[];
  for (const { name, sql } of rows) {
    const info = db.prepare('SELECT name, type, "notnull" AS not_null, dflt_value, pk FROM pragma_table_xinfo(?)').all(name) as {
      name: string;
      type: string;
      not_null: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const integerKey =
      info.filter((column) => column.pk > 0).length === 1 && info.some((column) => column.pk === 1 && /^integer$/i.test(column.type));
    const columns: Record<string, ColumnShape> = {};
    for (const column of info) {
      const auto = integerKey && column.pk === 1;
      columns[column.name] = {
        family: family(column.type),
        notNull: column.not_null === 1 || column.pk > 0,
        default: auto ? 'auto' : column.dflt_value,
      };
    }
    const uniqueKeys: string[] = [];
    const pk = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    if (pk.length) uniqueKeys.push(pk.join(','));
    for (const index of db.prepare('SELECT name, "unique" AS is_unique, origin, partial FROM pragma_index_list(?)').all(name) as {
      name: string;
      is_unique: number;
      origin: string;
      partial: number;
    }[]) {
      const keyColumns = (
        db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all(index.name) as { name: string | null }[]
      ).map((column) => column.name ?? 'expression');
      if (index.origin === 'u') uniqueKeys.push(keyColumns.join(','));
      if (index.origin === 'c')
        indexes[index.name] = { table: name, unique: index.is_unique === 1, columns: keyColumns, partial: index.partial === 1 };
    }
    const names = Object.keys(columns);
    tables[name] = {
      columns,
      uniqueKeys: uniqueKeys.sort(),
      checks: checkBodies(sql)
        .map((body) => namedIn(body, names))
        .sort(),
    };
  }
  return { tables, indexes };
}

export async function postgresSchema(pool: Pool): Promise<SchemaShape> {
  const tables: Record<string, TableShape> = {};
  const indexes: Record<string, IndexShape> = {};
  const columns = await pool.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  for (const column of columns.rows) {
    const table = (tables[column.table_name] ??= { columns: {}, uniqueKeys: [], checks: [] });
    const drawn = column.is_identity === 'YES' || /^nextval\(/.test(column.column_default ?? '');
    table.columns[column.column_name] = {
      family: family(column.data_type),
      notNull: column.is_nullable === 'NO',
      default: drawn
        ? 'auto'
        : column.column_default === null
          ? null
          : column.column_default.replace(/::[a-z ]+$/i, '').replace(/^\((.*)\)$/, '$1'),
    };
  }
  const constraints = await pool.query<{ table_name: string; contype: string; columns: string[] }>(
    `SELECT c.conrelid::regclass::text AS table_name, c.contype,
       array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'c')`,
  );
  for (const constraint of constraints.rows) {
    const table = tables[constraint.table_name];
    if (!table) continue;
    if (constraint.contype === 'c') table.checks.push([...constraint.columns].sort().join(','));
    else table.uniqueKeys.push(constraint.columns.join(','));
  }
  for (const table of Object.values(tables)) {
    table.uniqueKeys.sort();
    table.checks.sort();
  }
  const found = await pool.query<{ name: string; table_name: string; unique: boolean; columns: (string | null)[]; partial: boolean }>(
    `SELECT i.relname AS name, t.relname AS table_name, x.indisunique AS unique, x.indpred IS NOT NULL AS partial,
       array(SELECT a.attname FROM unnest(x.indkey[0:x.indnatts - 1]) WITH ORDINALITY AS k(attnum, n)
             LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum AND k.attnum > 0 ORDER BY k.n)::text[] AS columns
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
  );
  for (const index of found.rows) {
    indexes[index.name] = {
      table: index.table_name,
      unique: index.unique,
      columns: index.columns.map((column) => column ?? 'expression'),
      partial: index.partial,
    };
  }
  return { tables, indexes };
}

const listed = (columns: string[]) => `(${columns.join(', ')})`;
const describeIndex = (index: IndexShape) =>
  `${index.unique ? 'unique ' : ''}on ${index.table} ${listed(index.columns)}${index.partial ? ' partial' : ''}`;
const describeColumn = (column: ColumnShape) =>
  `${column.family}${column.notNull ? ' not null' : ''}${column.default === null ? '' : ` default ${column.default}`}`;

/** Every way two schemas differ, one line each, in an order that does not change between runs. */
export function schemaDifferences(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const differences: string[] = [];
  const names = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const table of names(sqlite.tables, postgres.tables)) {
    const [a, b] = [sqlite.tables[table], postgres.tables[table]];
    if (!a || !b) {
      differences.push(`table ${table}: only on ${a ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    for (const column of names(a.columns, b.columns)) {
      const [x, y] = [a.columns[column], b.columns[column]];
      if (!x || !y) differences.push(`column ${table}.${column}: only on ${x ? 'SQLite' : 'PostgreSQL'}`);
      else if (describeColumn(x) !== describeColumn(y))
        differences.push(`column ${table}.${column}: SQLite ${describeColumn(x)}, PostgreSQL ${describeColumn(y)}`);
    }
    if (a.uniqueKeys.join(' ') !== b.uniqueKeys.join(' ')) {
      differences.push(
        `unique keys of ${table}: SQLite ${a.uniqueKeys.map((key) => `(${key})`).join(' ')}, PostgreSQL ${b.uniqueKeys.map((key) => `(${key})`).join(' ')}`,
      );
    }
    if (a.checks.join(' ') !== b.checks.join(' ')) {
      differences.push(
        `checks of ${table}: SQLite ${a.checks.map((key) => `(${key})`).join(' ')}, PostgreSQL ${b.checks.map((key) => `(${key})`).join(' ')}`,
      );
    }
  }
  for (const index of names(sqlite.indexes, postgres.indexes)) {
    const [x, y] = [sqlite.indexes[index], postgres.indexes[index]];
    if (!x || !y) differences.push(`index ${index}: only on ${x ? 'SQLite' : 'PostgreSQL'}`);
    else if (describeIndex(x) !== describeIndex(y))
      differences.push(`index ${index}: SQLite ${describeIndex(x)}, PostgreSQL ${describeIndex(y)}`);
  }
  return differences;
}
