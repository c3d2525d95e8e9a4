// The tables of one SQLite connection, made on its executor: what the station's store and its writer thread each
// open. The table groups themselves are written once for both back ends (groups.ts).
import { openDatabase, type Db } from './database.ts';
import { groupTables } from './groups.ts';
import type { Migration } from './migrations/index.ts';
import { sqliteSql } from './sql/sqlite.ts';
import type { TableContext } from './table-group.ts';

export function openTables(file: string, now: () => string, migrations?: readonly Migration[], cacheKb?: number) {
  const db: Db = openDatabase(file, migrations, cacheKb);
  const sql = sqliteSql(db);
  // One station at a time works on a SQLite file: a claim it finds was left by a run that ended, at once.
  const context: TableContext = { now, claimLeaseMs: 0 };
  return { db, sql, context, ...groupTables(sql, context) };
}
