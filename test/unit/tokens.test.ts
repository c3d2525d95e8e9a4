import { SignJWT, UnsecuredJWT } from 'jose';
import { handMadeToken } from '../helpers/tokens.ts';
import { describe, expect, it } from 'vitest';
import { TokenError, signClientToken, tokenKey, verifyClientToken } from '../../src-main/security/tokens.ts';
import { setClock } from '../helpers/clock.ts';

const SERVER_KEY = 'a'.repeat(64);
const key = new TextEncoder().encode(SERVER_KEY);

async function failure(token: string): Promise<TokenError> {
  const error = await verifyClientToken(token, tokenKey(SERVER_KEY)).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TokenError);
  return error as TokenError;
}

describe('Bearer tokens are HS256 over {sub, clientKey} signed with the server key', () => {
  it('round-trips the claims with the header of field-rules.md', async () => {
    const token = await signClientToken({ clientId: '17', clientKey: 'c1f0' }, tokenKey(SERVER_KEY));
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    await expect(verifyClientToken(token, tokenKey(SERVER_KEY))).resolves.toEqual({
      clientId: '17',
      clientKey: 'c1f0',
      issuedAt: expect.any(Number),
    });
  });

  it('dates a token on the clock it is given and makes it expire then, checked on the clock given', async () => {
    const issuedAt = setClock('2027-03-08 06:00', 'Europe/Rome', { running: false })();
    const expiresAt = new Date(issuedAt.getTime() + 3_600_000);
    const token = await signClientToken({ clientId: '17', clientKey: 'c1f0', userId: '3', integrationId: '1' }, tokenKey(SERVER_KEY), {
      issuedAt,
      expiresAt,
    });
    await expect(verifyClientToken(token, tokenKey(SERVER_KEY), new Date(expiresAt.getTime() - 1000))).resolves.toEqual({
      clientId: '17',
      clientKey: 'c1f0',
      userId: '3',
      integrationId: '1',
      issuedAt: issuedAt.getTime(),
      expiresAt: expiresAt.getTime(),
    });
    const error = await verifyClientToken(token, tokenKey(SERVER_KEY), expiresAt).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ failure: 'expired', message: 'token expired' });
  });

  it('reads a numeric sub as the client id’s decimal text', async () => {
    const token = handMadeToken({ sub: 17, clientKey: 'c1f0' }, SERVER_KEY);
    await expect(verifyClientToken(token, tokenKey(SERVER_KEY))).resolves.toEqual({ clientId: '17', clientKey: 'c1f0' });
  });

  it('accepts a token an integration builds itself, without iat or exp', async () => {
    const token = handMadeToken({ sub: '17', clientKey: 'c1f0' }, SERVER_KEY);
    await expect(verifyClientToken(token, tokenKey(SERVER_KEY))).resolves.toEqual({ clientId: '17', clientKey: 'c1f0' });
  });

  it('rejects alg none', async () => {
    const token = new UnsecuredJWT({ sub: '17', clientKey: 'c1f0' }).encode();
    expect((await failure(token)).failure).toBe('invalid');
  });

  it('rejects a none token that carries a signature anyway', async () => {
    const token = handMadeToken({ sub: '17', clientKey: 'c1f0' }, SERVER_KEY, { alg: 'none', typ: 'JWT' });
    expect((await failure(token)).failure).toBe('invalid');
  });

  it('rejects another algorithm, even when signed with the server key', async () => {
    const token = await new SignJWT({ clientKey: 'c1f0' }).setProtectedHeader({ alg: 'HS512' }).setSubject('17').sign(key);
    const error = await failure(token);
    expect(error.failure).toBe('invalid');
    expect(error.message).toBe('algorithm not allowed');
  });

  it('rejects a wrong signature', async () => {
    const token = handMadeToken({ sub: '17', clientKey: 'c1f0' }, 'b'.repeat(64));
    expect((await failure(token)).message).toBe('signature verification failed');
  });

  it('rejects a tampered payload', async () => {
    const [header, , signature] = (await signClientToken({ clientId: '17', clientKey: 'c1f0' }, tokenKey(SERVER_KEY))).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: '18', clientKey: 'c1f0' })).toString('base64url');
    expect((await failure(`${header}.${payload}.${signature}`)).failure).toBe('invalid');
  });

  it('rejects an expired token', async () => {
    const token = handMadeToken({ sub: '17', clientKey: 'c1f0', exp: 1_000_000 }, SERVER_KEY);
    const error = await failure(token);
    expect(error.message).toBe('token expired');
    expect(error.failure).toBe('expired');
  });

  it.each([
    ['sub', { clientKey: 'c1f0' }],
    ['clientKey', { sub: '17' }],
    ['an empty clientKey', { sub: '17', clientKey: '' }],
    ['a sub that is a fraction', { sub: 17.5, clientKey: 'c1f0' }],
    ['a negative sub', { sub: -17, clientKey: 'c1f0' }],
  ])('reports a token without %s as missing required data', async (_name, payload) => {
    expect((await failure(handMadeToken(payload, SERVER_KEY))).failure).toBe('missing-claims');
  });
});
