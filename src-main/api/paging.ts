// One way to page every list (docs/api.md, "The API in short"): `page[size]` up to the list's stated maximum, an opaque
// `page[after]` cursor that the answer's `links.next` carries, and `meta.page` saying the size used and the
// maximum (and that a larger size was capped). The cursor is the last row's sort key, so a page after it starts
// exactly there whatever was added or removed meanwhile: no gap and no duplicate. A cursor that does not read, or
// after which nothing is left, is a 400, never an empty page that would pass for the end.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { ErrorObject } from '../../src-shared/jsonapi.ts';
import type { PageMeta } from '../../src-shared/paging.ts';
import type { ApiContext } from './context.ts';
import { parameterError, queryParameter } from './query.ts';
import { respond } from './respond.ts';

export interface PageLimits {
  default: number;
  max: number;
}

/** A page asked for: its size (capped), the key it starts after, and what meta.page says about it. */
export interface PageRequest<K> {
  size: number;
  after: K | null;
  meta: PageMeta;
}

/** Reads a cursor's key back: the key, or undefined when it is not one of this list's. */
export type KeyReader<K> = (parts: unknown[]) => K | undefined;

const encode = (key: readonly unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decode(text: string): unknown[] | undefined {
  try {
    const parts: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(parts) ? parts : undefined;
  } catch {
    return undefined;
  }
}

/** A key part that is a text. */
export const text = (value: unknown): value is string => typeof value === 'string';
/** A key part that is a row id: a whole number above zero. */
export const rowId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
/** A row id given as plain text (an older cursor parameter). */
export const plainId = (text: string): number | undefined => (/^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : undefined);
/** The reader of a cursor made of one row id. */
export const byId: KeyReader<number> = (parts) => (parts.length === 1 && rowId(parts[0]) ? parts[0] : undefined);

const SIZE_EXPECTED = (limits: PageLimits) => `a whole number from 1; more than ${limits.max} gives ${limits.max}`;
const CURSOR_EXPECTED = 'the cursor of links.next as this list gave it, or no page[after] for the first page';

/**
 * The page a list request asks for. `sizeAliases`: older names of page[size] the list keeps taking (limit);
 * `plainAfter`: an older cursor the list keeps taking as plain text (the events' `after`, a log's `page[before]`).
 * `errors`: the list's own refusals so far, answered with these. Errors name the parameter, and say in
 * meta.reason what it takes.
 */
export function pageRequest<K>(
  ctx: ApiContext,
  limits: PageLimits,
  readKey: KeyReader<K>,
  options: {
    sizeAliases?: string[];
    plainAfter?: { name: string; read: (text: string) => K | undefined; expected: string };
    errors?: ErrorObject[];
  } = {},
): PageRequest<K> {
  const errors = options.errors ?? [];
  const names = ['page[size]', ...(options.sizeAliases ?? [])];
  const sizeName = names.find((name) => queryParameter(ctx, name) !== undefined);
  const sizeText = sizeName === undefined ? undefined : queryParameter(ctx, sizeName)!.trim();
  let requested: number = limits.default;
  if (sizeText !== undefined) {
    if (/^[1-9][0-9]{0,8}$/.test(sizeText)) requested = Number(sizeText);
    else
      errors.push(
        parameterError(
          sizeName === 'limit' ? ERROR_TEXT.invalidLimit(sizeText) : ERROR_TEXT.invalidOrEmptyParameter(sizeName!),
          sizeName!,
          SIZE_EXPECTED(limits),
          sizeText,
        ),
      );
  }
  const afterText = queryParameter(ctx, 'page[after]');
  let after: K | null = null;
  if (afterText !== undefined) {
    const parts = decode(afterText.trim());
    const key = parts && readKey(parts);
    if (key === undefined)
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('page[after]'), 'page[after]', CURSOR_EXPECTED, afterText));
    else after = key;
  }
  const plain = options.plainAfter;
  const plainText = plain && afterText === undefined ? queryParameter(ctx, plain.name) : undefined;
  if (plain && plainText !== undefined) {
    const key = plain.read(plainText.trim());
    if (key === undefined)
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter(plain.name), plain.name, plain.expected, plainText));
    else after = key;
  }
  if (errors.length > 0) throw StationError.many(errors);
  const size = Math.min(requested, limits.max);
  const meta: PageMeta = { size, maxSize: limits.max, ...(requested > limits.max ? { requested, capped: true as const } : {}) };
  return { size, after, meta };
}

/** links.next: this request's URL with the cursor, and the size it was answered with. */
export function nextLink(ctx: ApiContext, page: PageRequest<unknown>, lastKey: readonly unknown[]): string {
  const query = new URLSearchParams(ctx.querystring);
  for (const name of ['page[after]', 'after', 'page[before]', 'limit', 'filter[limit]', 'page[size]']) query.delete(name);
  query.set('page[size]', String(page.size));
  query.set('page[after]', encode(lastKey));
  return `${ctx.state.apiBase}${ctx.state.route}?${query.toString().replace(/%5B/g, '[').replace(/%5D/g, ']')}`;
}

/**
 * Answers a page from rows read with one more than the page's size: the extra row says a next page exists. `keyOf`
 * gives a row's sort key, the cursor of the page after it.
 */
export function respondPage<T>(
  ctx: ApiContext,
  page: PageRequest<unknown>,
  rows: readonly T[],
  keyOf: (row: T) => readonly unknown[],
  resource: (row: T) => unknown,
  meta: Record<string, unknown> = {},
): void {
  if (page.after !== null && rows.length === 0) {
    throw new StationError('parameter.invalid', ERROR_TEXT.invalidOrEmptyParameter('page[after]'), {
      parameter: 'page[after]',
      meta: { reason: ERROR_TEXT.cursorPastEnd },
    });
  }
  const shown = rows.slice(0, page.size);
  const more = rows.length > page.size;
  respond(ctx, 200, {
    jsonapi: { version: '1.0' },
    data: shown.map(resource),
    meta: { ...meta, page: page.meta },
    links: { next: more ? nextLink(ctx, page, keyOf(shown.at(-1)!)) : null },
  });
}
