import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await startTestStation();
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(() => t.close());

describe('the /test echo of spec 4.3 matches the examples byte for byte', () => {
  it.each(['/v3', '/v3-testing', ''])('under prefix "%s"', async (prefix) => {
    expect((await t.call(`${prefix}/test`, { headers: auth })).text).toBe(
      '{"jsonapi":{"version":"1.0"},"data":{"type":"test","id":null,"meta":{"method":"GET"}}}',
    );
    expect((await t.call(`${prefix}/test/42`, { headers: auth })).text).toBe(
      '{"jsonapi":{"version":"1.0"},"data":{"type":"test","id":"42","meta":{"method":"GET"}}}',
    );
    expect((await t.call(`${prefix}/test/?a=1&b=2`, { headers: auth })).text).toBe(
      '{"jsonapi":{"version":"1.0"},"data":{"type":"test","id":null,"attributes":{"query":{"a":"1","b":"2"}},"meta":{"method":"GET"}}}',
    );
  });

  it('echoes the query on an id too, and repeated parameters as a list', async () => {
    const response = await t.call('/v3/test/abc?x=1&x=2', { headers: auth });
    expect(response.json.data).toEqual({ type: 'test', id: 'abc', attributes: { query: { x: ['1', '2'] } }, meta: { method: 'GET' } });
  });

  it('decodes the path id', async () => {
    expect((await t.call('/v3/test/a%20b', { headers: auth })).json.data.id).toBe('a b');
  });

  it('answers HEAD of /test/?query, /test/<id> and /clients/current (spec 4.2 and 4.3) as the description’s HEAD operations say', async () => {
    for (const path of ['/v3/test/?a=1', '/v3/test/42', '/v3/clients/current', '/clients/current']) {
      const response = await t.call(path, { method: 'HEAD', headers: auth });
      expect(response.status, path).toBe(200);
      expect(response.text, path).toBe('');
    }
    // HEAD /clients/current checks a token: 401 with WWW-Authenticate, and no body, when it is not good.
    const refused = await t.call('/v3/clients/current', { method: 'HEAD', headers: { Authorization: 'Bearer x.y.z' } });
    expect(refused.status).toBe(401);
    expect(refused.text).toBe('');
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer realm="127\.0\.0\.1", error="invalid_token"/);
  });

  it('answers HEAD with 200 and no body', async () => {
    const response = await t.call('/v3/test', { method: 'HEAD', headers: auth });
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect(Number(response.headers['content-length'])).toBe(
      Buffer.byteLength('{"jsonapi":{"version":"1.0"},"data":{"type":"test","id":null,"meta":{"method":"HEAD"}}}'),
    );
  });

  it('needs the Bearer token', async () => {
    expect((await t.call('/v3/test')).status).toBe(401);
  });

  it('refuses POST with 405 and an Allow header, as field-rules.md reports', async () => {
    const response = await t.call('/v3/test', { method: 'POST', headers: auth });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('HEAD, GET, OPTIONS');
    expect(response.json).toEqual({
      jsonapi: { version: '1.0' },
      errors: [
        {
          status: 405,
          code: 'request.methodNotAllowed',
          title: 'Method Not Allowed',
          detail: 'POST is not allowed here. Allowed: HEAD, GET.',
        },
      ],
    });
  });
});
