import Koa from 'koa';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiState } from '../../src-main/api/context.ts';
import { versionPrefix } from '../../src-main/api/middleware/version-prefix.ts';
import { http } from '../helpers/http.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

const DEV_ORIGIN = 'http://localhost:5173';
let t: TestStation;
let port: string;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await startTestStation({ allowedOrigins: [DEV_ORIGIN] });
  port = new URL(t.url).port;
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(() => t.close());

describe('the station refuses Host headers that are not loopback (DNS rebinding)', () => {
  it.each(['evil.example', `evil.example:${'8411'}`, '192.168.1.20', 'localhost.evil.example'])('refuses Host %s', async (host) => {
    const response = await t.call('/v3/test', { headers: { ...auth, Host: host } });
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toBe(JSONAPI);
    expect(response.json.errors[0].detail).toBe(
      `Host '${host}' is not allowed. The station answers only to loopback host names and to those it is given with --allow-host.`,
    );
    expect(response.json.errors[0]).toMatchObject({ status: 403, code: 'request.hostNotAllowed', source: { header: 'Host' } });
  });

  it('refuses even the sign-in before looking at credentials', async () => {
    const response = await t.call('/v3/clients/authentication', { method: 'POST', headers: { Host: 'evil.example' } });
    expect(response.status).toBe(403);
  });

  it.each(['localhost', '127.0.0.1', '[::1]'])('serves Host %s with the station port', async (name) => {
    const response = await t.call('/v3/test', { headers: { ...auth, Host: `${name}:${port}` } });
    expect(response.status).toBe(200);
  });
});

describe('the station refuses browser origins that are not allow-listed (CSRF)', () => {
  it('refuses a foreign Origin', async () => {
    const response = await t.call('/v3/clients/current', { headers: { ...auth, Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.json.errors[0].detail).toBe("Origin 'https://evil.example' is not allowed to call the station.");
    expect(response.json.errors[0]).toMatchObject({ status: 403, code: 'request.originNotAllowed', source: { header: 'Origin' } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses the opaque origin "null" of files and sandboxed frames', async () => {
    expect((await t.call('/v3/test', { headers: { ...auth, Origin: 'null' } })).status).toBe(403);
  });

  it('refuses a foreign preflight', async () => {
    const response = await t.call('/v3/test', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(403);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves its own origin without CORS headers', async () => {
    const response = await t.call('/v3/test', { headers: { ...auth, Origin: `http://127.0.0.1:${port}` } });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an allow-listed origin with that origin, never a wildcard', async () => {
    const response = await t.call('/v3/test', { headers: { ...auth, Origin: DEV_ORIGIN } });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('answers an allow-listed preflight', async () => {
    const response = await t.call('/v3/shipments', {
      method: 'OPTIONS',
      headers: {
        Origin: DEV_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
    expect(response.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(response.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expect(response.headers['content-type']).toBeUndefined();
  });
});

describe('the station listens on loopback only by default', () => {
  it('binds 127.0.0.1', () => {
    expect(new URL(t.url).hostname).toBe('127.0.0.1');
  });
});

describe('version prefixes share one endpoint set and record the base for links', () => {
  let server: ReturnType<typeof createServer>;
  let base: string;
  beforeAll(async () => {
    const app = new Koa<ApiState>();
    app.use(versionPrefix());
    app.use((ctx) => {
      ctx.body = { path: ctx.state.route, apiBase: ctx.state.apiBase, sandbox: ctx.state.sandbox, url: ctx.url, query: ctx.query };
    });
    const handle = app.callback();
    server = createServer((request, response) => void handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['/v3/shipments/AB?x=1', '/shipments/AB', '/v3', false],
    ['/v3-testing/shipments/AB', '/shipments/AB', '/v3-testing', true],
    ['/shipments/AB', '/shipments/AB', '', false],
    ['/v3', '/', '/v3', false],
  ])('%s routes as %s with base prefix "%s"', async (path, routed, prefix, sandbox) => {
    // A bare app with the prefix middleware, not a station: nothing to check against the API description.
    const response = await http(`${base}${path}`, { headers: { Host: 'localhost:9999' }, unchecked: true });
    expect(response.json.path).toBe(routed);
    expect(response.json.apiBase).toBe(`http://localhost:9999${prefix}`);
    expect(response.json.sandbox).toBe(sandbox);
  });

  it('routes on the path without the prefix, and leaves the request URL and its query as they came', async () => {
    const { json } = await http(`${base}/v3/test?a=1`, { unchecked: true });
    expect(json).toMatchObject({ path: '/test', url: '/v3/test?a=1', query: { a: '1' } });
  });
});
