// The station's log: one line per event on stderr. It never receives secrets: callers log methods, paths and
// statuses, never headers, bodies, keys or tracking hashes. Lines are buffered and written asynchronously, a
// batch every 50 ms (or every 64 kB), so a slow reader of the log (a pipe, a terminal) never stalls a request
// and a busy station makes a few writes a second, not one a request.
import { write, writeSync } from 'node:fs';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Past this much unwritten log, new lines are counted and dropped rather than held without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const FLUSH_MS = 50;
const FLUSH_BYTES = 64 * 1024;

export function consoleLogger(fd = 2): Logger {
  let queue: string[] = [];
  let buffered = 0;
  let dropped = 0;
  let scheduled = false;
  let writing = false;

  const flush = () => {
    scheduled = false;
    if (writing || queue.length === 0) return;
    if (dropped > 0) queue.push(`${new Date().toISOString()} warn ${dropped} log lines dropped: the log was not read fast enough\n`);
    dropped = 0;
    const data = queue.join('');
    queue = [];
    buffered = 0;
    writing = true;
    write(fd, data, () => {
      writing = false;
      if (queue.length > 0) flush();
    });
  };

  // The time of a line, written once per millisecond: a busy station logs several requests in each.
  let stampedAt = Number.NaN;
  let stamp = '';
  const timeNow = () => {
    const now = Date.now();
    if (now !== stampedAt) {
      stampedAt = now;
      stamp = new Date(now).toISOString();
    }
    return stamp;
  };

  const line = (level: string, message: string) => {
    const text = `${timeNow()} ${level} ${message}\n`;
    if (buffered + text.length > MAX_BUFFERED_BYTES) {
      dropped++;
      return;
    }
    queue.push(text);
    buffered += text.length;
    if (buffered >= FLUSH_BYTES) flush();
    else if (!scheduled) {
      scheduled = true;
      setTimeout(flush, FLUSH_MS).unref();
    }
  };

  // Whatever is still buffered when the process ends is written before it goes.
  process.once('exit', () => {
    if (queue.length > 0) {
      try {
        writeSync(fd, queue.join(''));
      } catch {
        // Nowhere left to report it.
      }
    }
  });

  return {
    info: (message) => line('info', message),
    warn: (message) => line('warn', message),
    error: (message, error) => line('error', error instanceof Error ? `${message}\n${error.stack ?? error.message}` : message),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
