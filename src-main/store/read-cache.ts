// What every rate and create reads and almost never changes (the calendar, the cutoffs and the upstreams in the
// station settings, the fuel surcharges, the day's manifests of the caller's account), kept in memory by a SQLite
// store for as long as the database has not changed. Whether it changed costs one look a turn of the event loop
// (database-changes.ts: the wal-index header, or PRAGMA data_version), which moves when another connection commits
// (the store's writer thread, the admin command, another program on the file); a write of this store on its own
// connection counts at its start and its end. Any change forgets everything kept, so a day closed, a cutoff, a
// holiday or a surcharge set anywhere is read afresh by the next request. PostgreSQL keeps settings its own way
// (postgres/settings-cache.ts).
import type { Db } from './database.ts';
import { databaseChangeProbe } from './database-changes.ts';

/** Past this many kept reads, everything is forgotten and kept again as asked. */
const MAX_KEPT = 256;
/** A longer list (a page of manifests listed through the API) is read each time, so what is kept stays small. */
const MAX_KEPT_LIST = 32;

export interface ReadCache {
  /**
   * The value under `key`: kept while the database is unchanged, else read (and kept). What is kept is frozen; an
   * array or a Map is answered as a copy of its own, which the caller may change.
   */
  read<T>(key: string, fetch: () => Promise<T>): Promise<T>;
  /** A write of this store began or ended: what was kept may be out of date. */
  changed(): void;
  /** Lets go of what the look at the database holds open (the store closes). */
  close(): void;
}

/** Freezes a value read from the database (plain JSON, records, a Map of numbers) and everything in it. */
function frozen<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Map) return value;
  for (const member of Object.values(value)) frozen(member);
  return Object.freeze(value);
}

/** What a caller gets of a kept value: a copy of an array or a Map, the frozen value itself otherwise. */
const handedOut = <T>(value: T): T =>
  (Array.isArray(value) ? [...(value as unknown[])] : value instanceof Map ? new Map(value as Map<unknown, unknown>) : value) as T;

export function sqliteReadCache(db: Db): ReadCache {
  const probe = databaseChangeProbe(db);
  const kept = new Map<string, { value: unknown }>();
  let writes = 0;
  /** What is kept was read at this version of the database, after this many starts and ends of this store's writes. */
  let seen = { data: Number.NaN, writes: -1 };
  /**
   * The database's version as looked at in this turn of the event loop (until its microtasks are done): the reads
   * of one request (a rate makes five) share one look. A request that arrives after another program's commit is
   * handled in a later turn, which looks again.
   */
  let thisTurn: number | undefined;
  const endTurn = () => {
    thisTurn = undefined;
  };

  /** Forgets what is kept when the database changed since it was read. */
  const check = () => {
    if (thisTurn === undefined) {
      thisTurn = probe.version();
      process.nextTick(endTurn);
    }
    if (thisTurn !== seen.data || writes !== seen.writes) {
      kept.clear();
      seen = { data: thisTurn, writes };
    }
    return seen;
  };

  return {
    read<T>(key: string, fetch: () => Promise<T>): Promise<T> {
      // A read inside a write of this connection (without the writer thread) may see rows not yet committed, as any
      // read would meanwhile; the write's end forgets what it kept.
      const at = check();
      const hit = kept.get(key);
      if (hit) return Promise.resolve(handedOut(hit.value as T));
      return fetch().then((value) => {
        // Kept only when nothing moved since the check: a read may have met a newer commit, which the next look sees.
        if (at === seen && writes === at.writes && !(Array.isArray(value) && value.length > MAX_KEPT_LIST)) {
          if (kept.size >= MAX_KEPT) kept.clear();
          kept.set(key, { value: frozen(value) });
          return handedOut(value);
        }
        return value;
      });
    },
    changed() {
      writes++;
    },
    close: () => probe.close(),
  };
}
