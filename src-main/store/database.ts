// Opens the station's SQLite file the way the station relies on: WAL, foreign keys, a busy timeout, full fsync,
// and the numbered migrations applied in one transaction. A new file is made whole before it takes its name;
// an existing one that is empty, damaged or unreachable is refused, never replaced.
import { existsSync, linkSync, rmSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { fsyncPath } from './fsync.ts';
import { keepWritable, runningUser, shellQuoted } from './own-files.ts';
import { checkHistory, HISTORY_TABLE, toRecord, type AppliedMigration } from './migrations/history.ts';
import { MIGRATIONS, type Migration } from './migrations/index.ts';

export type Db = Database.Database;

/** The station's database, in its data folder. */
export const DATABASE_FILE = 'station.sqlite';

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

/**
 * How much of the file the API thread's connection reads through a memory map (SQLite's `mmap_size`; this build's
 * ceiling is 2 GB, about 1.2 million shipments). A page read from the map is a memory read: no `pread` system call
 * and no copy into SQLite's page cache, two of each for a shipment by id (its id's index, then its row). The mapped
 * pages are the kernel's page cache, shared and dropped under memory pressure; they count in the process's RSS as
 * file pages (`RssFile`), not as memory of its own. Only reads go through the map: writes, checkpoints and the
 * writer thread's connection keep SQLite's own file I/O. What a map changes: a disk that fails under a mapped read
 * ends the process with the kernel's SIGBUS instead of an I/O error, so the store lets go of the map at the first
 * sign of a failing disk (an I/O error, or the filesystem turned read-only: store/index.ts).
 */
export const READ_MAP_BYTES = 2 ** 31 - 2 ** 16;

/** A database file the station will not open, with what to do about it. */
export class DatabaseUnusableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnusableError';
  }
}

/**
 * SQLite could open the database only to read it: its files, or its folder, are not writable for the user who runs
 * the station. SQLite says nothing when it opens a file read-only; the station does (assertWritable), and a waiting
 * station (station/waiting.ts) tries again until it can write it.
 */
export class DatabaseReadOnlyError extends DatabaseUnusableError {
  constructor(file: string, code: string) {
    const user = runningUser();
    const paths = [dirname(file), ...[file, `${file}-wal`, `${file}-shm`].filter((path) => existsSync(path))].map(shellQuoted);
    super(
      `The station can open its database ${file} only to read it (${code}): the file, its -wal and -shm, or their ` +
        `folder are not writable for ${user}, who runs the station. Make them writable: chmod u+w ${paths.join(' ')}, ` +
        `or, when another user owns them, chown -R ${user} ${shellQuoted(dirname(file))}.`,
    );
    this.name = 'DatabaseReadOnlyError';
  }
}

/** The station's own database files, made writable for their owner again before SQLite opens them (own-files.ts). */
function keepFilesWritable(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) keepWritable(path);
}

/**
 * Refuses a connection SQLite opened read-only (DatabaseReadOnlyError). A write that changes nothing proves the
 * connection can write: on a read-only one it fails at once, before any lock; one that finds another program
 * writing has a writable file, and does not wait for it.
 */
export function assertWritable(db: Db, file: string): void {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    db.prepare('DELETE FROM station_secrets WHERE 0').run();
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (code.startsWith('SQLITE_READONLY')) throw new DatabaseReadOnlyError(file, code);
    if (!code.startsWith('SQLITE_BUSY')) throw error;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}

/**
 * Opens the station's database. Only a folder with no database file at all gets a new one, and it is made whole
 * under a temporary name first, so a crash while creating it never leaves a file that looks like a station.
 * A file that is empty, not a database, damaged or unreachable is refused with what to do about it.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS, cacheKb = READ_CACHE_KB): Db {
  if (!existsSync(file)) createDatabase(file, migrations);
  else if (statSync(file).size === 0) throw new DatabaseUnusableError(unusableText(file, 'is empty, so it is no station database'));
  keepFilesWritable(file);
  let db: Db;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw asUnusable(file, error);
  }
  try {
    configure(db, cacheKb);
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw asUnusable(file, error);
  }
}

function configure(db: Db, cacheKb: number): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // By default 16 MB of pages: the upper levels of the indexes at a million shipments stay in memory.
  db.pragma(`cache_size = -${cacheKb}`);
  // Every acknowledged write must survive a power cut, not only a crash.
  db.pragma('synchronous = FULL');
}

function createDatabase(file: string, migrations: readonly Migration[]): void {
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    throw new DatabaseUnusableError(
      unusableText(file, `is missing, but its write-ahead log ${basename(wal)} is there: the database was partly deleted`),
    );
  }
  const draft = `${file}.new-${process.pid}`;
  const removeDraft = () => {
    for (const path of [draft, `${draft}-wal`, `${draft}-shm`]) rmSync(path, { force: true });
  };
  removeDraft();
  try {
    const db = new Database(draft);
    try {
      configure(db, READ_CACHE_KB);
      migrate(db, migrations);
    } finally {
      db.close();
    }
    fsyncPath(draft);
    // A link, unlike a rename, never replaces: if another process made the database meanwhile, that one stays.
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    fsyncPath(dirname(file));
  } catch (error) {
    throw asUnusable(file, error);
  } finally {
    removeDraft();
  }
}

function unusableText(file: string, problem: string): string {
  return (
    `The station's database ${file} ${problem}. The station will not start a new one in its place, which would ` +
    'make new keys and lose every client and shipment. Restore a backup (station restore --from FILE), or, for a ' +
    'new station, delete it and start again.'
  );
}

/** SQLite's errors on opening, in words an administrator can act on; other errors as they are. */
function asUnusable(file: string, error: unknown): unknown {
  if (error instanceof SchemaTooNewError || error instanceof DatabaseUnusableError) return error;
  const code = String((error as { code?: unknown }).code ?? '');
  // Opened, but only to read: a migration that wanted to write says so.
  if (code.startsWith('SQLITE_READONLY') && existsSync(file) && statSync(file).isFile()) return new DatabaseReadOnlyError(file, code);
  if (code === 'SQLITE_NOTADB') return new DatabaseUnusableError(unusableText(file, 'is not a SQLite database'));
  if (code.startsWith('SQLITE_CORRUPT')) return new DatabaseUnusableError(unusableText(file, 'is damaged'));
  // A folder (or a device, a socket) where the file should be: SQLite says only that it cannot open it.
  const notAFile = [file, `${file}-wal`, `${file}-shm`].find((path) => existsSync(path) && !statSync(path).isFile());
  if (notAFile) {
    return new DatabaseUnusableError(
      `The station's database ${notAFile} is a ${statSync(notAFile).isDirectory() ? 'folder' : 'special file'}, not a database file. Move it out of the data ` +
        'folder (it is not the station’s), then start the station again; or choose another data folder with --data.',
    );
  }
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code === 'EACCES' ||
    code === 'EROFS' ||
    code === 'EPERM'
  ) {
    return new DatabaseUnusableError(
      `The station cannot open its database ${file} for writing (${code}): its folder is read-only or belongs to ` +
        'another user. Make the folder writable for the user that runs the station, or choose another with --data.',
    );
  }
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
    return new DatabaseUnusableError(
      `The station cannot open its database ${file}: the disk is full. Free some space, then start it again.`,
    );
  }
  return error;
}

/** Lets the connection read the file through a memory map (READ_MAP_BYTES): the API thread's connection does. */
export function mapForReads(db: Db): void {
  db.pragma(`mmap_size = ${READ_MAP_BYTES}`);
}

/** Reads go through SQLite's file I/O again, where a failing disk is an error to answer, not a signal that ends the process. */
export function unmapReads(db: Db): void {
  if (db.open) db.pragma('mmap_size = 0');
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

const hasHistory = (db: Db) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(HISTORY_TABLE) !== undefined;

/** The migrations the database recorded (none before the migration that made the history). */
const appliedMigrations = (db: Db): AppliedMigration[] =>
  hasHistory(db) ? (db.prepare(`SELECT version, name FROM ${HISTORY_TABLE} ORDER BY version`).all() as AppliedMigration[]) : [];

function migrate(db: Db, migrations: readonly Migration[]): void {
  const latest = migrations.reduce((max, migration) => Math.max(max, migration.version), 0);
  // An up-to-date database needs no write lock: opening it must not wait for another program's write (the
  // writer thread opens its connection while the station already serves, and a held lock would stall it).
  const found = schemaVersion(db);
  if (found > latest) throw new SchemaTooNewError(found, latest);
  checkHistory(appliedMigrations(db), migrations, found);
  if (found === latest) return;
  const apply = db.transaction(() => {
    const current = schemaVersion(db);
    if (current > latest) throw new SchemaTooNewError(current, latest);
    checkHistory(appliedMigrations(db), migrations, current);
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
      if (!hasHistory(db)) continue;
      // This migration, and those from before the history (by this station's names) when it has just been made.
      const record = db.prepare(`INSERT INTO ${HISTORY_TABLE} (version, name) VALUES (?, ?) ON CONFLICT (version) DO NOTHING`);
      for (const entry of toRecord(migrations, migration.version)) record.run(entry.version, entry.name);
    }
  });
  // IMMEDIATE takes the write lock first, so two processes opening one file cannot both migrate.
  apply.immediate();
}
