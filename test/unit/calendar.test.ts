// The station's calendar (src-shared/calendar.ts) on the days that break calendars: the nights clocks change in
// Europe/Rome and America/New_York, a midnight that does not exist, 31 December into 1 January, 29 February, a
// Friday after the cutoff, a cutoff at 23:59 and a holiday. Every day comes from a set clock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addWorkingDays,
  canonicalTimeZone,
  dayIn,
  daysBetween,
  instantAt,
  isCalendarDate,
  isWorkingDay,
  nextWorkingDay,
  shipDateAt,
  startOfDay,
  timeIn,
  wallClock,
  weekdayOf,
  workingDayFrom,
} from '../../src-shared/calendar.ts';
import { setClock } from '../helpers/clock.ts';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';
const HOUR = 3_600_000;

describe('which day and hour an instant is, in a zone', () => {
  it('counts the day in the zone, not in UTC or the process’s zone', () => {
    // 00:30 in Rome is still the day before in UTC, and the evening before in New York.
    const clock = setClock('2027-01-15 00:30', ROME, { running: false });
    expect(dayIn(clock(), ROME)).toBe(clock.today());
    expect(dayIn(clock(), 'UTC')).toBe(clock.day(-1));
    expect(wallClock(clock(), NEW_YORK)).toEqual({ date: clock.day(-1), time: '18:30:00' });
    expect(timeIn(clock(), ROME)).toBe('00:30');
  });

  it('knows IANA names in any case, and refuses others', () => {
    expect(canonicalTimeZone('europe/rome')).toBe(ROME);
    expect(canonicalTimeZone(' America/New_York ')).toBe(NEW_YORK);
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const wrong of ['Mars/Base', '+01:00', '', 'Europe/Rome; DROP TABLE', 'CET '.repeat(20)])
      expect(canonicalTimeZone(wrong)).toBeUndefined();
  });
});

describe('the nights the clocks change', () => {
  it('Europe/Rome, spring: 02:30 does not exist, and its first instant after is 03:00', () => {
    const night = setClock('2027-03-28 01:59:59', ROME, { running: false });
    const day = night.today();
    const skipped = instantAt(day, '02:30', ROME);
    expect(wallClock(skipped, ROME)).toEqual({ date: day, time: '03:00:00' });
    // One second after 01:59:59 the clock reads 03:00:00.
    expect(skipped.getTime() - night().getTime()).toBe(1_000);
    expect(instantAt(day, '02:00', ROME).getTime()).toBe(skipped.getTime());
    // The day is 23 hours long.
    expect(startOfDay(addDays(day, 1), ROME).getTime() - startOfDay(day, ROME).getTime()).toBe(23 * HOUR);
  });

  it('Europe/Rome, autumn: 02:30 happens twice, and a time of day means its first pass', () => {
    const night = setClock('2027-10-31 02:30', ROME, { running: false });
    const first = night();
    const second = new Date(first.getTime() + HOUR);
    expect(wallClock(second, ROME)).toEqual({ date: night.today(), time: '02:30:00' });
    expect(instantAt(night.today(), '02:30', ROME).getTime()).toBe(first.getTime());
    // A deadline passed at the first 02:30 stays passed at the second 02:15: instants are compared, not wall times.
    const secondQuarterPast = new Date(second.getTime() - 15 * 60_000);
    expect(timeIn(secondQuarterPast, ROME)).toBe('02:15');
    expect(secondQuarterPast.getTime() >= instantAt(night.today(), '02:30', ROME).getTime()).toBe(true);
    expect(startOfDay(night.day(1), ROME).getTime() - startOfDay(night.today(), ROME).getTime()).toBe(25 * HOUR);
  });

  it('America/New_York, spring: 02:30 does not exist', () => {
    const night = setClock('2027-03-14 01:30', NEW_YORK, { running: false });
    expect(wallClock(instantAt(night.today(), '02:30', NEW_YORK), NEW_YORK)).toEqual({ date: night.today(), time: '03:00:00' });
    expect(instantAt(night.today(), '02:30', NEW_YORK).getTime() - night().getTime()).toBe(30 * 60_000);
  });

  it('America/New_York, autumn: 01:30 happens twice; 02:30 once, two hours after the first 01:30', () => {
    const night = setClock('2027-11-07 01:30', NEW_YORK, { running: false });
    const first = night();
    expect(wallClock(new Date(first.getTime() + HOUR), NEW_YORK)).toEqual({ date: night.today(), time: '01:30:00' });
    expect(instantAt(night.today(), '02:30', NEW_YORK).getTime() - first.getTime()).toBe(2 * HOUR);
  });

  it('a midnight the clocks skip starts the day at the first instant there is (America/Santiago)', () => {
    // Chile moves its clocks at midnight: one day of the year has no 00:00. Found, not written down.
    const zone = 'America/Santiago';
    const year = setClock('2027-01-01 12:00', zone, { running: false });
    const days = Array.from({ length: 365 }, (_, index) => year.day(index));
    const skipping = days.filter((date) => wallClock(startOfDay(date, zone), zone).time !== '00:00:00');
    expect(skipping).toHaveLength(1);
    const start = startOfDay(skipping[0]!, zone);
    expect(wallClock(start, zone)).toEqual({ date: skipping[0], time: '01:00:00' });
    expect(dayIn(new Date(start.getTime() - 1), zone)).toBe(addDays(skipping[0]!, -1));
  });

  it('instantAt is the first instant at or after the wall time, in any zone, on any day (property)', () => {
    const zones = [ROME, NEW_YORK, 'America/Santiago', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC'];
    const base = setClock('2026-01-01 00:00', 'UTC', { running: false });
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 3 * 366 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (zone, offset, minute) => {
          const date = base.day(offset);
          const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
          const found = instantAt(date, time, zone);
          const wall = wallClock(found, zone);
          const wanted = `${date} ${time}:00`;
          // At or after the wanted time on the wall clock, and before it at every earlier instant: a second, and up
          // to two hours before (a repeated hour's first pass is an hour earlier than its second).
          expect(`${wall.date} ${wall.time}` >= wanted).toBe(true);
          for (const back of [1_000, 15 * 60_000, 30 * 60_000, HOUR, 1.5 * HOUR, 2 * HOUR]) {
            const before = wallClock(new Date(found.getTime() - back), zone);
            expect(`${before.date} ${before.time}` < wanted).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('calendar days', () => {
  it('goes from 31 December into 1 January, and counts 29 February in a leap year only', () => {
    const newYearsEve = setClock('2027-12-31 23:59:59', ROME, { running: false });
    expect(newYearsEve.day(1).slice(5)).toBe('01-01');
    expect(newYearsEve.day(1).slice(0, 4)).toBe(String(Number(newYearsEve.today().slice(0, 4)) + 1));
    newYearsEve.advance(1_000);
    expect(newYearsEve.wall()).toEqual({ date: newYearsEve.today(), time: '00:00:00' });
    expect(newYearsEve.today().slice(5)).toBe('01-01');

    const leapDay = setClock('2028-02-29 12:00', ROME, { running: false });
    expect(isCalendarDate(leapDay.today())).toBe(true);
    expect(leapDay.day(1).slice(5)).toBe('03-01');
    expect(leapDay.day(-1).slice(5)).toBe('02-28');
    expect(isCalendarDate(`${Number(leapDay.today().slice(0, 4)) - 1}-02-29`)).toBe(false);
    expect(daysBetween(leapDay.day(-59), leapDay.day(306))).toBe(365);
  });

  it('names weekdays, with Saturday and Sunday not working days', () => {
    const monday = setClock('2026-11-23 09:00', ROME, { running: false });
    expect([0, 1, 2, 3, 4, 5, 6].map((days) => weekdayOf(monday.day(days)))).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect([0, 1, 2, 3, 4, 5, 6].map((days) => isWorkingDay(monday.day(days), []))).toEqual([true, true, true, true, true, false, false]);
  });

  it('walks working days over weekends and holidays', () => {
    const friday = setClock('2026-12-24 09:00', ROME, { running: false });
    const christmas = friday.day(1);
    const stStephen = friday.day(2);
    expect(weekdayOf(friday.today())).toBe(4);
    // Thursday 24 → Friday 25 (holiday) → weekend → Monday 28.
    expect(nextWorkingDay(friday.today(), [christmas, stStephen])).toBe(friday.day(4));
    expect(nextWorkingDay(friday.today(), [])).toBe(christmas);
    expect(workingDayFrom(stStephen, [christmas, stStephen])).toBe(friday.day(4));
    expect(addWorkingDays(friday.today(), 3, [christmas])).toBe(friday.day(6));
    expect(addWorkingDays(friday.today(), 0, [])).toBe(friday.today());
  });
});

describe('the ship date a parcel made now gets', () => {
  const calendar = (holidays: string[] = []) => ({ timeZone: ROME, holidays });

  it('is today before the carrier’s cutoff, and the next working day from the cutoff’s minute on', () => {
    const wednesday = setClock('2026-11-25 15:59:59', ROME, { running: false });
    expect(shipDateAt(wednesday(), calendar(), '16:00')).toBe(wednesday.today());
    wednesday.advance(1_000);
    expect(shipDateAt(wednesday(), calendar(), '16:00')).toBe(wednesday.day(1));
    expect(shipDateAt(wednesday(), calendar())).toBe(wednesday.today());
  });

  it('with a cutoff at 23:59: today until 23:58:59, tomorrow from 23:59:00, and past midnight tomorrow is today', () => {
    const night = setClock('2026-11-25 23:58:59', ROME, { running: false });
    const wednesday = night.today();
    expect(shipDateAt(night(), calendar(), '23:59')).toBe(wednesday);
    night.advance(1_000);
    expect(shipDateAt(night(), calendar(), '23:59')).toBe(addDays(wednesday, 1));
    night.advance(60_000);
    expect(night.today()).toBe(addDays(wednesday, 1));
    expect(shipDateAt(night(), calendar(), '23:59')).toBe(addDays(wednesday, 1));
  });

  it('on a Friday after the cutoff is Monday; on Saturday and Sunday, Monday too', () => {
    const clock = setClock('2026-11-27 17:30', ROME, { running: false });
    const friday = clock.today();
    expect(weekdayOf(friday)).toBe(5);
    expect(shipDateAt(clock(), calendar(), '17:00')).toBe(addDays(friday, 3));
    expect(shipDateAt(clock(), calendar(), '18:00')).toBe(friday);
    clock.set('2026-11-28 08:00');
    expect(shipDateAt(clock(), calendar())).toBe(addDays(friday, 3));
    clock.set('2026-11-29 23:00');
    expect(shipDateAt(clock(), calendar(), '10:00')).toBe(addDays(friday, 3));
  });

  it('skips a holiday, and a holiday after the cutoff the day before', () => {
    const clock = setClock('2026-12-24 18:00', ROME, { running: false });
    const eve = clock.today();
    const holidays = [addDays(eve, 1), addDays(eve, 2)];
    expect(shipDateAt(clock(), calendar(holidays), '17:00')).toBe(addDays(eve, 4));
    expect(shipDateAt(clock(), calendar(holidays), '19:00')).toBe(eve);
    clock.set('2026-12-25 10:00');
    expect(shipDateAt(clock(), calendar(holidays))).toBe(addDays(eve, 4));
  });

  it('on 31 December after the cutoff is the first working day of the new year', () => {
    const newYearsEve = setClock('2027-12-31 16:30', ROME, { running: false });
    const newYearsDay = newYearsEve.day(1);
    expect(weekdayOf(newYearsEve.today())).toBe(5);
    expect(shipDateAt(newYearsEve(), calendar([newYearsDay]), '16:00')).toBe(newYearsEve.day(3));
  });

  it('on 29 February after the cutoff is 1 March', () => {
    const leapDay = setClock('2028-02-29 16:30', ROME, { running: false });
    expect(shipDateAt(leapDay(), calendar(), '16:00').slice(5)).toBe('03-01');
  });
});
