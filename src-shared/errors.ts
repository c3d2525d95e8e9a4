// The one catalogue of error texts (spec section 7 word for word, plus the station's own),
// and StationError, the single shape in which every layer reports a refusal.
import type { ErrorObject } from './jsonapi.ts';
import { reasonPhrase } from './http-status.ts';

export const ERROR_TEXT = {
  missingOrInvalidAuthorization: 'Missing or invalid authorization header',
  authorizationFailed: 'Authorization failed.',
  tokenMissingData: 'Token is missing required data',
  invalidToken: (reason: string) => `Invalid token: ${reason}`,
  shipmentRetrieval: 'Error retrieving shipment data.',
  shipmentError: 'Shipment error',
  shipmentNotYetProcessed: 'Shipment not yet processed',
  shipmentNotFound: 'Shipment not found',
  invalidDateFilter: (parameter: string, value: string) => `filter.${parameter}: Invalid date: ${value}.`,
  invalidOrEmptyParameter: (parameter: string) => `Invalid or empty required parameter: ${parameter}`,
  missingRequiredData: (path: string) => `Missing required data: '${path}'.`,
  invalidData: (path: string) => `Invalid data: '${path}'.`,
  deleteNotAvailable: 'Delete functionality not available.',
  priceIsDifferent: (original: string, updated: string) =>
    `Price is different. Original price: ${original}; updated price: ${updated}`,

  notFound: (path: string) => `No resource lives at ${path}.`,
  methodNotAllowed: (method: string, allowed: string[]) =>
    `${method} is not allowed here. Allowed: ${allowed.join(', ')}.`,
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: (limit: string) => `The request body is larger than the limit of ${limit}.`,
  unsupportedMediaType: (mediaType: string) =>
    `Content-Type '${mediaType}' is not supported. Send application/vnd.api+json without media type parameters.`,
  notAcceptable: 'The station answers only with application/vnd.api+json without media type parameters.',
  hostNotAllowed: (host: string) =>
    `Host '${host}' is not allowed. The station answers only to loopback host names.`,
  originNotAllowed: (origin: string) => `Origin '${origin}' is not allowed to call the station.`,
  internal: 'The station could not complete the request. The error has been logged.',
} as const;

/** A refusal with its HTTP status, the exact `detail` text and, where a field is at fault, its JSON pointer. */
export class StationError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly pointer: string | undefined;
  readonly parameter: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly errors: readonly ErrorObject[];

  constructor(
    status: number,
    detail: string,
    options: {
      pointer?: string;
      parameter?: string;
      headers?: Record<string, string>;
      more?: ErrorObject[];
      meta?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'StationError';
    this.status = status;
    this.detail = detail;
    this.pointer = options.pointer;
    this.parameter = options.parameter;
    this.headers = options.headers ?? {};
    const first = errorObject(status, detail, options.pointer, options.parameter);
    if (options.meta) first.meta = options.meta;
    this.errors = [first, ...(options.more ?? [])];
  }

  /** Several violations at once, e.g. every invalid field of a request body. */
  static many(status: number, errors: ErrorObject[]): StationError {
    const [first, ...rest] = errors;
    if (!first) throw new Error('StationError.many needs at least one error');
    return new StationError(status, first.detail, {
      pointer: first.source?.pointer,
      parameter: first.source?.parameter,
      more: rest,
    });
  }
}

export function errorObject(status: number, detail: string, pointer?: string, parameter?: string): ErrorObject {
  const error: ErrorObject = { status, title: reasonPhrase(status), detail };
  if (pointer !== undefined) error.source = { pointer };
  else if (parameter !== undefined) error.source = { parameter };
  return error;
}
