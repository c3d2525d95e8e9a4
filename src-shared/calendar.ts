// The station's calendar: which day and hour an instant is in the station's time zone, and the working-day
// arithmetic behind ship dates, cutoffs, closes, pickups and retention. Every calendar computation of the station
// and the desk goes through here, with an instant and the zone given: nothing asks the process for its own date
// or hour (docs/operations.md, "Dates and time zones"). Built on Intl, so the zone rules are the runtime's ICU data; the last
// second read per zone and the instants of cutoffs are remembered, since Intl costs microseconds a call.
import { boundedMemo } from './bounded-memo.ts';

/** The station's calendar: one time zone, and the days besides Saturday and Sunday on which nobody ships. */
export interface StationCalendar {
  /** An IANA name, e.g. Europe/Rome. */
  timeZone: string;
  /** YYYY-MM-DD, sorted, without repeats. */
  holidays: readonly string[];
}

/** A day as the wall clock of a zone shows it: the date and the time of day. */
export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS, 00:00:00 to 23:59:59 */
  time: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
/** Working-day walks stop after this many days: a list of holidays cannot make one endless. */
const LONGEST_WALK_DAYS = 3_660;

/** YYYY-MM-DD naming a day that exists (no 30 February, no 13th month). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The canonical IANA name of a time zone (any case), or undefined when the runtime knows no such zone. */
export function canonicalTimeZone(name: string): string | undefined {
  const given = name.trim();
  // Names only: offsets such as +01:00 have no daylight saving time, and a warehouse's zone does.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(given)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: given }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The operating system's time zone, as the runtime reads it (TZ, or /etc/localtime); UTC when it cannot tell. */
export function systemTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && canonicalTimeZone(zone) !== undefined && zone !== 'Etc/Unknown' ? zone : 'UTC';
}

// One formatter per zone: making one costs far more than using it. Zones in use are few; the bound is a guard.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size >= 32) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// The last second read per zone: a burst of requests asks for the same second again and again, and formatting it
// costs microseconds. A zone's clock cannot change within one second, so the answer is exact.
const lastSecond = new Map<string, { second: number; wall: number }>();

/** The wall clock's reading in the zone as milliseconds since 1970 on a clock with no zone (UTC fields). */
function wallMs(instant: number, timeZone: string): number {
  const second = Math.floor(instant / 1000);
  const within = instant - second * 1000;
  const cached = lastSecond.get(timeZone);
  if (cached?.second === second) return cached.wall + within;
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(second * 1000))
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const wall = Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
  if (lastSecond.size >= 32 && !lastSecond.has(timeZone)) lastSecond.clear();
  lastSecond.set(timeZone, { second, wall });
  return wall + within;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
function wallOf(ms: number): WallClock {
  const date = new Date(ms);
  return {
    date: `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`,
  };
}

/** What the wall clock of the zone shows at the instant. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  return wallOf(wallMs(instant.getTime(), timeZone));
}

/** The day the instant falls on in the zone, YYYY-MM-DD. */
export const dayIn = (instant: Date, timeZone: string): string => wallClock(instant, timeZone).date;

/** The time of day of the instant in the zone, HH:MM. */
export const timeIn = (instant: Date, timeZone: string): string => wallClock(instant, timeZone).time.slice(0, 5);

/** The instant as the station writes it for people: YYYY-MM-DD HH:MM in the zone. */
export const dateTimeIn = (instant: Date, timeZone: string): string => {
  const wall = wallClock(instant, timeZone);
  return `${wall.date} ${wall.time.slice(0, 5)}`;
};

/**
 * The first instant at which the zone's wall clock on `date` reads `time` or later. When daylight saving time
 * repeats an hour, that is its first pass; when it skips the hour, it is the instant the clock jumps past it (02:30
 * on the night clocks go from 02:00 to 03:00 is 03:00). So a cutoff, once passed, stays passed that day.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone} ${date} ${time}`;
  let found = instants.get(key);
  if (found === undefined) {
    found = firstInstantAt(date, time, timeZone);
    // Cutoffs and deadlines ask for the same few instants all day: remembered, with a bound.
    if (instants.size >= 256) instants.clear();
    instants.set(key, found);
  }
  return new Date(found);
}
const instants = new Map<string, number>();

function firstInstantAt(date: string, time: string, timeZone: string): number {
  const day = DATE.exec(date);
  const clock = TIME.exec(time);
  if (!day || !clock || !isCalendarDate(date)) throw new RangeError(`instantAt: '${date} ${time}' is not a date and time of day`);
  const wanted = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0));
  // The zone's offsets either side of the wanted time: no zone changes its offset twice within a day.
  const offsets = [...new Set([wanted - DAY_MS, wanted + DAY_MS].map((around) => wallMs(around, timeZone) - around))];
  const matches = offsets.map((offset) => wanted - offset).filter((candidate) => wallMs(candidate, timeZone) === wanted);
  if (matches.length > 0) return Math.min(...matches);
  // Skipped: the clock jumped over the wanted time. The jump lies between the two readings; find it to the second.
  let before = wanted - Math.max(...offsets);
  let after = wanted - Math.min(...offsets);
  while (after - before > 1000) {
    const middle = before + Math.floor((after - before) / 2000) * 1000;
    if (wallMs(middle, timeZone) >= wanted) after = middle;
    else before = middle;
  }
  return after;
}

/** The first instant of the day in the zone (midnight, or the moment the clock jumps past a midnight it skips). */
export const startOfDay = (date: string, timeZone: string): Date => instantAt(date, '00:00', timeZone);

// Calendar days as whole numbers (days since 1970-01-01): walks over weekdays count numbers, not text.
/** Kept for the dates read last (4,096): a rate reads the same few dates for each of its quotes. */
const dayNumber = boundedMemo(
  (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS,
  (date) => date,
  4096,
);
/** Dates of day numbers already written (4,096 at most): a rate writes the same few for each of its quotes. */
const datesOfNumbers = new Map<number, string>();
const dateOfNumber = (number: number) => {
  let date = datesOfNumbers.get(number);
  if (date === undefined) {
    if (datesOfNumbers.size >= 4096) datesOfNumbers.clear();
    date = new Date(number * DAY_MS).toISOString().slice(0, 10);
    datesOfNumbers.set(number, date);
  }
  return date;
};
/** 0 Sunday to 6 Saturday, of a day number (1970-01-01 was a Thursday). */
const weekdayOfNumber = (number: number) => (((number + 4) % 7) + 7) % 7;

/** The date `days` later (earlier when negative): calendar days, whatever the clocks do. */
export const addDays = (date: string, days: number): string => dateOfNumber(dayNumber(date) + days);

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** 0 Sunday to 6 Saturday. */
export const weekdayOf = (date: string): number => weekdayOfNumber(dayNumber(date));

const workingNumber = (number: number, holidays: readonly string[]) => {
  const weekday = weekdayOfNumber(number);
  return weekday !== 0 && weekday !== 6 && (holidays.length === 0 || !holidays.includes(dateOfNumber(number)));
};

/** Monday to Friday, and not one of the holidays. */
export const isWorkingDay = (date: string, holidays: readonly string[]): boolean => workingNumber(dayNumber(date), holidays);

/** The first working day on or after `date`. */
export function workingDayFrom(date: string, holidays: readonly string[]): string {
  let number = dayNumber(date);
  for (let walked = 0; !workingNumber(number, holidays) && walked < LONGEST_WALK_DAYS; walked++) number++;
  return dateOfNumber(number);
}

/** The first working day after `date`. */
export const nextWorkingDay = (date: string, holidays: readonly string[]): string => addWorkingDays(date, 1, holidays);

/** `days` working days after `date` (0: the date itself), as carriers count transit times. */
export function addWorkingDays(date: string, days: number, holidays: readonly string[]): string {
  let number = dayNumber(date);
  for (let left = days, walked = 0; left > 0 && walked < LONGEST_WALK_DAYS; walked++) if (workingNumber(++number, holidays)) left--;
  return dateOfNumber(number);
}

/**
 * The ship date of a parcel made at `now` without one of its own: today when today is a working day and the
 * carrier's cutoff (HH:MM, the zone's wall clock) has not passed; otherwise the next working day.
 */
export function shipDateAt(now: Date, calendar: StationCalendar, cutoff?: string): string {
  const today = dayIn(now, calendar.timeZone);
  if (!isWorkingDay(today, calendar.holidays)) return workingDayFrom(today, calendar.holidays);
  if (cutoff !== undefined && now.getTime() >= instantAt(today, cutoff, calendar.timeZone).getTime())
    return nextWorkingDay(today, calendar.holidays);
  return today;
}

/** Holidays as the station keeps them: valid dates only, sorted, each once. */
export const normalisedHolidays = (dates: readonly string[]): string[] => [...new Set(dates.filter(isCalendarDate))].sort();
