// One user's guesser never locks out the others, and a password change ends that user's sessions (issue 50; the
// rules in docs/integrations.md, "How an integration authenticates"). Sign-ins here go through the desk's own
// integration key, which the desk page serves, as a guesser at a desk would send them: naming the user as the desk
// does (`username=` in the ServiceApi header) and as the spec's hash alone. Runs on SQLite and on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { FREE_ADDRESS_FAILURES, FREE_FAILURES } from '../../src-main/services/sign-in-backoff.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { handMadeToken } from '../helpers/tokens.ts';

let t: TestStation;
const BOB = { username: 'guessed-bob', password: 'Bob-Password-2026' };
const ALICE = { username: 'alice-über', password: 'Alice-Password-2026' };
const CAROL = { username: 'carol', password: 'Carol-Password-2026' };

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  for (const user of [BOB, ALICE, CAROL]) await t.station.users.add(OPERATOR, { clientId: t.client.id, ...user });
});
afterAll(() => t.close());

/** Where this test's sign-ins come from: each test from a loopback address of its own, as the station counts callers. */
let address = '127.0.0.1';
/** A sign-in through the station's integration key: naming `named` as the desk does, or (null) as the spec's hash alone. */
const signIn = (username: string, password: string, named: string | null = username, integrationKey = t.integrationKey) =>
  t.call('/v3/clients/authentication', {
    method: 'POST',
    localAddress: address,
    headers: { Authorization: serviceApiAuthorization(authenticationHash(username, password), integrationKey, named ?? undefined) },
  });
const bearer = (token: string) => t.call('/v3/clients/current', { headers: { Authorization: `Bearer ${token}`, Accept: JSONAPI } });

let nextAddress = 10;
beforeEach(() => {
  address = `127.0.0.${nextAddress++}`;
});

describe('sign-in limits per user', () => {
  it('slows the guessed user only: 30 wrong guesses at bob through the desk key, then alice’s and carol’s right passwords are 200', async () => {
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await signIn(BOB.username, `wrong-guess-${i}`)).status);
    // Five passwords checked and refused; then bob waits, and the guesses are refused before any password work.
    expect(answers.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(401));
    expect(answers.slice(FREE_FAILURES).every((status) => status === 429)).toBe(true);
    const locked = await signIn(BOB.username, BOB.password);
    expect(locked.status).toBe(429);
    expect(locked.json.errors[0].code).toBe('auth.tooManySignIns');
    expect(locked.headers['retry-after']).toBe('1');
    // The same key and address, another user: through at once, named as the desk names them, or by the hash alone.
    expect((await signIn(ALICE.username, ALICE.password)).status).toBe(200);
    expect((await signIn(CAROL.username, CAROL.password, null)).status).toBe(200);
    // A name in another case is the same target: the guesser cannot spread over "Guessed-BOB".
    expect((await signIn('Guessed-BOB', 'wrong-again')).status).toBe(429);
  });

  it('counts the spec’s hash-only guesses under the key, apart from the named sign-ins the desk makes', async () => {
    for (let i = 0; i < FREE_FAILURES; i++) expect((await signIn(CAROL.username, `anonymous-guess-${i}`, null)).status).toBe(401);
    // Hash-only sign-ins through this key wait now; the desk's named sign-ins do not.
    expect((await signIn(CAROL.username, CAROL.password, null)).status).toBe(429);
    expect((await signIn(CAROL.username, CAROL.password)).status).toBe(200);
  });

  it('resets nothing a guesser could use: signing in as oneself between guesses at another user does not start them again', async () => {
    const mallory = { username: 'mallory-packer', password: 'Mallory-Password-2026' };
    await t.station.users.add(OPERATOR, { clientId: t.client.id, ...mallory });
    // A key of its own: the hash-only sign-ins of the tests before counted under the station's.
    const key = (await t.station.integrations.add(OPERATOR, 'Interleaving script')).integrationKey;
    for (const named of [true, false]) {
      const target = named ? 'guessed-by-name' : 'guessed-by-hash';
      const guess = (i: number) => signIn(target, `interleaved-${i}`, named ? target : null, key);
      for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await guess(i)).status).toBe(401);
      // Mallory's own sign-in, the same way, succeeds; the guesses' count stays.
      expect((await signIn(mallory.username, mallory.password, named ? mallory.username : null, key)).status).toBe(200);
      expect((await guess(FREE_FAILURES)).status).toBe(401);
      expect((await guess(FREE_FAILURES + 1)).status).toBe(429);
    }
  });

  it('refuses a named sign-in whose hash proves another user: failures cannot be spread over made-up names', async () => {
    const answer = await signIn(ALICE.username, ALICE.password, 'someone-else');
    expect(answer.status).toBe(401);
    expect(answer.json.errors[0].code).toBe('auth.failed');
    // A name that is not percent-encoded UTF-8 is no ServiceApi header at all.
    const broken = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: {
        Authorization: `ServiceApi hash=${authenticationHash(ALICE.username, ALICE.password)}, integrationKey=${t.integrationKey}, username=%E0%A4`,
      },
    });
    expect(broken.status).toBe(401);
    expect(broken.json.errors[0].detail).toBe('Missing or invalid authorization header');
  });

  it(`slows an address that guesses at many names once ${FREE_ADDRESS_FAILURES} failures add up`, async () => {
    // Four failures at each of five made-up names: no name waits, the address does after the twentieth.
    const statuses = [];
    for (let name = 0; statuses.length < FREE_ADDRESS_FAILURES; name++)
      for (let i = 0; i < FREE_FAILURES - 1; i++) statuses.push((await signIn(`sprayed-${name}`, `spray-${i}`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    const after = await signIn(ALICE.username, ALICE.password);
    expect(after.status).toBe(429);
    expect(after.json.errors[0].detail).toBe('Too many failed sign-ins for this username, integration key or address. Try again in 1 s.');
  });
});

describe('a password change', () => {
  it('ends the sessions of that user at once, audited, and of no one else; a new sign-in and its renewal work', async () => {
    const dave = { username: 'dave-changes', password: 'Dave-Password-2026' };
    const erin = { username: 'erin-stays', password: 'Erin-Password-2026' };
    for (const user of [dave, erin]) await t.station.users.add(OPERATOR, { clientId: t.client.id, ...user });
    const daveBefore = (await signIn(dave.username, dave.password)).json.meta.token as string;
    const erinToken = (await signIn(erin.username, erin.password)).json.meta.token as string;
    expect((await bearer(daveBefore)).status).toBe(200);

    await t.station.users.setPassword(OPERATOR, { username: dave.username }, 'Dave-New-Password-2026');
    const ended = await bearer(daveBefore);
    expect(ended.status).toBe(401);
    expect(ended.json.errors[0].code).toBe('auth.failed');
    expect((await bearer(erinToken)).status).toBe(200);
    // The old password is refused; the new one signs in, and its token renews.
    expect((await signIn(dave.username, dave.password)).status).toBe(401);
    const daveAfter = (await signIn(dave.username, 'Dave-New-Password-2026')).json.meta.token as string;
    expect((await bearer(daveAfter)).status).toBe(200);
    const renewed = await t.call('/v3/clients/authentication/renewal', {
      method: 'POST',
      headers: { Authorization: `Bearer ${daveAfter}` },
    });
    expect(renewed.status).toBe(200);
    expect((await bearer(renewed.json.meta.token as string)).status).toBe(200);
    // The change is in the audit log, by the operator.
    const audit = await t.station.store.audit.list({ before: null, action: 'user.password-changed', desk: null, actor: null, limit: 50 });
    expect(audit.some((entry) => entry.detail?.username === dave.username && entry.actor === OPERATOR.user)).toBe(true);
  });
});

describe('tokens from before session epochs', () => {
  it('work on at epoch 0, renew into tokens that carry the epoch, and end, renewals included, at the first password change', async () => {
    const frank = { username: 'frank-legacy', password: 'Frank-Password-2026' };
    const user = await t.station.users.add(OPERATOR, { clientId: t.client.id, ...frank });
    expect(user.sessionEpoch).toBe(0);
    // A token as the station issued it before this release: the same claims, without sep.
    const issued = (await signIn(frank.username, frank.password)).json.meta.token as string;
    const { sep, ...claims } = JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(sep).toBe(0);
    const legacy = handMadeToken(claims, t.station.keys.serverKey);
    expect((await bearer(legacy)).status).toBe(200);
    const renew = (token: string) =>
      t.call('/v3/clients/authentication/renewal', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const renewed = (await renew(legacy)).json.meta.token as string;
    expect(JSON.parse(Buffer.from(renewed.split('.')[1]!, 'base64url').toString()).sep).toBe(0);

    await t.station.users.setPassword(OPERATOR, { username: frank.username }, 'Frank-New-Password-2026');
    for (const token of [legacy, renewed, issued]) {
      expect((await bearer(token)).status).toBe(401);
      expect((await renew(token)).status).toBe(401);
    }
  });
});
