import { readFileSync } from 'node:fs';
import pg from 'pg';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash, md5Hex, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { randomSecret } from '../../src-main/security/secrets.ts';
import { JSONAPI, SMITH, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation();
});
afterAll(() => t.close());

const FAILED_BODY =
  '{"jsonapi":{"version":"1.0"},"errors":[{"status":401,"code":"auth.failed","title":"Unauthorized","detail":"Authorization failed."}]}';
const MISSING_BODY =
  '{"jsonapi":{"version":"1.0"},"errors":[{"status":401,"code":"auth.missing","title":"Unauthorized","detail":"Missing or invalid authorization header"}]}';

describe('POST /clients/authentication signs a client in with the ServiceApi hash (spec 5.1)', () => {
  it('answers 200 with the client and a ready token for the known vector', async () => {
    const response = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: {
        Authorization: `ServiceApi hash=949fa85ce02bde08a1c8ef8601a20af3e1fcb4d89b0efb05f0a397bd127959cf, integrationKey=${t.integrationKey}`,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(JSONAPI);
    expect(response.json.jsonapi).toEqual({ version: '1.0' });
    expect(response.json.data).toEqual({
      type: 'client',
      id: t.client.id,
      attributes: {
        name: 'Bottega Verdi',
        address1: 'Via Roma 12',
        address2: '',
        city: 'Milano',
        postalCode: '20129',
        state: 'MI',
        country: 'IT',
        contact: 'Anna Verdi',
        phone: '3331234567',
        email: 'anna@verdi.example',
        taxIdentification: 'IT01234567890',
        clientKey: t.client.clientKey,
      },
    });
    // Beside the token, who signed in: the desk UI shows what its user's role allows, and the user's name.
    const smithUser = { id: expect.stringMatching(/^\d+$/), name: 'Anna Verdi' };
    // And when the token expires: a token lifetime (a working shift unless the admin sets it) from now.
    expect(response.json.meta).toEqual({
      token: expect.any(String),
      expiresAt: expect.any(String),
      username: 'smith',
      role: 'supervisor',
      user: smithUser,
    });
    const claims = JSON.parse(Buffer.from(response.json.meta.token.split('.')[1], 'base64url').toString());
    expect(response.json.meta.expiresAt).toBe(new Date(claims.exp * 1000).toISOString());
    expect(claims.exp - claims.iat).toBe(12 * 3600);
    const current = await t.call('/v3/clients/current', { headers: { Authorization: `Bearer ${response.json.meta.token}` } });
    expect(current.status).toBe(200);
    expect(current.json.meta).toEqual({ username: 'smith', role: 'supervisor', user: smithUser });
  });

  it('accepts the hash in upper case, quoted values and any parameter order', async () => {
    const hash = authenticationHash(SMITH.username, SMITH.password).toUpperCase();
    const response = await t.call('/clients/authentication', {
      method: 'POST',
      headers: { Authorization: `ServiceApi integrationKey="${t.integrationKey}", hash="${hash}"` },
    });
    expect(response.status).toBe(200);
  });

  it('accepts an empty JSON:API body, as the examples send', async () => {
    const response = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: {
        'Content-Type': JSONAPI,
        Authorization: serviceApiAuthorization(authenticationHash(SMITH.username, SMITH.password), t.integrationKey),
      },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong password with 401, the exact text and the WWW-Authenticate of 5.1', async () => {
    const response = await t.signIn(SMITH.username, 'wrong');
    expect(response.status).toBe(401);
    expect(response.text).toBe(FAILED_BODY);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="127.0.0.1", error="401", error_description="Authorization failed."');
  });

  it('refuses an unknown username', async () => {
    expect((await t.signIn('jones', SMITH.password)).text).toBe(FAILED_BODY);
  });

  it('refuses right credentials through an unknown integration key', async () => {
    const response = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: { Authorization: serviceApiAuthorization(authenticationHash(SMITH.username, SMITH.password), 'not-a-key') },
    });
    expect(response.status).toBe(401);
    expect(response.text).toBe(FAILED_BODY);
  });

  it('accepts every registered integration key, not only the desk app one', async () => {
    const erp = await t.station.store.integrations.add({ name: 'ERP', integrationKey: randomSecret(24) });
    const response = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: { Authorization: serviceApiAuthorization(authenticationHash(SMITH.username, SMITH.password), erp.integrationKey) },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a Bearer header', 'Bearer abc.def.ghi'],
    ['a hash that is not SHA-256 hex', `ServiceApi hash=xyz, integrationKey=k`],
    ['no integration key', `ServiceApi hash=${'a'.repeat(64)}`],
    ['a garbled parameter list', 'ServiceApi hash'],
  ])('answers %s with the 401 of section 5.2', async (_case, authorization) => {
    const response = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(response.text).toBe(MISSING_BODY);
    expect(response.headers['www-authenticate']).toBe(
      'Bearer realm="127.0.0.1", error="authorization_exception", error_description="Missing or invalid authorization header"',
    );
  });
});

describe('credentials are stored only as a salted slow hash', () => {
  it('keeps neither the password, its MD5 nor the bare hash anywhere in the data folder or the database', async () => {
    let haystack: Buffer;
    if (t.databaseUrl) {
      // Every client and secret row, as the database server holds them.
      const db = new pg.Client({ connectionString: t.databaseUrl });
      await db.connect();
      try {
        const rows = [...(await db.query('SELECT * FROM clients')).rows, ...(await db.query('SELECT * FROM station_secrets')).rows];
        haystack = Buffer.concat(
          rows.flatMap((row: Record<string, unknown>) =>
            Object.values(row).map((value) => (Buffer.isBuffer(value) ? value : Buffer.from(String(value)))),
          ),
        );
      } finally {
        await db.end();
      }
    } else {
      t.station.store.db!.pragma('wal_checkpoint(TRUNCATE)');
      const files = ['station.sqlite', 'station.sqlite-wal'].map((name) => {
        try {
          return readFileSync(join(t.dataDir, name));
        } catch {
          return Buffer.alloc(0);
        }
      });
      haystack = Buffer.concat(files);
    }
    const hash = authenticationHash(SMITH.username, SMITH.password);
    for (const needle of [SMITH.password, md5Hex(SMITH.password), hash, hash.toUpperCase()]) {
      expect(haystack.includes(Buffer.from(needle))).toBe(false);
    }
    expect(haystack.includes(Buffer.from(hash, 'hex'))).toBe(false);
    expect(haystack.includes(Buffer.from(md5Hex(SMITH.password), 'hex'))).toBe(false);
  });
});
