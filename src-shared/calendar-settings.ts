// The station calendar as the API offers it (docs/operations.md, "Dates and time zones"): GET /calendar answers the station's
// time zone, today and its holidays to any role; PATCH /calendar (admin) changes the zone or the holidays, checked
// with these rules, which name each faulty field by its pointer and say what is expected.
import { z } from 'zod';
import { canonicalTimeZone, isCalendarDate } from './calendar.ts';
import { ERROR_TEXT } from './errors.ts';
import type { ErrorObject } from './jsonapi.ts';
import { attributeErrors, checkEnvelope, expects, type Result } from './resource-validation.ts';
import { resourceSchema } from './resource-schema.ts';

export const calendarAttributesSchema = z.object({
  /** The station's IANA time zone: every desk of the station counts days in it. */
  timeZone: z.string(),
  /** The station's clock when it answered (an ISO instant): a desk measures its own clock against it. */
  now: z.string(),
  /** The station's day now, YYYY-MM-DD. */
  today: z.string(),
  /** The first working day after today: what a shipment made after its carrier's cutoff ships on. */
  nextWorkingDay: z.string(),
  /** Days besides Saturday and Sunday on which nothing ships, YYYY-MM-DD, sorted. */
  holidays: z.array(z.string()),
});
export type CalendarAttributes = z.infer<typeof calendarAttributesSchema>;

export const calendarResourceSchema = resourceSchema('calendar', calendarAttributesSchema, { id: z.literal('station') }).meta({
  id: 'Calendar',
});
export type CalendarResource = z.infer<typeof calendarResourceSchema>;

/** A change of the calendar: a new zone, the whole list of holidays, or both. */
export interface CalendarChange {
  timeZone?: string;
  holidays?: string[];
}

/** Holidays a station keeps at most: ten years of a country's public holidays, with room to spare. */
export const HOLIDAYS_MAX = 400;

/** The time zones the station takes, by their tz database names (and UTC). */
export const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone')] as [string, ...string[]];

export const TIME_ZONE_REASON = 'Expected an IANA time zone name such as Europe/Rome, America/New_York or UTC (case does not matter).';
export const HOLIDAYS_REASON = `Expected at most ${HOLIDAYS_MAX} holidays as YYYY-MM-DD: remove past ones first.`;

/** A day of the calendar as YYYY-MM-DD, from year 1000: the 29th of February in leap years only. */
const DAY =
  '(?:[1-9][0-9]{3}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)' +
  '|(?:[1-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)-02-29)';
export const HOLIDAY = new RegExp(`^${DAY}$`);
/** The dates as one text: separated by commas, spaces and empty entries taken. */
const HOLIDAY_LIST = new RegExp(`^[\\s,]*(?:${DAY}(?:\\s*,[\\s,]*${DAY}){0,${HOLIDAYS_MAX - 1}})?[\\s,]*$`);

/** An IANA name, in any case or as an alias the tz database knows; null or absent: no change. */
const timeZone = expects(
  z.preprocess((given) => (typeof given === 'string' ? (canonicalTimeZone(given) ?? given) : given), z.enum(TIME_ZONES)),
  'an IANA time zone name such as Europe/Rome, America/New_York or UTC (case does not matter), or null for no change',
)
  .nullish()
  .transform((zone) => zone ?? undefined);

/** One holiday: a date as YYYY-MM-DD. */
const holiday = expects(z.string().trim().regex(HOLIDAY), 'a date as YYYY-MM-DD, such as 2026-12-25');

/** The holidays as a JSON array of dates or one comma-separated text; null or [] for none. */
const holidays = expects(
  z
    .union([
      z.null(),
      z.string().regex(HOLIDAY_LIST),
      z.array(z.union([holiday, z.literal('')])).max(HOLIDAYS_MAX, ERROR_TEXT.tooManyHolidays(HOLIDAYS_MAX)),
    ])
    .transform((value) =>
      (value === null ? [] : typeof value === 'string' ? value.split(',') : value)
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    ),
  `the whole list of holidays, days besides Saturday and Sunday when nothing ships: an array of at most ${HOLIDAYS_MAX} dates as YYYY-MM-DD, or the dates as one text separated by commas; null or [] for none`,
).transform((dates) => [...new Set(dates)].sort());

/** PATCH /calendar: the zone, the holidays, or both; none is no change. */
export const calendarChangeSchema = z.object({ timeZone, holidays: holidays.optional() });

/** The detail of a refused member: the calendar's own words for a zone or a date, the spec's otherwise. */
function calendarError(document: unknown, path: readonly PropertyKey[], error: ErrorObject): ErrorObject {
  const given = path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined),
    document,
  );
  if (path[2] === 'timeZone' && typeof given === 'string')
    return { ...error, detail: ERROR_TEXT.invalidTimeZone(given), meta: { reason: TIME_ZONE_REASON } };
  if (path[2] === 'holidays' && path.length === 4 && typeof given === 'string')
    return { ...error, detail: ERROR_TEXT.invalidHoliday(given) };
  if (path[2] === 'holidays' && path.length === 3 && Array.isArray(given) && given.length > HOLIDAYS_MAX)
    return {
      ...error,
      code: 'calendar.tooManyHolidays',
      detail: ERROR_TEXT.tooManyHolidays(HOLIDAYS_MAX),
      meta: { reason: HOLIDAYS_REASON },
    };
  return error;
}

/** Checks a PATCH /calendar document: each faulty field named by its pointer, with what it expects. */
export function validateCalendarChange(document: unknown): Result<CalendarChange> {
  const envelope = checkEnvelope(document, 'calendar', '"timeZone": …, "holidays": […]');
  if (envelope.length > 0) return { ok: false, errors: envelope };
  const attributes = (document as { data: { attributes?: unknown } }).data.attributes ?? {};
  const parsed = calendarChangeSchema.safeParse(attributes);
  if (!parsed.success) {
    // An array's refused entries are named one by one; the array itself only when it is no list of dates at all.
    const entries = parsed.error.issues.flatMap((issue) => {
      const path = ['holidays', ...issue.path.slice(1)];
      const given = (attributes as Record<string, unknown>).holidays;
      if (issue.path[0] !== 'holidays' || !Array.isArray(given) || given.length > HOLIDAYS_MAX || issue.path.length > 1) return [issue];
      const wrong = given.flatMap((entry, index) =>
        typeof entry === 'string' && (entry.trim() === '' || isCalendarDate(entry.trim())) ? [] : [{ ...issue, path: [...path, index] }],
      );
      return wrong.length > 0 ? wrong : [issue];
    });
    return {
      ok: false,
      errors: attributeErrors(document, calendarChangeSchema, entries).map((error) =>
        calendarError(document, error.source!.pointer!.split('/').slice(1), error),
      ),
    };
  }
  const { timeZone: zone, holidays: dates } = parsed.data;
  return { ok: true, value: { ...(zone ? { timeZone: zone } : {}), ...(dates ? { holidays: dates } : {}) } };
}
