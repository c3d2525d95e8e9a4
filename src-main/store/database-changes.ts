// Whether a SQLite database changed, asked once a turn of the event loop by the read cache (read-cache.ts): a
// number that moves when any connection commits. `PRAGMA data_version` says it, but each asking opens and ends a
// read transaction (two locks and a stat of the file, 6 µs of a rate's 125 under load). A database in WAL mode
// says it more cheaply: every commit rewrites the header of its wal-index (the -shm file, whose layout SQLite
// documents in walformat.html: two copies of a 48-byte header, with a counter of changes, the last frame and the
// WAL's salts), and reading those 96 bytes is one pread. Whatever differs from the last look counts as a change (a
// checkpoint's restart too, which changes the salts): a look never misses a commit another connection can see,
// since a commit is visible to readers only once that header is written. The PRAGMA answers instead where the
// header cannot be read: a database not in WAL mode, in memory, a -shm file that cannot be opened or read.
import { closeSync, openSync, readSync, realpathSync } from 'node:fs';
import type { Db } from './database.ts';

/** Both copies of the wal-index header, as SQLite writes them at the start of the -shm file. */
const HEADER_BYTES = 96;
/** The header's isInit byte: 0 while the wal-index is being built, when its header says nothing yet. */
const IS_INIT_AT = 12;

export interface ChangeProbe {
  /** A number that moves whenever any connection has committed since the last call. */
  version(): number;
  close(): void;
}

/** The probe of a database open on `db`: the -shm header where it can be read, else PRAGMA data_version. */
export function databaseChangeProbe(db: Db): ChangeProbe {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  /** data_version, kept apart from the header's looks (which count up from 0) below zero. */
  const pragma = () => -(dataVersion.get() as number) - 1;
  /** The -shm file while its header is read; undefined once it cannot be (or the probe closed): the PRAGMA answers. */
  let fd = openShm(db);
  let last = Buffer.alloc(HEADER_BYTES);
  let next = Buffer.alloc(HEADER_BYTES);
  /** Moves by one for each look that found the header changed. */
  let changes = 0;
  const stopReading = () => {
    if (fd === undefined) return;
    const reading = fd;
    fd = undefined;
    try {
      closeSync(reading);
    } catch {
      // Closed already, or the file is gone: nothing is held open.
    }
  };
  return {
    version() {
      if (fd === undefined) return pragma();
      try {
        if (readSync(fd, next, 0, HEADER_BYTES, 0) !== HEADER_BYTES || next[IS_INIT_AT] === 0) return pragma();
      } catch {
        // The file went away or cannot be read any more: the PRAGMA answers from now on.
        stopReading();
        return pragma();
      }
      if (!next.equals(last)) {
        changes++;
        [last, next] = [next, last];
      }
      return changes;
    },
    close: stopReading,
  };
}

/**
 * The -shm file of a database in WAL mode, opened to read; undefined where there is none to read. SQLite keeps it
 * beside the file a symbolic link leads to, not beside the link.
 */
function openShm(db: Db): number | undefined {
  if (db.memory || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') return undefined;
  try {
    return openSync(`${realpathSync(db.name)}-shm`, 'r');
  } catch {
    return undefined;
  }
}
