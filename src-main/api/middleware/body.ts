// Reads JSON request bodies: at most BODY_LIMIT bytes, strict UTF-8, then checked by json-input before the route's
// handlers see them. It runs on each route after the Bearer check and the role (router.ts), so an unknown path or
// a caller who may not call the route is refused before the body is read. Every way a body can be unreadable is a
// clear 4xx StationError, never a parser's own error.
import type { Next } from 'koa';
import getRawBody from 'raw-body';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ApiContext } from '../context.ts';
import { checkJsonInput } from '../json-input.ts';
import { hasBody } from './negotiation.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The limit in words, as the refusal's detail says it. */
export const BODY_LIMIT = `${BODY_LIMIT_BYTES / (1024 * 1024)}mb`;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function jsonBody() {
  // Most requests (every GET) have no body: they skip the reading, without an async step of their own.
  return function readBody(ctx: ApiContext, next: Next): Promise<void> {
    return hasBody(ctx) ? readJson(ctx, next) : next();
  };
}

async function readJson(ctx: ApiContext, next: Next): Promise<void> {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity')
    throw new StationError('request.bodyEncoding', ERROR_TEXT.bodyEncoding, { header: 'Content-Encoding' });
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(ctx.get('Content-Type'))?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new StationError('request.bodyEncoding', ERROR_TEXT.bodyEncoding, { header: 'Content-Type' });

  let text: string;
  try {
    const length = ctx.get('Content-Length');
    const bytes = await getRawBody(ctx.req, { limit: BODY_LIMIT_BYTES, length: length === '' ? undefined : length });
    text = utf8.decode(bytes);
  } catch (error) {
    throw bodyError(error);
  }
  ctx.state.body = parse(text);
  await next();
}

/**
 * Reads a file sent as it is (POST /orders/import): one of the route's media types (a charset parameter allowed),
 * at most `maxBytes`, kept as bytes in ctx.state.body for the route to read.
 */
export function fileBody(accepted: readonly string[], maxBytes: number) {
  return async function readFile(ctx: ApiContext, next: Next): Promise<void> {
    const type = ctx.get('Content-Type').split(';')[0]!.trim().toLowerCase();
    if (!accepted.includes(type)) {
      throw new StationError('request.mediaTypeUnsupported', ERROR_TEXT.unsupportedMediaType(ctx.get('Content-Type') || '(none)'), {
        header: 'Content-Type',
        meta: { accepted: [...accepted] },
        headers: { 'Accept-Post': accepted.join(', ') },
      });
    }
    const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity')
      throw new StationError('request.bodyEncoding', ERROR_TEXT.bodyEncoding, { header: 'Content-Encoding' });
    try {
      const length = ctx.get('Content-Length');
      ctx.state.body = new Uint8Array(await getRawBody(ctx.req, { limit: maxBytes, length: length === '' ? undefined : length }));
    } catch (error) {
      if ((error as { type?: string }).type === 'entity.too.large') {
        const limit = `${maxBytes / (1024 * 1024)}mb`;
        throw new StationError('request.bodyTooLarge', ERROR_TEXT.bodyTooLarge(limit), { meta: { maxBytes } });
      }
      throw new StationError('request.bodyIncomplete', ERROR_TEXT.bodyIncomplete);
    }
    await next();
  };
}

/** A JSON object or array, as JSON:API documents are; anything else is not a request body. */
function parse(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed[0] !== '{' && trimmed[0] !== '[') throw malformed();
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw malformed();
  }
  checkJsonInput(value);
  return value;
}

/** The whole body is at fault (the pointer "" is the document itself), and a JSON:API document is what it takes. */
const malformed = () =>
  new StationError('request.malformedJson', ERROR_TEXT.malformedJson, { pointer: '', meta: { reason: ERROR_TEXT.jsonDocumentExpected } });

function bodyError(error: unknown): StationError {
  if (error instanceof TypeError) return new StationError('request.bodyNotUtf8', ERROR_TEXT.bodyNotUtf8);
  if ((error as { type?: string }).type === 'entity.too.large')
    return new StationError('request.bodyTooLarge', ERROR_TEXT.bodyTooLarge(BODY_LIMIT), { meta: { maxBytes: BODY_LIMIT_BYTES } });
  // Aborted, or shorter or longer than its Content-Length.
  return new StationError('request.bodyIncomplete', ERROR_TEXT.bodyIncomplete);
}
