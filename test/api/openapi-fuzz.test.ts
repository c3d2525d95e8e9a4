// A fuzz pass driven by the API description: for every operation, requests made by fast-check from the
// description's own schemas (its path, its query and its body; mostly allowed values, some near misses and junk),
// and, where a good request is known, that request with one member changed, sent as an admin to a real station.
// Whatever comes, the station never answers 5xx (but the spec's price-change 503 of confirm), and every answer
// conforms to the description (test/helpers/http.ts checks each one).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { arbitraryFor, mutated } from '../helpers/schema-arbitrary.ts';
import { attributes, document as shipmentDocument, post } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const description = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as Record<string, any>;
/** The catalogue's price-change text up to its prices: the one 503 a request can earn. */
const PRICE_CHANGED = ERROR_TEXT.priceIsDifferent('', '').split('Original')[0]!;

/** Runs per operation: about 1,500 requests in all. */
const RUNS = 20;

interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters?: { name: string; in: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

const operations: Operation[] = Object.entries(description.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
);

/** Requests known to be taken, by operation: the fuzz pass changes one member of them at a time. */
const GOOD: Record<string, unknown> = {
  createShipment: shipmentDocument(attributes(), { service: 'economy', scheduledProcessing: false }),
  rateShipment: shipmentDocument(attributes(), { service: 'economy' }),
  saveShipment: shipmentDocument(attributes(), {}),
  addOrder: { data: { type: 'order', attributes: { number: 'FUZZ-1', shipTo: attributes().shipTo, lines: [{ sku: 'SKU-1', description: 'Mug', quantity: '1', unitPrice: '9.90' }] } } },
  addUser: { data: { type: 'user', attributes: { username: 'fuzz-packer', password: 'Fuzzing-Desk-2026', role: 'packer' } } },
  closeDay: { data: { type: 'manifest', attributes: { carrier: 'UPS' } } },
};

let t: TestStation;
let token: string;
/** Ids that exist, so some requests reach past the lookup: a processed shipment's. */
let realIds: string[];
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  // An admin may call every route: the fuzz pass reaches each route's own checks, past the role.
  await t.station.users.add(OPERATOR, { clientId: t.client.id, username: 'fuzz-admin', password: 'Fuzzing-Admin-2026', role: 'admin' });
  token = (await t.signIn('fuzz-admin', 'Fuzzing-Admin-2026')).json.meta.token as string;
  const made = await post(t, token, '/v3/shipments', GOOD.createShipment);
  expect(made.status).toBe(201);
  realIds = [made.json.data.id];
});
afterAll(() => t?.close());

describe('the API under requests drawn from its own description', () => {
  const fuzzed = operations.filter((operation) => !['scaleStream', 'eventStream', 'printView'].includes(operation.operationId));

  it.each(fuzzed.map((operation) => [operation.operationId, operation] as const))('%s answers no 5xx, and as described', async (name, operation) => {
    const pathParameters = [...operation.path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1]!);
    const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const bodySchema = operation.requestBody?.content[JSONAPI]?.schema;
    const drawn = bodySchema ? arbitraryFor(description, bodySchema as object) : fc.constant(undefined);
    const request = fc.record({
      params: fc.tuple(...pathParameters.map(() => fc.oneof(fc.constantFrom(...realIds), fc.string({ minLength: 1, maxLength: 20 }))), fc.constant(null)),
      // None or one query parameter at a time, so a list's own answer comes as often as its refusals.
      query: query.length === 0 ? fc.constant({}) : fc.option(fc.constantFrom(...query).chain((parameter) => arbitraryFor(description, parameter.schema as object).map((value) => ({ [parameter.name]: String(value) }))), { nil: {} }),
      body: GOOD[name] === undefined ? drawn : fc.oneof(drawn, mutated(GOOD[name])),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ params, query: parameters, body }) => {
        let path = operation.path;
        pathParameters.forEach((parameter, index) => (path = path.replace(`{${parameter}}`, encodeURIComponent(String(params[index])))));
        const search = new URLSearchParams(Object.entries(parameters).map(([parameter, value]) => [parameter, String(value)]));
        const answer = await t.call(`/v3${path}${search.size > 0 ? `?${search}` : ''}`, {
          method: operation.method,
          headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const priceChanged = answer.status === 503 && String(answer.json?.errors?.[0]?.detail).startsWith(PRICE_CHANGED);
        expect(answer.status < 500 || priceChanged, `${operation.method} ${path} ${JSON.stringify(body)?.slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 300)}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
