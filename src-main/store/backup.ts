// Copies of the station's database: made while it runs, put back while it is stopped. A copy is one consistent
// snapshot (VACUUM INTO reads in a single transaction, so writers go on and nothing restarts it), written under a
// temporary name and renamed into place, so a half-written file never carries the copy's name.
import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { fsyncPath } from './fsync.ts';
import { MIGRATIONS } from './migrations/index.ts';

export interface DatabaseCopy {
  file: string;
  bytes: number;
  schemaVersion: number;
  shipments: number;
  clients: number;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Checks that a file is a whole station database this version can open, and says what it holds. */
export function inspectCopy(file: string): DatabaseCopy {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged: ${String(check)}`);
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const latest = Math.max(...MIGRATIONS.map((migration) => migration.version));
    if (schemaVersion < 1) throw new BackupError(`${file} is a SQLite database, but no station's.`);
    if (schemaVersion > latest)
      throw new BackupError(`${file} was written by a newer station (schema ${schemaVersion}; this one knows up to ${latest}).`);
    const count = (table: string) => db!.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    if (count('station_secrets') === 0) throw new BackupError(`${file} holds no station keys: it is no station's database.`);
    return { file, bytes: statSync(file).size, schemaVersion, shipments: count('shipments'), clients: count('clients') };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} cannot be read as a station database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/** What SQLite's full integrity check found in a database: nothing (ok), or up to 100 problems, and how long it took. */
export interface IntegrityReport {
  file: string;
  ok: boolean;
  problems: string[];
  milliseconds: number;
}

/**
 * Runs SQLite's full `integrity_check` (every page, every index against its table), or its `quick_check` (every
 * page's structure), on a read-only connection: on a stopped station, or a running one (it reads one consistent
 * snapshot beside the writer).
 */
export function checkDatabase(file: string, check: 'integrity_check' | 'quick_check' = 'integrity_check'): IntegrityReport {
  if (!existsSync(file)) throw new BackupError(`There is no station database at ${file} to check.`);
  const started = performance.now();
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const rows = db.pragma(`${check}(100)`) as Record<string, string>[];
    const problems = rows.map((row) => row[check]!).filter((text) => text !== 'ok');
    return { file, ok: problems.length === 0, problems, milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    // A file damaged so that the check cannot even start is a finding too, not a failure of the command.
    if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
      return { file, ok: false, problems: [`${code}: ${(error as Error).message}`], milliseconds: Math.round(performance.now() - started) };
    }
    throw new BackupError(`The database ${file} could not be checked: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/** Writes a consistent copy of the database at `source` to `out`, which must not exist yet. */
export function backupDatabase(source: string, out: string): DatabaseCopy {
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose a new name, so no backup is overwritten.`);
  const draft = join(dirname(out), `.${basename(out)}.partial-${process.pid}`);
  rmSync(draft, { force: true });
  if (!existsSync(source)) throw new BackupError(`There is no station database at ${source} to back up.`);
  let db: Database.Database | undefined;
  try {
    db = new Database(source, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(draft);
  } catch (error) {
    rmSync(draft, { force: true });
    throw new BackupError(`The backup could not be written: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
  try {
    // The copy holds the station's secrets: only its user may read it.
    if (process.platform !== 'win32') chmodSync(draft, 0o600);
    fsyncPath(draft);
    renameSync(draft, out);
    fsyncPath(dirname(out));
  } catch (error) {
    rmSync(draft, { force: true });
    throw new BackupError(`The backup could not be written: ${(error as Error).message}`);
  }
  return inspectCopy(out);
}

/**
 * Puts a copy in place as `target` (the station must be stopped; the caller holds its lock). The database it
 * replaces is kept beside it as `<target>.before-restore-<time>`, whole (its write-ahead log folded in first).
 */
export function restoreDatabase(
  target: string,
  from: string,
  now: Date = new Date(),
): { restored: DatabaseCopy; keptAs: string | undefined } {
  const restored = inspectCopy(from);
  const staging = `${target}.restoring`;
  rmSync(staging, { force: true });
  const copy = new Database(from, { readonly: true, fileMustExist: true });
  try {
    // A fresh, compact file that no open connection shares: the copy itself is never touched.
    copy.prepare('VACUUM INTO ?').run(staging);
  } finally {
    copy.close();
  }
  if (process.platform !== 'win32') chmodSync(staging, 0o600);
  fsyncPath(staging);

  let keptAs: string | undefined;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    try {
      const current = new Database(target, { fileMustExist: true });
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.close();
    } catch {
      // A damaged database is set aside as it is, with its log beside it.
    }
    renameSync(target, keptAs);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(`${target}${suffix}`)) renameSync(`${target}${suffix}`, `${keptAs}${suffix}`);
    }
  }
  renameSync(staging, target);
  fsyncPath(dirname(target));
  return { restored: { ...restored, file: from }, keptAs };
}
