// A tracking event as a request records it (POST /shipments/:id/tracking/events): the status on the carrier-neutral
// scale, when it happened, and what the carrier says. Shared by the route table, the station and the desk; the
// schema says every rule the station checks of the body, and the station validates with it.
import { z } from 'zod';
import { ERROR_TEXT, errorObject } from './errors.ts';
import type { ErrorObject } from './jsonapi.ts';
import { validateResource, type Result } from './resource-validation.ts';
import { TRACKING_STATUSES, type TrackingStatusCode } from './tracking-status.ts';

const CODES = TRACKING_STATUSES.map((status) => status.code) as [TrackingStatusCode, ...TrackingStatusCode[]];
const CODE_TEXTS = CODES.map(String) as [string, ...string[]];

/** The longest texts an event keeps: the carrier's words, and the place. */
export const TRACKING_TEXT_MAX = 500;
export const TRACKING_LOCATION_MAX = 200;

/**
 * `YYYY-MM-DD HH:MM:SS` of a real day (years 1000 to 2999, leap days only in leap years) on a 24-hour clock: the
 * pattern alone says which times the station takes, so a generated client can check it before sending.
 */
export const TRACKING_TIME_PATTERN =
  '^(?:[12]\\d{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:[12]\\d(?:0[48]|[2468][048]|[13579][26])|(?:1[26]|2[048])00)-02-29) (?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$';
const TIME = new RegExp(TRACKING_TIME_PATTERN);

/** What each member takes, in the words of meta.reason. */
export const TRACKING_EVENT_EXPECTS = {
  status: `Expected a code of the tracking status scale: ${TRACKING_STATUSES.map((status) => `${status.code} (${status.label})`).join(', ')}.`,
  occurredAt:
    'Expected when it happened as YYYY-MM-DD HH:MM:SS (a real date, a 24-hour clock), in the carrier’s local time, no later than tomorrow on the station’s calendar.',
  text: `Expected the carrier’s words: text of at most ${TRACKING_TEXT_MAX} characters.`,
  location: `Expected the place: text of at most ${TRACKING_LOCATION_MAX} characters.`,
} as const;

/** The words of the refusals only the station's state decides (the clock, the shipment): the catalogue's style. */
export const TRACKING_EVENT_TEXT = {
  timeAhead: (given: string, latest: string) =>
    `The tracking event's time ${given} has not come yet: events up to the end of ${latest} (tomorrow on the station's calendar) are taken.`,
  notProcessed: (id: string) => `Shipment ${id} is not processed: it has no parcel to track until it is booked.`,
};

const text = (max: number, expects: string) => z.string({ error: expects }).max(max, { error: expects }).nullish();

export const trackingEventRequestSchema = z
  .object({
    status: z
      .union(
        [
          z.literal(CODES, { error: TRACKING_EVENT_EXPECTS.status }).meta({ type: 'integer' } as Record<string, unknown>),
          z.enum(CODE_TEXTS, { error: TRACKING_EVENT_EXPECTS.status }),
        ],
        {
          error: TRACKING_EVENT_EXPECTS.status,
        },
      )
      .meta({
        description: `A code of the tracking status scale (docs/shipments.md, “Tracking status scale”), as a number or its decimal text: ${TRACKING_STATUSES.map((status) => `${status.code} ${status.label}`).join(', ')}.`,
      }),
    occurredAt: z.string({ error: TRACKING_EVENT_EXPECTS.occurredAt }).regex(TIME, { error: TRACKING_EVENT_EXPECTS.occurredAt }).meta({
      description:
        'When it happened: YYYY-MM-DD HH:MM:SS, the carrier’s local time as it reports it. A date later than tomorrow on the station’s calendar has not come yet anywhere on earth and is refused (tracking.timeAhead); an earlier time than the shipment’s booking is taken (a late or back-dated scan).',
      example: '2026-11-23 17:00:00',
    }),
    text: text(TRACKING_TEXT_MAX, TRACKING_EVENT_EXPECTS.text).meta({
      description: 'What the carrier says, shown on the tracking page; absent or null: none.',
    }),
    location: text(TRACKING_LOCATION_MAX, TRACKING_EVENT_EXPECTS.location).meta({
      description: 'Where it happened; absent or null: nowhere said.',
    }),
  })
  .meta({ id: 'TrackingEventRequestAttributes' });

export interface TrackingEventRequest {
  status: TrackingStatusCode;
  occurredAt: string;
  text?: string;
  location?: string;
}

/**
 * Checks a request document: each refusal names its member by pointer and says what it takes (meta.reason), with
 * the code tracking.invalidEvent, or field.missing for a member not sent.
 */
export function validateTrackingEvent(document: unknown): Result<TrackingEventRequest> {
  const checked = validateResource(document, 'trackingEvent', trackingEventRequestSchema, false);
  if (!checked.ok) {
    const sent = ((document as { data?: { attributes?: unknown } } | null)?.data?.attributes ?? {}) as Record<string, unknown>;
    return {
      ok: false,
      errors: checked.errors.map((error): ErrorObject => {
        const member = /^\/data\/attributes\/([A-Za-z]+)$/.exec(error.source?.pointer ?? '')?.[1];
        if (!member || !Object.hasOwn(TRACKING_EVENT_EXPECTS, member)) return error;
        const missing = sent[member] === undefined || (sent[member] === null && (member === 'status' || member === 'occurredAt'));
        const refusal = missing
          ? errorObject('field.missing', ERROR_TEXT.missingRequiredData(`data.attributes.${member}`), error.source!.pointer)
          : errorObject('tracking.invalidEvent', error.detail, error.source!.pointer);
        return { ...refusal, meta: { reason: TRACKING_EVENT_EXPECTS[member as keyof typeof TRACKING_EVENT_EXPECTS] } };
      }),
    };
  }
  const { status, occurredAt, text: words, location } = checked.value;
  return {
    ok: true,
    value: {
      status: Number(status) as TrackingStatusCode,
      occurredAt,
      ...(words ? { text: words } : {}),
      ...(location ? { location } : {}),
    },
  };
}
