// Webhooks' records: an endpoint that receives one client's events (or every client's), signed with its own
// secret, and the deliveries of events to it: pending, delivered, or dead after retrying for a day.
import type { EventType } from '../../src-shared/events.ts';
import type { DeliveryAttributes, WebhookEnvironment } from '../../src-shared/webhooks.ts';

export interface WebhookRecord {
  id: string;
  url: string;
  eventTypes: EventType[];
  /** The client whose events it receives; null for every client's. */
  clientId: string | null;
  /** The HMAC key deliveries are signed with. Shown once, when the webhook is added. */
  secret: string;
  /** Events up to this id have been queued for it; a new webhook starts at the newest event. */
  cursor: number;
  status: 'active' | 'paused';
  pausedReason: string | null;
  createdAt: string;
  /** Whose events: the live ones, the sandbox's (/v3-testing), or both (a webhook made before there was a choice). */
  environment: WebhookEnvironment;
}

export type NewWebhook = Pick<WebhookRecord, 'url' | 'eventTypes' | 'clientId' | 'secret' | 'cursor' | 'environment'>;

/** What a PATCH changes besides the status: where it sends, which events, of which environment, and its secret. */
export type WebhookChange = Partial<Pick<WebhookRecord, 'url' | 'eventTypes' | 'environment' | 'secret'>>;

export type DeliveryStatus = DeliveryAttributes['status'];

/** A delivery of one event to one webhook: the attributes the delivery log shows, and whose it is. */
export interface DeliveryRecord extends DeliveryAttributes {
  id: string;
  webhookId: string;
}

/** What one attempt came to. */
export type AttemptOutcome =
  { delivered: true; status: number } | { delivered: false; status: number | null; error: string; nextAttemptAt: string | null };
