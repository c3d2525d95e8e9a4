// The integration events: one row per change an integrator may follow, added in the same transaction as the
// change (by the shipments and print-jobs tables on this connection), read back in id order by the feed, the
// live stream and the webhook deliverer. Ids only grow, so `after=<id>` resumes without a gap.
import type { EventFilter, EventSnapshot, NewStationEvent, StationEventRecord } from '../domain/event.ts';
import type { EventType } from '../../src-shared/events.ts';
import type { Db } from './database.ts';

export interface EventsTable {
  /** Adds an event; inside another table's transaction on the same connection, it commits with that change. */
  append(event: NewStationEvent): void;
  list(filter: EventFilter): StationEventRecord[];
  /** The newest event's id, 0 when there is none: where a new webhook starts. */
  latestId(): number;
  /** Forgets up to `limit` of the oldest events written before `before`; how many. Ids are never reused. */
  purge(before: string, limit: number): number;
}

export interface EventRow {
  id: number | string;
  type: EventType;
  client_id: number;
  sandbox: number;
  subject_type: string;
  subject_id: string;
  data: string;
  at: string;
}

export const eventRecord = (row: EventRow): StationEventRecord => ({
  id: String(row.id),
  type: row.type,
  clientId: String(row.client_id),
  sandbox: row.sandbox === 1,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  snapshot: JSON.parse(row.data) as EventSnapshot,
  at: row.at,
});

/** The row's values, in the order of the columns both back ends insert. */
export const eventValues = (event: NewStationEvent, at: string) => [
  event.type, Number(event.clientId), event.sandbox ? 1 : 0, event.subjectType, event.subjectId, JSON.stringify(event.snapshot), at,
];
/** The INSERT of events without its VALUES: PostgreSQL adds a row of placeholders per event. */
export const EVENT_INSERT_HEAD = 'INSERT INTO events (type, client_id, sandbox, subject_type, subject_id, data, at)';
const EVENT_INSERT_SQLITE = `${EVENT_INSERT_HEAD} VALUES (?, ?, ?, ?, ?, ?, ?)`;

export function eventsTable(db: Db, now: () => string): EventsTable {
  const insert = db.prepare(EVENT_INSERT_SQLITE);
  const select = db.prepare<Record<string, unknown>, EventRow>(
    `SELECT * FROM events
     WHERE id > @after AND (@clientId IS NULL OR client_id = @clientId) AND (@sandbox IS NULL OR sandbox = @sandbox)
       AND (@types IS NULL OR type IN (SELECT value FROM json_each(@types)))
     ORDER BY id LIMIT @limit`,
  );
  const latest = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM events').pluck();
  // Oldest first by id: the rows go in the order they were written, so no index on the time is needed.
  const remove = db.prepare('DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id LIMIT @limit) AND at < @before');
  return {
    append: (event) => {
      insert.run(...eventValues(event, now()));
    },
    list: (filter) =>
      select
        .all({
          after: filter.after,
          clientId: filter.clientId === null ? null : Number(filter.clientId),
          sandbox: filter.sandbox === null ? null : filter.sandbox ? 1 : 0,
          types: filter.types === null ? null : JSON.stringify(filter.types),
          limit: filter.limit,
        })
        .map(eventRecord),
    latestId: () => latest.get() as number,
    purge: (before, limit) => remove.run({ before, limit }).changes,
  };
}
