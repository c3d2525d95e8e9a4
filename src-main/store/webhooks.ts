// Webhooks and their deliveries. Events are queued for a webhook by moving its cursor over the event log in the
// same transaction as the delivery rows are added, so an event is queued once (the webhook's row is locked while
// it is queued for, so two desks never queue the same events twice); each delivery row then records its attempts
// until it is delivered, or dead after a day of failures (kept, and replayable).
import type { EventType } from '../../src-shared/events.ts';
import type { AttemptOutcome, DeliveryRecord, DeliveryStatus, NewWebhook, WebhookChange, WebhookRecord } from '../domain/webhook.ts';
import type { WebhookEnvironment } from '../../src-shared/webhooks.ts';
import type { TableContext, TableGroup } from './table-group.ts';
import { settledEventId } from './events.ts';
import { numericId } from './row-id.ts';
import type { Sql } from './sql/executor.ts';

export interface WebhookReads {
  /** Webhooks not removed, oldest first: one client's, or (null) every webhook. */
  list(filter: { clientId: string | null }): Promise<WebhookRecord[]>;
  get(id: string): Promise<WebhookRecord | undefined>;
  /** The oldest delivery still pending for the webhook: the only one that may be attempted, so order holds. */
  nextPending(id: string): Promise<DeliveryRecord | undefined>;
  deliveries(id: string, filter: { before: string | null; status: DeliveryStatus | null; limit: number }): Promise<DeliveryRecord[]>;
  pendingCount(id: string): Promise<number>;
}

export interface WebhookWrites {
  add(webhook: NewWebhook): Promise<WebhookRecord>;
  remove(id: string): Promise<boolean>;
  setStatus(id: string, status: 'active' | 'paused', reason: string | null): Promise<boolean>;
  /** Changes its URL, events, environment or secret (what is given); false when it is removed. */
  change(id: string, change: WebhookChange): Promise<boolean>;
  /**
   * Queues the webhook's events after its cursor (up to `limit`), and moves the cursor past every event looked at,
   * matching or not; how many were queued.
   */
  enqueueNew(id: string, limit: number): Promise<number>;
  /** Queues the matching events with ids from `from` to `to` again; how many. */
  enqueueRange(id: string, from: number, to: number, limit: number): Promise<number>;
  recordAttempt(deliveryId: string, outcome: AttemptOutcome): Promise<void>;
  /** Marks a delivery dead (given up after a day) and pauses its webhook, in one transaction. */
  giveUp(deliveryId: string, outcome: { status: number | null; error: string }, pauseReason: string): Promise<void>;
}

interface WebhookRow {
  id: number;
  url: string;
  event_types: string;
  client_id: number | null;
  secret: string;
  cursor: number;
  status: 'active' | 'paused';
  paused_reason: string | null;
  created_at: string;
  sandbox: number | null;
}

interface DeliveryRow {
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

const webhookRecord = (row: WebhookRow): WebhookRecord => ({
  id: String(row.id),
  url: row.url,
  eventTypes: JSON.parse(row.event_types) as EventType[],
  clientId: row.client_id === null ? null : String(row.client_id),
  secret: row.secret,
  cursor: Number(row.cursor),
  status: row.status,
  pausedReason: row.paused_reason,
  createdAt: row.created_at,
  environment: row.sandbox === null ? 'both' : Number(row.sandbox) === 1 ? 'sandbox' : 'live',
});

/** The column of an environment: 0 live, 1 sandbox, NULL both. */
const sandboxColumn = (environment: WebhookEnvironment) => (environment === 'both' ? null : environment === 'sandbox' ? 1 : 0);

const deliveryRecord = (row: DeliveryRow): DeliveryRecord => ({
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

/** The events a webhook receives, as a condition over `events e` and the webhook row `w`. */
const matchingEvents = (sql: Sql) =>
  `(w.client_id IS NULL OR e.client_id = w.client_id) AND (w.sandbox IS NULL OR e.sandbox = w.sandbox) AND e.type IN (${sql.dialect.jsonArrayElements('w.event_types')})`;
const QUEUE = `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, replay, status, attempts, next_attempt_at, created_at)
  VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)`;
const SET_STATUS = 'UPDATE webhooks SET status = $2, paused_reason = $3 WHERE id = $1 AND removed_at IS NULL';
const clientNumber = (clientId: string | null) => (clientId === null ? null : numericId(clientId));

function reads(sql: Sql): WebhookReads {
  return {
    list: async ({ clientId }) =>
      (
        await sql.all<WebhookRow>(
          'SELECT * FROM webhooks WHERE removed_at IS NULL AND (CAST($1 AS INTEGER) IS NULL OR client_id = $1) ORDER BY id',
          [clientNumber(clientId)],
        )
      ).map(webhookRecord),
    get: async (id) => {
      const row = await sql.one<WebhookRow>('SELECT * FROM webhooks WHERE id = $1 AND removed_at IS NULL', [numericId(id)]);
      return row && webhookRecord(row);
    },
    nextPending: async (id) => {
      const row = await sql.one<DeliveryRow>(
        "SELECT * FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending' ORDER BY id LIMIT 1",
        [numericId(id)],
      );
      return row && deliveryRecord(row);
    },
    deliveries: async (id, filter) =>
      (
        await sql.all<DeliveryRow>(
          `SELECT * FROM webhook_deliveries WHERE webhook_id = $1 AND (CAST($2 AS INTEGER) IS NULL OR id < $2) AND (CAST($3 AS TEXT) IS NULL OR status = $3)
           ORDER BY id DESC LIMIT $4`,
          [numericId(id), filter.before === null ? null : numericId(filter.before), filter.status, filter.limit],
        )
      ).map(deliveryRecord),
    pendingCount: async (id) =>
      (await sql.one<{ n: number }>(
        `SELECT ${sql.dialect.integer('count(*)')} AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending'`,
        [numericId(id)],
      ))!.n,
  };
}

function writes(sql: Sql, { now }: TableContext): WebhookWrites {
  return {
    add: async (webhook) =>
      webhookRecord(
        (await sql.one<WebhookRow>(
          `INSERT INTO webhooks (url, event_types, client_id, secret, cursor, status, created_at, sandbox) VALUES ($1, $2, $3, $4, $5, 'active', $6, $7) RETURNING *`,
          [
            webhook.url,
            JSON.stringify(webhook.eventTypes),
            clientNumber(webhook.clientId),
            webhook.secret,
            webhook.cursor,
            now(),
            sandboxColumn(webhook.environment),
          ],
        ))!,
      ),
    remove: async (id) =>
      (await sql.run('UPDATE webhooks SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL', [numericId(id), now()])) === 1,
    setStatus: async (id, status, reason) => (await sql.run(SET_STATUS, [numericId(id), status, reason])) === 1,
    // Pending deliveries stay as queued: what was queued for the old URL goes to the new one, signed with the new secret.
    change: async (id, change) =>
      (await sql.run(
        `UPDATE webhooks SET url = coalesce($2, url), event_types = coalesce($3, event_types),
           sandbox = CASE WHEN $4 = 1 THEN CAST($5 AS INTEGER) ELSE sandbox END, secret = coalesce($6, secret)
         WHERE id = $1 AND removed_at IS NULL`,
        [
          numericId(id),
          change.url ?? null,
          change.eventTypes ? JSON.stringify(change.eventTypes) : null,
          change.environment ? 1 : 0,
          change.environment ? sandboxColumn(change.environment) : null,
          change.secret ?? null,
        ],
      )) === 1,
    enqueueNew: async (id, limit) => {
      // Up to the settled id only: the cursor never passes an event that another desk may still commit (events.ts).
      const upTo = await settledEventId(sql);
      return sql.tx(async (tx) => {
        await tx.one(`SELECT id FROM webhooks WHERE id = $1${tx.dialect.lockRows}`, [numericId(id)]);
        const seen = await tx.all<{ id: number; type: string; matches: number | boolean }>(
          `SELECT e.id, e.type, (${matchingEvents(tx)}) AS matches FROM events e, webhooks w WHERE w.id = $1 AND e.id > w.cursor AND e.id <= $3
           ORDER BY e.id LIMIT $2`,
          [numericId(id), limit, upTo],
        );
        const at = now();
        let queued = 0;
        for (const event of seen) {
          if (!event.matches) continue;
          await tx.run(QUEUE, [numericId(id), event.id, event.type, 0, at]);
          queued++;
        }
        if (seen.length > 0) await tx.run('UPDATE webhooks SET cursor = $2 WHERE id = $1', [numericId(id), seen.at(-1)!.id]);
        return queued;
      });
    },
    enqueueRange: (id, from, to, limit) =>
      sql.tx(async (tx) => {
        const found = await tx.all<{ id: number; type: string }>(
          `SELECT e.id, e.type FROM events e, webhooks w WHERE w.id = $1 AND e.id BETWEEN $2 AND $3 AND ${matchingEvents(tx)} ORDER BY e.id LIMIT $4`,
          [numericId(id), from, to, limit],
        );
        const at = now();
        for (const event of found) await tx.run(QUEUE, [numericId(id), event.id, event.type, 1, at]);
        return found.length;
      }),
    recordAttempt: async (deliveryId, outcome) => {
      if (outcome.delivered) {
        await sql.run(
          "UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, last_status = $2, last_error = NULL, delivered_at = $3 WHERE id = $1",
          [numericId(deliveryId), outcome.status, now()],
        );
      } else {
        await sql.run(
          'UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1',
          [numericId(deliveryId), outcome.status, outcome.error, outcome.nextAttemptAt],
        );
      }
    },
    giveUp: (deliveryId, outcome, pauseReason) =>
      sql.tx(async (tx) => {
        const row = await tx.one<{ webhook_id: number }>(
          "UPDATE webhook_deliveries SET status = 'dead', attempts = attempts + 1, last_status = $2, last_error = $3 WHERE id = $1 RETURNING webhook_id",
          [numericId(deliveryId), outcome.status, outcome.error],
        );
        if (row) await tx.run(SET_STATUS, [row.webhook_id, 'paused', pauseReason]);
      }),
  };
}

export const webhooks: TableGroup<WebhookReads, WebhookWrites> = { reads, writes };
