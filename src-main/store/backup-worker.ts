// The thread the station's maintenance of its SQLite file runs on: a scheduled backup (VACUUM INTO and the copy's
// quick_check) and the quick_check of the live database read the whole file, which takes seconds on a large one,
// and must not hold up the thread that serves every request.
import { parentPort, workerData } from 'node:worker_threads';
import { backupDatabase, checkDatabase } from './backup.ts';

const task = workerData as { kind: 'backup'; source: string; out: string } | { kind: 'quick-check'; source: string };
try {
  const value = task.kind === 'backup' ? backupDatabase(task.source, task.out) : checkDatabase(task.source, 'quick_check').problems;
  parentPort!.postMessage({ ok: true, value });
} catch (error) {
  parentPort!.postMessage({ ok: false, message: (error as Error).message });
}
