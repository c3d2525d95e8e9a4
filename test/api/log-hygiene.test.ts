// The log never holds a secret or what would let its reader follow a parcel: no tracking hash (also of a failed
// request), no token, no key, no password hash, whatever the station was asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash } from '../../src-shared/auth-hash.ts';
import type { Logger } from '../../src-main/logger.ts';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { SMITH, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const lines: string[] = [];
const keep = (message: string, error?: unknown) =>
  void lines.push(`${message} ${error instanceof Error ? `${error.message} ${error.stack}` : ''}`);
const logger: Logger = { info: keep, warn: keep, error: keep };

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, logger });
  token = await t.token();
});
afterAll(() => t.close());

describe('the log', () => {
  it('holds methods, paths and statuses, and no secret or tracking hash', async () => {
    const created = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    const trackingHash = new URL(created.json.data.links.tracking).pathname.split('/').pop()!;
    expect((await t.call(`/track/${trackingHash}`)).status).toBe(200);
    expect((await t.call(`/v3/track/${trackingHash}`)).status).toBe(200);
    expect((await t.call(`/track/${trackingHash}x`)).status).toBe(404);
    expect((await t.call(`/track/${trackingHash}`, { method: 'DELETE' })).status).toBe(405);
    await t.signIn(SMITH.username, 'a wrong password');
    await get(t, `${token}x`, '/v3/test');

    // The access log writes a line once its answer has gone: the last request's line comes last.
    await waitFor('the last request’s log line', () => lines.some((line) => line.startsWith('GET /v3/test 401')), {
      seen: () => lines.slice(-3),
    });
    const log = lines.join('\n');
    expect(log).toContain('GET /track/… 200');
    expect(log).toContain('POST /v3/shipments 201');
    const secrets = {
      trackingHash,
      token,
      integrationKey: t.integrationKey,
      serverKey: t.station.keys.serverKey,
      clientKey: t.client.clientKey,
      authenticationHash: authenticationHash(SMITH.username, SMITH.password),
      wrongHash: authenticationHash(SMITH.username, 'a wrong password'),
      password: SMITH.password,
    };
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} in the log`).toBe(false);
  });
});
