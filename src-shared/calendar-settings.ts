// The station calendar as the API offers it (README, "Dates and time zones"): GET /calendar answers the station's
// time zone, today and its holidays to any role; PATCH /calendar (admin) changes the zone or the holidays, checked
// with these rules, which name each faulty field by its pointer and say what is expected.
import { z } from 'zod';
import { canonicalTimeZone, isCalendarDate } from './calendar.ts';
import { ERROR_TEXT, errorObject } from './errors.ts';
import type { ErrorObject } from './jsonapi.ts';
import type { Result } from './resource-validation.ts';
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

export const calendarResourceSchema = resourceSchema('calendar', calendarAttributesSchema, { id: z.literal('station') }).meta({ id: 'Calendar' });
export type CalendarResource = z.infer<typeof calendarResourceSchema>;

/** A change of the calendar: a new zone, the whole list of holidays, or both. */
export interface CalendarChange {
  timeZone?: string;
  holidays?: string[];
}

/** Holidays a station keeps at most: ten years of a country's public holidays, with room to spare. */
export const HOLIDAYS_MAX = 400;

/** An IANA name, in any case; null or absent: no change. */
const timeZone = z
  .union([z.null(), z.string()])
  .optional()
  .transform((given, context) => {
    if (given === null || given === undefined) return undefined;
    const zone = canonicalTimeZone(given);
    if (zone === undefined) context.addIssue({ code: 'custom', message: ERROR_TEXT.invalidTimeZone(given) });
    return zone ?? given;
  });

/** The holidays as a JSON array of dates or one comma-separated text; null or [] for none. */
const holidays = z
  .union([z.null(), z.string(), z.array(z.unknown())])
  .transform((value) => (value === null ? [] : typeof value === 'string' ? value.split(',') : value).map((entry) => (typeof entry === 'string' ? entry.trim() : entry)))
  .pipe(
    z
      .array(z.unknown())
      .max(HOLIDAYS_MAX, ERROR_TEXT.tooManyHolidays(HOLIDAYS_MAX))
      .transform((entries) => entries.filter((entry) => entry !== ''))
      .pipe(z.array(z.string().refine(isCalendarDate, { error: (issue) => ERROR_TEXT.invalidHoliday(String(issue.input)) }))),
  )
  .transform((dates) => [...new Set(dates)].sort());

export const calendarChangeSchema = z.object({ timeZone, holidays: holidays.optional() });

/** Checks a PATCH /calendar document: each faulty field named by its pointer, with what it expects. */
export function validateCalendarChange(document: unknown): Result<CalendarChange> {
  const data = (document as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return { ok: false, errors: [errorObject(400, ERROR_TEXT.missingRequiredData('data'), '/data')] };
  const { type, attributes } = data as { type?: unknown; attributes?: unknown };
  if (type !== 'calendar') return { ok: false, errors: [errorObject(400, ERROR_TEXT.invalidData('data.type'), '/data/type')] };
  if (typeof attributes !== 'object' || attributes === null) return { ok: false, errors: [errorObject(400, ERROR_TEXT.missingRequiredData('data.attributes'), '/data/attributes')] };
  const parsed = calendarChangeSchema.safeParse(attributes);
  if (!parsed.success) {
    const errors: ErrorObject[] = parsed.error.issues.map((issue) => {
      const path = issue.path.join('/');
      const detail = issue.code === 'custom' || issue.code === 'too_big' ? issue.message : ERROR_TEXT.invalidData(`data.attributes.${issue.path.join('.')}`);
      return errorObject(400, detail, `/data/attributes/${path}`);
    });
    return { ok: false, errors };
  }
  const { timeZone: zone, holidays: dates } = parsed.data;
  if (zone === undefined && dates === undefined) {
    return { ok: false, errors: [errorObject(400, ERROR_TEXT.missingRequiredData('data.attributes.timeZone'), '/data/attributes/timeZone')] };
  }
  return { ok: true, value: { ...(zone ? { timeZone: zone } : {}), ...(dates ? { holidays: dates } : {}) } };
}
