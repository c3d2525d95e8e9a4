// Opens the station's SQLite file the way the station relies on: WAL, foreign keys,
// a busy timeout, full fsync, and the numbered migrations applied in one transaction.
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.ts';

export type Db = Database.Database;

export class SchemaTooNewError extends Error {
  constructor(found: number, supported: number) {
    super(
      `The database has schema version ${found}, but this station only knows up to version ${supported}. ` +
        'It was written by a newer Shipping Station: run that version, or restore a backup.',
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Pages a connection keeps: the station's reads want the upper levels of every index in memory. */
export const READ_CACHE_KB = 16_000;

export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS, cacheKb = READ_CACHE_KB): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // By default 16 MB of pages: the upper levels of the indexes at a million shipments stay in memory.
    db.pragma(`cache_size = -${cacheKb}`);
    // Every acknowledged write must survive a power cut, not only a crash.
    db.pragma('synchronous = FULL');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Rows an import writes in one transaction: few commits (each may checkpoint the WAL), and nothing held long. */
export const IMPORT_CHUNK = 100_000;

/** An import touches index pages all over: a large page cache for its duration makes it several times faster. */
export function withImportCache<T>(db: Db, work: () => T): T {
  const usual = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  try {
    return work();
  } finally {
    db.pragma(`cache_size = ${usual}`);
  }
}

/** Runs `write` on every item, a transaction per IMPORT_CHUNK items; returns how many it wrote. */
export function importInChunks<T>(db: Db, items: Iterable<T>, write: (item: T) => void): number {
  const chunk = db.transaction((iterator: Iterator<T>): number => {
    for (let count = 0; count < IMPORT_CHUNK; count++) {
      const next = iterator.next();
      if (next.done) return count;
      write(next.value);
    }
    return IMPORT_CHUNK;
  });
  return withImportCache(db, () => {
    const iterator = items[Symbol.iterator]();
    let total = 0;
    let count: number;
    do {
      count = chunk(iterator);
      total += count;
    } while (count === IMPORT_CHUNK);
    return total;
  });
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function migrate(db: Db, migrations: readonly Migration[]): void {
  const latest = migrations.reduce((max, migration) => Math.max(max, migration.version), 0);
  const apply = db.transaction(() => {
    const current = schemaVersion(db);
    if (current > latest) throw new SchemaTooNewError(current, latest);
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
  });
  // IMMEDIATE takes the write lock first, so two processes opening one file cannot both migrate.
  apply.immediate();
}
