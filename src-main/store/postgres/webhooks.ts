// PostgreSQL: webhooks and their deliveries, as SQLite keeps them (store/webhooks.ts). Queuing locks the webhook's
// row, so two desks never queue the same events for it twice.
import type { Async } from '../index.ts';
import { deliveryRecord, webhookRecord, type DeliveryRow, type WebhookRow, type WebhooksTable } from '../webhooks.ts';
import { transaction, type Pool } from './database.ts';

const MATCHING_EVENTS = `(w.client_id IS NULL OR e.client_id = w.client_id) AND e.type IN (SELECT jsonb_array_elements_text(w.event_types::jsonb))`;
const QUEUE = `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, replay, status, attempts, next_attempt_at, created_at)
  VALUES ($1, $2, $3, $4, 'pending', 0, $5, $5)`;

const numeric = (id: string) => (/^[0-9]{1,15}$/.test(id) ? Number(id) : 0);

export function webhooksTable(pool: Pool, now: () => string): Async<WebhooksTable> {
  return {
    add: async (webhook) =>
      webhookRecord(
        (
          await pool.query<WebhookRow>(
            `INSERT INTO webhooks (url, event_types, client_id, secret, cursor, status, created_at) VALUES ($1, $2, $3, $4, $5, 'active', $6) RETURNING *`,
            [webhook.url, JSON.stringify(webhook.eventTypes), webhook.clientId === null ? null : Number(webhook.clientId), webhook.secret, webhook.cursor, now()],
          )
        ).rows[0]!,
      ),
    list: async ({ clientId }) =>
      (await pool.query<WebhookRow>('SELECT * FROM webhooks WHERE removed_at IS NULL AND ($1::integer IS NULL OR client_id = $1) ORDER BY id', [clientId === null ? null : Number(clientId)])).rows.map(
        webhookRecord,
      ),
    get: async (id) => {
      const row = (await pool.query<WebhookRow>('SELECT * FROM webhooks WHERE id = $1 AND removed_at IS NULL', [numeric(id)])).rows[0];
      return row && webhookRecord(row);
    },
    remove: async (id) => ((await pool.query('UPDATE webhooks SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL', [numeric(id), now()])).rowCount ?? 0) === 1,
    setStatus: async (id, status, reason) =>
      ((await pool.query('UPDATE webhooks SET status = $2, paused_reason = $3 WHERE id = $1 AND removed_at IS NULL', [numeric(id), status, reason])).rowCount ?? 0) === 1,
    enqueueNew: (id, limit) =>
      transaction(pool, async (db) => {
        await db.query('SELECT 1 FROM webhooks WHERE id = $1 FOR UPDATE', [numeric(id)]);
        const seen = (
          await db.query<{ id: number; type: string; matches: boolean }>(
            `SELECT e.id, e.type, (${MATCHING_EVENTS}) AS matches FROM events e, webhooks w WHERE w.id = $1 AND e.id > w.cursor ORDER BY e.id LIMIT $2`,
            [numeric(id), limit],
          )
        ).rows;
        const at = now();
        let queued = 0;
        for (const event of seen) {
          if (!event.matches) continue;
          await db.query(QUEUE, [numeric(id), event.id, event.type, 0, at]);
          queued++;
        }
        if (seen.length > 0) await db.query('UPDATE webhooks SET cursor = $2 WHERE id = $1', [numeric(id), seen.at(-1)!.id]);
        return queued;
      }),
    enqueueRange: (id, from, to, limit) =>
      transaction(pool, async (db) => {
        const found = (
          await db.query<{ id: number; type: string }>(
            `SELECT e.id, e.type FROM events e, webhooks w WHERE w.id = $1 AND e.id BETWEEN $2 AND $3 AND ${MATCHING_EVENTS} ORDER BY e.id LIMIT $4`,
            [numeric(id), from, to, limit],
          )
        ).rows;
        const at = now();
        for (const event of found) await db.query(QUEUE, [numeric(id), event.id, event.type, 1, at]);
        return found.length;
      }),
    nextPending: async (id) => {
      const row = (await pool.query<DeliveryRow>("SELECT * FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending' ORDER BY id LIMIT 1", [numeric(id)])).rows[0];
      return row && deliveryRecord(row);
    },
    recordAttempt: async (deliveryId, outcome) => {
      if (outcome.delivered) {
        await pool.query(
          "UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, last_status = $2, last_error = NULL, delivered_at = $3 WHERE id = $1",
          [numeric(deliveryId), outcome.status, now()],
        );
      } else {
        await pool.query('UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1', [
          numeric(deliveryId), outcome.status, outcome.error, outcome.nextAttemptAt,
        ]);
      }
    },
    giveUp: (deliveryId, outcome, pauseReason) =>
      transaction(pool, async (db) => {
        const row = (
          await db.query<{ webhook_id: number }>(
            "UPDATE webhook_deliveries SET status = 'dead', attempts = attempts + 1, last_status = $2, last_error = $3 WHERE id = $1 RETURNING webhook_id",
            [numeric(deliveryId), outcome.status, outcome.error],
          )
        ).rows[0];
        if (row) await db.query("UPDATE webhooks SET status = 'paused', paused_reason = $2 WHERE id = $1", [row.webhook_id, pauseReason]);
      }),
    deliveries: async (id, filter) =>
      (
        await pool.query<DeliveryRow>(
          `SELECT * FROM webhook_deliveries WHERE webhook_id = $1 AND ($2::bigint IS NULL OR id < $2) AND ($3::text IS NULL OR status = $3) ORDER BY id DESC LIMIT $4`,
          [numeric(id), filter.before === null ? null : numeric(filter.before), filter.status, filter.limit],
        )
      ).rows.map(deliveryRecord),
    pendingCount: async (id) => (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending'", [numeric(id)])).rows[0]!.n,
  };
}
