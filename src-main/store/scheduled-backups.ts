// Backups and checks on a schedule: a running station copies its database into <data folder>/backups/ every so
// often (a consistent VACUUM INTO on a thread of its own, then SQLite's quick_check of the copy), keeps the newest
// few, and checks the live file the same way. After a damage finding, the newest backup is the one to put back.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackupError, type DatabaseCopy } from './backup.ts';

export const BACKUPS_FOLDER = 'backups';
const NAMED = /^station-(\d{8}T\d{6}Z)\.sqlite$/;

function workerUrl(): URL {
  // From source the worker is beside this module; bundled (the desktop app), it is its own entry.
  return import.meta.url.endsWith('.ts') ? new URL('./backup-worker.ts', import.meta.url) : new URL('./store-backup.js', import.meta.url);
}

/** The scheduled backups of a data folder, newest first. */
export function scheduledBackups(dataDir: string): string[] {
  const folder = join(dataDir, BACKUPS_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => NAMED.test(name))
    .sort()
    .reverse()
    .map((name) => join(folder, name));
}

/** Runs one maintenance task on the worker thread; its answer, or its failure as a BackupError. */
function onWorker<T>(task: { kind: 'backup'; source: string; out: string } | { kind: 'quick-check'; source: string }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(workerUrl(), { workerData: task });
    worker.once('message', (answer: { ok: true; value: T } | { ok: false; message: string }) => {
      if (answer.ok) resolve(answer.value);
      else reject(new BackupError(answer.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new BackupError(`The maintenance thread stopped (exit ${code}).`));
    });
  });
}

/** Makes one verified backup of `source` into the data folder's backups, then keeps the newest `kept` of them. */
export async function makeScheduledBackup(dataDir: string, source: string, now: Date, kept: number): Promise<DatabaseCopy> {
  const folder = join(dataDir, BACKUPS_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const copy = await onWorker<DatabaseCopy>({ kind: 'backup', source, out: join(folder, `station-${stamp}.sqlite`) });
  for (const old of scheduledBackups(dataDir).slice(kept)) rmSync(old, { force: true });
  return copy;
}

/** SQLite's quick_check of the live database (every page's structure, not indexes against tables): what it found. */
export function quickCheck(source: string): Promise<string[]> {
  return onWorker<string[]>({ kind: 'quick-check', source });
}
