// The thread a scheduled backup runs on: VACUUM INTO and the copy's quick_check read the whole database, which
// takes seconds on a large one, and must not hold up the thread that serves every request.
import { parentPort, workerData } from 'node:worker_threads';
import { backupDatabase } from './backup.ts';

const { source, out } = workerData as { source: string; out: string };
try {
  parentPort!.postMessage({ ok: true, copy: backupDatabase(source, out) });
} catch (error) {
  parentPort!.postMessage({ ok: false, message: (error as Error).message });
}
