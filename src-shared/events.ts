// The integration extension's events (docs/integrations.md, "Integrations"): the types an integrator can follow, and the event
// resource that the feed, the live stream and webhook deliveries all carry. One shape, so a receiver parses each alike.
import { z } from 'zod';
import { manifestAttributesSchema } from './manifests.ts';
import { resourceSchema } from './resource-schema.ts';
import { printJobResourceSchema, shipmentResourceSchema, trackingResourceSchema } from './resources.ts';

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
  'orders.imported',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/** What a day.closed event carries: the manifest as it was closed (its id is given by the store). */
export const closedDayResourceSchema = resourceSchema(
  'manifest',
  manifestAttributesSchema.pick({ number: true, carrier: true, date: true, status: true, totals: true }),
).meta({ id: 'ClosedDay' });
export type ClosedDayResource = z.infer<typeof closedDayResourceSchema>;

/**
 * What an orders.imported event carries: a file of the watched orders folder read and imported (docs/shipments.md,
 * "Watched folder"), where it went, and what it held. Its id is the file's name.
 */
export const orderImportResourceSchema = resourceSchema(
  'orderImport',
  z.object({
    /** The file's name as it was dropped. */
    file: z.string(),
    /** Where the file went: imported/ (every order ready was imported), or failed/ (unreadable, or orders with faults). */
    outcome: z.enum(['imported', 'failed']),
    /** The shop format recognised (shopify, amazon, …), or null. */
    format: z.string().nullable(),
    /** The saved column template applied, or null. */
    template: z.string().nullable(),
    /** The file's rows, and its orders ready and with faults. */
    rows: z.number().int().min(0),
    ready: z.number().int().min(0),
    faulty: z.number().int().min(0),
    /** The numbers of the orders imported now. */
    created: z.array(z.string()),
    /** The numbers the account had already, or repeated in the file: left alone. */
    duplicates: z.array(z.string()),
    /** Why the file was not read at all (it is not a table), or null. */
    unreadable: z.string().nullable(),
  }),
).meta({ id: 'OrderImport' });
export type OrderImportResource = z.infer<typeof orderImportResourceSchema>;

export const eventAttributesSchema = z.object({
  /** What happened, e.g. shipment.processed. (JSON:API reserves the member name `type` for the resource's own.) */
  eventType: z.enum(EVENT_TYPES),
  /** When the change was committed, ISO 8601 in UTC. */
  occurredAt: z.string(),
  /** The client whose shipment, print job, closed day or orders it concerns. */
  clientId: z.string(),
  /** True for changes made under /v3-testing. */
  sandbox: z.boolean(),
  /** The JSON:API resource the event concerns, as it was when the event was written. */
  resource: z.union([
    shipmentResourceSchema,
    trackingResourceSchema,
    printJobResourceSchema,
    closedDayResourceSchema,
    orderImportResourceSchema,
  ]),
});

/** Its id increases: `after=<id>` and Last-Event-ID resume after it. */
export const eventResourceSchema = resourceSchema('event', eventAttributesSchema).meta({ id: 'Event' });
export type EventResource = z.infer<typeof eventResourceSchema>;

/** The feed's page sizes: GET /v3/events?limit=… */
export const EVENT_FEED_LIMIT = { default: 100, max: 1000 } as const;
