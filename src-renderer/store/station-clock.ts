// The station's clock as the desk counts it: the station's time zone and holidays, and how far this computer's
// clock is from the station's, learnt from GET /calendar at sign-in. A desk's "today" is the station's today, even
// on a PC set to another zone or a wrong time (docs/operations.md, "Dates and time zones").
import { create } from 'zustand';
import { dateTimeIn, dayIn, nextWorkingDay, systemTimeZone } from '../../src-shared/calendar.ts';
import type { CalendarAttributes } from '../../src-shared/calendar-settings.ts';

export interface StationClockState {
  /** The station's IANA time zone; this computer's until the station has said. */
  timeZone: string;
  holidays: string[];
  /** The station's clock minus this computer's, in milliseconds. */
  offsetMs: number;
  /** Whether the station has told its calendar since the desk started. */
  known: boolean;
  /**
   * Takes the station's answer to GET or PATCH /calendar, asked at `askedAt` and answered at `answeredAt` (this
   * computer's clock): the station read its clock in between, so the middle is the best guess of the offset.
   */
  learn(calendar: CalendarAttributes, askedAt: number, answeredAt: number): void;
}

export const useStationClock = create<StationClockState>()((set) => ({
  timeZone: systemTimeZone(),
  holidays: [],
  offsetMs: 0,
  known: false,
  learn: (calendar, askedAt, answeredAt) =>
    set({
      timeZone: calendar.timeZone,
      holidays: calendar.holidays,
      offsetMs: Date.parse(calendar.now) - (askedAt + answeredAt) / 2,
      known: true,
    }),
}));

/** Asks the station for its calendar and learns it; a desk that cannot ask counts on its own clock and zone meanwhile. */
export async function learnStationClock(ask: () => Promise<CalendarAttributes>): Promise<void> {
  const askedAt = Date.now();
  try {
    const calendar = await ask();
    useStationClock.getState().learn(calendar, askedAt, Date.now());
  } catch {
    // Nothing to do: the dates a desk suggests may be off by the zones' difference until the next sign-in.
  }
}

/** Now on the station's clock. */
export const stationNow = (): Date => new Date(Date.now() + useStationClock.getState().offsetMs);

/** The station's day now, YYYY-MM-DD: what the desk's date fields start at. */
export const stationToday = (): string => dayIn(stationNow(), useStationClock.getState().timeZone);

/** The first working day after the station's today: where parcels made after a cutoff, or on a weekend, ship. */
export const stationNextWorkingDay = (): string => nextWorkingDay(stationToday(), useStationClock.getState().holidays);

/** An instant on the station's clock, YYYY-MM-DD HH:MM. */
export const stationDateTime = (iso: string): string => dateTimeIn(new Date(iso), useStationClock.getState().timeZone);
