// PostgreSQL: the integration events and idempotency keys, written inside the transaction of the change by the
// shipments and print-jobs tables. Events are numbered under a transaction lock, taken last, just before the
// commit: ids then commit in the order they were drawn, so a reader that resumes after an id never misses one
// committed late by another desk, and the lock is held only for one INSERT and the commit.
import type { NewStationEvent } from '../../domain/event.ts';
import type { NewIdempotencyKey } from '../../domain/idempotency.ts';
import { EVENT_INSERT_HEAD, eventRecord, eventValues, type EventRow, type EventsTable } from '../events.ts';
import { idempotencyKeyRecord, keyExpiry, keyTaken, type IdempotencyKeyRow, type IdempotencyKeysTable } from '../idempotency-keys.ts';
import type { Async } from '../index.ts';
import { gatherForCommit, storable, transaction, type Pool, type Queryable } from './database.ts';

/** The advisory lock class that orders event ids across desks (held to the end of each writing transaction). */
const EVENT_ORDER_LOCK = 8411003;

/** The key of a transaction's events, gathered until it commits. */
const EVENTS = Symbol('events');
/** The key of whether a transaction holds the event-order lock yet. */
const ORDER_LOCK = Symbol('event order lock');

/**
 * Takes the event-order lock for the rest of a transaction's connection (from transaction()), once. Only a task
 * at the transaction's end may call it: the lock is then held only for that end and the commit.
 */
export async function lockEventOrder(db: Queryable): Promise<void> {
  const lock = gatherForCommit(db, ORDER_LOCK, () => ({ taken: false }));
  if (lock.taken) return;
  await db.query('SELECT pg_advisory_xact_lock($1)', [EVENT_ORDER_LOCK]);
  lock.taken = true;
}

/**
 * Adds an event inside a transaction's connection (from transaction()): the events are inserted together at the
 * end, and commit with the change they describe.
 */
export async function appendEvent(db: Queryable, event: NewStationEvent, at: string): Promise<void> {
  const events = gatherForCommit(db, EVENTS, (atEnd) => {
    const gathered: { event: NewStationEvent; at: string }[] = [];
    atEnd(async () => {
      await lockEventOrder(db);
      const values = gathered.flatMap((entry) => eventValues(entry.event, entry.at));
      const rows = gathered.map((_, index) => `(${Array.from({ length: 7 }, (_unused, column) => `$${index * 7 + column + 1}`).join(', ')})`);
      await db.query(`${EVENT_INSERT_HEAD} VALUES ${rows.join(', ')}`, values);
    });
    return gathered;
  });
  events.push({ event, at });
}

/** Records a request's key inside a transaction's connection; a live key of the same client throws. */
export async function recordKey(db: Queryable, entry: NewIdempotencyKey, at: string): Promise<void> {
  const result = await db.query(
    `INSERT INTO idempotency_keys (client_id, key, fingerprint, subject_type, subject_id, response, created_at)
     VALUES ($1, $2, $3, $4, $5, NULL, $6)
     ON CONFLICT (client_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, subject_type = excluded.subject_type,
       subject_id = excluded.subject_id, response = NULL, created_at = excluded.created_at
     WHERE idempotency_keys.created_at < $7`,
    [Number(entry.clientId), entry.key, entry.fingerprint, entry.subjectType, entry.subjectId, at, keyExpiry(at)],
  );
  if ((result.rowCount ?? 0) === 0) throw keyTaken(entry.key);
}

export function eventsTable(pool: Pool, now: () => string): Async<EventsTable> {
  return {
    append: (event) => transaction(pool, (db) => appendEvent(db, event, now())),
    list: async (filter) => {
      const rows = await pool.query<EventRow>(
        `SELECT * FROM events
         WHERE id > $1 AND ($2::integer IS NULL OR client_id = $2) AND ($3::smallint IS NULL OR sandbox = $3) AND ($4::text[] IS NULL OR type = ANY($4))
         ORDER BY id LIMIT $5`,
        [filter.after, filter.clientId === null ? null : Number(filter.clientId) || 0, filter.sandbox === null ? null : filter.sandbox ? 1 : 0, filter.types, filter.limit],
      );
      return rows.rows.map(eventRecord);
    },
    latestId: async () => (await pool.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM events')).rows[0]!.id,
    purge: async (before, limit) =>
      (await pool.query('DELETE FROM events WHERE id IN (SELECT id FROM events ORDER BY id LIMIT $2) AND at < $1', [before, limit])).rowCount ?? 0,
  };
}

export function idempotencyKeysTable(pool: Pool, now: () => string): Async<IdempotencyKeysTable> {
  return {
    find: async (clientId, key) => {
      if (!storable(key)) return undefined;
      const row = (await pool.query<IdempotencyKeyRow>('SELECT * FROM idempotency_keys WHERE client_id = $1 AND key = $2', [Number(clientId), key])).rows[0];
      return row && idempotencyKeyRecord(row);
    },
    record: (entry) => recordKey(pool, entry, now()),
    saveResponse: async (clientId, key, response) => {
      await pool.query('UPDATE idempotency_keys SET response = $3 WHERE client_id = $1 AND key = $2', [Number(clientId), key, JSON.stringify(response)]);
    },
    purge: async (before) => (await pool.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before])).rowCount ?? 0,
  };
}
