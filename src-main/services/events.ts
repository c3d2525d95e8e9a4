// The integration events as integrators read them: a client's own events in order (the feed), and a signal that
// new ones were committed, for the live stream and the webhook deliverer. The signal watches the newest id on a
// short timer, so it also sees what other desks on a shared store commit.
import { addDays, dayIn, startOfDay, type StationCalendar } from '../../src-shared/calendar.ts';
import { EVENT_FEED_LIMIT } from '../../src-shared/events.ts';
import type { Caller } from '../domain/caller.ts';
import type { StationEventRecord } from '../domain/event.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../store/index.ts';

export interface FeedQuery {
  after: number;
  limit: number;
  /** Only these event types; null for all. */
  types: readonly string[] | null;
}

export interface EventService {
  /** The caller's own events (in its sandbox or not, as it calls) after `after`, oldest first. */
  feed(caller: Caller, query: FeedQuery): Promise<StationEventRecord[]>;
  latestId(): Promise<number>;
  /** Forgets events older than the retention (90 days by default); how many. */
  purgeOld(): Promise<number>;
  /**
   * Calls `listener` when events newer than any seen before were committed, and once with `stopping` true when the
   * station stops (a live stream ends then); answers the function that stops listening.
   */
  onNews(listener: (stopping: boolean) => void): () => void;
  /** How many listen now: the live streams and the webhook deliverer. */
  listening(): number;
  stop(): void;
}

export interface EventServiceDeps {
  store: Store;
  logger: Logger;
  /** How often the newest id is looked at while anyone listens (250 ms by default). */
  pollMs?: number;
  clock?: () => Date;
  /** The station's time zone: retention counts whole days on its calendar. */
  calendar?: () => Promise<StationCalendar>;
  /** How long events are kept for the feed, the stream and replays (90 days by default). */
  retentionDays?: number;
}

export const DEFAULT_EVENT_RETENTION_DAYS = 90;
/** Events forgotten per statement, so a purge never holds the database for long. */
const PURGE_BATCH = 5_000;

export function createEventService(deps: EventServiceDeps): EventService {
  const { store, logger } = deps;
  const pollMs = deps.pollMs ?? 250;
  const listeners = new Set<(stopping: boolean) => void>();
  let newest = -1;
  let timer: NodeJS.Timeout | undefined;
  let looking = false;
  let problemLogged = false;

  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const latest = await store.events.newestId();
      problemLogged = false;
      if (latest !== newest) {
        newest = latest;
        for (const listener of listeners) listener(false);
      }
    } catch (error) {
      // The database is briefly away (busy, or the server restarting): the next look tries again.
      if (!problemLogged) logger.warn(`Looking for new events failed: ${(error as Error).message}`);
      problemLogged = true;
    } finally {
      looking = false;
    }
  };

  return {
    feed: (caller, query) =>
      store.events.list({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        after: query.after,
        types: query.types,
        limit: Math.min(query.limit, EVENT_FEED_LIMIT.max),
      }),
    latestId: () => store.events.latestId(),
    async purgeOld() {
      // Kept: the events of today and the retention's days before it, whole days on the station's calendar.
      const timeZone = (await deps.calendar?.())?.timeZone ?? 'UTC';
      const today = dayIn((deps.clock ?? (() => new Date()))(), timeZone);
      const before = startOfDay(addDays(today, -(deps.retentionDays ?? DEFAULT_EVENT_RETENTION_DAYS)), timeZone).toISOString();
      let total = 0;
      for (;;) {
        const purged = await store.events.purge(before, PURGE_BATCH);
        total += purged;
        if (purged < PURGE_BATCH) return total;
      }
    },
    onNews(listener) {
      listeners.add(listener);
      if (!timer) {
        timer = setInterval(() => void look(), pollMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    listening: () => listeners.size,
    stop() {
      for (const listener of [...listeners]) listener(true);
      listeners.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
