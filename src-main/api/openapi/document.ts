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
import { errorComponent, errorResponse, errorStatuses, ERROR_RESPONSES } from './error-responses.ts';
import { describeRequestSchemas } from './request-schemas.ts';

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

const location = z.object({ Location: z.string().optional().meta({ description: 'The new resource’s URL (shipments, returns, manifests, orders).' }) });

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
  const headers = status === 201 || (status === 202 && spec.method === 'POST') ? location : undefined;
  switch (spec.answers) {
    case 'none':
      return { description };
    case 'pdf':
      return { description, content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };
    case 'event-stream':
      return { description, content: { 'text/event-stream': { schema: z.string().meta({ description: 'Server-sent events: `id:` the event id, `event:` its type, `data:` one JSON resource; a comment line every 15 s keeps the connection.' }) } } };
    case 'html':
      return { description, content: { 'text/html': { schema: z.string() }, [JSONAPI_MEDIA_TYPE]: { schema: dataDocument(spec) } } };
    default:
      return {
        description,
        ...(headers ? { headers } : {}),
        content: { [JSONAPI_MEDIA_TYPE]: { schema: dataDocument(spec) }, ...(spec.csv ? { 'text/csv': { schema: z.string() } } : {}) },
      };
  }
}

/** The path of a route in OpenAPI's form: `/shipments/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function operation(name: string, spec: RouteSpec): ZodOpenApiOperationObject {
  const parameters = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const status of successStatuses(spec)) responses[String(status)] = successResponse(spec, status);
  for (const status of errorStatuses(spec)) responses[String(status)] = { $ref: `#/components/responses/${errorComponent(status)}` } as unknown as ZodOpenApiResponseObject;
  // A page for people answers its 404 as a page too, and a program asking for JSON:API gets the error document.
  if (spec.answers === 'html') responses['404'] = { ...errorResponse(404), content: { 'text/html': { schema: z.string() }, ...errorResponse(404).content } };
  const notes = [spec.note, spec.access === 'open' ? 'Open: no token needed.' : `Needs a signed-in ${spec.access} or above.`, spec.desktopOnly ? 'Served by the desktop app only.' : undefined].filter(Boolean);
  return {
    operationId: name,
    summary: spec.summary,
    description: notes.join(' '),
    tags: [tagOf(spec.path)],
    ...(spec.access === 'open' ? (spec === ROUTES.signIn ? { security: [{ ServiceApi: [] }] } : { security: [] }) : {}),
    requestParams: {
      ...(parameters.length > 0 ? { path: z.object(Object.fromEntries(parameters.map((parameter) => [parameter, z.string()]))) } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.idempotent ? { header: z.object({ 'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: 'Makes a retry safe: the same key answers the first request’s outcome instead of doing it twice (README, “Integrations”).' }) }) } : {}),
      ...(spec.answers === 'event-stream' ? { header: z.object({ 'Last-Event-ID': z.string().optional().meta({ description: 'Resume after this event.' }) }) } : {}),
    },
    ...(spec.body ? { requestBody: { required: true, content: { [JSONAPI_MEDIA_TYPE]: { schema: spec.body }, 'application/json': { schema: spec.body } } } } : {}),
    responses,
  };
}

/** The tag a route is listed under: its path's first segment. */
const tagOf = (path: string) => path.split('/')[1]!;

/** The whole description, for the station at this origin (relative server URLs when none is given). */
export function createOpenApiDocument(origin = ''): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, spec] of Object.entries(ROUTES) as [string, RouteSpec][]) {
    const path = openApiPath(spec.path);
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(name, spec) };
  }
  const document = createDocument(
    {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Shipping Station API',
        version: API_VERSION,
        description:
          'The JSON:API of a Shipping Station: shipments rated, confirmed and printed at a packing desk, and the orders, manifests, pickups, reports, events and webhooks around them. ' +
          'Every route is served under /v3 (live), /v3-testing (the sandbox, kept apart) and without a prefix (the same as /v3). ' +
          'Sign in at POST /clients/authentication with the ServiceApi header; send the Bearer token of meta.token on every other call.',
      },
      servers: [
        { url: `${origin}/v3`, description: 'Live' },
        { url: `${origin}/v3-testing`, description: 'Sandbox: its shipments are kept apart from the live ones' },
        { url: origin || '/', description: 'Without a prefix: the same as /v3' },
      ],
      security: [{ Bearer: [] }],
      components: {
        responses: ERROR_RESPONSES(),
        securitySchemes: {
          ServiceApi: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Sign-in only: `ServiceApi hash=<hash>, integrationKey=<key>`, where the hash is the spec’s SHA-256("<username>:" + MD5(password)) in hex, and the key an integration key of the station (README, “How an integration authenticates”).',
          },
          Bearer: { type: 'http', scheme: 'bearer', description: 'The token of meta.token of the sign-in.' },
        },
      },
      paths,
      webhooks: {
        event: {
          post: {
            summary: 'An event, delivered to a webhook’s URL',
            description: 'Each event the webhook follows, POSTed as a JSON:API document; any 2xx is delivery, anything else is retried with backoff.',
            requestParams: {
              header: z.object({
                [SIGNATURE_HEADER]: z.string().meta({ description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook’s secret>`: check it in constant time, and refuse a t more than 5 minutes away.' }),
                'Station-Event-Id': z.string().meta({ description: 'The event’s id: a receiver that saw it already acknowledges it again and does nothing.' }),
                'Station-Event-Type': z.string(),
                'Station-Webhook-Id': z.string(),
                'Station-Delivery-Id': z.string(),
              }),
            },
            // The station sends it: the answers' Event, not a request's (which zod-openapi would draw open).
            requestBody: { content: { [JSONAPI_MEDIA_TYPE]: { schema: { type: 'object', required: ['jsonapi', 'data'], properties: { jsonapi: { type: 'object', properties: { version: { const: '1.0' } } }, data: { $ref: `#/components/schemas/${EVENT_COMPONENT}` } } } } } },
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

let cached: string | undefined;

/** The description as the station serves it and openapi.json holds it: made once, with relative server URLs. */
export function openApiJson(): string {
  cached ??= `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`;
  return cached;
}
