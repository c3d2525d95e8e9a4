// One station per data folder. Two stations on one folder would each run the scheduler and the print monitor,
// and send the same print job twice. The lock is an exclusive SQLite lock on `station.lock`, which the operating
// system drops when the process ends however it ends, so a killed station's lock is simply free again. Beside it
// `station.pid` says who holds it, for the message a second station gives.
// The lock is proved held by a write under it: SQLite opens a file it may not write read-only without a word, and
// "locks" it without locking anything, so a read-only station.lock once let two stations run (issue 50). A lock
// file left read-only is made writable again (it is the station's own), and one that cannot be is a refusal that
// says what to do, never a station without its lock.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { keepWritable, runningUser, shellQuoted } from './own-files.ts';

export const LOCK_FILE = 'station.lock';
export const PID_FILE = 'station.pid';

export class StationRunningError extends Error {
  constructor(dataDir: string, holder: string | undefined) {
    super(
      `Another station is already running on the data folder ${dataDir}${holder ? ` (${holder})` : ''}. ` +
        'Stop it first, or give this one its own folder with --data.',
    );
    this.name = 'StationRunningError';
  }
}

/** The lock cannot be taken at all (not because another station holds it): the file modes, said with what to do. */
export class LockUnusableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LockUnusableError';
  }
}

export interface StationLock {
  release(): void;
}

/** The refusal of a file the station must write in its folder but cannot, with the commands that mend it. */
function notWritable(dataDir: string, file: string, code: string): LockUnusableError {
  const user = runningUser();
  return new LockUnusableError(
    `The station cannot write ${file} (${code}) in its data folder, which it needs to be sure it is the only ` +
      `station there. Make the data folder and its files writable for ${user}, who runs the station: ` +
      `chmod u+w ${shellQuoted(dataDir)} ${shellQuoted(file)}, or, when another user owns them, chown -R ${user} ${shellQuoted(dataDir)}. ` +
      'Then start it again.',
  );
}

/** Takes the folder's lock, or throws StationRunningError naming the holder, or LockUnusableError saying what to do. */
export function lockDataFolder(dataDir: string): StationLock {
  const lockFile = join(dataDir, LOCK_FILE);
  const pidFile = join(dataDir, PID_FILE);
  keepWritable(lockFile);
  let db: Database.Database;
  try {
    db = new Database(lockFile);
  } catch (error) {
    throw notWritable(dataDir, lockFile, String((error as { code?: unknown }).code ?? 'error'));
  }
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = MEMORY');
    // In exclusive locking mode the lock taken by the first write is kept until the connection closes. The write
    // is real (the holder's row), so a lock file SQLite could open only read-only fails here, loudly.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder');
    db.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    const code = String((error as { code?: unknown }).code ?? '');
    if (code.startsWith('SQLITE_BUSY')) throw new StationRunningError(dataDir, holderOf(pidFile));
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM'))
      throw notWritable(dataDir, lockFile, code);
    throw error;
  }
  const holder = `pid ${process.pid}, started ${new Date().toISOString()}`;
  try {
    writeHolder(pidFile, holder);
  } catch (error) {
    db.close();
    throw notWritable(dataDir, pidFile, String((error as NodeJS.ErrnoException).code ?? 'error'));
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (holderOf(pidFile) === holder) rmSync(pidFile, { force: true });
      } catch {
        // A folder that turned read-only keeps the note; the next station replaces it (writeHolder).
      }
      db.close();
    },
  };
}

/**
 * Writes who holds the lock. A note left by an earlier run is replaced whatever its mode (a `chmod -R a-w` of the
 * folder leaves it read-only): it is removed first, which needs only the folder to be writable, then written anew.
 */
function writeHolder(pidFile: string, holder: string): void {
  rmSync(pidFile, { force: true });
  writeFileSync(pidFile, `${holder}\n`, { mode: 0o600 });
}

function holderOf(pidFile: string): string | undefined {
  try {
    return readFileSync(pidFile, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
