// Delivering events to webhooks: at least once, in event order per endpoint. Each endpoint's oldest pending
// delivery is the only one tried; a failure is tried again with exponential backoff (10 s doubling, at most an
// hour apart) until a day has passed, then it is kept as a dead letter and the webhook is paused, not deleted.
// On a shared store one desk at a time delivers (the 'webhooks' duty), so nothing is sent twice by two desks.
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import type { StationEventRecord } from '../domain/event.ts';
import type { DeliveryRecord, WebhookRecord } from '../domain/webhook.ts';
import type { Logger } from '../logger.ts';
import { signatureHeader } from '../security/webhook-signature.ts';
import { SIGNATURE_HEADER } from '../../src-shared/webhooks.ts';
import type { Store } from '../store/index.ts';
import type { EventService } from './events.ts';

export interface DeliveryPolicy {
  /** The wait after the first failure; each later one doubles it (10 s). */
  firstRetryMs: number;
  /** The longest wait between two attempts (1 h). */
  maxRetryMs: number;
  /** How long an event is tried before it becomes a dead letter (24 h). */
  giveUpMs: number;
  /** How long one attempt may take (10 s). */
  timeoutMs: number;
  /** How often due retries are looked for, besides whenever events arrive (1 s). */
  tickMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  firstRetryMs: 10_000,
  maxRetryMs: 60 * 60_000,
  giveUpMs: 24 * 60 * 60_000,
  timeoutMs: 10_000,
  tickMs: 1_000,
};

export interface WebhookDelivererDeps {
  store: Store;
  events: EventService;
  logger: Logger;
  clock: () => Date;
  /** The body each endpoint receives for an event: the event resource, with links on the station's own address. */
  body: (event: StationEventRecord) => string;
  policy?: Partial<DeliveryPolicy>;
  userAgent: string;
}

export interface WebhookDeliverer {
  start(): void;
  stop(): Promise<void>;
  /** Queues and delivers what is due now; tests and the services' changes call it. */
  runOnce(): Promise<void>;
}

/** Events queued per webhook per round, and deliveries tried per webhook per round. */
const QUEUE_BATCH = 500;
const DELIVERIES_PER_ROUND = 100;

export function createWebhookDeliverer(deps: WebhookDelivererDeps): WebhookDeliverer {
  const { store, logger, clock } = deps;
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...deps.policy };
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => void) | undefined;
  let stopped = false;

  const backoff = (attempts: number) => Math.min(policy.firstRetryMs * 2 ** Math.max(0, attempts - 1), policy.maxRetryMs);

  const attempt = async (webhook: WebhookRecord, delivery: DeliveryRecord, event: StationEventRecord | undefined) => {
    let status: number | null = null;
    let error: string;
    if (!event) {
      error = ERROR_TEXT.webhookEventGone(delivery.eventId);
    } else {
      const body = deps.body(event);
      try {
        const response = await fetch(webhook.url, {
          method: 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(policy.timeoutMs),
          headers: {
            'Content-Type': 'application/vnd.api+json',
            'User-Agent': deps.userAgent,
            [SIGNATURE_HEADER]: signatureHeader(webhook.secret, Math.floor(clock().getTime() / 1000), body),
            'Station-Event-Id': event.id,
            'Station-Event-Type': event.type,
            'Station-Webhook-Id': webhook.id,
            'Station-Delivery-Id': delivery.id,
          },
          body,
        });
        status = response.status;
        await response.body?.cancel().catch(() => undefined);
        if (status >= 200 && status < 300) {
          await store.webhooks.recordAttempt(delivery.id, { delivered: true, status });
          return true;
        }
        error = ERROR_TEXT.webhookAnswered(status);
      } catch (failure) {
        error =
          (failure as Error).name === 'TimeoutError'
            ? ERROR_TEXT.webhookTimedOut(policy.timeoutMs / 1000)
            : ERROR_TEXT.webhookUnreachable((failure as Error & { cause?: Error }).cause?.message ?? (failure as Error).message);
      }
    }
    const age = clock().getTime() - Date.parse(delivery.createdAt);
    if (age + backoff(delivery.attempts + 1) > policy.giveUpMs) {
      await store.webhooks.giveUp(delivery.id, { status, error }, ERROR_TEXT.webhookPaused(event?.id ?? delivery.eventId, error));
      logger.warn(
        `Webhook ${webhook.id} is paused: event ${delivery.eventId} could not be delivered for ${Math.round(policy.giveUpMs / 3_600_000)} h (${error})`,
      );
    } else {
      await store.webhooks.recordAttempt(delivery.id, {
        delivered: false,
        status,
        error,
        nextAttemptAt: new Date(clock().getTime() + backoff(delivery.attempts + 1)).toISOString(),
      });
    }
    return false;
  };

  /** Delivers one webhook's due deliveries in order, stopping at the first that fails or is not due. */
  const deliverTo = async (webhook: WebhookRecord) => {
    for (let sent = 0; sent < DELIVERIES_PER_ROUND && !stopped; sent++) {
      const delivery = await store.webhooks.nextPending(webhook.id);
      if (!delivery || Date.parse(delivery.nextAttemptAt) > clock().getTime()) return;
      const [event] = await store.events.list({
        clientId: null,
        sandbox: null,
        after: Number(delivery.eventId) - 1,
        types: null,
        limit: 1,
      });
      if (!(await attempt(webhook, delivery, event?.id === delivery.eventId ? event : undefined))) return;
    }
  };

  const round = async () => {
    if (!(await store.holdDuty('webhooks'))) return;
    const webhooks = await store.webhooks.list({ clientId: null });
    for (const webhook of webhooks) {
      while ((await store.webhooks.enqueueNew(webhook.id, QUEUE_BATCH)) === QUEUE_BATCH);
    }
    // Endpoints are independent: a slow one does not hold up the others.
    await Promise.all(
      webhooks
        .filter((webhook) => webhook.status === 'active')
        .map((webhook) => deliverTo(webhook).catch((error: unknown) => logger.error(`Delivering to webhook ${webhook.id} failed`, error))),
    );
  };

  const runOnce = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round();
        } catch (error) {
          logger.warn(`Webhook deliveries wait for the next round: ${(error as Error).message}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void runOnce(), policy.tickMs);
      timer.unref();
      stopListening = deps.events.onNews((stopping) => {
        if (!stopping) void runOnce();
      });
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopListening?.();
      await running;
    },
    runOnce,
  };
}
