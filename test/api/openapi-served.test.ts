// The station serves its own description: GET /v3/openapi.json under each prefix, with no token and any Accept,
// the committed openapi.json with absolute servers at the request's own origin (the prefix asked under first); and the reference at /docs with its viewer's files, from the station
// itself, under the desk UI's Content-Security-Policy. The Host guard keeps both from a rebinding page.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_UI_CSP } from '../../src-main/api/middleware/desk-ui.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
});
afterAll(() => t?.close());

describe('the description the station serves', () => {
  it.each(['/v3', '/v3-testing', ''])(
    'is openapi.json at %s/openapi.json, with no token and any Accept, its servers absolute with this prefix first',
    async (prefix) => {
      const others = ['/v3', '/v3-testing', ''].filter((other) => other !== prefix);
      for (const accept of ['application/json', '*/*', 'application/vnd.api+json']) {
        const answer = await t.call(`${prefix}/openapi.json`, { headers: { Accept: accept } });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
        expect(answer.json.servers.map((server: { url: string }) => server.url)).toEqual(
          [prefix, ...others].map((each) => `${t.url}${each}`),
        );
        expect({ ...answer.json, servers: JSON.parse(committed).servers }).toEqual(JSON.parse(committed));
      }
    },
  );

  it('builds its servers from the request’s own host, as links are', async () => {
    const port = new URL(t.url).port;
    const answer = await t.call('/v3/openapi.json', { headers: { Host: `localhost:${port}` } });
    expect(answer.json.servers[0].url).toBe(`http://localhost:${port}/v3`);
    // A client takes servers[0] as its base: it works as it is, in Node too (no relative URL to resolve).
    const echo = await fetch(`${answer.json.servers[0].url}/test`, { headers: { Authorization: `Bearer ${await t.token()}` } });
    expect(echo.status).toBe(200);
  });

  it('draws /docs with the station’s own Swagger UI, under the desk UI’s policy', async () => {
    const page = await t.call('/docs', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(DESK_UI_CSP);
    expect(page.text).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
    const script = await t.call('/docs/docs.js', { headers: { Accept: '*/*' } });
    expect(script.text).toContain("url: '/v3/openapi.json'");
    expect(script.text).toContain('validatorUrl: null');
    const bundle = await t.call('/docs/swagger-ui-bundle.js', { headers: { Accept: '*/*' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.text.length).toBeGreaterThan(500_000);
    expect((await t.call('/docs/swagger-ui.css', { headers: { Accept: '*/*' } })).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('answers a foreign Host as every route does: 403', async () => {
    expect((await t.call('/v3/openapi.json', { headers: { Host: 'evil.example:8411' } })).status).toBe(403);
    expect((await t.call('/docs', { headers: { Host: 'evil.example:8411' } })).status).toBe(403);
  });
});
