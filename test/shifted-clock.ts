// The API suite once more on a shifted clock, so that a test that only passes this week fails the day it is
// written: libfaketime moves every clock of the run (Node, the stations it starts and the `station` commands it
// runs) to 23:50 in Pacific/Auckland, 400 days from today, ten minutes before a date line
// and in a zone half a day from UTC. docs/operations.md, "Dates and time zones", says what this run covers and what it cannot.
// Usage: node test/shifted-clock.ts [vitest arguments]; `npm run test:shifted` runs it, and `.ci/run` after `npm test`.
import { spawnSync } from 'node:child_process';
import { addDays, dayIn, instantAt } from '../src-shared/calendar.ts';
import { faketimeEnv, faketimeLibrary } from './helpers/faketime.ts';

const ZONE = 'Pacific/Auckland';
const DAYS_AHEAD = 400;
const TIME_OF_DAY = '23:50:00';
/**
 * What the second run takes: the API over HTTP, on SQLite. The days a station reckons come from its own code, the
 * same on both back ends; PostgreSQL's date SQL is pinned on set clocks by the main run's dates test, and a second
 * PostgreSQL run here would take CI past its time.
 */
const SUITES = ['test/api'];

const library = faketimeLibrary();
if ('missing' in library) {
  if (process.env.CI) throw new Error(`${library.missing}; in CI the shifted-clock run must run.`);
  console.log(`Skipping the shifted-clock run: ${library.missing}.`);
  process.exit(0);
}

const day = addDays(dayIn(new Date(), ZONE), DAYS_AHEAD);
console.log(`Shifted clock: ${day} ${TIME_OF_DAY} in ${ZONE} (libfaketime), running on from there.`);
const vitest = new URL('../node_modules/vitest/vitest.mjs', import.meta.url).pathname;
/** Suites with no dates in what they pin, and seconds of seeding: the paging test's 2,500 rows a list. */
const NOT_SHIFTED = ['test/api/paging.test.ts'];
const excluded = NOT_SHIFTED.flatMap((file) => ['--exclude', file]);
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--config', 'test/vitest.config.ts', '--project', 'sqlite', ...excluded, ...SUITES, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, ...faketimeEnv(library.path, instantAt(day, TIME_OF_DAY, ZONE), ZONE) },
  },
);
process.exit(result.status ?? 1);
