// Reads JSON request bodies up to a sane limit, and turns every way a body can be unreadable into a
// clear 4xx StationError instead of the parser's own errors.
import type { Next } from 'koa';
import bodyParser from 'koa-bodyparser';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ApiContext } from '../context.ts';
import { hasBody } from './negotiation.ts';

export const BODY_LIMIT = '1mb';

interface BodyReadError {
  type?: string;
}

export function jsonBody() {
  const parse = bodyParser({
    enableTypes: ['json'],
    extendTypes: { json: ['application/vnd.api+json'] },
    jsonLimit: BODY_LIMIT,
    strict: true,
    onerror: (error) => {
      throw bodyError(error as BodyReadError);
    },
  });
  // Most requests (every GET) have no body: they skip the parser.
  return function readBody(ctx: ApiContext, next: Next): Promise<unknown> {
    return hasBody(ctx) ? parse(ctx, next) : next();
  };
}

function bodyError(error: BodyReadError): StationError {
  switch (error.type) {
    case 'entity.too.large':
      return new StationError(413, ERROR_TEXT.bodyTooLarge(BODY_LIMIT));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new StationError(415, ERROR_TEXT.bodyEncoding);
    case 'request.aborted':
    case 'request.size.invalid':
      return new StationError(400, ERROR_TEXT.bodyIncomplete);
    default:
      return new StationError(400, ERROR_TEXT.malformedJson);
  }
}
