import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, execBehindTheStation, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await startTestStation();
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(() => t.close());

function expectErrorDocument(response: { status: number; headers: Record<string, unknown>; json: any }, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe(JSONAPI);
  expect(response.json.jsonapi).toEqual({ version: '1.0' });
  expect(response.json.errors).toHaveLength(1);
  expect(response.json.errors[0].status).toBe(status);
  expect(typeof response.json.errors[0].title).toBe('string');
  expect(typeof response.json.errors[0].detail).toBe('string');
  expect(JSON.stringify(response.json)).not.toMatch(/\bat .*\.ts:\d+/);
}

describe('every answer is a JSON:API document', () => {
  it('answers an unknown path with a 404 document', async () => {
    const response = await t.call('/v3/nothing-here', { headers: auth });
    expectErrorDocument(response, 404);
    expect(response.json.errors[0].title).toBe('Not Found');
  });

  it('does not know other version prefixes', async () => {
    expectErrorDocument(await t.call('/v4/test', { headers: auth }), 404);
    expectErrorDocument(await t.call('/v3x/test', { headers: auth }), 404);
  });

  it('answers a method the router does not know with a JSON:API error', async () => {
    const response = await t.call('/v3/test', { method: 'PATCH', headers: auth });
    expect([405, 501]).toContain(response.status);
    expectErrorDocument(response, response.status);
  });

  it('sends no cacheable secrets and no MIME sniffing', async () => {
    const response = await t.call('/v3/clients/current', { headers: auth });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('links and Location come in the form the request came', () => {
  it.each(['/v3', '/v3-testing', ''])('under prefix "%s", at the host it was asked by', async (prefix) => {
    const port = new URL(t.url).port;
    const body = JSON.stringify(document(attributes(), { service: 'economy', scheduledProcessing: false }));
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const made = await t.call(`${prefix}/shipments`, { method: 'POST', headers: { ...auth, Host: host, 'Content-Type': JSONAPI }, body });
      expect(made.status).toBe(201);
      const self = `http://${host}${prefix}/shipments/${made.json.data.id}`;
      expect(made.headers.location).toBe(self);
      expect(made.json.data.links.self).toBe(self);
      expect((await t.call(`${prefix}/shipments/${made.json.data.id}`, { headers: { ...auth, Host: host } })).json.data.links.self).toBe(
        self,
      );
    }
  });
});

describe('request bodies are read safely', () => {
  const post = (body: string | Buffer, contentType = JSONAPI) =>
    t.call('/v3/clients/authentication', { method: 'POST', headers: { 'Content-Type': contentType }, body });

  it('answers malformed JSON with 400', async () => {
    const response = await post('{"data": ');
    expectErrorDocument(response, 400);
    expect(response.json.errors[0].detail).toBe('The request body is not valid JSON.');
  });

  it('answers a JSON scalar with 400, since a document is an object', async () => {
    expectErrorDocument(await post('"text"'), 400);
  });

  it('refuses JSON with __proto__ keys', async () => {
    expectErrorDocument(await post('{"__proto__": {"polluted": true}}'), 400);
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await post(`{"data":"${'x'.repeat(1024 * 1024 + 10)}"}`);
    expectErrorDocument(response, 413);
    expect(response.json.errors[0].detail).toBe('The request body is larger than the limit of 1mb.');
  });

  it('answers a body in another media type with 415', async () => {
    const response = await post('data=1', 'application/x-www-form-urlencoded');
    expectErrorDocument(response, 415);
  });

  it('answers the JSON:API media type with parameters with 415, as JSON:API 1.0 requires, charset=utf-8 aside', async () => {
    for (const parameters of [
      'ext=bulk',
      'profile="https://example.com/p"',
      'charset=iso-8859-1',
      'charset=utf-16',
      'charset=utf-8; ext=bulk',
      'version=1.1',
    ]) {
      const response = await post('{}', `${JSONAPI}; ${parameters}`);
      expectErrorDocument(response, 415);
      expect(response.json.errors[0].code, parameters).toBe('request.mediaTypeUnsupported');
      expect(response.json.errors[0].detail).toContain('charset=utf-8');
      expect(response.headers['accept-post']).toBe(`${JSONAPI}, application/json`);
    }
  });

  it.each(['charset=utf-8', 'charset=UTF-8', 'Charset="utf-8"', ' charset = utf-8 '])(
    'reads the JSON:API media type with %s (what many .NET, Java and PHP clients send)',
    async (parameter) => {
      const response = await post('{}', `${JSONAPI};${parameter}`);
      // The body was accepted: what remains is the missing Authorization header.
      expect(response.status).toBe(401);
    },
  );

  it('reads plain application/json bodies too', async () => {
    const response = await post('{}', 'application/json');
    // The body was accepted: what remains is the missing Authorization header.
    expect(response.status).toBe(401);
  });
});

describe('Accept negotiation follows JSON:API 1.0', () => {
  const get = (accept: string) => t.call('/v3/test', { headers: { ...auth, Accept: accept } });

  it.each([JSONAPI, '*/*', 'application/json', `${JSONAPI}; ext=x, ${JSONAPI}`, 'text/html, */*;q=0.8'])(
    'serves Accept: %s',
    async (accept) => expect((await get(accept)).status).toBe(200),
  );

  it('serves a request without Accept', async () => {
    const response = await t.call('/v3/test', { headers: { ...auth, Accept: '' } });
    expect(response.status).toBe(200);
  });

  it.each([
    `${JSONAPI}; charset=utf-8`,
    `${JSONAPI}; charset=UTF-8`,
    `${JSONAPI};charset="utf-8";q=0.9`,
    `${JSONAPI}; ext=bulk, ${JSONAPI}; charset=utf-8`,
  ])('serves Accept: %s, the JSON:API media type with charset=utf-8 only', async (accept) => expect((await get(accept)).status).toBe(200));

  it('answers 406 when every JSON:API media type in Accept has parameters', async () => {
    const response = await get(`${JSONAPI}; ext=bulk, */*`);
    expectErrorDocument(response, 406);
  });

  it.each([`${JSONAPI}; charset=iso-8859-1`, `${JSONAPI}; charset=utf-8; ext=bulk`, `${JSONAPI}; profile="https://example.com/p"`])(
    'answers 406 to Accept: %s (a parameter or value other than charset=utf-8)',
    async (accept) => {
      const response = await get(accept);
      expectErrorDocument(response, 406);
      expect(response.json.errors[0].code).toBe('request.notAcceptable');
      expect(response.json.errors[0].detail).toContain('charset=utf-8');
    },
  );

  it('answers 406 when nothing acceptable is offered', async () => {
    expectErrorDocument(await get('text/html'), 406);
  });
});

describe('unexpected failures reveal nothing', () => {
  it('answers a broken database with a plain 500 and no stack trace', async () => {
    const broken = await startTestStation();
    try {
      const token = await broken.token();
      await execBehindTheStation(broken, broken.databaseUrl ? 'DROP TABLE users CASCADE' : 'DROP TABLE users');
      const response = await broken.call('/v3/clients/current', { headers: { Authorization: `Bearer ${token}` } });
      expectErrorDocument(response, 500);
      expect(response.json.errors[0].detail).toBe('The station could not complete the request. The error has been logged.');
      expect(response.text).not.toMatch(/sqlite|users|no such table/i);
    } finally {
      await broken.close();
    }
  });
});
