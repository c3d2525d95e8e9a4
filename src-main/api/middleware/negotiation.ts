// JSON:API 1.0 content negotiation: 415 for a body in another media type (or the JSON:API type with
// parameters), 406 when the client accepts nothing the station can send. One parameter is let through on both:
// charset=utf-8, which many .NET, Java and PHP HTTP clients add by themselves and which says what JSON is anyway.
import type { Next } from 'koa';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { JSONAPI_MEDIA_TYPE } from '../../../src-shared/jsonapi.ts';
import { ROUTES } from '../../../src-shared/routes.ts';
import type { ApiContext } from '../context.ts';

interface MediaRange {
  type: string;
  parameters: Map<string, string>;
}

function parseMediaRange(text: string): MediaRange {
  const [type = '', ...parameterTexts] = text.split(';');
  const parameters = new Map<string, string>();
  for (const parameter of parameterTexts) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim()) parameters.set(name.trim().toLowerCase(), value.trim().replace(/^"(.*)"$/, '$1'));
  }
  return { type: type.trim().toLowerCase(), parameters };
}

/**
 * Whether the JSON:API media type's parameters are none, or only charset=utf-8 (any case): JSON:API 1.0 forbids
 * the others (ext, profile, …), and JSON is UTF-8 anyway. `q` of an Accept range is not the type's own.
 */
function plainJsonApi(range: MediaRange, ignored?: string): boolean {
  for (const [name, value] of range.parameters) {
    if (name === ignored) continue;
    if (name !== 'charset' || value.toLowerCase() !== 'utf-8') return false;
  }
  return true;
}

function acceptable(acceptHeader: string | undefined): boolean {
  if (!acceptHeader || !acceptHeader.trim()) return true;
  const ranges = acceptHeader
    .split(',')
    .map(parseMediaRange)
    .filter((range) => range.type !== '' && range.parameters.get('q') !== '0' && !/^0(\.0*)?$/.test(range.parameters.get('q') ?? ''));
  const jsonApiRanges = ranges.filter((range) => range.type === JSONAPI_MEDIA_TYPE);
  if (jsonApiRanges.length > 0) return jsonApiRanges.some((range) => plainJsonApi(range, 'q'));
  return ranges.some((range) => ['*/*', 'application/*', 'application/json'].includes(range.type));
}

/** Whether the request carries a body: a length above zero, or chunked. */
export function hasBody(ctx: ApiContext): boolean {
  const length = ctx.get('Content-Length');
  return (length !== '' && length !== '0') || ctx.get('Transfer-Encoding') !== '';
}

/**
 * The routes that answer other media types as well, and choose by Accept themselves: the live event stream
 * (text/event-stream), the public tracking page (HTML for a browser, JSON:API for a program) and the reports that
 * also answer CSV for a spreadsheet (the route table's `csv`: daily, emissions); and the shipped orders' file,
 * whatever is asked (its refusals are JSON:API).
 */
function choosesOwnMediaType(route: string): boolean {
  return (
    route === '/events/stream' ||
    route === '/scale/stream' ||
    route.startsWith('/track/') ||
    CSV_ROUTES.has(route) ||
    route === '/orders/shipped'
  );
}

const CSV_ROUTES = new Set<string>(
  Object.values(ROUTES)
    .filter((spec) => spec.csv)
    .map((spec) => spec.path),
);

/** The routes whose body is a file as it is (POST /orders/import): their own body reading checks its media type. */
const FILE_ROUTES = new Set(
  Object.values(ROUTES)
    .filter((spec) => spec.file)
    .map((spec) => `${spec.method} ${spec.path}`),
);

/** A few Accept headers answered once each: a client sends the same one with every request. */
const VERDICTS_KEPT = 64;

export function contentNegotiation() {
  const verdicts = new Map<string, boolean>();
  const acceptableOnce = (accept: string) => {
    let verdict = verdicts.get(accept);
    if (verdict === undefined) {
      verdict = acceptable(accept);
      if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
      verdicts.set(accept, verdict);
    }
    return verdict;
  };
  // A plain function: it only looks (securityHeaders, front.ts, says why); a refusal it throws is a rejection to Koa.
  return function negotiate(ctx: ApiContext, next: Next): Promise<void> {
    if (!choosesOwnMediaType(ctx.state.route) && !acceptableOnce(ctx.get('Accept')))
      throw new StationError('request.notAcceptable', ERROR_TEXT.notAcceptable);
    if (hasBody(ctx) && !FILE_ROUTES.has(`${ctx.method} ${ctx.state.route}`)) {
      const contentType = ctx.get('Content-Type');
      const range = parseMediaRange(contentType);
      const isJsonApi = range.type === JSONAPI_MEDIA_TYPE && plainJsonApi(range);
      // Plain application/json is read too: it is what shell scripts and many HTTP libraries send by default.
      const isPlainJson = range.type === 'application/json';
      if (!isJsonApi && !isPlainJson) {
        throw new StationError('request.mediaTypeUnsupported', ERROR_TEXT.unsupportedMediaType(contentType || '(none)'), {
          header: 'Content-Type',
          meta: { accepted: [JSONAPI_MEDIA_TYPE, 'application/json'] },
          headers: { 'Accept-Post': `${JSONAPI_MEDIA_TYPE}, application/json` },
        });
      }
    }
    return next();
  };
}
