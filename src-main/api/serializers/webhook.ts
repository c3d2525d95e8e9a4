// Webhook and delivery resources. A webhook's secret is in the answer that adds it or rotates it, and never again.
import type { DeliveryResource, WebhookResource } from '../../../src-shared/webhooks.ts';
import type { DeliveryRecord, WebhookRecord } from '../../domain/webhook.ts';

export function webhookResource(webhook: WebhookRecord & { pending: number }, withSecret = false): WebhookResource {
  return {
    type: 'webhook',
    id: webhook.id,
    attributes: {
      url: webhook.url,
      events: webhook.eventTypes,
      clientId: webhook.clientId,
      status: webhook.status,
      environment: webhook.environment,
      pausedReason: webhook.pausedReason,
      createdAt: webhook.createdAt,
      ...(withSecret ? { secret: webhook.secret } : {}),
    },
    meta: { pending: webhook.pending },
  } satisfies WebhookResource;
}

export function deliveryResource(delivery: DeliveryRecord): DeliveryResource {
  return {
    type: 'webhookDelivery',
    id: delivery.id,
    attributes: {
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      replay: delivery.replay,
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt,
      lastStatus: delivery.lastStatus,
      lastError: delivery.lastError,
      createdAt: delivery.createdAt,
      deliveredAt: delivery.deliveredAt,
    },
  } satisfies DeliveryResource;
}
