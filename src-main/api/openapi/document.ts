// The OpenAPI 3.1 description of the station's API, generated from the one contract: the route table
// (src-shared/routes.ts) and the zod schemas it names, through zod-openapi. Nothing here describes a resource:
// it only says how the table's entries become operations, which statuses each can answer, and how a caller
// signs in, keys a retry, follows events and checks a webhook's signature.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { eventResourceSchema } from '../../../src-shared/events.ts';
import { reasonPhrase } from '../../../src-shared/http-status.ts';
import { jsonApiVersionSchema, JSONAPI_MEDIA_TYPE, requestWarningSchema } from '../../../src-shared/jsonapi.ts';
import { pageMetaSchema } from '../../../src-shared/paging.ts';
import { ROUTES, type RouteSpec } from '../../../src-shared/routes.ts';
import { SIGNATURE_HEADER } from '../../../src-shared/webhooks.ts';
import { errorResponse, errorStatuses, ERROR_RESPONSES, operationErrorResponse } from './error-responses.ts';
import { describeRequestSchemas } from './request-schemas.ts';
import { routeRefusals } from './route-refusals.ts';

/** The component of the event resource, which the feed answers and every webhook delivery carries. */
const EVENT_COMPONENT = (eventResourceSchema.meta() as { id: string }).id;

/** The OpenAPI version of the description, and the API's own. */
export const OPENAPI_VERSION = '3.1.0';
export const API_VERSION = '3';

/** The success statuses of a route: as its entry says, else the method's usual one. */
export function successStatuses(spec: RouteSpec): number[] {
  if (spec.ok) return [...spec.ok];
  if (spec.answers === 'none') return [204];
  return [spec.method === 'POST' ? 201 : 200];
}

const location = z.string().optional().meta({
  description:
    'The new resource’s URL (shipments, returns, manifests, orders, print jobs), in the form the request came: its host and its prefix (/v3, /v3-testing or none).',
});
const replayed = z.literal('true').optional().meta({
  description:
    'Sent on a repeat of a request with the same Idempotency-Key and body: this is the first request’s kept answer, and nothing was done again.',
});

/** The headers of a success: Location on a create, Idempotent-Replayed on a route that takes an Idempotency-Key. */
function successHeaders(spec: RouteSpec, status: number) {
  const headers = {
    ...(status === 201 || (status === 202 && spec.method === 'POST') ? { Location: location } : {}),
    ...(spec.idempotent ? { 'Idempotent-Replayed': replayed } : {}),
  };
  return Object.keys(headers).length > 0 ? { headers: z.object(headers) } : {};
}

/** A JSON:API answer of a route: its data and meta, and the members any answer may carry. */
function dataDocument(spec: RouteSpec) {
  const always = { warnings: z.array(requestWarningSchema).optional(), ...(spec.paged ? { page: pageMetaSchema.optional() } : {}) };
  const routeMeta = spec.meta instanceof z.ZodObject ? spec.meta.extend(always) : z.object(always);
  return z.object({
    jsonapi: jsonApiVersionSchema,
    data: spec.data ?? z.unknown(),
    meta: routeMeta.optional(),
    ...(spec.paged ? { links: z.object({ next: z.string().nullable() }) } : {}),
  });
}

function successResponse(spec: RouteSpec, status: number): ZodOpenApiResponseObject {
  const description = `${status} ${reasonPhrase(status)}`;
  const headers = successHeaders(spec, status);
  switch (spec.answers) {
    case 'none':
      return { description };
    case 'pdf':
      return { description, content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };
    case 'csv':
      return {
        description,
        headers: z.object({ 'Content-Disposition': z.string().meta({ description: 'attachment; filename="…": the file to save.' }) }),
        content: { 'text/csv': { schema: z.string() }, 'text/tab-separated-values': { schema: z.string() } },
      };
    case 'event-stream':
      return {
        description,
        content: {
          'text/event-stream': {
            schema: z.string().meta({
              description:
                'Server-sent events: `id:` the event id, `event:` its type, `data:` one JSON resource; a comment line every 15 s keeps the connection.',
            }),
          },
        },
      };
    case 'html':
      return { description, content: { 'text/html': { schema: z.string() }, [JSONAPI_MEDIA_TYPE]: { schema: dataDocument(spec) } } };
    default:
      return {
        description,
        ...headers,
        content: { [JSONAPI_MEDIA_TYPE]: { schema: dataDocument(spec) }, ...(spec.csv ? { 'text/csv': { schema: z.string() } } : {}) },
      };
  }
}

/** The path of a route in OpenAPI's form: `/shipments/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/**
 * The routes whose HEAD the spec names (4.2 and 4.3): described as operations of their own. Every GET answers HEAD
 * (its headers without the body), as the description's introduction says.
 */
const HEAD_ROUTES = new Set<string>(['currentClient', 'test', 'testWithId']);

/** The query of the test echo (spec 4.3): any parameters, answered back in attributes.query. */
const ECHO_QUERY = {
  name: 'query',
  in: 'query',
  required: false,
  style: 'form',
  explode: true,
  description: 'Any query parameters: the echo answers them back in data.attributes.query (spec 4.3), a repeated one as a list.',
  schema: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
  example: { orderId: '1001' },
};

function operation(name: string, spec: RouteSpec): ZodOpenApiOperationObject {
  const parameters = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const status of successStatuses(spec)) responses[String(status)] = successResponse(spec, status);
  for (const status of errorStatuses(spec)) responses[String(status)] = operationErrorResponse(name, spec, status);
  // A page for people answers its 404 as a page too, and a program asking for JSON:API gets the error document.
  if (spec.answers === 'html')
    responses['404'] = { ...errorResponse(404), content: { 'text/html': { schema: z.string() }, ...errorResponse(404).content } };
  const codes = routeRefusals(name, spec);
  const notes = [
    spec.note,
    spec.access === 'open' ? 'Open: no token needed.' : `Needs a signed-in ${spec.access} or above.`,
    spec.desktopOnly ? 'Served by the desktop app only.' : undefined,
    `Its refusals’ codes (errors[].code; x-error-codes lists them): ${codes.map((code) => `\`${code}\``).join(', ')}.`,
  ].filter(Boolean);
  return {
    operationId: name,
    summary: spec.summary,
    description: notes.join(' '),
    tags: [tagOf(spec.path)],
    ...(spec.access === 'open' ? (spec === ROUTES.signIn ? { security: [{ ServiceApi: [] }] } : { security: [] }) : {}),
    ...(spec === ROUTES.test || spec === ROUTES.testWithId ? { parameters: [ECHO_QUERY] } : {}),
    requestParams: {
      ...(parameters.length > 0 ? { path: z.object(Object.fromEntries(parameters.map((parameter) => [parameter, z.string()]))) } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.idempotent
        ? {
            header: z.object({
              'Idempotency-Key': z.string().min(1).max(255).optional().meta({
                description:
                  'Makes a retry safe: the same key answers the first request’s outcome instead of doing it twice (docs/integrations.md, “Integrations”).',
              }),
            }),
          }
        : {}),
      ...(spec.answers === 'event-stream'
        ? { header: z.object({ 'Last-Event-ID': z.string().optional().meta({ description: 'Resume after this event.' }) }) }
        : {}),
    },
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: { [JSONAPI_MEDIA_TYPE]: { schema: spec.body }, 'application/json': { schema: spec.body } },
          },
        }
      : {}),
    ...(spec.file
      ? {
          requestBody: {
            required: true,
            description: 'The file as it is, in one of these media types.',
            content: Object.fromEntries(
              spec.file.map((type) => [type, { schema: z.string().meta({ format: 'binary', description: 'The file’s bytes.' }) }]),
            ),
          },
        }
      : {}),
    responses,
    'x-error-codes': codes,
  } as ZodOpenApiOperationObject;
}

/** The HEAD of a route the spec names it for: the GET's headers, no body (its refusals too come without one). */
function headOperation(name: string, spec: RouteSpec, operationId = `${name}Head`): ZodOpenApiOperationObject {
  const get = operation(name, spec) as Record<string, any>;
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(get.responses as Record<string, Record<string, unknown>>)) {
    const { content: _body, $ref, ...rest } = response;
    const headers = $ref ? (errorResponse(Number(status)) as Record<string, unknown>).headers : rest.headers;
    responses[status] = { description: `${String(rest.description)} Headers only: HEAD answers no body.`, ...(headers ? { headers } : {}) };
  }
  return {
    ...get,
    operationId,
    summary: `${spec.summary.replace(/\.$/, '')}: its headers only.`,
    description: `The GET’s answer without its body (spec 4.2 and 4.3): ${spec === ROUTES.currentClient ? 'a 200 says the token is good, a 401 that it is not.' : 'a 200 says the station answers this caller.'} ${String(get.description)}`,
    responses,
  } as ZodOpenApiOperationObject;
}

/** The tag a route is listed under: its path's first segment. */
const tagOf = (path: string) => path.split('/')[1]!;

/** What each tag's routes are about (a route under a new first segment needs one: the lint's operation-tag-defined). */
const TAGS: Record<string, string> = {
  clients: 'Signing in, and the signed-in account (spec 4.2); the station’s accounts, for an admin.',
  integrations: 'The integration keys a program signs in with.',
  users: 'The people of an account: packers, supervisors and admins.',
  'audit-events': 'Who did what, when: the audit log.',
  test: 'The test echo of spec 4.3: the request answered back.',
  shipments: 'Shipments (spec 4.1): save, rate, confirm or create in one step; retrieve, void, documents, tracking, returns and printing.',
  'shipment-summaries': 'The account’s shipments, listed and searched.',
  addresses: 'The address book: receivers shipped to before.',
  places: 'The cities a postal code names: the address book’s, then the station’s postal data.',
  'print-jobs': 'Print jobs on the station’s printers, and printing many labels at once.',
  printers: 'The printers the station can print on.',
  'print-settings': 'The desk’s label and A4 printers.',
  carriers: 'The carriers and their services, surcharges and upstream services.',
  calendar: 'The station’s time zone and holidays.',
  warehouses: 'The account’s sites (warehouses): each one’s address, returns address and calendar, and which one the desk stands at.',
  packing: 'The desk’s packing set-up: boxes and defaults.',
  'orders-folder': 'The watched orders folder: the folder whose order files the station imports, and as whom.',
  scale: 'The desk’s scale: settings, readings and its live stream.',
  orders: 'Orders waiting to be shipped, and files of orders read as they are.',
  'order-templates': 'The account’s saved column templates, which read order files of their columns by themselves.',
  today: 'The desk’s day at a glance.',
  reports: 'Reports: the daily report, also as CSV.',
  manifests: 'End of day: closing a carrier’s day into a manifest, and its document.',
  pickups: 'Pickups booked with the carriers.',
  outbox: 'Work waiting for an upstream service.',
  events: 'The event feed, and its live stream.',
  webhooks: 'Webhooks: endpoints that receive events as they happen, signed.',
  health: 'Whether the station and its database answer.',
  'station-config': 'The desk UI’s configuration.',
  track: 'Public tracking pages for people, and their JSON:API form.',
  'print-view': 'The desktop app’s print window.',
};

/** A prefix the API is served under: /v3 (live), /v3-testing (the sandbox), or none (the same as /v3). */
export type ApiPrefix = '/v3' | '/v3-testing' | '';

/**
 * The servers of the description: every prefix, at this origin (relative URLs when none is given), the one the
 * description was asked under first, so a client generated from it defaults to the base it was made from.
 */
export function serversOf(origin: string, first: ApiPrefix = '/v3'): { url: string; description: string }[] {
  const servers: { prefix: ApiPrefix; url: string; description: string }[] = [
    { prefix: '/v3', url: `${origin}/v3`, description: 'Live' },
    { prefix: '/v3-testing', url: `${origin}/v3-testing`, description: 'Sandbox: its shipments are kept apart from the live ones' },
    { prefix: '', url: origin || '/', description: 'Without a prefix: the same as /v3 (links and Location keep this form)' },
  ];
  return [...servers.filter((server) => server.prefix === first), ...servers.filter((server) => server.prefix !== first)].map(
    ({ url, description }) => ({ url, description }),
  );
}

/** The whole description, for the station at this origin (relative server URLs when none is given). */
export function createOpenApiDocument(origin = '', first: ApiPrefix = '/v3'): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, spec] of Object.entries(ROUTES) as [string, RouteSpec][]) {
    const path = openApiPath(spec.path);
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(name, spec) };
    if (HEAD_ROUTES.has(name)) paths[path] = { ...paths[path], head: headOperation(name, spec) };
  }
  // Spec 4.3's third form of the echo: /test/?<query>, with its trailing slash.
  paths['/test/'] = {
    get: {
      ...operation('test', ROUTES.test),
      operationId: 'testQuery',
      summary: 'Answers the caller’s query back, at /test/ (spec 4.3).',
    } as ZodOpenApiOperationObject,
    head: headOperation('test', ROUTES.test, 'testQueryHead'),
  };
  const document = createDocument(
    {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Shipping Station API',
        version: API_VERSION,
        description:
          'The JSON:API of a Shipping Station: shipments rated, confirmed and printed at a packing desk, and the orders, manifests, pickups, reports, events and webhooks around them. ' +
          'Every route is served under /v3 (live), /v3-testing (the sandbox, kept apart) and without a prefix (the same as /v3); links and Location come in the form the request came. ' +
          'Sign in at POST /clients/authentication with the ServiceApi header; send the Bearer token of meta.token on every other call. ' +
          'Bodies are read as application/vnd.api+json or application/json, each bare or with charset=utf-8 (the one media type parameter let through, on Content-Type and Accept); anything else is 415 with Accept-Post. ' +
          'Every GET answers HEAD too (its headers, no body). A method a path does not take is 405 (request.methodNotAllowed) with Allow listing those it takes, and OPTIONS is 204 with Allow. ' +
          'Every error object has a code (errors[].code): each operation lists those it may answer in x-error-codes and in the words of each refusal status.',
        license: { name: 'Proprietary: the Shipping Station’s own API', identifier: 'LicenseRef-Shipping-Station' },
      },
      servers: serversOf(origin, first),
      tags: [...new Set(Object.values(ROUTES).map((spec) => tagOf(spec.path)))].map((name) => ({ name, description: TAGS[name] })),
      security: [{ Bearer: [] }],
      components: {
        responses: ERROR_RESPONSES(),
        securitySchemes: {
          ServiceApi: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'Sign-in only: `ServiceApi hash=<hash>, integrationKey=<key>[, username=<name>]`, where the hash is the spec’s SHA-256("<username>:" + MD5(password)) in hex, and the key an integration key of the station. The optional username (percent-encoded UTF-8) names whom the sign-in is for, so that failed sign-ins are counted under that name and never slow other users; without it they count under the key (docs/integrations.md, “How an integration authenticates”).',
          },
          Bearer: { type: 'http', scheme: 'bearer', description: 'The token of meta.token of the sign-in.' },
        },
      },
      paths,
      webhooks: {
        event: {
          post: {
            operationId: 'deliverEvent',
            tags: ['webhooks'],
            summary: 'An event, delivered to a webhook’s URL',
            description:
              'Each event the webhook follows, POSTed as a JSON:API document; any 2xx is delivery, anything else is retried with backoff.',
            requestParams: {
              header: z.object({
                [SIGNATURE_HEADER]: z.string().meta({
                  description:
                    '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook’s secret>`: check it in constant time, and refuse a t more than 5 minutes away.',
                }),
                'Station-Event-Id': z
                  .string()
                  .meta({ description: 'The event’s id: a receiver that saw it already acknowledges it again and does nothing.' }),
                'Station-Event-Type': z.string(),
                'Station-Webhook-Id': z.string(),
                'Station-Delivery-Id': z.string(),
              }),
            },
            // The station sends it: the answers' Event, not a request's (which zod-openapi would draw open).
            requestBody: {
              content: {
                [JSONAPI_MEDIA_TYPE]: {
                  schema: {
                    type: 'object',
                    required: ['jsonapi', 'data'],
                    properties: {
                      jsonapi: { type: 'object', properties: { version: { const: '1.0' } } },
                      data: { $ref: `#/components/schemas/${EVENT_COMPONENT}` },
                    },
                  },
                },
              },
            },
            responses: { '200': { description: 'Delivered' } },
          },
        },
      },
    },
    { allowEmptySchema: { custom: true } },
  ) as unknown as { components: { schemas: Record<string, Record<string, any>> } };
  describeRequestSchemas(document);
  return document as unknown as Record<string, unknown>;
}

let cached: Record<string, unknown> | undefined;
let cachedText: string | undefined;

/** The description as openapi.json holds it: made once, with relative server URLs (the same on every machine). */
export function openApiJson(): string {
  cachedText ??= `${JSON.stringify((cached ??= createOpenApiDocument()), null, 2)}\n`;
  return cachedText;
}

/** A few origins' descriptions, kept: a station answers to one or two host names. */
const SERVED_KEPT = 16;
const served = new Map<string, string>();

/**
 * The description as the station serves it: openapi.json with absolute servers at the request's own origin (as its
 * links are), the prefix it was asked under first, so a generated client's default base URL works as it is.
 */
export function servedOpenApiJson(origin: string, prefix: ApiPrefix): string {
  const key = `${origin} ${prefix}`;
  let text = served.get(key);
  if (text === undefined) {
    openApiJson();
    text = `${JSON.stringify({ ...cached, servers: serversOf(origin, prefix) }, null, 2)}\n`;
    if (served.size >= SERVED_KEPT) served.clear();
    served.set(key, text);
  }
  return text;
}
