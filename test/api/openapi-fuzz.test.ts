// A fuzz pass driven by the API description: for every operation, requests made by fast-check from the
// description's own schemas (its path, its query and its body; mostly allowed values, some near misses and junk),
// and, where a good request is known, that request with one member changed (to a value its schema allows, or to
// junk), sent as an admin to a real station. Whatever comes, the station never answers 5xx (but the spec's
// price-change 503 of confirm), and every answer conforms to the description (test/helpers/http.ts checks each one).
// A request the description allows (ajv says so: its body, its query parameters) is never refused with 400, but for
// a refusal only the station's state decides, which the operation lists (x-stateRefusals). And every 400 names its
// field (source) and says what it takes (meta.reason). No operation is exempt from either.
import { readFileSync, writeFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { arbitraryFor, mutated, varied } from '../helpers/schema-arbitrary.ts';
import { attributes, document as shipmentDocument, post } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const description = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as Record<string, any>;
/** The catalogue's price-change text up to its prices: the one 503 a request can earn. */
const PRICE_CHANGED = ERROR_TEXT.priceIsDifferent('', '').split('Original')[0]!;

/** Runs per operation: about 2,000 requests in all (FUZZ_RUNS to try more while making a schema exact). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: unknown;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  'x-stateRefusals'?: string[];
}

const operations: Operation[] = Object.entries(description.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
);

// The description's schemas, compiled once: bodies as they are, query parameters as the text a URL carries (a
// typed parameter's number or boolean read from it, as the station reads it).
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false, multipleOfPrecision: 6 });
ajv.addSchema(description, 'openapi.json');
const coercing = new Ajv2020({ strict: false, allErrors: false, validateFormats: false, coerceTypes: true, multipleOfPrecision: 6 });
coercing.addSchema(description, 'openapi.json');
const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const operationPointer = (operation: Operation) => `openapi.json#/paths/${pointerPart(operation.path)}/${operation.method.toLowerCase()}`;

function bodyValidator(operation: Operation): ValidateFunction | undefined {
  if (!operation.requestBody?.content[JSONAPI]) return undefined;
  return ajv.compile({ $ref: `${operationPointer(operation)}/requestBody/content/${pointerPart(JSONAPI)}/schema` });
}

function queryValidator(operation: Operation): (query: Record<string, string>) => boolean {
  const parameters = (operation.parameters ?? [])
    .map((parameter, index) => ({ parameter, index }))
    .filter(({ parameter }) => parameter.in === 'query');
  if (parameters.length === 0) return () => true;
  const validate = coercing.compile({
    type: 'object',
    properties: Object.fromEntries(
      parameters.map(({ parameter, index }) => [parameter.name, { $ref: `${operationPointer(operation)}/parameters/${index}/schema` }]),
    ),
    required: parameters.filter(({ parameter }) => parameter.required).map(({ parameter }) => parameter.name),
  });
  return (query) => validate(structuredClone(query));
}

/** A query that a required parameter would otherwise always miss: the parameters a list is asked with. */
function queryDraw(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  if (parameters.length === 0) return fc.constant({});
  const value = (parameter: Parameter) =>
    arbitraryFor(description, parameter.schema as object).map((drawn) =>
      typeof drawn === 'object' && drawn !== null ? JSON.stringify(drawn) : String(drawn),
    );
  const required = parameters.filter((parameter) => parameter.required);
  const optional = parameters.filter((parameter) => !parameter.required);
  const base = fc.record(Object.fromEntries(required.map((parameter) => [parameter.name, value(parameter)])));
  // None or one optional parameter at a time, so a list's own answer comes as often as its refusals.
  const extra =
    optional.length === 0
      ? fc.constant({})
      : fc.option(
          fc.constantFrom(...optional).chain((parameter) => value(parameter).map((drawn) => ({ [parameter.name]: drawn }))),
          { nil: {} },
        );
  return fc.tuple(base, extra).map(([first, second]) => ({ ...first, ...second }) as Record<string, string>);
}

/** Requests known to be taken, by operation: the fuzz pass changes one member of them at a time. */
const GOOD: Record<string, unknown> = {
  createShipment: shipmentDocument(attributes(), { service: 'economy', scheduledProcessing: false }),
  rateShipment: shipmentDocument(attributes(), {}),
  saveShipment: shipmentDocument(attributes(), {}),
  addOrder: {
    data: {
      type: 'order',
      attributes: {
        number: 'FUZZ-1',
        shipTo: attributes().shipTo,
        lines: [{ sku: 'SKU-1', description: 'Mug', quantity: '1', unitPrice: '9.90' }],
      },
    },
  },
  addUser: { data: { type: 'user', attributes: { username: 'fuzz-packer', password: 'Fuzzing-Desk-2026', role: 'packer' } } },
  closeDay: { data: { type: 'manifest', attributes: { carrier: 'UPS' } } },
};

/** What the run saw: allowed requests refused, and 400s that do not name their field or say what it takes. */
const refusedAllowed = new Map<string, string[]>();
const unexplained = new Map<string, string[]>();
/** Refusals without a source that the run took as about the path's resource or the whole request (a listed state refusal). */
const aboutPathSeen = new Map<string, string[]>();
const note = (map: Map<string, string[]>, operation: string, what: string) => map.set(operation, [...(map.get(operation) ?? []), what]);

/**
 * Whether a refusal is one the operation lists as its state's to decide: by its code alone, or `code@member` with
 * its pointer or parameter, where `*` in the listed pointer stands for any index of a list.
 */
function stateRefusal(listed: ReadonlySet<string>, error: { code?: string; source?: { pointer?: string; parameter?: string } }): boolean {
  if (error.code === undefined) return false;
  if (listed.has(error.code)) return true;
  const at = error.source?.pointer ?? error.source?.parameter;
  if (at === undefined) return false;
  return [...listed].some((entry) => {
    const [code, member] = entry.split(/@(.*)/s) as [string, string | undefined];
    if (code !== error.code || member === undefined) return false;
    const parts = member.split('/');
    const given = at.split('/');
    return (
      parts.length === given.length &&
      parts.every((part, index) => part === given[index] || (part === '*' && /^(?:0|[1-9][0-9]*)$/.test(given[index]!)))
    );
  });
}

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
  const rated = await post(t, token, '/v3/shipments/rate', GOOD.rateShipment);
  expect(rated.status).toBe(202);
  GOOD.confirmShipment = shipmentDocument(attributes(), { rate: { id: rated.json.data[0].id } });
});
afterAll(() => t?.close());

describe('the API under requests drawn from its own description', () => {
  const fuzzed = operations.filter((operation) => !['scaleStream', 'eventStream', 'printView'].includes(operation.operationId));

  it.each(fuzzed.map((operation) => [operation.operationId, operation] as const))(
    '%s answers no 5xx, as described, and takes what it describes',
    async (name, operation) => {
      const pathParameters = [...operation.path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => match[1]!);
      const bodySchema = operation.requestBody?.content[JSONAPI]?.schema;
      const validBody = bodyValidator(operation);
      const validQuery = queryValidator(operation);
      const stateRefusals = new Set(operation['x-stateRefusals'] ?? []);
      const drawn = bodySchema ? arbitraryFor(description, bodySchema as object) : fc.constant(undefined);
      const request = fc.record({
        params: fc.tuple(
          ...pathParameters.map(() => fc.oneof(fc.constantFrom(...realIds), fc.string({ minLength: 1, maxLength: 20 }))),
          fc.constant(null),
        ),
        query: queryDraw(operation),
        body:
          GOOD[name] === undefined || !bodySchema
            ? drawn
            : fc.oneof(drawn, mutated(GOOD[name]), varied(description, bodySchema as object, GOOD[name])),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query: parameters, body }) => {
          let path = operation.path;
          pathParameters.forEach((parameter, index) => (path = path.replace(`{${parameter}}`, encodeURIComponent(String(params[index])))));
          const search = new URLSearchParams(Object.entries(parameters));
          const answer = await t.call(`/v3${path}${search.size > 0 ? `?${search}` : ''}`, {
            method: operation.method,
            headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const said = `${operation.method} ${path}${search.size > 0 ? `?${search}` : ''} ${JSON.stringify(body)?.slice(0, 1500)} → ${answer.status} ${answer.text.slice(0, 600)}`;
          const priceChanged = answer.status === 503 && String(answer.json?.errors?.[0]?.detail).startsWith(PRICE_CHANGED);
          expect(answer.status < 500 || priceChanged, said).toBe(true);
          if (answer.status !== 400) return;
          const errors = (answer.json?.errors ?? []) as {
            code?: string;
            source?: { pointer?: string; parameter?: string };
            meta?: { reason?: unknown };
          }[];
          for (const error of errors) {
            // JSON:API's source names a member (pointer), a query parameter (parameter) or a header; a path segment is
            // none of them. So a refusal about the resource the path names (a return of a voided original: the
            // shipment of /shipments/{id}) has no source to give, and leaves it out. So does, today, a refusal of the
            // request as a whole that only the state decides (no service carries this shipment: all of its members
            // together), where JSON:API would take the pointer "/data". Either is accepted only when the operation
            // lists its code alone among the refusals its state decides (x-stateRefusals), and like every other
            // refusal it says in meta.reason what it takes; the run counts them apart (about the path or the whole).
            const aboutPath = error.source === undefined && error.code !== undefined && stateRefusals.has(error.code);
            if ((error.source === undefined && !aboutPath) || typeof error.meta?.reason !== 'string')
              note(unexplained, name, `${error.code}: ${JSON.stringify(error).slice(0, 300)}`);
            if (aboutPath) note(aboutPathSeen, name, String(error.code));
          }
          const allowed = (validBody === undefined || body === undefined || validBody(body)) && validQuery(parameters);
          const stateOnly = errors.length > 0 && errors.every((error) => stateRefusal(stateRefusals, error));
          if (allowed && !stateOnly) note(refusedAllowed, name, said);
        }),
        { numRuns: RUNS },
      );
      expect(refusedAllowed.get(name) ?? [], 'requests the description allows, refused with 400').toEqual([]);
      expect(unexplained.get(name) ?? [], 'errors without source or meta.reason').toEqual([]);
    },
  );

  it('counts, over the whole run, no allowed request refused and no error without its field or expectation', () => {
    const count = (map: Map<string, string[]>) => [...map.values()].reduce((sum, list) => sum + list.length, 0);
    const byOperation = (map: Map<string, string[]>) => Object.fromEntries([...map].map(([operation, list]) => [operation, list.length]));
    if (process.env.FUZZ_REPORT)
      writeFileSync(
        process.env.FUZZ_REPORT,
        JSON.stringify(
          {
            refusedAllowed: Object.fromEntries(refusedAllowed),
            unexplained: Object.fromEntries(unexplained),
            aboutPath: Object.fromEntries(aboutPathSeen),
          },
          null,
          1,
        ),
      );
    console.log(
      `schema fuzz: ${count(refusedAllowed)} allowed requests refused ${JSON.stringify(byOperation(refusedAllowed))}; ${count(unexplained)} errors without source or reason ${JSON.stringify(byOperation(unexplained))}; ${count(aboutPathSeen)} about the path's resource or the whole request ${JSON.stringify(byOperation(aboutPathSeen))}`,
    );
    // No operation is exempt: every one is held to both counts (there is no list of operations still pending).
    expect(count(refusedAllowed)).toBe(0);
    expect(count(unexplained)).toBe(0);
  });
});
