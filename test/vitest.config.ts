// Test runner settings: unit, CLI, reliability and printing tests under Node on SQLite; the API tests on SQLite under
// a shifted clock (test/helpers/shifted-clock.ts) and on PostgreSQL on the real clock (a throwaway cluster,
// test/helpers/postgres-setup.ts): one suite, two back ends, two clocks; and several desks on one PostgreSQL
// database (test/several-desks).
import { defineConfig } from 'vitest/config';
import { postgresBinaries } from './helpers/postgres.ts';
import { shiftedClock } from './helpers/shifted-clock.ts';

const postgres = postgresBinaries();
if ('missing' in postgres) {
  if (process.env.CI) throw new Error(`${postgres.missing}; in CI the PostgreSQL run of the API tests must run.`);
  console.log(`Skipping the PostgreSQL run of the API tests: ${postgres.missing}.`);
}
const shifted = shiftedClock();
if ('missing' in shifted) {
  if (process.env.CI) throw new Error(`${shifted.missing}; in CI the API tests on SQLite run on a shifted clock.`);
  console.log(`The API tests on SQLite run on the real clock: ${shifted.missing}.`);
}

const shared = {
  root: new URL('..', import.meta.url).pathname,
  // A bound for a test that hangs, not a target: on a busy 2-core machine a station, a CLI command or a PostgreSQL
  // database can take several times its usual second, and a slow test is not a failed one (targets live in the bench).
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  setupFiles: ['test/helpers/setup.ts'],
};

export default defineConfig({
  test: {
    // Two test files at a time: most tests wait on stations, databases and child processes. On the 2-core CI machine
    // the whole run took 4.0 min so, 6.0 with vitest's default (one worker there) and 3.8 with three.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'sqlite',
          include: [
            'test/unit/**/*.test.ts',
            'test/cli/**/*.test.ts',
            'test/reliability/**/*.test.ts',
            'test/printing/**/*.test.ts',
            'test/integrations/**/*.test.ts',
            'test/services/**/*.test.ts',
          ],
        },
      },
      {
        // The API over HTTP on SQLite, each file's process (and the stations and commands it starts) on the shifted
        // clock where libfaketime is installed: 23:50 in Pacific/Auckland, 400 days ahead (docs/operations.md,
        // "Dates and time zones"). The PostgreSQL run of the same files keeps the real clock.
        test: {
          ...shared,
          name: 'sqlite-api',
          include: ['test/api/**/*.test.ts'],
          env: 'missing' in shifted ? {} : shifted.env,
        },
      },
      ...('missing' in postgres
        ? []
        : [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: ['test/api/**/*.test.ts'],
                globalSetup: ['test/helpers/postgres-setup.ts'],
              },
            },
            {
              // Several desks on one PostgreSQL database, and a SQLite station moved up to it.
              test: {
                ...shared,
                name: 'several-desks',
                include: ['test/several-desks/**/*.test.ts'],
                globalSetup: ['test/helpers/postgres-setup.ts'],
                testTimeout: 240_000,
              },
            },
          ]),
    ],
  },
});
