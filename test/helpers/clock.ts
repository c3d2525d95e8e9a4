// The clocks tests give stations: every date a test uses comes from one, never from the day the test was written
// (test/lint/date-literals.ts enforces it). setClock starts at a wall time the test names, in a zone it names;
// runningClock starts at the real now, in the operating system's zone, as a station in production does.
import { addDays, dayIn, instantAt, systemTimeZone, wallClock, type WallClock } from '../../src-shared/calendar.ts';

export interface TestClock {
  /** The station's clock reading. */
  (): Date;
  readonly timeZone: string;
  /** The day now in the clock's zone, YYYY-MM-DD. */
  today(): string;
  /** Today plus `days` calendar days (minus, when negative). */
  day(days: number): string;
  /** The wall clock now in the clock's zone. */
  wall(): WallClock;
  /** Moves the clock to a wall time of its zone, 'YYYY-MM-DD HH:MM[:SS]'; the earlier pass of a repeated hour. */
  set(wallTime: string): void;
  /** Moves the clock on (or back, when negative). */
  advance(ms: number): void;
  /** Whether it moves with real time between reads (true) or stands still until moved. */
  readonly running: boolean;
  /**
   * Runs `action` (a move, say) right after the clock's next `count` reads: what a station does after it read the
   * time once sees the moved clock. Only for stations whose timers are off, so that no other read comes between.
   */
  afterReads(count: number, action: () => void): void;
}

/** The instant of a wall time, 'YYYY-MM-DD HH:MM[:SS]', in the zone. */
export function wallTimeIn(wallTime: string, timeZone: string): Date {
  const [date, time] = wallTime.trim().split(/[ T]/);
  if (!date || !time) throw new Error(`A wall time is 'YYYY-MM-DD HH:MM[:SS]', not '${wallTime}'`);
  return instantAt(date, time, timeZone);
}

function makeClock(start: Date, timeZone: string, running: boolean): TestClock {
  // The reading is the start plus the real time since (running) or plus nothing (standing), plus what was moved.
  let base = start.getTime();
  let since = performance.now();
  let pending: { left: number; action: () => void } | undefined;
  const reading = () => new Date(base + (running ? Math.round(performance.now() - since) : 0));
  const read = () => {
    const now = reading();
    if (pending && --pending.left === 0) {
      const { action } = pending;
      pending = undefined;
      action();
    }
    return now;
  };
  const clock = Object.assign(read, {
    timeZone,
    running,
    // What the test asks of the clock is not a read of the station's: it leaves afterReads' count alone.
    today: () => dayIn(reading(), timeZone),
    day: (days: number) => addDays(dayIn(reading(), timeZone), days),
    wall: () => wallClock(reading(), timeZone),
    set: (wallTime: string) => {
      base = wallTimeIn(wallTime, timeZone).getTime();
      since = performance.now();
    },
    advance: (ms: number) => {
      base += ms;
    },
    afterReads: (count: number, action: () => void) => {
      pending = { left: count, action };
    },
  });
  return clock;
}

/**
 * A clock the test sets: at `wallTime` ('YYYY-MM-DD HH:MM[:SS]') in `timeZone`, running on with real time unless
 * `running: false`. The only place a test may write a date.
 */
export function setClock(wallTime: string, timeZone: string, options: { running?: boolean } = {}): TestClock {
  return makeClock(wallTimeIn(wallTime, timeZone), timeZone, options.running ?? true);
}

/** The real now, running, in the operating system's zone (TZ): what a station without a set clock counts with. */
export function runningClock(timeZone: string = systemTimeZone()): TestClock {
  return makeClock(new Date(), timeZone, true);
}
