// The refusals of the description: each error status's shared response, with the catalogue's codes of that status,
// example texts (spec section 7 word for word) and the headers sent with it; and each operation's use of it, which
// names the codes that operation may answer (route-refusals.ts).
import { z } from 'zod';
import { ERROR_CODES, codesOfStatus, statusOfCode, type ErrorCode } from '../../../src-shared/error-codes.ts';
import { ERROR_TEXT } from '../../../src-shared/errors.ts';
import { reasonPhrase } from '../../../src-shared/http-status.ts';
import { errorDocumentSchema, JSONAPI_MEDIA_TYPE } from '../../../src-shared/jsonapi.ts';
import { ROUTES, type RouteSpec } from '../../../src-shared/routes.ts';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { BODY_LIMIT } from '../middleware/body.ts';
import { refusalStatuses, routeRefusals } from './route-refusals.ts';

/** An example refusal: its code, the catalogue's text, and the member, parameter or header it names. */
interface ErrorExample {
  code: ErrorCode;
  detail: string;
  pointer?: string;
  parameter?: string;
  header?: string;
  meta?: Record<string, unknown>;
}

/**
 * Examples of each error status (the first is its example): every text of spec section 7, word for word, and the
 * station's own most met refusals.
 */
const ERROR_EXAMPLES: Record<number, ErrorExample[]> = {
  400: [
    {
      code: 'field.missing',
      detail: ERROR_TEXT.missingRequiredData('data.attributes.shipTo.postalCode'),
      pointer: '/data/attributes/shipTo/postalCode',
      meta: { reason: 'Expected a postal code: 1 to 10 characters.' },
    },
    {
      code: 'field.invalid',
      detail: ERROR_TEXT.invalidData('data.attributes.packages.0.weight.value'),
      pointer: '/data/attributes/packages/0/weight/value',
      meta: { reason: 'Expected a weight above 0, as a decimal with a point, e.g. 1.25.' },
    },
    { code: 'parameter.invalid', detail: ERROR_TEXT.invalidOrEmptyParameter('page[after]'), parameter: 'page[after]' },
    { code: 'parameter.invalid', detail: ERROR_TEXT.invalidDateFilter('dateFrom', '2026-13-01'), parameter: 'filter[dateFrom]' },
    { code: 'parameter.invalid', detail: ERROR_TEXT.invalidOrEmptyParameter('searchString'), parameter: 'searchString' },
    {
      code: 'field.missing',
      detail: ERROR_TEXT.missingRequiredData('data.meta.service'),
      pointer: '/data/meta/service',
      meta: { reason: 'Expected a service level: economy, standard or express.' },
    },
    {
      code: 'field.invalid',
      detail: ERROR_TEXT.invalidData('data.meta.carrierChoice'),
      pointer: '/data/meta/carrierChoice',
      meta: { reason: 'Expected the code of a carrier of the station.' },
    },
    { code: 'shipment.dayClosed', detail: ERROR_TEXT.deleteNotAvailable, meta: { reason: 'dayClosed', manifest: 'UPS-20261127-1' } },
    { code: 'request.malformedJson', detail: ERROR_TEXT.malformedJson },
  ],
  401: [
    { code: 'auth.missing', detail: ERROR_TEXT.missingOrInvalidAuthorization },
    { code: 'auth.failed', detail: ERROR_TEXT.authorizationFailed },
    { code: 'auth.tokenMissingData', detail: ERROR_TEXT.tokenMissingData },
    { code: 'auth.tokenInvalid', detail: ERROR_TEXT.invalidToken('signature verification failed') },
    { code: 'auth.tokenExpired', detail: ERROR_TEXT.invalidToken('token expired') },
  ],
  403: [
    {
      code: 'role.required',
      detail: ERROR_TEXT.roleNeeded('Closing the day', 'supervisor', 'packer'),
      meta: { neededRole: 'supervisor', role: 'packer' },
    },
    { code: 'request.hostNotAllowed', detail: ERROR_TEXT.hostNotAllowed('evil.example') },
  ],
  404: [
    { code: 'shipment.notFound', detail: ERROR_TEXT.shipmentNotFound },
    { code: 'shipment.notProcessedYet', detail: ERROR_TEXT.shipmentNotYetProcessed },
    { code: 'shipment.failed', detail: ERROR_TEXT.shipmentError },
    { code: 'shipment.retrievalFailed', detail: ERROR_TEXT.shipmentRetrieval },
    { code: 'request.routeNotFound', detail: ERROR_TEXT.notFound('/v3/shipments/42/labels') },
  ],
  405: [{ code: 'request.methodNotAllowed', detail: ERROR_TEXT.methodNotAllowed('PUT', ['GET', 'DELETE']) }],
  406: [{ code: 'request.notAcceptable', detail: ERROR_TEXT.notAcceptable }],
  409: [
    { code: 'idempotency.keyBusy', detail: ERROR_TEXT.idempotencyKeyBusy('order-1001'), header: 'Idempotency-Key' },
    { code: 'shipment.notTheRated', detail: ERROR_TEXT.notTheRatedShipment },
    { code: 'order.exists', detail: ERROR_TEXT.orderExists('1001') },
  ],
  413: [{ code: 'request.bodyTooLarge', detail: ERROR_TEXT.bodyTooLarge(BODY_LIMIT) }],
  415: [{ code: 'request.mediaTypeUnsupported', detail: ERROR_TEXT.unsupportedMediaType('text/plain') }],
  422: [{ code: 'idempotency.keyReused', detail: ERROR_TEXT.idempotencyKeyReused('order-1001'), header: 'Idempotency-Key' }],
  429: [
    { code: 'auth.tooManySignIns', detail: ERROR_TEXT.tooManySignIns(60) },
    { code: 'stream.tooMany', detail: ERROR_TEXT.tooManyScaleStreams(4) },
  ],
  500: [{ code: 'station.internal', detail: ERROR_TEXT.internal }],
  502: [{ code: 'upstream.failed', detail: 'ParcelValue: the service is temporarily overloaded.' }],
  503: [
    { code: 'storage.unavailable', detail: ERROR_TEXT.storeUnreachable, meta: { fault: 'unreachable' } },
    { code: 'storage.unavailable', detail: ERROR_TEXT.storeFull, meta: { fault: 'diskFull' } },
    {
      code: 'rate.priceChanged',
      detail: ERROR_TEXT.priceIsDifferent('12.40', '13.10'),
      meta: { originalPrice: '12.40', updatedPrice: '13.10' },
    },
  ],
};

/** The refusals a route can answer: the statuses of the codes it may answer (route-refusals.ts). */
export function errorStatuses(spec: RouteSpec): number[] {
  const name = Object.keys(ROUTES).find((key) => ROUTES[key as keyof typeof ROUTES] === spec) ?? '';
  return refusalStatuses(name, spec);
}

const retryAfter = z.string().optional().meta({
  description:
    'Seconds to wait before sending the request again: on every fault (a database away, a full disk, too many sign-ins or streams, a busy Idempotency-Key); not on the spec’s price-change 503 of confirm, which a retry does not change.',
});

/** The headers sent with a refusal of each status, beside the error document. */
const ERROR_HEADERS: Record<number, z.ZodObject> = {
  401: z.object({
    'WWW-Authenticate': z.string().meta({
      description:
        'Always sent on 401 (spec 5.2): `Bearer realm="<the request’s host>", error="<authorization_exception, invalid_token or 401>", error_description="<the detail>"`.',
      example: 'Bearer realm="127.0.0.1", error="invalid_token", error_description="Invalid token: signature verification failed"',
    }),
  }),
  409: z.object({ 'Retry-After': retryAfter }),
  415: z.object({
    'Accept-Post': z.string().optional().meta({
      description:
        'On a refused Content-Type: the media types the station reads, `application/vnd.api+json, application/json` (each also with charset=utf-8).',
      example: 'application/vnd.api+json, application/json',
    }),
  }),
  429: z.object({ 'Retry-After': retryAfter }),
  503: z.object({ 'Retry-After': retryAfter }),
};

export function errorResponse(status: number): ZodOpenApiResponseObject {
  const document = (example: ErrorExample) => {
    const { code, detail, meta, ...source } = example;
    return {
      jsonapi: { version: '1.0' },
      errors: [
        {
          status,
          code,
          title: reasonPhrase(status),
          detail,
          ...(Object.keys(source).length > 0 ? { source } : {}),
          ...(meta ? { meta } : {}),
        },
      ],
    };
  };
  return {
    description: `${status} ${reasonPhrase(status)}. Its codes: ${codesOfStatus(status)
      .map((code) => `\`${code}\` (${ERROR_CODES[code].words.replace(/\.$/, '')})`)
      .join('; ')}.`,
    ...(ERROR_HEADERS[status] ? { headers: ERROR_HEADERS[status] } : {}),
    content: {
      [JSONAPI_MEDIA_TYPE]: {
        schema: errorDocumentSchema,
        examples: Object.fromEntries(
          ERROR_EXAMPLES[status]!.map((example, index) => [
            `${status}-${index + 1}`,
            { summary: example.detail, value: document(example) },
          ]),
        ),
      },
    },
  };
}

/** The shared response of one error status, e.g. Error404. */
export const errorComponent = (status: number) => `Error${status}`;

/** The error statuses some operation answers: those with a shared response. */
const usedStatuses = () =>
  [...new Set((Object.entries(ROUTES) as [string, RouteSpec][]).flatMap(([name, spec]) => refusalStatuses(name, spec)))].sort(
    (a, b) => a - b,
  );

/** The shared response of each error status some operation answers, by its component name. */
export const ERROR_RESPONSES = () => Object.fromEntries(usedStatuses().map((status) => [errorComponent(status), errorResponse(status)]));

/** How a code reads in a description: `shipment.notFound` (No shipment of the account has this id). */
export const codeWords = (code: ErrorCode) => `\`${code}\` (${ERROR_CODES[code].words.replace(/\.$/, '')})`;

/**
 * An operation's refusal of one status: the shared response, with a description naming the codes this operation
 * may answer with it (OpenAPI 3.1 lets a reference say its own description).
 */
export function operationErrorResponse(name: string, spec: RouteSpec, status: number): ZodOpenApiResponseObject {
  const codes = routeRefusals(name, spec).filter((code) => statusOfCode(code) === status);
  return {
    $ref: `#/components/responses/${errorComponent(status)}`,
    description: `${status} ${reasonPhrase(status)}: ${codes.map(codeWords).join('; ')}.`,
  } as unknown as ZodOpenApiResponseObject;
}
