// Webhooks and their deliveries. Events are queued for a webhook by moving its cursor over the event log in the
// same transaction as the delivery rows are added, so an event is queued once; each delivery row then records
// its attempts until it is delivered, or dead after a day of failures (kept, and replayable).
import type { EventType } from '../../src-shared/events.ts';
import type { AttemptOutcome, DeliveryRecord, DeliveryStatus, NewWebhook, WebhookRecord } from '../domain/webhook.ts';
import type { Db } from './database.ts';

export interface WebhooksTable {
  add(webhook: NewWebhook): WebhookRecord;
  /** Webhooks not removed, oldest first: one client's, or (null) every webhook. */
  list(filter: { clientId: string | null }): WebhookRecord[];
  get(id: string): WebhookRecord | undefined;
  remove(id: string): boolean;
  setStatus(id: string, status: 'active' | 'paused', reason: string | null): boolean;
  /**
   * Queues the webhook's events after its cursor (up to `limit`), and moves the cursor past every event looked at,
   * matching or not; how many were queued.
   */
  enqueueNew(id: string, limit: number): number;
  /** Queues the matching events with ids from `from` to `to` again; how many. */
  enqueueRange(id: string, from: number, to: number, limit: number): number;
  /** The oldest delivery still pending for the webhook: the only one that may be attempted, so order holds. */
  nextPending(id: string): DeliveryRecord | undefined;
  recordAttempt(deliveryId: string, outcome: AttemptOutcome): void;
  /** Marks a delivery dead (given up after a day) and pauses its webhook, in one transaction. */
  giveUp(deliveryId: string, outcome: { status: number | null; error: string }, pauseReason: string): void;
  deliveries(id: string, filter: { before: string | null; status: DeliveryStatus | null; limit: number }): DeliveryRecord[];
  pendingCount(id: string): number;
}

export interface WebhookRow {
  id: number;
  url: string;
  event_types: string;
  client_id: number | null;
  secret: string;
  cursor: number;
  status: 'active' | 'paused';
  paused_reason: string | null;
  created_at: string;
}

export interface DeliveryRow {
  id: number;
  webhook_id: number;
  event_id: number;
  event_type: EventType;
  replay: number;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export const webhookRecord = (row: WebhookRow): WebhookRecord => ({
  id: String(row.id),
  url: row.url,
  eventTypes: JSON.parse(row.event_types) as EventType[],
  clientId: row.client_id === null ? null : String(row.client_id),
  secret: row.secret,
  cursor: Number(row.cursor),
  status: row.status,
  pausedReason: row.paused_reason,
  createdAt: row.created_at,
});

export const deliveryRecord = (row: DeliveryRow): DeliveryRecord => ({
  id: String(row.id),
  webhookId: String(row.webhook_id),
  eventId: String(row.event_id),
  eventType: row.event_type,
  replay: row.replay === 1,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  lastStatus: row.last_status,
  lastError: row.last_error,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

/** The events a webhook receives, as a WHERE clause over `events e` and the webhook row `w`. */
export const MATCHING_EVENTS = `(w.client_id IS NULL OR e.client_id = w.client_id)
  AND e.type IN (SELECT value FROM json_each(w.event_types))`;

export function webhooksTable(db: Db, now: () => string): WebhooksTable {
  const insert = db.prepare<Record<string, unknown>, WebhookRow>(
    `INSERT INTO webhooks (url, event_types, client_id, secret, cursor, status, created_at)
     VALUES (@url, @eventTypes, @clientId, @secret, @cursor, 'active', @now) RETURNING *`,
  );
  const selectAll = db.prepare<Record<string, unknown>, WebhookRow>(
    'SELECT * FROM webhooks WHERE removed_at IS NULL AND (@clientId IS NULL OR client_id = @clientId) ORDER BY id',
  );
  const selectOne = db.prepare<[number], WebhookRow>('SELECT * FROM webhooks WHERE id = ? AND removed_at IS NULL');
  const remove = db.prepare('UPDATE webhooks SET removed_at = @now WHERE id = @id AND removed_at IS NULL');
  const setStatus = db.prepare('UPDATE webhooks SET status = @status, paused_reason = @reason WHERE id = @id AND removed_at IS NULL');
  const newEvents = db.prepare<Record<string, unknown>, { id: number; type: string; matches: number }>(
    `SELECT e.id, e.type, (${MATCHING_EVENTS}) AS matches FROM events e, webhooks w
     WHERE w.id = @id AND e.id > w.cursor ORDER BY e.id LIMIT @limit`,
  );
  const rangeEvents = db.prepare<Record<string, unknown>, { id: number; type: string }>(
    `SELECT e.id, e.type FROM events e, webhooks w
     WHERE w.id = @id AND e.id BETWEEN @from AND @to AND ${MATCHING_EVENTS} ORDER BY e.id LIMIT @limit`,
  );
  const queue = db.prepare(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, replay, status, attempts, next_attempt_at, created_at)
     VALUES (@webhookId, @eventId, @eventType, @replay, 'pending', 0, @now, @now)`,
  );
  const moveCursor = db.prepare('UPDATE webhooks SET cursor = @cursor WHERE id = @id');
  const nextPending = db.prepare<[number], DeliveryRow>("SELECT * FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending' ORDER BY id LIMIT 1");
  const delivered = db.prepare(
    "UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, last_status = @status, last_error = NULL, delivered_at = @now WHERE id = @id",
  );
  const failed = db.prepare(
    'UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = @status, last_error = @error, next_attempt_at = @next WHERE id = @id',
  );
  const dead = db.prepare<Record<string, unknown>, { webhook_id: number }>(
    "UPDATE webhook_deliveries SET status = 'dead', attempts = attempts + 1, last_status = @status, last_error = @error WHERE id = @id RETURNING webhook_id",
  );
  const selectDeliveries = db.prepare<Record<string, unknown>, DeliveryRow>(
    `SELECT * FROM webhook_deliveries WHERE webhook_id = @id AND (@before IS NULL OR id < @before) AND (@status IS NULL OR status = @status)
     ORDER BY id DESC LIMIT @limit`,
  );
  const countPending = db.prepare<[number], number>("SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ? AND status = 'pending'").pluck();

  return {
    add: (webhook) =>
      webhookRecord(insert.get({ ...webhook, eventTypes: JSON.stringify(webhook.eventTypes), clientId: webhook.clientId === null ? null : Number(webhook.clientId), now: now() })!),
    list: ({ clientId }) => selectAll.all({ clientId: clientId === null ? null : Number(clientId) }).map(webhookRecord),
    get: (id) => {
      const row = /^[0-9]{1,15}$/.test(id) ? selectOne.get(Number(id)) : undefined;
      return row && webhookRecord(row);
    },
    remove: (id) => remove.run({ id: Number(id) || 0, now: now() }).changes === 1,
    setStatus: (id, status, reason) => setStatus.run({ id: Number(id) || 0, status, reason }).changes === 1,
    enqueueNew: db.transaction((id: string, limit: number) => {
      const seen = newEvents.all({ id: Number(id), limit });
      const at = now();
      let queued = 0;
      for (const event of seen) {
        if (event.matches !== 1) continue;
        queue.run({ webhookId: Number(id), eventId: event.id, eventType: event.type, replay: 0, now: at });
        queued++;
      }
      if (seen.length > 0) moveCursor.run({ id: Number(id), cursor: seen.at(-1)!.id });
      return queued;
    }),
    enqueueRange: db.transaction((id: string, from: number, to: number, limit: number) => {
      const at = now();
      const found = rangeEvents.all({ id: Number(id), from, to, limit });
      for (const event of found) queue.run({ webhookId: Number(id), eventId: event.id, eventType: event.type, replay: 1, now: at });
      return found.length;
    }),
    nextPending: (id) => {
      const row = nextPending.get(Number(id));
      return row && deliveryRecord(row);
    },
    recordAttempt: (deliveryId, outcome) => {
      if (outcome.delivered) delivered.run({ id: Number(deliveryId), status: outcome.status, now: now() });
      else failed.run({ id: Number(deliveryId), status: outcome.status, error: outcome.error, next: outcome.nextAttemptAt });
    },
    giveUp: db.transaction((deliveryId: string, outcome: { status: number | null; error: string }, pauseReason: string) => {
      const row = dead.get({ id: Number(deliveryId), status: outcome.status, error: outcome.error });
      if (row) setStatus.run({ id: row.webhook_id, status: 'paused', reason: pauseReason });
    }),
    deliveries: (id, filter) =>
      selectDeliveries.all({ id: Number(id) || 0, before: filter.before === null ? null : Number(filter.before), status: filter.status, limit: filter.limit }).map(deliveryRecord),
    pendingCount: (id) => countPending.get(Number(id) || 0) as number,
  };
}
