// The store's writer thread: its own connection to the station's database runs every write the station makes,
// one at a time, in arrival order. Commits wait for their fsync here, and checkpoints run here, so neither
// ever holds up the API's thread. Each call brings the station's clock reading, for the records' timestamps.
import { parentPort, workerData } from 'node:worker_threads';
import { openTables, type TableName } from './tables.ts';
import { WRITE_WAIT_MS, type WriteAnswer, type WriteCall } from './writer.ts';

const port = parentPort!;
let now = new Date().toISOString();
// Writes touch the newest pages and a path through each index: a small page cache serves them.
const WRITER_CACHE_KB = 4_000;
const tables = openTables((workerData as { file: string }).file, () => now, undefined, WRITER_CACHE_KB);

/** Structured cloning turns Buffers into plain Uint8Arrays; SQLite binds only Buffers. */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]));
  }
  return value;
}

/**
 * Another program may hold the database's write lock: a write waits for it only as long as its WRITE_WAIT_MS
 * allows, counted from when it was sent, so writes queued behind a locked one do not each wait the whole time.
 */
let busyTimeout = WRITE_WAIT_MS;
tables.db.pragma(`busy_timeout = ${busyTimeout}`);
function waitAtMost(milliseconds: number): void {
  // Setting the pragma costs a statement: only when the wait left differs noticeably.
  const wanted = Math.max(0, Math.min(WRITE_WAIT_MS, Math.ceil(milliseconds)));
  if (Math.abs(wanted - busyTimeout) < 50 && wanted !== 0) return;
  busyTimeout = wanted;
  tables.db.pragma(`busy_timeout = ${busyTimeout}`);
}

/**
 * Every write takes the write lock as it begins (BEGIN IMMEDIATE; the table's own transactions nest as savepoints).
 * A deferred transaction would read first and could find, once another program's commit let it write, that what
 * it read is stale (SQLITE_BUSY_SNAPSHOT): failed without waiting.
 */
const immediately = (() => {
  const transaction = tables.db.transaction((work: () => unknown) => work());
  return (work: () => unknown) => transaction.immediate(work);
})();

port.on('message', (message: WriteCall | 'stop') => {
  if (message === 'stop') {
    try {
      tables.db.close();
    } catch {
      // A database on a failed disk may not close cleanly; what is committed is in the WAL already.
    }
    port.postMessage('stopped');
    return;
  }
  now = message.now;
  let answer: WriteAnswer;
  const left = message.sentAt + WRITE_WAIT_MS - Date.now();
  if (left <= 0) {
    port.postMessage({ id: message.id, ok: false, error: { name: 'SqliteError', message: 'database is locked', code: 'SQLITE_BUSY' } } satisfies WriteAnswer);
    return;
  }
  waitAtMost(left);
  try {
    const table = tables[message.table as TableName] as unknown as Record<string, (...args: unknown[]) => unknown>;
    const args = revive(message.args) as unknown[];
    answer = { id: message.id, ok: true, value: immediately(() => table[message.method]!(...args)) };
  } catch (error) {
    const failure = error as { name?: string; message?: string; code?: string };
    answer = { id: message.id, ok: false, error: { name: failure.name ?? 'Error', message: failure.message ?? String(error), code: failure.code } };
  }
  port.postMessage(answer);
});
