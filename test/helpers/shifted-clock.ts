// The shifted clock of the API tests' SQLite run (vitest project `sqlite-api`), so that a test that only passes this
// week fails the day it is written: libfaketime moves every clock of each test file's process (Node, the stations
// it starts and the `station` commands it runs) to 23:50 in Pacific/Auckland, 400 days from today, ten minutes
// before a date line and in a zone half a day from UTC. docs/operations.md, "Dates and time zones", says what this
// covers and what it cannot.
import { addDays, dayIn, instantAt } from '../../src-shared/calendar.ts';
import { faketimeEnv, faketimeLibrary } from './faketime.ts';

const ZONE = 'Pacific/Auckland';
const DAYS_AHEAD = 400;
const TIME_OF_DAY = '23:50:00';

/**
 * The environment that starts a test process on the shifted clock, or why it cannot be had.
 * Each test file's process starts at 23:50 afresh (libfaketime's clock begins with the first process that loads it),
 * so no file's run crosses the midnight it starts before.
 */
export function shiftedClock(): { env: NodeJS.ProcessEnv } | { missing: string } {
  const library = faketimeLibrary();
  if ('missing' in library) return library;
  const day = addDays(dayIn(new Date(), ZONE), DAYS_AHEAD);
  return { env: faketimeEnv(library.path, instantAt(day, TIME_OF_DAY, ZONE), ZONE) };
}
