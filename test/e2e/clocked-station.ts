// A station in this process on a clock the test sets, for the desk tests whose dates must not hang on the day they
// run: in a folder of its own, with one account (Bottega Verdi, user "desk"), signed in over the API. The desk in
// Chromium signs in as any desk does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import type { Role } from '../../src-shared/roles.ts';
import { silentLogger } from '../../src-main/logger.ts';
import { createStation, type Station } from '../../src-main/station.ts';
import type { TestClock } from '../helpers/clock.ts';
import { PASSWORD } from './fixtures.ts';

export const OPERATOR = { via: 'cli', user: 'test operator' } as const;

export interface ClockedStation {
  station: Station;
  url: string;
  /** The account user's Bearer token, signed in once the station started. */
  token: string;
  /** A JSON:API call of the station's API, with this token or another. */
  call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: any }>;
  stop(): Promise<void>;
}

/** Starts the station on `clock`; `prepare` sets it up after the account is made and before it starts serving. */
export async function startClockedStation(
  clock: TestClock,
  role: Role,
  prepare?: (station: Station) => Promise<void>,
): Promise<ClockedStation> {
  const folder = mkdtempSync(join(tmpdir(), 'station-clocked-'));
  const station = await createStation({
    dataDir: join(folder, 'data'),
    port: 0,
    clock,
    timeZone: clock.timeZone,
    logger: silentLogger,
    checkIntervalMs: 0,
    schedulerIntervalMs: 0,
    rendererDir: join(import.meta.dirname, '../../out/renderer'),
  });
  await station.clients.add(OPERATOR, {
    username: 'desk',
    password: PASSWORD,
    role,
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
    },
  });
  await prepare?.(station);
  const url = await station.start();
  const signIn = await fetch(`${url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Authorization: serviceApiAuthorization(authenticationHash('desk', PASSWORD), station.keys.desktopIntegrationKey) },
  });
  const token = (await signIn.json()).meta.token as string;
  return {
    station,
    url,
    token,
    async call(method, path, body, bearer = token) {
      const response = await fetch(`${url}/v3${path}`, {
        method,
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/vnd.api+json', Accept: 'application/vnd.api+json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: response.status === 204 ? null : await response.json() };
    },
    async stop() {
      await station.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
