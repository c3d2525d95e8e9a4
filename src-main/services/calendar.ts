// The station's calendar settings: its time zone and holidays, kept in the store, so every desk of a shared
// database counts the same days whatever zone its own computer is set to. Read fresh for each use (one settings
// row), so a change made at one desk or at the admin command holds at every desk at once.
import {
  canonicalTimeZone,
  dayIn,
  isCalendarDate,
  nextWorkingDay,
  normalisedHolidays,
  systemTimeZone,
  type StationCalendar,
} from '../../src-shared/calendar.ts';
import {
  HOLIDAYS_MAX,
  HOLIDAYS_REASON,
  TIME_ZONE_REASON,
  type CalendarAttributes,
  type CalendarChange,
} from '../../src-shared/calendar-settings.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { Actor } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

/** Where the calendar is kept (station settings, shared by every desk). */
const CALENDAR_SETTINGS_KEY = 'station:calendar';

export interface CalendarService {
  /** The calendar as stored now. */
  current(): Promise<StationCalendar>;
  /** The calendar, and what it says now: the resource GET /calendar answers. */
  describe(): Promise<CalendarAttributes>;
  /** Changes the zone, the holidays or both (admins and the admin command), audited. */
  change(actor: Actor, change: CalendarChange): Promise<StationCalendar>;
  /** Adds holidays to the list (the admin command); dates already there are kept once. */
  addHolidays(actor: Actor, dates: readonly string[]): Promise<StationCalendar>;
  /** Takes holidays off the list; a date that is not on it is refused. */
  removeHolidays(actor: Actor, dates: readonly string[]): Promise<StationCalendar>;
}

async function stored(store: Store): Promise<Partial<StationCalendar> | undefined> {
  return (await store.settings.get(CALENDAR_SETTINGS_KEY)) as Partial<StationCalendar> | undefined;
}

/**
 * First set-up: a store that has no time zone yet gets `timeZone` (the operating system's, unless one is given). Every
 * later start, at any desk, keeps what is stored, so the desks of one database never count days in different zones.
 */
export async function ensureCalendar(store: Store, timeZone: string): Promise<void> {
  const found = await stored(store);
  if (found?.timeZone) return;
  await store.settings.set(CALENDAR_SETTINGS_KEY, { timeZone, holidays: normalisedHolidays(found?.holidays ?? []) });
}

export function createCalendarService(deps: { store: Store; audit: AuditLog; clock: () => Date }): CalendarService {
  const { store, audit, clock } = deps;
  const current = async (): Promise<StationCalendar> => {
    const found = await stored(store);
    // Every start sets a zone up (ensureCalendar); a store opened some other way counts in this computer's.
    return { timeZone: found?.timeZone ?? systemTimeZone(), holidays: found?.holidays ?? [] };
  };
  const save = async (actor: Actor, next: StationCalendar) => {
    requireRole(actor, 'admin', 'Changing the station calendar');
    const before = await current();
    if (next.holidays.length > HOLIDAYS_MAX)
      throw new StationError('calendar.tooManyHolidays', ERROR_TEXT.tooManyHolidays(HOLIDAYS_MAX), {
        pointer: '/data/attributes/holidays',
        parameter: 'holidays',
        meta: { reason: HOLIDAYS_REASON },
      });
    const detail: Record<string, unknown> = {};
    if (before.timeZone !== next.timeZone) detail.timeZone = { from: before.timeZone, to: next.timeZone };
    const added = next.holidays.filter((date) => !before.holidays.includes(date));
    const removed = before.holidays.filter((date) => !next.holidays.includes(date));
    if (added.length > 0) detail.holidaysAdded = added;
    if (removed.length > 0) detail.holidaysRemoved = removed;
    const changed =
      Object.keys(detail).length > 0 ? [audit.change(actor, 'calendar.changed', { type: 'calendar', id: 'station' }, detail)] : [];
    await store.audited(changed, 'settings', 'set', CALENDAR_SETTINGS_KEY, next);
    return next;
  };
  const checkedDates = (dates: readonly string[]) => {
    const wrong = dates.find((date) => !isCalendarDate(date.trim()));
    if (wrong !== undefined) throw new StationError('field.invalid', ERROR_TEXT.invalidHoliday(wrong), { parameter: 'date' });
    return dates.map((date) => date.trim());
  };

  return {
    current,
    async describe() {
      const calendar = await current();
      const now = clock();
      const today = dayIn(now, calendar.timeZone);
      return {
        timeZone: calendar.timeZone,
        now: now.toISOString(),
        today,
        nextWorkingDay: nextWorkingDay(today, calendar.holidays),
        holidays: [...calendar.holidays],
      };
    },
    async change(actor, change) {
      const calendar = await current();
      let timeZone = calendar.timeZone;
      if (change.timeZone !== undefined) {
        const zone = canonicalTimeZone(change.timeZone);
        if (zone === undefined)
          throw new StationError('field.invalid', ERROR_TEXT.invalidTimeZone(change.timeZone), {
            pointer: '/data/attributes/timeZone',
            parameter: 'timeZone',
            meta: { reason: TIME_ZONE_REASON },
          });
        timeZone = zone;
      }
      return save(actor, {
        timeZone,
        holidays: change.holidays === undefined ? calendar.holidays : normalisedHolidays(checkedDates(change.holidays)),
      });
    },
    async addHolidays(actor, dates) {
      const calendar = await current();
      return save(actor, { ...calendar, holidays: normalisedHolidays([...calendar.holidays, ...checkedDates(dates)]) });
    },
    async removeHolidays(actor, dates) {
      const calendar = await current();
      const gone = checkedDates(dates);
      const missing = gone.find((date) => !calendar.holidays.includes(date));
      if (missing !== undefined) throw new StationError('calendar.notAHoliday', ERROR_TEXT.notAHoliday(missing), { parameter: 'date' });
      return save(actor, { ...calendar, holidays: calendar.holidays.filter((date) => !gone.includes(date)) });
    },
  };
}
