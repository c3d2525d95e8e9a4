// The integration events: one row per change an integrator may follow, added at the end of the transaction of the
// change, read back in id order by the feed, the live stream and the webhook deliverer. Ids only grow, and a reader
// is never handed an id while a smaller one may still commit, so `after=<id>` resumes without missing one that
// another desk committed late. SQLite has one writer at a time: ids commit in the order they are drawn. On
// PostgreSQL the writers draw their ids under a shared lock held to their commit (they never wait for each other),
// and a reader first takes that lock alone for an instant: every id drawn until then has committed or rolled back,
// so it reads up to the newest id it then sees, and later writers draw larger ones.
import type { EventFilter, EventSnapshot, NewStationEvent, StationEventRecord } from '../domain/event.ts';
import type { EventType } from '../../src-shared/events.ts';
import { numericId } from './row-id.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface EventReads {
  list(filter: EventFilter): Promise<StationEventRecord[]>;
  /** The newest event's id that no smaller one can commit after, 0 when there is none: where a new webhook starts. */
  latestId(): Promise<number>;
  /**
   * The newest committed event's id, 0 when there is none, without waiting for the writers of the moment: only to
   * notice that events were added (a smaller id may still commit; list waits for it), never as a cursor.
   */
  newestId(): Promise<number>;
}

export interface EventWrites {
  append(event: NewStationEvent): Promise<void>;
  /** Forgets up to `limit` of the oldest events written before `before`; how many. Ids are never reused. */
  purge(before: string, limit: number): Promise<number>;
}

interface EventRow {
  id: number | string;
  type: EventType;
  client_id: number;
  sandbox: number;
  subject_type: string;
  subject_id: string;
  data: string;
  at: string;
}

const eventRecord = (row: EventRow): StationEventRecord => ({
  id: String(row.id),
  type: row.type,
  clientId: String(row.client_id),
  sandbox: row.sandbox === 1,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  snapshot: JSON.parse(row.data) as EventSnapshot,
  at: row.at,
});

/** The key of a transaction's events, gathered until it commits. */
const EVENTS = Symbol('events');
/** The key of whether a transaction holds the event-order lock yet. */
const ORDER_LOCK = Symbol('event order lock');

/**
 * Takes the (shared) event-order lock for the rest of the transaction, once, where desks share the database. Only a
 * task at the transaction's end may call it: a reader waiting for the writers then waits only for their ends.
 */
export async function lockEventOrder(sql: Sql): Promise<void> {
  const statement = sql.dialect.eventOrderLock;
  if (!statement) return;
  const lock = sql.gather(ORDER_LOCK, () => ({ taken: false }));
  if (lock.taken) return;
  await sql.send(statement);
  lock.taken = true;
}

/** Adds an event inside a transaction: the transaction's events are inserted together at its end, and commit with it. */
export function appendEvent(sql: Sql, event: NewStationEvent, at: string): void {
  const events = sql.gather(EVENTS, (atEnd) => {
    const gathered: { event: NewStationEvent; at: string }[] = [];
    atEnd(async () => {
      await lockEventOrder(sql);
      const values = gathered.flatMap((entry) => [
        entry.event.type,
        Number(entry.event.clientId),
        entry.event.sandbox ? 1 : 0,
        entry.event.subjectType,
        entry.event.subjectId,
        JSON.stringify(entry.event.snapshot),
        entry.at,
      ]);
      const rows = gathered.map(
        (_, index) => `(${Array.from({ length: 7 }, (_unused, column) => `$${index * 7 + column + 1}`).join(', ')})`,
      );
      await sql.send(`INSERT INTO events (type, client_id, sandbox, subject_type, subject_id, data, at) VALUES ${rows.join(', ')}`, values);
    });
    return gathered;
  });
  events.push({ event, at });
}

const NEWEST = 'SELECT coalesce(max(id), 0) AS id FROM events';

/** The newest committed id: a smaller one may still commit where other writers draw ids at once. */
const newest = async (on: Sql) => Number((await on.one<{ id: number | string }>(NEWEST))!.id);

/**
 * The newest id no smaller one can commit after: where other writers draw ids at once, read once the writers of
 * the moment have ended (eventsSettled); elsewhere simply the newest. Every reader that moves a cursor reads up to it.
 */
export async function settledEventId(sql: Sql): Promise<number> {
  const settle = sql.dialect.eventsSettled;
  if (!settle) return newest(sql);
  return sql.tx(async (tx) => {
    await tx.run(settle);
    return newest(tx);
  });
}

function reads(sql: Sql): EventReads {
  return {
    list: async (filter) => {
      // Up to the settled id only: an id above it may still be passed by a smaller one that commits later. With
      // nothing committed after the cursor, nothing is waited for: an empty answer passes no event.
      const settles = sql.dialect.eventsSettled !== null;
      if (settles && (await newest(sql)) <= filter.after) return [];
      const upTo = settles ? await settledEventId(sql) : null;
      if (upTo !== null && upTo <= filter.after) return [];
      return (
        await sql.all<EventRow>(
          `SELECT * FROM events
           WHERE id > $1 AND (CAST($6 AS BIGINT) IS NULL OR id <= $6) AND (CAST($2 AS INTEGER) IS NULL OR client_id = $2)
             AND (CAST($3 AS INTEGER) IS NULL OR sandbox = $3) AND (CAST($4 AS TEXT) IS NULL OR type IN (${sql.dialect.jsonArrayElements('$4')}))
           ORDER BY id LIMIT $5`,
          [
            filter.after,
            filter.clientId === null ? null : numericId(filter.clientId),
            filter.sandbox === null ? null : filter.sandbox ? 1 : 0,
            filter.types === null ? null : JSON.stringify(filter.types),
            filter.limit,
            upTo,
          ],
        )
      ).map(eventRecord);
    },
    latestId: () => settledEventId(sql),
    newestId: () => newest(sql),
  };
}

function writes(sql: Sql, { now }: TableContext): EventWrites {
  return {
    append: (event) => sql.tx(async (tx) => appendEvent(tx, event, now())),
    // Oldest first by id: the rows go in the order they were written, so no index on the time is needed.
    purge: (before, limit) =>
      sql.run('DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id LIMIT $2) AND at < $1', [before, limit]),
  };
}

export const events: TableGroup<EventReads, EventWrites> = { reads, writes };
