// Inputs that once passed validation and then crashed a request with a 500, or were acknowledged with a 202 and
// failed for good later: each is now refused with its field's 400, immediate and scheduled alike.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src-main/api/json-input.ts';
import { attributes, document, exportDeclaration, get, parcel, post, shipTo } from '../helpers/shipments.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

const create = (attrs: Record<string, unknown>, scheduledProcessing: boolean) =>
  post(t, token, '/v3/shipments', document(attrs, { service: 'express', scheduledProcessing }));

/** A body sent as raw bytes, so it can be what JSON.stringify never makes. */
function postBytes(path: string, body: Buffer, headers: Record<string, string> = {}) {
  return t.call(path, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI, ...headers }, body });
}

function expectFieldError(response: { status: number; json: any }, pointer: string) {
  expect(response.status, JSON.stringify(response.json)).toBe(400);
  expect(response.json.errors[0].source).toEqual({ pointer });
  expect(response.json.errors[0].detail).toBe(`Invalid data: '${pointer.slice(1).split('/').join('.')}'.`);
}

const export_ = (lineItem: Record<string, unknown>) => {
  const declaration = exportDeclaration();
  declaration.lineItems = [{ ...(declaration.lineItems as Record<string, unknown>[])[0], ...lineItem }];
  return attributes({ shipTo: { ...shipTo(), country: 'CH', postalCode: '8001', city: 'Zurich' }, exportDeclaration: declaration });
};

describe.each([false, true])('money out of range (scheduled: %s)', (scheduled) => {
  it.each([
    ['insuranceValue', { insuranceValue: '10000000000000000000', insuranceDescription: 'Cups' }, '/data/attributes/insuranceValue'],
    ['insuranceValue', { insuranceValue: 1e308, insuranceDescription: 'Cups' }, '/data/attributes/insuranceValue'],
    ['insuranceValue', { insuranceValue: '12.345', insuranceDescription: 'Cups' }, '/data/attributes/insuranceValue'],
    ['invoiceSubtotal.amount', { invoiceSubtotal: { amount: '10000000.01', currency: 'EUR' } }, '/data/attributes/invoiceSubtotal/amount'],
  ])('refuses %s %j with its field', async (_name, overrides, pointer) => {
    expectFieldError(await create(attributes(overrides), scheduled), pointer);
  });

  it('refuses an invoice line whose total leaves the range', async () => {
    expectFieldError(
      await create(export_({ quantity: '9999999', unitPrice: '9999.99' }), scheduled),
      '/data/attributes/exportDeclaration/lineItems/0/unitPrice',
    );
  });

  it('refuses a weight far beyond any scale', async () => {
    expectFieldError(await create(attributes({ packages: [parcel('1e308')] }), scheduled), '/data/attributes/packages/0/weight/value');
    expectFieldError(
      await create(attributes({ packages: [parcel('99999999999999999999')] }), scheduled),
      '/data/attributes/packages/0/weight/value',
    );
  });
});

describe('money at the edges of the range', () => {
  it('takes ten million exactly, and a float a hair off a whole cent as that cent', async () => {
    const response = await create(
      attributes({
        insuranceValue: '10000000.00',
        insuranceDescription: 'Gold',
        invoiceSubtotal: { amount: 64.50000000000001, currency: 'EUR' },
      }),
      false,
    );
    expect(response.status, response.text).toBe(201);
    expect(response.json.data.attributes.invoiceSubtotal.amount).toBe('64.50');
    expect(response.json.data.meta.insuranceCost.amount).toBeGreaterThan(0);
  });

  it('prints the invoice totals of the largest lines exactly', async () => {
    const response = await create(export_({ quantity: '1000', unitPrice: '9999.99' }), false);
    expect(response.status, response.text).toBe(201);
  });
});

describe.each([false, true])('text a label cannot carry (scheduled: %s)', (scheduled) => {
  it.each([
    ['a lone surrogate in a postal code', 'postalCode', '80\ud800'],
    ['a lone low surrogate in a name', 'name', '\udc00Becker'],
    ['a NUL byte in a city', 'city', 'Muen\u0000chen'],
    ['an escape character in a contact', 'contact', 'Jonas\u001b[31m'],
  ])('refuses %s with its field and the reason', async (_case, field, value) => {
    const response = await create(attributes({ shipTo: { ...shipTo(), [field]: value } }), scheduled);
    expectFieldError(response, `/data/attributes/shipTo/${field}`);
    expect(response.json.errors[0].code).toBe('field.badText');
    expect(response.json.errors[0].meta.reason).toMatch(/well-formed Unicode/);
  });

  it('takes any script, tabs and line breaks', async () => {
    const response = await create(
      attributes({ shipTo: { ...shipTo(), name: '山田\t太郎', city: 'Zürich' }, specialInstructions: 'Ring twice\nthen wait' }),
      scheduled,
    );
    expect(response.status, response.text).toBe(scheduled ? 202 : 201);
  });
});

describe('bodies no parser should have to take', () => {
  it('refuses bytes that are not UTF-8', async () => {
    const body = Buffer.concat([
      Buffer.from('{"data":{"type":"shipment","attributes":{"goodsDescription":"'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}}}'),
    ]);
    const response = await postBytes('/v3/shipments/rate', body);
    expect(response.status).toBe(400);
    expect(response.json.errors[0].code).toBe('request.bodyNotUtf8');
    expect(response.json.errors[0].detail).toBe('The request body is not valid UTF-8.');
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, however deep`, async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      const response = await postBytes('/v3/shipments/rate', Buffer.from(`{"data":${'['.repeat(depth)}${']'.repeat(depth)}}`));
      expect(response.status).toBe(400);
      expect(response.json.errors[0].detail).toBe(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
      expect(response.json.errors[0]).toMatchObject({ code: 'request.bodyTooDeep', meta: { maxDepth: MAX_JSON_DEPTH } });
    }
  });

  it('refuses a member named __proto__ with its place', async () => {
    const response = await postBytes('/v3/shipments/rate', Buffer.from('{"data":{"attributes":{"__proto__":{"admin":true}}}}'));
    expectFieldError(response, '/data/attributes/__proto__');
    expect(response.json.errors[0]).toMatchObject({ code: 'field.reservedName', meta: { reason: 'No member may be named __proto__.' } });
  });

  it('warns of members named like an object’s own properties (constructor, toString) as of any unknown member', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await post(t, token, '/v3/shipments/rate', document({ ...attributes(), [name]: { x: 1 } }));
      expect(response.status, response.text).toBeLessThan(300);
      expect(JSON.stringify(response.json.meta.warnings)).toContain(`data.attributes.${name}`);
      const order = await post(
        t,
        token,
        '/v3/shipments',
        document({ ...attributes(), shipTo: { ...shipTo(), [name]: 'x' } }, { service: 'economy' }),
      );
      expect(order.status, order.text).toBeLessThan(300);
      expect(JSON.stringify(order.json.meta.warnings)).toContain(`data.attributes.shipTo.${name}`);
    }
  });

  it('refuses a body that is not JSON, or not an object or array, as malformed', async () => {
    for (const text of ['{"data": ', '"text"', 'data=1']) {
      const response = await postBytes('/v3/shipments/rate', Buffer.from(text));
      expect(response.status, text).toBe(400);
      expect(response.json.errors[0]).toMatchObject({ code: 'request.malformedJson', detail: 'The request body is not valid JSON.' });
    }
  });

  it('refuses a body over the limit with 413, saying the limit in bytes', async () => {
    const response = await postBytes('/v3/shipments/rate', Buffer.from(`{"data":"${'x'.repeat(1024 * 1024 + 10)}"}`));
    expect(response.status).toBe(413);
    expect(response.json.errors[0]).toMatchObject({
      code: 'request.bodyTooLarge',
      detail: 'The request body is larger than the limit of 1mb.',
      meta: { maxBytes: 1024 * 1024 },
    });
  });

  it('refuses a compressed body, and one in another charset', async () => {
    const compressed = await postBytes('/v3/shipments/rate', Buffer.from('{}'), { 'Content-Encoding': 'gzip' });
    expect(compressed.status).toBe(415);
    expect(compressed.json.errors[0]).toMatchObject({ code: 'request.bodyEncoding', source: { header: 'Content-Encoding' } });
    const latin1 = await postBytes('/v3/shipments/rate', Buffer.from('{}'), { 'Content-Type': 'application/json; charset=latin1' });
    expect(latin1.status).toBe(415);
    expect(latin1.json.errors[0]).toMatchObject({ code: 'request.bodyEncoding', source: { header: 'Content-Type' } });
    expect((await postBytes('/v3/shipments/rate', Buffer.from('{}'), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(
      400,
    );
  });

  it('answers a body cut short with 400 once the client gives up', async () => {
    const port = Number(new URL(t.url).port);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /v3/shipments/rate HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${JSONAPI}\r\nContent-Length: 100\r\n\r\n{"data":`,
        );
        setTimeout(() => socket.end(), 50);
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
    });
    expect(answer === '' || answer.startsWith('HTTP/1.1 400')).toBe(true);
    // The station is still well afterwards.
    expect((await get(t, token, '/v3/test')).status).toBe(200);
  });
});

describe('methods and paths', () => {
  it('answers a method nobody serves (TRACE) with 405, Allow and a JSON:API document', async () => {
    const response = await t.call('/v3/test', { method: 'TRACE', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('HEAD, GET, OPTIONS');
    expect(response.headers['content-type']).toBe(JSONAPI);
    expect(response.json.errors[0].detail).toBe('TRACE is not allowed here. Allowed: HEAD, GET.');
    expect(response.json.errors[0].code).toBe('request.methodNotAllowed');
    // A method the path does not take, of a path that exists: the same code.
    const put = await t.call('/v3/test', { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });
    expect(put.status).toBe(405);
    expect(put.json.errors[0].code).toBe('request.methodNotAllowed');
  });

  it('answers a path no route lives at with 404 request.routeNotFound', async () => {
    const response = await get(t, token, '/v3/nothing-lives-here');
    expect(response.status).toBe(404);
    expect(response.json.errors[0]).toMatchObject({
      code: 'request.routeNotFound',
      detail: 'No resource lives at /v3/nothing-lives-here.',
    });
  });

  it('answers OPTIONS with 204, Allow and no body', async () => {
    const response = await t.call('/v3/shipments', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe('POST, OPTIONS');
    expect(response.headers['content-type']).toBeUndefined();
    expect(response.text).toBe('');
  });
});
