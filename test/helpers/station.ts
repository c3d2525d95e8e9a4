// Starts a real station on a temp data folder and an ephemeral loopback port, with one known client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { silentLogger } from '../../src-main/logger.ts';
import { createStation, type Station, type StationOptions } from '../../src-main/station.ts';
import type { ClientRecord } from '../../src-main/domain/client.ts';
import { http, type RawRequest, type RawResponse } from './http.ts';

export const SMITH = { username: 'smith', password: 'HowSoonIsNow?1985' } as const;
export const JSONAPI = 'application/vnd.api+json';

export interface TestStation {
  station: Station;
  url: string;
  dataDir: string;
  client: ClientRecord;
  integrationKey: string;
  /** Request to a path under the station's URL with JSON:API Accept by default. */
  call(path: string, options?: RawRequest): Promise<RawResponse>;
  signIn(username?: string, password?: string): Promise<RawResponse>;
  /** A Bearer token for the known client, from a real sign-in. */
  token(): Promise<string>;
  close(): Promise<void>;
}

const createdDirs: string[] = [];

/** A new folder under the OS temp folder, removed after the test file by removeTempDirs(). */
export function tempDir(prefix = 'station-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  createdDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of createdDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function startTestStation(options: Partial<StationOptions> = {}): Promise<TestStation> {
  const ownFolder = options.dataDir === undefined ? tempDir() : undefined;
  const dataDir = options.dataDir ?? join(ownFolder!, 'data');
  const station = await createStation({ logger: silentLogger, port: 0, ...options, dataDir });
  // A data folder used before (a restart) keeps its client.
  const existing = (await station.clients.list()).find((candidate) => candidate.username === SMITH.username);
  const client = existing ?? await station.clients.add({
    username: SMITH.username,
    password: SMITH.password,
    profile: { name: 'Bottega Verdi', address1: 'Via Roma 12', city: 'Milano', postalCode: '20129', state: 'MI', country: 'IT', contact: 'Anna Verdi', phone: '3331234567', email: 'anna@verdi.example', taxIdentification: 'IT01234567890' },
  });
  const url = await station.start();
  const integrationKey = station.keys.desktopIntegrationKey;

  const call = (path: string, request: RawRequest = {}) =>
    http(`${url}${path}`, { ...request, headers: { Accept: JSONAPI, ...request.headers } });

  const signIn = (username: string = SMITH.username, password: string = SMITH.password) =>
    call('/v3/clients/authentication', {
      method: 'POST',
      headers: { Authorization: serviceApiAuthorization(authenticationHash(username, password), integrationKey) },
    });

  return {
    station,
    url,
    dataDir,
    client,
    integrationKey,
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
