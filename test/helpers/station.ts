// Starts a real station on a temp data folder and an ephemeral loopback port, with one known client. Under the
// PostgreSQL run of the suite (test/helpers/postgres-setup.ts provides a test cluster), each new data folder also gets its
// own new database on that cluster, and a restart on the same folder finds the same database.
import type { Actor } from '../../src-main/domain/caller.ts';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { silentLogger } from '../../src-main/logger.ts';
import { createStation, type Station, type StationOptions } from '../../src-main/station.ts';
import type { ClientRecord } from '../../src-main/domain/client.ts';
import { http, type RawRequest, type RawResponse } from './http.ts';
import { createDatabase } from './postgres.ts';
import { openStore, type Store } from '../../src-main/store/index.ts';
import { openPostgresStore } from '../../src-main/store/postgres/index.ts';
import pg from 'pg';
import { inject } from 'vitest';
import { runningClock, type TestClock } from './clock.ts';
import { tempDir } from './temp-dirs.ts';

export { tempDir, removeTempDirs } from './temp-dirs.ts';

export const SMITH = { username: 'smith', password: 'HowSoonIsNow?1985' } as const;
export const JSONAPI = 'application/vnd.api+json';

export interface TestStation {
  station: Station;
  url: string;
  dataDir: string;
  /** The station's PostgreSQL database in the PostgreSQL run; undefined for its SQLite file. */
  databaseUrl: string | undefined;
  client: ClientRecord;
  integrationKey: string;
  /** The station's clock: what the test set, or the real now in the operating system's zone. Dates come from it. */
  clock: TestClock;
  /** Request to a path under the station's URL with JSON:API Accept by default. */
  call(path: string, options?: RawRequest): Promise<RawResponse>;
  signIn(username?: string, password?: string): Promise<RawResponse>;
  /** A Bearer token for the known client, from a real sign-in. */
  token(): Promise<string>;
  close(): Promise<void>;
}

/** The back end this run of the suite tests: the PostgreSQL cluster's URL, or undefined for SQLite. */
const TEST_POSTGRES = inject('postgresUrl') || process.env.STATION_TEST_POSTGRES || undefined;
const databases = new Map<string, string>();

/** The database a station on this data folder uses in this run: undefined (its SQLite file), or its own PostgreSQL database. */
export async function testDatabaseFor(dataDir: string): Promise<string | undefined> {
  if (!TEST_POSTGRES) return undefined;
  let url = databases.get(dataDir);
  if (!url) {
    url = await createDatabase(TEST_POSTGRES);
    databases.set(dataDir, url);
  }
  return url;
}

/** The station's operator at the admin command, as tests act for it: it may do what an admin may. */
export const OPERATOR: Actor = { via: 'cli', user: 'test operator' };

/** A station's options, with the clock a test sets (test/helpers/clock.ts); its zone is the new station's. */
export type TestStationOptions = Partial<Omit<StationOptions, 'clock'>> & { clock?: TestClock };

export async function startTestStation(options: TestStationOptions = {}): Promise<TestStation> {
  const ownFolder = options.dataDir === undefined ? tempDir() : undefined;
  const dataDir = options.dataDir ?? join(ownFolder!, 'data');
  const databaseUrl = options.databaseUrl ?? (await testDatabaseFor(dataDir));
  const clock = options.clock ?? runningClock();
  // The check of the database right after start runs on a thread of its own: the suites that damage a database
  // turn it on; the others need not pay for it hundreds of times.
  const station = await createStation({
    logger: silentLogger,
    port: 0,
    databaseUrl,
    timeZone: clock.timeZone,
    checkIntervalMs: 0,
    ...options,
    clock,
    dataDir,
  });
  // A data folder used before (a restart) keeps its client.
  const existing = (await station.clients.list(OPERATOR)).find((candidate) => candidate.username === SMITH.username);
  const client =
    existing ??
    (await station.clients.add(OPERATOR, {
      username: SMITH.username,
      password: SMITH.password,
      // Smith voids and reprints in many suites; what each role may do is pinned in roles.test.ts.
      role: 'supervisor',
      profile: {
        name: 'Bottega Verdi',
        address1: 'Via Roma 12',
        city: 'Milano',
        postalCode: '20129',
        state: 'MI',
        country: 'IT',
        contact: 'Anna Verdi',
        phone: '3331234567',
        email: 'anna@verdi.example',
        taxIdentification: 'IT01234567890',
      },
    }));
  const url = await station.start();
  // A station serving HTTPS is trusted by its own certificate.
  const ca = options.tls ? readFileSync(options.tls.certFile) : undefined;
  const integrationKey = station.keys.desktopIntegrationKey;

  const call = (path: string, request: RawRequest = {}) =>
    http(`${url}${path}`, { ca, ...request, headers: { Accept: JSONAPI, ...request.headers } });

  const signIn = (username: string = SMITH.username, password: string = SMITH.password) =>
    call('/v3/clients/authentication', {
      method: 'POST',
      headers: { Authorization: serviceApiAuthorization(authenticationHash(username, password), integrationKey) },
    });

  return {
    station,
    url,
    dataDir,
    databaseUrl,
    client,
    integrationKey,
    clock,
    call,
    signIn,
    token: async () => {
      const response = await signIn();
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.text}`);
      return response.json.meta.token as string;
    },
    close: async () => {
      await station.stop();
      if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    },
  };
}

/** Another connection to a station's database, as another process (the admin command) opens it. */
export function openOtherStore(t: Pick<TestStation, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  return t.databaseUrl ? openPostgresStore(t.databaseUrl) : Promise.resolve(openStore(join(t.dataDir, 'station.sqlite')));
}

/** Runs SQL straight on a station's database, behind the station's back: for tests that break it on purpose. */
export async function execBehindTheStation(t: Pick<TestStation, 'station' | 'databaseUrl'>, sql: string): Promise<void> {
  if (!t.databaseUrl) {
    t.station.store.db!.exec(sql);
    return;
  }
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
