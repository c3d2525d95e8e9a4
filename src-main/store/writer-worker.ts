// The store's writer thread: its own connection to the station's database runs every write the station makes,
// one at a time, in arrival order, and writes that arrive together share one commit. Commits wait for their fsync
// here, and checkpoints run here, so neither ever holds up the API's thread. Each call brings the station's clock
// reading, for the records' timestamps.
import { parentPort, workerData } from 'node:worker_threads';
import type { GroupName } from './groups.ts';
import { openTables } from './tables.ts';
import { runWrite } from './audited-write.ts';
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

const failure = (id: number, error: unknown): WriteAnswer => {
  const failed = error as { name?: string; message?: string; code?: string };
  return { id, ok: false, error: { name: failed.name ?? 'Error', message: failed.message ?? String(error), code: failed.code } };
};

/**
 * Writes that arrived together commit together (group commit): the fsync, most of a write's cost, is paid once per
 * group. The group's transaction takes the write lock as it begins (BEGIN IMMEDIATE): a deferred one would read
 * first and could find, once another program's commit let it write, that what it read is stale
 * (SQLITE_BUSY_SNAPSHOT), failed without waiting. Each write runs in its own savepoint, so one that fails changes
 * nothing, and answers are sent only after the commit: a write answered ok is durable. If SQLite gave up the whole
 * transaction (a full disk, an I/O error), or the commit failed, every write of the group answers that error, and
 * none of them happened. SQLite answers at once, so a group runs to its end before the next message is read.
 */
async function runGroup(group: WriteCall[]): Promise<WriteAnswer[]> {
  const expired: WriteAnswer[] = [];
  const live = group.filter((call) => {
    if (call.sentAt + WRITE_WAIT_MS - Date.now() > 0) return true;
    expired.push({ id: call.id, ok: false, error: { name: 'SqliteError', message: 'database is locked', code: 'SQLITE_BUSY' } });
    return false;
  });
  if (live.length === 0) return expired;
  waitAtMost(live[0]!.sentAt + WRITE_WAIT_MS - Date.now());
  try {
    const answers = await tables.sql.tx(async (transaction) => {
      const answered: WriteAnswer[] = [];
      for (const call of live) {
        now = call.now;
        try {
          const value = await transaction.tx((write) =>
            runWrite(tables.context, write, call.table as GroupName, call.method, revive(call.args) as unknown[], call.audit),
          );
          answered.push({ id: call.id, ok: true, value });
        } catch (error) {
          if (!tables.db.inTransaction) throw error;
          answered.push(failure(call.id, error));
        }
      }
      return answered;
    });
    return [...expired, ...answers];
  } catch (error) {
    return [...expired, ...live.map((call) => failure(call.id, error))];
  }
}

/** At most this many writes share a commit, so a long queue still answers in steps. */
const MOST_IN_GROUP = 64;
const queue: WriteCall[] = [];
let flushQueued = false;
/** The groups being written, one after another, until the queue is empty. */
let flushing: Promise<void> = Promise.resolve();

function flush(): Promise<void> {
  flushQueued = false;
  flushing = flushing.then(async () => {
    while (queue.length > 0) for (const answer of await runGroup(queue.splice(0, MOST_IN_GROUP))) port.postMessage(answer);
  });
  return flushing;
}

port.on('message', (message: WriteCall | 'stop') => {
  if (message !== 'stop') {
    queue.push(message);
    // Messages that arrived together are all delivered before the check phase: the group is everything waiting.
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(() => void flush());
    }
    return;
  }
  // Writes sent before the stop are answered first.
  void flush().then(() => {
    try {
      tables.db.close();
    } catch {
      // A database on a failed disk may not close cleanly; what is committed is in the WAL already.
    }
    port.postMessage('stopped');
  });
});
