// The webhooks extension (docs/integrations.md, "Integrations"): registering an endpoint for events, resuming or pausing it,
// and replaying a range of events to it; and the webhook and delivery resources answered. The station and the
// desk UI check requests with these same rules. Liberal: null is absent, lists may be comma-separated text,
// numbers may come as decimal strings.
import { z } from 'zod';
import { EVENT_TYPES, type EventType } from './events.ts';
import { said } from './json-schema-words.ts';
import { resourceSchema } from './resource-schema.ts';
import { validateResource, type Result } from './resource-validation.ts';

const absent = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === null || value === '' ? undefined : value), schema.optional());
const wholeNumber = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*[0-9]{1,15}\s*$/.test(value) ? Number(value) : value),
  z.number().int().nonnegative(),
);

/** An http or https URL with a host name or IPv4 address, an optional port, and no credentials: what the check below takes. */
export const WEB_URL_PATTERN =
  '^\\s*[Hh][Tt][Tt][Pp][Ss]?://(?:(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*|(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9]))' +
  '(?::(?:[0-5]?[0-9]{1,4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?(?:[/?#][^\\s]*)?\\s*$';

const webUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(new RegExp(WEB_URL_PATTERN), { error: 'Expected an http or https URL, without a user name or password in it.' })
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  });

const eventList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean)
      : value,
  z.array(z.enum(EVENT_TYPES)).min(1),
);

/** Whose events a webhook receives: live (/v3), the sandbox's (/v3-testing), or both. */
export const WEBHOOK_ENVIRONMENTS = ['live', 'sandbox', 'both'] as const;
export type WebhookEnvironment = (typeof WEBHOOK_ENVIRONMENTS)[number];
const environment = z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(WEBHOOK_ENVIRONMENTS));

export interface NewWebhookRequest {
  /** An http or https URL, without credentials in it. */
  url: string;
  events: EventType[];
  /** Absent: the environment it is registered through (live on /v3 and the admin command, sandbox on /v3-testing). */
  environment?: WebhookEnvironment;
  /** The client whose events it receives; absent: the caller's own (an admin may give none for every client's). */
  clientId?: string;
  /** An admin's webhook for every client's events. */
  allClients?: boolean;
}

export const newWebhookSchema = z.object({
  url: webUrl,
  events: eventList,
  clientId: absent(
    z
      .union([
        z
          .string()
          .trim()
          .regex(/^[0-9]{1,9}$/),
        z.number().int().positive().max(999_999_999),
      ])
      .transform(String),
  ),
  allClients: absent(z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean())),
  environment: absent(environment),
});

/** A PATCH of a webhook: any of its status, URL, events and environment, and a new secret on request; at least one. */
export interface WebhookChangeRequest {
  status?: 'active' | 'paused';
  url?: string;
  events?: EventType[];
  environment?: WebhookEnvironment;
  /** true: a new signing secret replaces the old one at once, answered once (attributes.secret). */
  rotateSecret?: boolean;
}

/** true or false, or their text (as query strings and form posts send them). */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true')
  .meta({ description: 'true or false (also as the text "true" or "false").' });

export const webhookChangeSchema = z
  .object({
    status: absent(z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(['active', 'paused']))),
    url: absent(webUrl),
    events: absent(eventList),
    environment: absent(environment),
    rotateSecret: absent(flag).meta({
      description:
        'true: a new signing secret replaces the old one at once; the answer carries it (attributes.secret), once. Deliveries from then on are signed with it, so give it to the receiver straight away (a delivery it refuses meanwhile is retried).',
    }),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    path: ['status'],
    message: 'Expected at least one of status (active or paused), url, events, environment (live, sandbox or both) or rotateSecret (true).',
  })
  .meta({ minProperties: 1 } as Record<string, unknown>);

export interface ReplayRequest {
  fromEventId: number;
  toEventId: number;
}

/** An event id as the replay reads it: a whole number, or its digits as text (white space around them taken). */
const eventId = (words: string) =>
  said(wholeNumber, {
    anyOf: [
      { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      { type: 'string', pattern: '^\\s*[0-9]{1,15}\\s*$' },
    ],
  }).meta({ description: words });

/**
 * The range of a replay: from one event id to another, both included. That toEventId is not below fromEventId is a
 * rule between two members, which a JSON schema cannot state: the operation lists it (x-stateRefusals, its note).
 */
export const webhookReplaySchema = z
  .object({
    fromEventId: eventId('the first event id to deliver again: a whole number from 0 (or its digits as text)'),
    toEventId: eventId('the last event id to deliver again, fromEventId or above: a whole number (or its digits as text)'),
  })
  .superRefine((range, context) => {
    if (range.fromEventId > range.toEventId)
      context.addIssue({ code: 'custom', path: ['toEventId'], message: `an event id from fromEventId (${range.fromEventId}) on` });
  });

export function validateNewWebhook(document: unknown): Result<NewWebhookRequest> {
  return validateResource(document, 'webhook', newWebhookSchema, false) as Result<NewWebhookRequest>;
}

export function validateWebhookChange(document: unknown): Result<WebhookChangeRequest> {
  return validateResource(document, 'webhook', webhookChangeSchema, false);
}

export function validateReplay(document: unknown): Result<ReplayRequest> {
  return validateResource(document, 'webhookReplay', webhookReplaySchema, false);
}

/** The header of each delivery that signs it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the webhook's secret. */
export const SIGNATURE_HEADER = 'Station-Signature';

/** Events replayed by one request at most. */
export const REPLAY_LIMIT = 10_000;

export const webhookAttributesSchema = z.object({
  url: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  /** null: every client's events. */
  clientId: z.string().nullable(),
  /** paused: not delivering, after a day of failures or by hand; events keep being queued for it. */
  status: z.enum(['active', 'paused']),
  environment: z.enum(WEBHOOK_ENVIRONMENTS).meta({
    description:
      'Whose events it receives: live (/v3), sandbox (/v3-testing), or both (a webhook registered before this choice existed, until changed).',
  }),
  pausedReason: z.string().nullable(),
  createdAt: z.string(),
  /** Only in the answer to the request that added it, or rotated it: keep it, it is not shown again. */
  secret: z.string().optional().meta({
    description:
      'The signing secret: only in the answer to the request that added the webhook, or that rotated its secret (PATCH with rotateSecret: true). Keep it, it is not shown again.',
  }),
});

/** Deliveries waiting (in order) for this endpoint. */
export const webhookMetaSchema = z.object({ pending: z.number() });

export const webhookResourceSchema = resourceSchema('webhook', webhookAttributesSchema, { meta: webhookMetaSchema.optional() }).meta({
  id: 'Webhook',
});
export type WebhookResource = z.infer<typeof webhookResourceSchema>;

export const deliveryAttributesSchema = z.object({
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES),
  replay: z.boolean(),
  status: z.enum(['pending', 'delivered', 'dead']),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryAttributes = z.infer<typeof deliveryAttributesSchema>;

export const deliveryResourceSchema = resourceSchema('webhookDelivery', deliveryAttributesSchema).meta({ id: 'WebhookDelivery' });
export type DeliveryResource = z.infer<typeof deliveryResourceSchema>;
