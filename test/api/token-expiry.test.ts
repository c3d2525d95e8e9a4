// Bearer tokens expire (issue 45): a token the station issues names its expiry (exp) a token lifetime after its
// issue, on the station's clock; the admin sets the lifetime (5 minutes to 7 days, a working shift unless set); an
// expired token is answered 401 auth.tokenExpired in the spec's "Invalid token: …" words, and a working one is
// exchanged for a fresh one without the password (POST /clients/authentication/renewal). Tokens issued before the
// upgrade (no exp) live a lifetime from their issue or the upgrade, whichever is later; tokens an integration signs
// itself expire only when they say so. A numeric sub is the client id's decimal text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenLifetimeSettings, TOKEN_LIFETIME } from '../../src-main/services/authentication.ts';
import { createAuditLog } from '../../src-main/services/audit-log.ts';
import type { Store } from '../../src-main/store/index.ts';
import { handMadeToken } from '../helpers/tokens.ts';
import { setClock } from '../helpers/clock.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const HOUR = 3_600_000;
/** A standing clock: the station's time moves only when the test moves it. */
const clock = setClock('2027-03-08 06:00', 'Europe/Rome', { running: false });
/** When the station first started: tokens from before the upgrade count their lifetime from here at the earliest. */
const started = clock().getTime();

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation({ clock });
});
afterAll(() => t.close());

const current = (token: string) => t.call('/v3/clients/current', { headers: { Authorization: `Bearer ${token}` } });
const renewal = (token?: string) =>
  t.call('/v3/clients/authentication/renewal', {
    method: 'POST',
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
const lifetime = (store: Store) => createTokenLifetimeSettings(store, createAuditLog(store, 'test desk'));

async function signedIn(): Promise<{ token: string; expiresAt: string }> {
  const response = await t.signIn();
  expect(response.status, response.text).toBe(200);
  return { token: response.json.meta.token, expiresAt: response.json.meta.expiresAt };
}

async function expectExpired(token: string) {
  const response = await current(token);
  expect(response.status).toBe(401);
  expect(response.json.errors).toEqual([
    { status: 401, code: 'auth.tokenExpired', title: 'Unauthorized', detail: 'Invalid token: token expired' },
  ]);
  expect(response.headers['www-authenticate']).toBe(
    'Bearer realm="127.0.0.1", error="invalid_token", error_description="Invalid token: token expired"',
  );
}

describe('a token the station issues expires a token lifetime after its sign-in, on the station’s clock', () => {
  it('lasts a working shift by default: the sign-in says when (meta.expiresAt, the token’s exp), and from then it is 401 auth.tokenExpired', async () => {
    const issuedAt = clock().getTime();
    const { token, expiresAt } = await signedIn();
    expect(expiresAt).toBe(new Date(issuedAt + 12 * HOUR).toISOString());
    expect(claimsOf(token)).toMatchObject({ iat: issuedAt / 1000, exp: (issuedAt + 12 * HOUR) / 1000 });

    clock.advance(12 * HOUR - 1000);
    expect((await current(token)).status).toBe(200);
    clock.advance(1000);
    // Remembered a moment ago as good: the expiry holds all the same.
    await expectExpired(token);
    clock.advance(-12 * HOUR);
  });

  it('lasts the lifetime the admin sets, for the tokens issued from then on', async () => {
    const before = await signedIn();
    await lifetime(t.station.store).set(OPERATOR, 45 * 60);
    try {
      const issuedAt = clock().getTime();
      const { token, expiresAt } = await signedIn();
      expect(expiresAt).toBe(new Date(issuedAt + 45 * 60_000).toISOString());
      clock.advance(45 * 60_000);
      await expectExpired(token);
      // A token issued before the change keeps its own expiry.
      expect((await current(before.token)).status).toBe(200);
      clock.advance(-45 * 60_000);
    } finally {
      await lifetime(t.station.store).set(OPERATOR, TOKEN_LIFETIME.defaultSeconds);
    }
  });

  it.each([
    ['4 minutes 59 seconds', 299],
    ['7 days and a second', 7 * 24 * 3600 + 1],
    ['no time', 0],
    ['a fraction of a second', 300.5],
  ])('refuses a lifetime of %s, and keeps the one it had', async (_case, seconds) => {
    const settings = lifetime(t.station.store);
    await expect(settings.set(OPERATOR, seconds)).rejects.toMatchObject({
      code: 'field.invalid',
      parameter: 'lifetime',
      detail: expect.stringContaining('from 5 minutes to 7 days'),
    });
    expect((await settings.read()).lifetimeSeconds).toBe(TOKEN_LIFETIME.defaultSeconds);
  });

  it('takes 5 minutes and 7 days, the ends of the range', async () => {
    const settings = lifetime(t.station.store);
    try {
      expect((await settings.set(OPERATOR, 300)).lifetimeSeconds).toBe(300);
      expect((await signedIn()).expiresAt).toBe(new Date(clock().getTime() + 300_000).toISOString());
      expect((await settings.set(OPERATOR, 7 * 24 * 3600)).lifetimeSeconds).toBe(7 * 24 * 3600);
      expect((await signedIn()).expiresAt).toBe(new Date(clock().getTime() + 7 * 24 * HOUR).toISOString());
    } finally {
      await settings.set(OPERATOR, TOKEN_LIFETIME.defaultSeconds);
    }
  });
});

describe('POST /clients/authentication/renewal exchanges a working token for a fresh one, without the password', () => {
  it('answers the account, who is signed in and a token that lives a lifetime from now; the old one keeps its own expiry', async () => {
    const { token } = await signedIn();
    clock.advance(6 * HOUR);
    const renewedAt = clock().getTime();
    const response = await renewal(token);
    expect(response.status, response.text).toBe(200);
    expect(response.json.data).toMatchObject({ type: 'client', id: t.client.id });
    expect(response.json.meta).toEqual({
      token: expect.any(String),
      expiresAt: new Date(renewedAt + 12 * HOUR).toISOString(),
      username: 'smith',
      role: 'supervisor',
      user: { id: expect.any(String), name: 'Anna Verdi' },
    });
    const fresh = response.json.meta.token as string;
    // The same client, user and integration key, newly dated.
    const { iat: _oldIat, exp: _oldExp, ...oldClaims } = claimsOf(token);
    const { iat, exp, ...freshClaims } = claimsOf(fresh);
    expect(freshClaims).toEqual(oldClaims);
    expect([iat, exp]).toEqual([renewedAt / 1000, renewedAt / 1000 + 12 * 3600]);

    clock.advance(6 * HOUR);
    await expectExpired(token);
    expect((await current(fresh)).status).toBe(200);
    // A desk renews again and again while it runs: a shift and more without a sign-in.
    const again = await renewal(fresh);
    expect(again.status).toBe(200);
    clock.advance(11 * HOUR);
    expect((await current(again.json.meta.token)).status).toBe(200);
    clock.advance(-23 * HOUR);
  });

  it('refuses an expired token with 401 auth.tokenExpired: only a sign-in helps then', async () => {
    const { token } = await signedIn();
    clock.advance(12 * HOUR);
    try {
      const response = await renewal(token);
      expect(response.status).toBe(401);
      expect(response.json.errors[0]).toMatchObject({ code: 'auth.tokenExpired', detail: 'Invalid token: token expired' });
      expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    } finally {
      clock.advance(-12 * HOUR);
    }
  });

  it('refuses a call without a token, and a token of a removed user, as every signed-in route does', async () => {
    const missing = await renewal();
    expect(missing.status).toBe(401);
    expect(missing.json.errors[0].code).toBe('auth.missing');
    const leaving = await t.station.users.add(OPERATOR, {
      clientId: t.client.id,
      username: 'leaving',
      password: 'pw-leaving-1',
      role: 'packer',
      name: 'Leaving',
    });
    const signIn = await t.signIn('leaving', 'pw-leaving-1');
    expect(signIn.status).toBe(200);
    await t.station.users.remove(OPERATOR, { id: leaving.id });
    const refused = await renewal(signIn.json.meta.token);
    expect(refused.status).toBe(401);
    expect(refused.json.errors[0]).toMatchObject({ code: 'auth.failed', detail: 'Authorization failed.' });
  });

  it('gives a token an integration signed itself, without exp, an expiring one', async () => {
    const response = await renewal(handMadeToken({ sub: t.client.id, clientKey: t.client.clientKey }, t.station.keys.serverKey));
    expect(response.status).toBe(200);
    expect(claimsOf(response.json.meta.token)).toEqual({
      sub: t.client.id,
      clientKey: t.client.clientKey,
      iat: clock().getTime() / 1000,
      exp: clock().getTime() / 1000 + 12 * 3600,
    });
  });
});

describe('tokens without exp', () => {
  /** A token as the station issued it before tokens expired: its claims, dated `issuedAt`, and no exp. */
  async function issuedBeforeTheUpgrade(issuedAt: number): Promise<string> {
    const { iat: _iat, exp: _exp, ...claims } = claimsOf((await signedIn()).token);
    return handMadeToken({ ...claims, iat: issuedAt / 1000 }, t.station.keys.serverKey);
  }

  it('one the station issued before the upgrade lives a lifetime from the upgrade, however old: no session ends mid-shift', async () => {
    const yesterday = await issuedBeforeTheUpgrade(started - 20 * HOUR);
    const offset = clock().getTime() - started;
    clock.advance(12 * HOUR - offset - 1000);
    expect((await current(yesterday)).status).toBe(200);
    // The desk renews it meanwhile; the renewed one expires as any other.
    const renewed = await renewal(yesterday);
    expect(renewed.status).toBe(200);
    expect(claimsOf(renewed.json.meta.token).exp).toBeGreaterThan(clock().getTime() / 1000);
    clock.advance(1000);
    await expectExpired(yesterday);
    clock.advance(-(12 * HOUR - offset));
  });

  it('one issued after the upgrade without exp lives a lifetime from its issue', async () => {
    clock.advance(2 * HOUR);
    const issuedAt = clock().getTime() - HOUR;
    expect(issuedAt).toBeGreaterThan(started);
    const token = await issuedBeforeTheUpgrade(issuedAt);
    clock.advance(11 * HOUR - 1000);
    expect((await current(token)).status).toBe(200);
    clock.advance(1000);
    await expectExpired(token);
    clock.advance(-13 * HOUR);
  });

  it('one an integration signs itself with the server key never expires (it can sign another), unless it says so', async () => {
    const forever = handMadeToken({ sub: t.client.id, clientKey: t.client.clientKey }, t.station.keys.serverKey);
    const ending = handMadeToken(
      { sub: t.client.id, clientKey: t.client.clientKey, exp: clock().getTime() / 1000 + 60 },
      t.station.keys.serverKey,
    );
    expect((await current(ending)).status).toBe(200);
    clock.advance(30 * 24 * HOUR);
    try {
      expect((await current(forever)).status).toBe(200);
      await expectExpired(ending);
    } finally {
      clock.advance(-30 * 24 * HOUR);
    }
  });
});

describe('a numeric sub is the client id’s decimal text', () => {
  it('accepts {"sub": <the id as a number>}', async () => {
    const token = handMadeToken({ sub: Number(t.client.id), clientKey: t.client.clientKey }, t.station.keys.serverKey);
    const response = await current(token);
    expect(response.status, response.text).toBe(200);
    expect(response.json.data.id).toBe(t.client.id);
  });

  it.each([
    ['a fraction', 1.5],
    ['a negative number', -1],
    ['a number past the safe integers', 2 ** 60],
  ])('refuses %s as missing required data (no client id is one)', async (_case, sub) => {
    const response = await current(handMadeToken({ sub, clientKey: t.client.clientKey }, t.station.keys.serverKey));
    expect(response.status).toBe(401);
    expect(response.json.errors[0]).toMatchObject({ code: 'auth.tokenMissingData', detail: 'Token is missing required data' });
  });
});
