import { SignJWT, UnsecuredJWT } from 'jose';
import { handMadeToken } from '../helpers/tokens.ts';
import { CLIENT_RECHECK_MS } from '../../src-main/services/authentication.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR, JSONAPI, openOtherStore, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation();
});
afterAll(() => t.close());

const MISSING_HEADER =
  'Bearer realm="127.0.0.1", error="authorization_exception", error_description="Missing or invalid authorization header"';

const current = (authorization?: string) =>
  t.call('/v3/clients/current', { headers: authorization ? { Authorization: authorization } : {} });

describe('GET and HEAD /clients/current need a valid Bearer token (spec 5.2)', () => {
  it('returns the signed-in client', async () => {
    const response = await current(`Bearer ${await t.token()}`);
    expect(response.status).toBe(200);
    expect(response.json.data.type).toBe('client');
    expect(response.json.data.id).toBe(t.client.id);
    expect(response.json.data.attributes.clientKey).toBe(t.client.clientKey);
  });

  it('answers HEAD with the headers of GET and no body, to check a session', async () => {
    const token = await t.token();
    const response = await t.call('/v3/clients/current', { method: 'HEAD', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSONAPI);
    expect(response.text).toBe('');
    const refused = await t.call('/v3/clients/current', { method: 'HEAD' });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(MISSING_HEADER);
  });

  it('accepts a token an integration signs itself with the server key, as field-rules.md describes', async () => {
    const token = handMadeToken({ sub: t.client.id, clientKey: t.client.clientKey }, t.station.keys.serverKey);
    expect((await current(`Bearer ${token}`)).status).toBe(200);
  });

  it.each([
    ['no header', undefined],
    ['an empty Bearer', 'Bearer '],
    ['another scheme', 'Basic c21pdGg6eA=='],
    ['a token that is not a JWT', 'Bearer not-a-token'],
  ])('answers %s with the exact 401 of section 5.2', async (_case, authorization) => {
    const response = await current(authorization);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe(MISSING_HEADER);
    expect(response.text).toBe(
      '{"jsonapi":{"version":"1.0"},"errors":[{"status":401,"code":"auth.missing","title":"Unauthorized","detail":"Missing or invalid authorization header"}]}',
    );
  });

  /** A refused token: its code, the spec's words, and the WWW-Authenticate of an invalid token saying them. */
  async function refused(token: string, detail: string | RegExp, code: string) {
    const response = await current(`Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe(JSONAPI);
    expect(response.json.errors[0].detail).toMatch(detail);
    expect(response.json.errors[0].code).toBe(code);
    expect(response.headers['www-authenticate']).toBe(
      `Bearer realm="127.0.0.1", error="invalid_token", error_description="${response.json.errors[0].detail}"`,
    );
  }

  it('rejects alg none', async () => {
    await refused(new UnsecuredJWT({ sub: t.client.id, clientKey: t.client.clientKey }).encode(), /^Invalid token: /, 'auth.tokenInvalid');
  });

  it('rejects another algorithm signed with the server key', async () => {
    const key = new TextEncoder().encode(t.station.keys.serverKey);
    const token = await new SignJWT({ clientKey: t.client.clientKey })
      .setProtectedHeader({ alg: 'HS384' })
      .setSubject(t.client.id)
      .sign(key);
    await refused(token, 'Invalid token: algorithm not allowed', 'auth.tokenInvalid');
  });

  it('rejects a token signed with another key', async () => {
    await refused(
      handMadeToken({ sub: t.client.id, clientKey: t.client.clientKey }, 'f'.repeat(64)),
      'Invalid token: signature verification failed',
      'auth.tokenInvalid',
    );
  });

  it('rejects a token without clientKey', async () => {
    await refused(handMadeToken({ sub: t.client.id }, t.station.keys.serverKey), 'Token is missing required data', 'auth.tokenMissingData');
  });

  it('rejects an unknown client', async () => {
    await refused(
      handMadeToken({ sub: '999', clientKey: t.client.clientKey }, t.station.keys.serverKey),
      'Authorization failed.',
      'auth.failed',
    );
  });

  it('rejects a wrong client key', async () => {
    await refused(
      handMadeToken({ sub: t.client.id, clientKey: 'guess' }, t.station.keys.serverKey),
      'Authorization failed.',
      'auth.failed',
    );
  });

  it('refuses a remembered token within a second of its client key being rotated by another process', async () => {
    const other = await t.station.clients.add(OPERATOR, {
      username: 'elsewhere',
      password: 'pw-elsewhere',
      profile: { name: 'Elsewhere' },
    });
    const token = handMadeToken({ sub: other.id, clientKey: other.clientKey }, t.station.keys.serverKey);
    expect((await current(`Bearer ${token}`)).status).toBe(200);
    // The admin command is another process with its own connection to the data folder's database.
    const admin = await openOtherStore(t);
    try {
      await admin.clients.setClientKey(other.id, 'rotated-elsewhere');
    } finally {
      await admin.close();
    }
    const rotatedAt = Date.now();
    await expect.poll(async () => (await current(`Bearer ${token}`)).status, { timeout: CLIENT_RECHECK_MS + 1000, interval: 50 }).toBe(401);
    expect(Date.now() - rotatedAt).toBeLessThanOrEqual(CLIENT_RECHECK_MS + 200);
  });

  it('refuses a remembered token once its own expiry has passed on the station’s clock', async () => {
    const soon = Math.floor(t.clock().getTime() / 1000) + 2;
    const token = handMadeToken({ sub: t.client.id, clientKey: t.client.clientKey, exp: soon }, t.station.keys.serverKey);
    expect((await current(`Bearer ${token}`)).status).toBe(200);
    t.clock.advance(2000);
    try {
      await refused(token, 'Invalid token: token expired', 'auth.tokenExpired');
    } finally {
      t.clock.advance(-2000);
    }
  });

  it('stops accepting tokens of a rotated client key, and accepts the new key', async () => {
    const other = await t.station.clients.add(OPERATOR, { username: 'rotator', password: 'pw-rotator', profile: { name: 'Rotator' } });
    const old = handMadeToken({ sub: other.id, clientKey: other.clientKey }, t.station.keys.serverKey);
    expect((await current(`Bearer ${old}`)).status).toBe(200);
    const rotated = await t.station.clients.rotateKey(OPERATOR, { id: other.id });
    expect(rotated.clientKey).not.toBe(other.clientKey);
    await refused(old, 'Authorization failed.', 'auth.failed');
    const fresh = handMadeToken({ sub: other.id, clientKey: rotated.clientKey }, t.station.keys.serverKey);
    expect((await current(`Bearer ${fresh}`)).status).toBe(200);
  });
});
