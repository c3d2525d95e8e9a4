// Backups of a data folder: `station backup` copies the database while the station runs, `station check` looks
// at every page of it (and after a finding, for the newest whole scheduled backup); `station restore`
// puts a copy back, only while no station runs on the folder (it holds the folder's lock meanwhile, so none
// can start), and keeps the database it replaces. `station migrate` moves a stopped folder's database up to
// PostgreSQL, under the same lock.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  backupDatabase,
  checkDatabase,
  checkPostgres,
  DATABASE_FILE,
  inspectCopy,
  lockDataFolder,
  moveToPostgres,
  restoreDatabase,
  scheduledBackups,
  type DatabaseCopy,
  type IntegrityReport,
  type MovedTable,
  type PostgresIntegrityReport,
} from '../store/index.ts';

export type { DatabaseCopy, IntegrityReport, MovedTable } from '../store/index.ts';

export function backupDataFolder(dataDir: string, out: string): DatabaseCopy {
  return backupDatabase(join(dataDir, DATABASE_FILE), out);
}

/** amcheck of a shared PostgreSQL database's tables and indexes, and whether its pages carry checksums. */
export const checkSharedDatabase = (url: string): Promise<PostgresIntegrityReport> => checkPostgres(url);

/** A scheduled backup as `station check` weighs it after a finding: whole (with its shipments), or why not. */
export interface BackupCandidate {
  file: string;
  ok: boolean;
  shipments?: number;
  problem?: string;
}

/**
 * SQLite's full integrity check of the folder's database, also while the station runs. When it is damaged, the
 * scheduled backups are looked at newest first until one is whole: the one to put back.
 */
export function checkDataFolder(dataDir: string): IntegrityReport & { backups?: BackupCandidate[] } {
  const report = checkDatabase(join(dataDir, DATABASE_FILE));
  if (report.ok) return report;
  const backups: BackupCandidate[] = [];
  for (const file of scheduledBackups(dataDir)) {
    try {
      backups.push({ file, ok: true, shipments: inspectCopy(file).shipments });
      break;
    } catch (error) {
      backups.push({ file, ok: false, problem: (error as Error).message });
    }
  }
  return { ...report, backups };
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

/** Copies a stopped station's SQLite database into an empty PostgreSQL database, and checks the copy's row counts. */
export async function migrateDataFolder(dataDir: string, databaseUrl: string): Promise<MovedTable[]> {
  // A station running on the folder holds this lock: its last writes would be missing from the copy.
  const lock = lockDataFolder(dataDir);
  try {
    return await moveToPostgres(join(dataDir, DATABASE_FILE), databaseUrl);
  } finally {
    lock.release();
  }
}
