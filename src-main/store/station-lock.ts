// One station per data folder. Two stations on one folder would each run the scheduler and the print monitor,
// and send the same print job twice. The lock is an exclusive SQLite lock on `station.lock`, which the operating
// system drops when the process ends however it ends, so a killed station's lock is simply free again. Beside it
// `station.pid` says who holds it, for the message a second station gives.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

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

export interface StationLock {
  release(): void;
}

/** Takes the folder's lock, or throws StationRunningError naming the holder. */
export function lockDataFolder(dataDir: string): StationLock {
  const lockFile = join(dataDir, LOCK_FILE);
  const pidFile = join(dataDir, PID_FILE);
  const db = new Database(lockFile);
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = MEMORY');
    // In exclusive locking mode the lock taken by the first write is kept until the connection closes.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) throw new StationRunningError(dataDir, holderOf(pidFile));
    throw error;
  }
  const holder = `pid ${process.pid}, started ${new Date().toISOString()}`;
  writeFileSync(pidFile, `${holder}\n`, { mode: 0o600 });
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      try {
        if (holderOf(pidFile) === holder) rmSync(pidFile, { force: true });
      } catch {
        // A folder that turned read-only keeps the note; the next station overwrites it.
      }
      db.close();
    },
  };
}

function holderOf(pidFile: string): string | undefined {
  try {
    return readFileSync(pidFile, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
