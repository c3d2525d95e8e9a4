// The integration extension's events (README, "Integrations"): the types an integrator can follow, and the event
// resource that the feed, the live stream and webhook deliveries all carry. One shape, so a receiver parses each alike.
import type { Resource } from './resources.ts';

export const EVENT_TYPES = [
  'shipment.created',
  'shipment.processed',
  'shipment.failed',
  'shipment.deleted',
  'tracking.updated',
  'print.done',
  'print.failed',
  'day.closed',
  'shipment.return.created',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

export interface EventAttributes {
  /** What happened, e.g. shipment.processed. (JSON:API reserves the member name `type` for the resource's own.) */
  eventType: EventType;
  /** When the change was committed, ISO 8601 in UTC. */
  occurredAt: string;
  /** The client whose shipment or print job it concerns. */
  clientId: string;
  /** True for changes made under /v3-testing. */
  sandbox: boolean;
  /** The JSON:API resource the event concerns, as it was when the event was written. */
  resource: Resource<string, unknown, unknown, unknown>;
}

export interface EventResource {
  type: 'event';
  /** Increasing: `after=<id>` and Last-Event-ID resume after it. */
  id: string;
  attributes: EventAttributes;
}

/** The feed's page sizes: GET /v3/events?limit=… */
export const EVENT_FEED_LIMIT = { default: 100, max: 1000 } as const;
