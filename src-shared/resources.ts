// The station's answers, described once as zod schemas: the server's serializers build values that `satisfies`
// the types inferred from them, the desk UI reads the same types, and the API description (src-main/api/openapi/)
// is generated from the schemas. Spec section 2 for the spec's resources, docs/ for extensions.
import { z } from 'zod';
import { CUSTOMS_DOCUMENTS } from './customs.ts';
import { emissionsSchema } from './emissions.ts';
import { deliveryOutlookSchema } from './delivery-outlook.ts';
import { clientAttributesSchema } from './client.ts';
import { LABEL_LAYOUTS, PRINT_DOCUMENTS, PRINT_DPIS, PRINT_FORMATS, printSettingsSchema } from './printing.ts';
import { resourceSchema } from './resource-schema.ts';
import { rateBreakdownSchema } from './rates.ts';
import { serviceOfferSchema } from './shipment-options.ts';
import { RETURN_REASONS } from './returns.ts';
import { ROLES } from './roles.ts';
import { moneySchema, savedAddressAttributesSchema, shipmentResponseAttributesSchema, shipmentStatusSchema } from './shipment.ts';
import { withReasonSchema, type UnavailableReason } from './unavailable-reasons.ts';

const isoTime = z.string().meta({ description: 'An instant, ISO 8601.' });
const role = z.enum(ROLES);

export type { ShipmentResponseAttributes } from './shipment.ts';

export const customsMetaSchema = z
  .object({
    why: z.string(),
    documents: z
      .array(z.enum(CUSTOMS_DOCUMENTS))
      .nullable()
      .meta({ description: 'CN22, CN23 and commercialInvoice: null until processed (they follow from the carrier).' }),
    data: z
      .enum(['accepted', 'refused'])
      .nullable()
      .meta({ description: 'Whether an upstream took the export declaration as data (paperless trade); null when none was asked.' }),
  })
  .meta({
    id: 'CustomsMeta',
    description: 'On a route through customs (an extension): why, and once processed the declarations it carries.',
  });

export const shipmentMetaSchema = z
  .object({
    scheduledProcessing: z.boolean(),
    service: z.string().optional(),
    carrierChoice: z.string().optional(),
    status: shipmentStatusSchema,
    reference: z.string().nullable(),
    carrierName: z.string().nullable(),
    finalCost: moneySchema.nullable(),
    insuranceCost: moneySchema.nullable(),
    trackingNumber: z.string().nullable(),
    error: z.string().nullable().optional().meta({ description: 'Why processing failed (status -1): an extension.' }),
    createdBy: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Who made it (the user’s username): an extension; null for shipments imported in bulk.' }),
    desk: z.string().nullable().optional(),
    site: z.string().optional().meta({ description: 'The site (GET /warehouses) it ships from, by id: an extension.' }),
    customs: customsMetaSchema.optional(),
    returnOf: z.string().optional().meta({ description: 'A return (an extension): the id of the shipment it returns.' }),
    returnReason: z.enum(RETURN_REASONS).optional().meta({ description: 'Why it comes back.' }),
    returnNote: z.string().nullable().optional(),
    payOnUse: z.boolean().optional(),
    returns: z
      .array(z.string())
      .optional()
      .meta({ description: 'The ids of the returns made of this shipment (an extension), oldest first.' }),
    emissions: emissionsSchema.nullable().optional().meta({
      description:
        'On a processed shipment (an extension): its CO2e as worked out when it was processed; null when its route could not be placed, or it was processed before the station worked it out.',
    }),
  })
  .meta({ id: 'ShipmentMeta' });
export type ShipmentMeta = z.infer<typeof shipmentMetaSchema>;

export const shipmentLinksSchema = z.object({
  self: z.string(),
  tracking: z.string().optional().meta({ description: 'Present only on processed shipments.' }),
});
export type ShipmentLinks = z.infer<typeof shipmentLinksSchema>;

export const shipmentResourceSchema = resourceSchema('shipment', shipmentResponseAttributesSchema, {
  meta: shipmentMetaSchema,
  links: shipmentLinksSchema,
}).meta({ id: 'Shipment' });
export type ShipmentResource = z.infer<typeof shipmentResourceSchema>;

export const rateAttributesSchema = z.object({
  carrierCode: z.string(),
  carrierName: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  serviceDefinitionCode: z.string(),
  accountId: z.string(),
  finalCost: moneySchema,
  prepaidCost: moneySchema,
  vatValue: z.number(),
  estimatedDeliveryDate: z.string().nullable(),
  breakdown: rateBreakdownSchema.optional(),
});

/** A rate's own meta: the hash of the shipment document it priced, to send back unchanged at confirm; the parcel's CO2e on it. */
export const rateMetaSchema = z.object({
  documentHash: z.string(),
  emissions: emissionsSchema
    .nullable()
    .optional()
    .meta({ description: 'The parcel’s CO2e on this service (an extension); null when its route cannot be placed.' }),
  delivery: deliveryOutlookSchema.optional(),
});

export const rateResourceSchema = resourceSchema('rate', rateAttributesSchema, { meta: rateMetaSchema }).meta({ id: 'Rate' });
export type RateResource = z.infer<typeof rateResourceSchema>;

/**
 * A service that cannot carry the shipment, and why: top-level `meta.unavailable` of a rate list. `reason` says it in
 * English; `code` and its figures (src-shared/unavailable-reasons.ts) say it for a program.
 */
export const rateUnavailableSchema = withReasonSchema({
  id: z.string().meta({ description: 'The rate id of the service (t2-<carrierCode>-<serviceCode>).' }),
  reason: z.string().meta({ description: 'Why, in English; code and its figures say the same for a program.' }),
  pointer: z
    .string()
    .optional()
    .meta({ description: 'The request member the reason is about (e.g. /data/attributes/packages/0/weight/value), when it is about one.' }),
}).meta({ id: 'RateUnavailable' });
export type RateUnavailable = { id: string; reason: string; pointer?: string } & UnavailableReason;

export const rateListMetaSchema = z.object({ unavailable: z.array(rateUnavailableSchema) });
export type RateListMeta = { unavailable: RateUnavailable[] };

export const summaryAttributesSchema = z.object({
  reference: z.string().nullable(),
  shipDate: z.string(),
  shipFromName: z.string(),
  shipFromCountry: z.string(),
  shipToName: z.string(),
  shipToCountry: z.string(),
  status: shipmentStatusSchema,
  trackingStatus: z.number().nullable(),
  trackingDate: z.string().nullable(),
});

/**
 * Whether a status-0 summary waits for the scheduler (true) or is a saved shipment awaiting confirm (false); and
 * who made it (the user's username; an extension, null for shipments imported in bulk).
 */
export const summaryMetaSchema = z.object({ scheduledProcessing: z.boolean(), createdBy: z.string().nullable().optional() });

export const summaryResourceSchema = resourceSchema('shipmentSummary', summaryAttributesSchema, { meta: summaryMetaSchema }).meta({
  id: 'ShipmentSummary',
});
export type SummaryResource = z.infer<typeof summaryResourceSchema>;

export const documentsAttributesSchema = z.object({
  contentType: z.string(),
  fileName: z.string(),
  fileData: z.string().meta({ description: 'The file, base64.' }),
});
export const documentsResourceSchema = resourceSchema('documents', documentsAttributesSchema).meta({ id: 'Documents' });
export type DocumentsResource = z.infer<typeof documentsResourceSchema>;

export const trackingAttributesSchema = z.object({
  carrierShipmentId: z.string().nullable(),
  trackingHash: z.string().nullable(),
  trackingStatus: z.number().nullable(),
  trackingDate: z.string().nullable(),
});

/** One event of a parcel's journey: its status code and words, when (the carrier's local time), where, and the carrier's text. */
export const trackingEventAttributesSchema = z.object({
  status: z.number(),
  statusText: z.string(),
  date: z.string(),
  location: z.string(),
  text: z.string(),
});
export type TrackingEventAttributes = z.infer<typeof trackingEventAttributesSchema>;
export const trackingEventResourceSchema = resourceSchema('trackingEvent', trackingEventAttributesSchema).meta({ id: 'TrackingEvent' });
export type TrackingEventResource = z.infer<typeof trackingEventResourceSchema>;

/** In a tracking.updated event, the tracking resource carries the event that arrived (meta.event). */
export const trackingResourceSchema = resourceSchema('tracking', trackingAttributesSchema, {
  meta: z.object({ event: trackingEventAttributesSchema }).optional(),
}).meta({ id: 'Tracking' });
export type TrackingResource = z.infer<typeof trackingResourceSchema>;

export const addressResourceSchema = resourceSchema('address', savedAddressAttributesSchema).meta({ id: 'SavedAddress' });
export type AddressResource = z.infer<typeof addressResourceSchema>;

/**
 * Who is signed in (top-level meta of sign-in and /clients/current): the user's username and role, and the user
 * by id and display name; the client resource itself is the account. In /clients (administration) the resource's
 * meta is the account's username and its first user's role (null once that user is removed).
 */
export const clientMetaSchema = z
  .object({ username: z.string(), role, user: z.object({ id: z.string(), name: z.string() }).optional() })
  .meta({ id: 'SignedInMeta' });
export type ClientMeta = z.infer<typeof clientMetaSchema>;

export const administeredClientMetaSchema = z.object({ username: z.string(), role: role.nullable() });

export const clientResourceSchema = resourceSchema('client', clientAttributesSchema, {
  meta: z.union([clientMetaSchema, administeredClientMetaSchema]).optional(),
}).meta({ id: 'Client' });
export type ClientResource = z.infer<typeof clientResourceSchema>;

export const userAttributesSchema = z.object({
  username: z.string(),
  name: z.string(),
  role,
  state: z.literal('active').meta({ description: 'Users listed are active: a removed user is gone from the list, and cannot sign in.' }),
  createdAt: isoTime,
});

/** A person of the account (docs/desk.md, "A team at the warehouse"). */
export const userResourceSchema = resourceSchema('user', userAttributesSchema).meta({ id: 'User' });
export type UserResource = z.infer<typeof userResourceSchema>;

/** What the audit log records (docs/desk.md, "Roles and the audit log"). */
export const AUDIT_ACTIONS = [
  'shipment.created',
  'shipment.return.created',
  'shipment.deleted',
  'shipment.voided',
  'label.reprinted',
  'print-settings.changed',
  'carrier-settings.changed',
  'tracking-event.added',
  'client.added',
  'client.role-changed',
  'client.key-rotated',
  'client.password-changed',
  'client.removed',
  'client.profile-changed',
  'client.merged',
  'user.added',
  'user.role-changed',
  'user.password-changed',
  'user.renamed',
  'user.removed',
  'integration.added',
  'integration.revoked',
  'webhook.added',
  'webhook.removed',
  'webhook.paused',
  'webhook.resumed',
  'webhook.changed',
  'webhook.replayed',
  'manifest.closed',
  'manifest.reopened',
  'manifest.resent',
  'pickup.cancelled',
  'order.imported',
  'order.removed',
  'order.template-saved',
  'order.template-removed',
  'scale.configured',
  'packing.configured',
  'calendar.changed',
  'orders-folder.changed',
  'tokens.lifetime-changed',
  'shipment.verified',
  'shipment.verify-mismatch',
  'site.added',
  'site.changed',
  'site.desk-chosen',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_SUBJECT_TYPES = [
  'shipment',
  'client',
  'user',
  'integration',
  'carrier',
  'printSettings',
  'webhook',
  'manifest',
  'pickup',
  'order',
  'orderTemplate',
  'scale',
  'packingSetup',
  'calendar',
  'ordersFolder',
  'tokenSettings',
  'warehouse',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const auditEventAttributesSchema = z.object({
  at: isoTime,
  desk: z.string(),
  via: z.enum(['api', 'cli']),
  actor: z.object({ clientId: z.string().nullable(), username: z.string(), role: role.nullable() }),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.object({ type: z.enum(AUDIT_SUBJECT_TYPES), id: z.string() }),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEventAttributes = z.infer<typeof auditEventAttributesSchema>;
export const auditEventResourceSchema = resourceSchema('auditEvent', auditEventAttributesSchema).meta({ id: 'AuditEvent' });
export type AuditEventResource = z.infer<typeof auditEventResourceSchema>;

/** An integration key as admins see it (GET /integrations): the key itself, since a new one must be handed on. */
export const integrationAttributesSchema = z.object({
  name: z.string(),
  integrationKey: z.string(),
  isDesktop: z.boolean(),
  createdAt: isoTime,
});
export const integrationResourceSchema = resourceSchema('integration', integrationAttributesSchema).meta({ id: 'Integration' });
export type IntegrationResource = z.infer<typeof integrationResourceSchema>;

/** A carrier choice with its card's services and the fuel surcharge in effect (GET /carriers). */
export const carrierAttributesSchema = z.object({
  carrierCode: z.string(),
  carrierName: z.string(),
  services: z.array(z.string()),
  offers: z
    .array(serviceOfferSchema)
    .meta({ description: 'Each service: how it carries and the special services it takes, with their surcharges.' }),
  fuelSurchargePercent: z.number(),
  cutoffTime: z.string().nullable().meta({
    description: 'HH:MM on the station’s clock: shipments created later without a ship date ship the next working day; null for none.',
  }),
});
export const carrierResourceSchema = resourceSchema('carrier', carrierAttributesSchema).meta({ id: 'Carrier' });
export type CarrierResource = z.infer<typeof carrierResourceSchema>;

/** Top-level meta of a successful sign-in: a ready Bearer token, and who signed in (an extension). */
export const signInMetaSchema = clientMetaSchema
  .extend({
    token: z.string().meta({ description: 'A Bearer token for the other routes.' }),
    expiresAt: isoTime.optional().meta({
      description:
        'When the token expires (its exp): a token lifetime after it was issued. Renew it before then (POST /clients/authentication/renewal) or sign in again.',
    }),
  })
  .meta({ id: 'SignInMeta' });
export type SignInMeta = z.infer<typeof signInMetaSchema>;

/** The 503 of a confirm whose price changed, beside its exact spec text: what the UI shows, in numbers. */
export const priceChangeMetaSchema = z.object({ originalPrice: z.number(), updatedPrice: z.number(), currency: z.string() });
export type PriceChangeMeta = z.infer<typeof priceChangeMetaSchema>;

export const printerAttributesSchema = z.object({
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  status: z.string(),
  supportsRawZpl: z.boolean(),
});
export type PrinterAttributes = z.infer<typeof printerAttributesSchema>;
export const printerResourceSchema = resourceSchema('printer', printerAttributesSchema).meta({ id: 'Printer' });
export type PrinterResource = z.infer<typeof printerResourceSchema>;

export const PRINT_JOB_STATUSES = ['queued', 'printing', 'done', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/**
 * Why a print job failed, for a desk to say in its own words: the shipment was voided first (shipmentGone), the
 * printing system would not take it (notSent), the printer was paused (printerDisabled), did not start within
 * `seconds` (printerNotResponding) or did not finish in time (timedOut), or the job was lost (jobLost); `problem` is
 * the printer's own words (CUPS's state message), where it gave any.
 */
export const PRINT_FAILURES = ['shipmentGone', 'notSent', 'printerDisabled', 'printerNotResponding', 'timedOut', 'jobLost'] as const;
export const printFailureSchema = z
  .object({ code: z.enum(PRINT_FAILURES), seconds: z.number().optional(), problem: z.string().optional() })
  .meta({ id: 'PrintFailure' });
export type PrintFailure = z.infer<typeof printFailureSchema>;

export const printJobAttributesSchema = z.object({
  shipmentId: z.string(),
  printer: z.string(),
  format: z.enum(PRINT_FORMATS),
  dpi: z.union([z.literal(PRINT_DPIS[0]), z.literal(PRINT_DPIS[1])]),
  copies: z.number().int(),
  status: z.enum(PRINT_JOB_STATUSES),
  reason: z.string().nullable(),
  failure: printFailureSchema.nullable().meta({
    description:
      'A failed job: why, as a code and its figures (reason says it in English); null otherwise, and for jobs failed before the station recorded codes.',
  }),
  desk: z.string().nullable().meta({ description: 'The desk whose printer prints it: only that desk’s station sends it.' }),
  createdAt: isoTime,
  updatedAt: isoTime,
  documents: z
    .enum(PRINT_DOCUMENTS)
    .meta({ description: '`labels` on the label printer, or `a4`: the commercial invoice on the A4 printer.' }),
  shipmentIds: z
    .array(z.string())
    .optional()
    .meta({ description: 'A bulk print (POST /print-jobs): its shipments in print order (shipmentId is the first).' }),
  layout: z.enum(LABEL_LAYOUTS).optional(),
  start: z.number().int().optional().meta({ description: 'A bulk print on A4 sheets begun at a later place of its first sheet (2 to 4).' }),
});
export const printJobResourceSchema = resourceSchema('printJob', printJobAttributesSchema, { links: z.object({ self: z.string() }) }).meta({
  id: 'PrintJob',
});
export type PrintJobResource = z.infer<typeof printJobResourceSchema>;

export const printSettingsResourceSchema = resourceSchema('printSettings', printSettingsSchema, { id: z.null() }).meta({
  id: 'PrintSettings',
});
export type PrintSettingsResource = z.infer<typeof printSettingsResourceSchema>;

export const stationConfigAttributesSchema = z.object({
  apiBase: z.string(),
  integrationKey: z.string(),
  desk: z.string().meta({ description: 'The desk this station is (--desk): print jobs made here print on its printers.' }),
  timeZone: z.string().meta({ description: 'The station’s IANA time zone: the desk counts “today” in it.' }),
});
export type StationConfigAttributes = z.infer<typeof stationConfigAttributesSchema>;
export const stationConfigResourceSchema = resourceSchema('stationConfig', stationConfigAttributesSchema, { id: z.null() }).meta({
  id: 'StationConfig',
});
export type StationConfigResource = z.infer<typeof stationConfigResourceSchema>;

/** GET /health: whether this desk can work now, for monitoring and the desk's banner. */
export const healthAttributesSchema = z.object({
  status: z.enum(['ok', 'unavailable', 'starting']).meta({
    description:
      '`unavailable` while the database does not answer or cannot be written (then the answer is 503); `starting` while a station that started without its database (or with a database it may only read) waits for it (503 too: it serves by itself once it can use the database).',
  }),
  desk: z.string(),
  database: z.object({
    backend: z.enum(['sqlite', 'postgres']),
    available: z.boolean(),
    unavailableSince: isoTime.nullable(),
    problem: z.string().nullable(),
    damaged: z.boolean().optional().meta({ description: 'Found damaged (SQLite): it takes no changes until it is checked and restored.' }),
    readOnly: z.boolean().optional().meta({
      description:
        'The station can read its database but not write it (SQLite: its files are read-only): no changes until they are writable again, when it goes on by itself.',
    }),
    fault: z.enum(['read-only', 'disk-full', 'io']).optional().meta({
      description:
        'Why the database takes no writes now, while it still answers reads (SQLite): its files are read-only, the disk is full, or an input/output error. The station tries a write every 2 s, and is ok again once one goes through.',
    }),
  }),
  deskLockHeld: z
    .boolean()
    .meta({ description: 'Whether this desk holds its name on the shared database; its printing waits while it does not.' }),
});
export type HealthAttributes = z.infer<typeof healthAttributesSchema>;
export const healthResourceSchema = resourceSchema('health', healthAttributesSchema, { id: z.null() }).meta({ id: 'Health' });
export type HealthResource = z.infer<typeof healthResourceSchema>;

/** Why a processed shipment can no longer be voided: the `meta` of the 400 *Delete functionality not available.* */
export const deleteRefusalSchema = z.union([
  z.object({ reason: z.literal('dayClosed'), manifest: z.string() }),
  z.object({ reason: z.literal('trackingStarted'), trackingStatus: z.number(), trackingDate: z.string() }),
  z.object({ reason: z.literal('shipDatePassed'), shipDate: z.string() }),
]);
export type DeleteRefusal = z.infer<typeof deleteRefusalSchema>;
