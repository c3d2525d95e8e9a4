// The store's writer thread: its own connection to the station's database runs every write the station makes,
// one at a time, in arrival order. Commits wait for their fsync here, and checkpoints run here, so neither
// ever holds up the API's thread. Each call brings the station's clock reading, for the records' timestamps.
import { parentPort, workerData } from 'node:worker_threads';
import { openTables, type TableName } from './tables.ts';
import type { WriteAnswer, WriteCall } from './writer.ts';

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

port.on('message', (message: WriteCall | 'stop') => {
  if (message === 'stop') {
    tables.db.close();
    port.postMessage('stopped');
    return;
  }
  now = message.now;
  let answer: WriteAnswer;
  try {
    const table = tables[message.table as TableName] as unknown as Record<string, (...args: unknown[]) => unknown>;
    answer = { id: message.id, ok: true, value: table[message.method]!(...(revive(message.args) as unknown[])) };
  } catch (error) {
    const failure = error as { name?: string; message?: string; code?: string };
    answer = { id: message.id, ok: false, error: { name: failure.name ?? 'Error', message: failure.message ?? String(error), code: failure.code } };
  }
  port.postMessage(answer);
});
