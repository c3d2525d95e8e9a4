// The thread the station's maintenance of its SQLite file runs on: a scheduled backup (VACUUM INTO and the copy's
// quick_check) and the quick_check of the live database read the whole file, which takes seconds on a large one,
// and must not hold up the thread that serves every request.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { backupDatabase } from './backup.ts';

const task = workerData as { kind: 'backup'; source: string; out: string } | { kind: 'quick-check'; source: string };
try {
  if (task.kind === 'backup') {
    parentPort!.postMessage({ ok: true, value: backupDatabase(task.source, task.out) });
  } else {
    const db = new Database(task.source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const rows = db.pragma('quick_check(20)') as { quick_check: string }[];
      parentPort!.postMessage({ ok: true, value: rows.map((row) => row.quick_check).filter((text) => text !== 'ok') });
    } finally {
      db.close();
    }
  }
} catch (error) {
  const code = String((error as { code?: unknown }).code ?? '');
  // A file too damaged for the check to start is a finding, not a failure of the check.
  if (task.kind === 'quick-check' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')) parentPort!.postMessage({ ok: true, value: [`${code}: ${(error as Error).message}`] });
  else parentPort!.postMessage({ ok: false, message: (error as Error).message });
}
