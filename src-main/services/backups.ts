// Backups of a data folder: `station backup` copies the database while the station runs; `station restore`
// puts a copy back, only while no station runs on the folder (it holds the folder's lock meanwhile, so none
// can start), and keeps the database it replaces.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { backupDatabase, restoreDatabase, type DatabaseCopy } from '../store/backup.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { lockDataFolder } from '../store/station-lock.ts';

export type { DatabaseCopy } from '../store/backup.ts';

export function backupDataFolder(dataDir: string, out: string): DatabaseCopy {
  return backupDatabase(join(dataDir, DATABASE_FILE), out);
}

export function restoreDataFolder(dataDir: string, from: string): { restored: DatabaseCopy; keptAs: string | undefined } {
  // A backup may go into a new folder, e.g. on a replacement computer.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataFolder(dataDir);
  try {
    return restoreDatabase(join(dataDir, DATABASE_FILE), from);
  } finally {
    lock.release();
  }
}
