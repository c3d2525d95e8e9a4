// Backups and checks on a schedule: a running station copies its database into <data folder>/backups/ every so
// often (a consistent VACUUM INTO on a thread of its own, then SQLite's quick_check of the copy), keeps the newest
// few, and checks the live file the same way. After a damage finding, the newest backup is the one to put back.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { BackupError, type DatabaseCopy } from './backup.ts';

export const BACKUPS_FOLDER = 'backups';
const NAMED = /^station-(\d{8}T\d{6}Z)\.sqlite$/;
const DRAFT = /^\.station-\d{8}T\d{6}Z\.sqlite\.partial-\d+$/;

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

/** The error a maintenance task ends with when the station stops under it: nothing to report. */
export class MaintenanceStopped extends Error {
  constructor() {
    super('The station stopped before the maintenance thread was done.');
  }
}

/**
 * Runs one maintenance task on the worker thread; its answer, or its failure as a BackupError. When `stop` aborts,
 * it ends at once with MaintenanceStopped: a stopping station does not wait for a long copy (SQLite finishes its
 * statement and the thread ends; a backup's draft never becomes a backup).
 */
function onWorker<T>(
  task: { kind: 'backup'; source: string; out: string } | { kind: 'quick-check'; source: string },
  stop?: AbortSignal,
): Promise<T> {
  if (stop?.aborted) return Promise.reject(new MaintenanceStopped());
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(workerUrl(), { workerData: task });
    const onStop = () => {
      worker.unref();
      void worker.terminate();
      reject(new MaintenanceStopped());
    };
    stop?.addEventListener('abort', onStop, { once: true });
    worker.once('exit', () => stop?.removeEventListener('abort', onStop));
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
export async function makeScheduledBackup(
  dataDir: string,
  source: string,
  now: Date,
  kept: number,
  stop?: AbortSignal,
): Promise<DatabaseCopy> {
  const folder = join(dataDir, BACKUPS_FOLDER);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Drafts of copies cut short by a stop or a crash are never backups: gone before the next one is drafted.
  for (const name of readdirSync(folder)) if (DRAFT.test(name)) rmSync(join(folder, name), { force: true });
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const copy = await onWorker<DatabaseCopy>({ kind: 'backup', source, out: join(folder, `station-${stamp}.sqlite`) }, stop);
  for (const old of scheduledBackups(dataDir).slice(kept)) rmSync(old, { force: true });
  return copy;
}

/** SQLite's quick_check of the live database (every page's structure, not indexes against tables): what it found. */
export function quickCheck(source: string, stop?: AbortSignal): Promise<string[]> {
  return onWorker<string[]>({ kind: 'quick-check', source }, stop);
}
