// A request's body is read only once the route is known and its caller may call it: an anonymous body to an
// unknown path, or to a route that needs a token, or a signed-in caller's to a route above their role, is refused
// (404, 405, 401, 403) before a byte of it is parsed, so nobody can make the station parse a megabyte unasked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await startTestStation();
  // Smith is a supervisor.
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(() => t.close());

const MALFORMED = '{"data": ';
/** A body over the 1 MB limit, which a station that read it would refuse with 413. */
const OVERSIZED = `{"data":"${'x'.repeat(1024 * 1024 + 10)}"}`;

async function refusal(path: string, body: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await t.call(path, { method: options.method ?? 'POST', headers: { 'Content-Type': JSONAPI, ...options.headers }, body });
  return { status: response.status, code: response.json?.errors?.[0]?.code as string | undefined };
}

describe('a body is read after routing and authentication', () => {
  it('answers an anonymous body to an unknown path 404 without reading it', async () => {
    expect(await refusal('/v3/nothing-here', MALFORMED)).toEqual({ status: 404, code: 'request.routeNotFound' });
    expect(await refusal('/v3/nothing-here', OVERSIZED)).toEqual({ status: 404, code: 'request.routeNotFound' });
  });

  it('answers a body to a path without that method 405 without reading it', async () => {
    expect((await refusal('/v3/shipments/1001', MALFORMED)).status).toBe(405);
  });

  it('answers an anonymous body to a route that needs a token 401 without reading it', async () => {
    expect((await refusal('/v3/shipments', MALFORMED)).status).toBe(401);
    expect((await refusal('/v3/shipments', OVERSIZED)).status).toBe(401);
  });

  it('answers a signed-in body to a route above the caller’s role 403 without reading it', async () => {
    expect((await refusal('/v3/clients', MALFORMED, { headers: auth })).status).toBe(403);
  });

  it('reads the body of a caller who may call the route: malformed JSON is 400, too large 413', async () => {
    expect(await refusal('/v3/shipments', MALFORMED, { headers: auth })).toEqual({ status: 400, code: 'request.malformedJson' });
    expect(await refusal('/v3/shipments', OVERSIZED, { headers: auth })).toEqual({ status: 413, code: 'request.bodyTooLarge' });
    // An open route reads it too.
    expect(await refusal('/v3/clients/authentication', MALFORMED)).toEqual({ status: 400, code: 'request.malformedJson' });
  });
});
