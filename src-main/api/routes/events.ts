// The integration events (docs/integrations.md, "Integrations"): GET /events, the caller's own events oldest first from
// `after`, and GET /events/stream, the same feed as Server-Sent Events that resumes from Last-Event-ID.
import { once } from 'node:events';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { EVENT_FEED_LIMIT, EVENT_TYPES, isEventType } from '../../../src-shared/events.ts';
import { dataDocument, type ErrorObject } from '../../../src-shared/jsonapi.ts';
import type { Caller } from '../../domain/caller.ts';
import type { EventService } from '../../services/events.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { nextLink, pageRequest, type KeyReader } from '../paging.ts';
import { parameterError } from '../query.ts';
import { respond } from '../respond.ts';
import { openEventStream } from '../event-stream.ts';
import type { ApiRouter, QueryOf } from '../router.ts';
import { eventResource } from '../serializers/event.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

/** Live streams the station holds at once, and per client: each is a socket and a reader of the database. */
export const STREAM_LIMITS = { total: 100, perClient: 10 } as const;
/** A comment line this often keeps proxies and clients from taking a quiet stream for a dead one. */
const KEEP_ALIVE_MS = 15_000;
/** Events read from the store at a time while a stream catches up. */
const STREAM_BATCH = 500;

/** An older name the entry does not list, still taken as it was: `types` for filter[type], and the stream's `limit`. */
function unlisted(ctx: ApiContext, name: 'types' | 'limit'): string | undefined {
  const value = ctx.query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** A feed cursor: an event id, 0 before the first. */
const byIdOrStart: KeyReader<number> = (parts) =>
  parts.length === 1 && typeof parts[0] === 'number' && Number.isSafeInteger(parts[0]) && parts[0] >= 0 ? parts[0] : undefined;

/** `filter[type]` (or `types`) of the feed: known event types, or null for all. */
function feedTypes(ctx: ApiContext, query: { readonly 'filter[type]'?: string }): string[] | null {
  const typeText = query['filter[type]'] ?? unlisted(ctx, 'types');
  const types =
    typeText === undefined || typeText.trim() === ''
      ? null
      : typeText
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean);
  const unknown = types?.find((type) => !isEventType(type));
  if (unknown !== undefined) {
    throw new StationError('event.unknownType', ERROR_TEXT.unknownEventType(unknown, EVENT_TYPES), {
      parameter: typeText === unlisted(ctx, 'types') ? 'types' : 'filter[type]',
      meta: {
        reason: `Expected event types, comma-separated, of ${EVENT_TYPES.join(', ')}; got ${JSON.stringify(unknown)}.`,
        type: unknown,
        known: EVENT_TYPES,
      },
    });
  }
  return types;
}

/** `after`, `limit` and `filter[type]` (or `types`), each refusal naming its parameter. */
function feedQuery(ctx: ApiContext, query: QueryOf<typeof ROUTES.eventStream>, startAt: string | undefined) {
  const errors: ErrorObject[] = [];
  const whole = (name: string, text: string | undefined, min: number) => {
    if (text === undefined) return undefined;
    const trimmed = text.trim();
    if (!/^[0-9]{1,15}$/.test(trimmed) || Number(trimmed) < min) {
      errors.push(
        parameterError(
          ERROR_TEXT.invalidOrEmptyParameter(name),
          name,
          min === 0 ? 'an event id, 0 before the first' : `a whole number from ${min}`,
          text,
        ),
      );
      return undefined;
    }
    return Number(trimmed);
  };
  const after = whole('after', startAt, 0);
  const limit = whole('limit', unlisted(ctx, 'limit'), 1) ?? EVENT_FEED_LIMIT.default;
  if (errors.length > 0) throw StationError.many(errors);
  return { after, limit: Math.min(limit, EVENT_FEED_LIMIT.max), types: feedTypes(ctx, query) };
}

export interface EventRoutesDeps {
  events: EventService;
  trackingBaseUrl?: string;
}

export function eventRoutes(router: ApiRouter, deps: EventRoutesDeps): void {
  const { events } = deps;
  const caller = (ctx: ApiContext): Caller => callerOf(ctx);
  const trackingBase = (ctx: ApiContext) => deps.trackingBaseUrl?.replace(/\/$/, '') ?? `${ctx.state.origin}/track`;
  const streams = new Map<string, number>();
  let streamCount = 0;

  // The feed pages like every list (page[size], page[after], links.next), and keeps its plain `after` and `limit`.
  // It never ends: links.next is always there, and an empty page after the last event keeps the place. An id past
  // the last event is a 400: a mistyped cursor would otherwise skip the events to come.
  router.on(ROUTES.events, async (ctx, { query }) => {
    const types = feedTypes(ctx, query);
    const page = pageRequest(ctx, EVENT_FEED_LIMIT, byIdOrStart, {
      sizeAliases: ['limit'],
      plainAfter: {
        name: 'after',
        read: (text) => (/^[0-9]{1,15}$/.test(text) ? Number(text) : undefined),
        expected: 'an event id (0 for the first)',
      },
    });
    const after = page.after ?? 0;
    const found = await events.feed(caller(ctx), { after, limit: page.size, types });
    // Only an empty page can come from a cursor past the last event: the question costs a poll nothing otherwise.
    if (found.length === 0 && after > 0) {
      const latest = await events.latestId();
      if (after > latest) {
        const name = query['page[after]'] === undefined ? 'after' : 'page[after]';
        throw new StationError('event.cursorPastEnd', ERROR_TEXT.invalidOrEmptyParameter(name), {
          parameter: name,
          meta: { reason: ERROR_TEXT.eventCursorPastEnd(String(after), String(latest)), after: String(after), latest: String(latest) },
        });
      }
    }
    const last = found.at(-1)?.id ?? String(after);
    respond(ctx, 200, {
      ...dataDocument(
        found.map((event) => eventResource(event, ctx.state.apiBase, trackingBase(ctx))),
        { lastEventId: last, page: page.meta },
      ),
      links: { next: nextLink(ctx, page, [Number(last)]) },
    });
  });

  router.on(ROUTES.eventStream, async (ctx, { query: parameters }) => {
    const accept = ctx.get('Accept');
    if (accept && !/text\/event-stream|\*\/\*/.test(accept))
      throw new StationError('request.notAcceptable', ERROR_TEXT.notAcceptable, { header: 'Accept' });
    // Last-Event-ID is how a browser's EventSource resumes by itself; `after` is for a first connection.
    const query = feedQuery(ctx, parameters, ctx.get('Last-Event-ID') || parameters.after);
    const who = caller(ctx);
    const own = streams.get(who.client.id) ?? 0;
    if (streamCount >= STREAM_LIMITS.total || own >= STREAM_LIMITS.perClient) {
      throw new StationError('stream.tooMany', ERROR_TEXT.tooManyStreams(STREAM_LIMITS.perClient, STREAM_LIMITS.total), {
        meta: { perClient: STREAM_LIMITS.perClient, total: STREAM_LIMITS.total },
      });
    }
    // The place is taken before anything is awaited: streams opened at the same moment count each other.
    streamCount++;
    streams.set(who.client.id, own + 1);
    const release = () => {
      streamCount--;
      const left = (streams.get(who.client.id) ?? 1) - 1;
      if (left === 0) streams.delete(who.client.id);
      else streams.set(who.client.id, left);
    };
    // Without a place to start, the stream starts with what happens next.
    let cursor: number;
    try {
      cursor = query.after ?? (await events.latestId());
    } catch (error) {
      release();
      throw error;
    }
    // A client gone while the cursor was read never closes its stream: its place is given back now.
    if (ctx.req.socket.destroyed) {
      release();
      return;
    }

    const body = openEventStream(ctx, 3000);

    let closed = false;
    let sending = false;
    let again = false;
    /** Sends what is new since the cursor; a news signal that comes while sending makes it look once more. */
    const send = async () => {
      if (sending) {
        again = true;
        return;
      }
      sending = true;
      try {
        do {
          again = false;
          for (;;) {
            const batch = await events.feed(who, { after: cursor, limit: STREAM_BATCH, types: query.types });
            for (const event of batch) {
              if (closed) return;
              const frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(eventResource(event, ctx.state.apiBase, trackingBase(ctx)))}\n\n`;
              cursor = Number(event.id);
              // A reader that falls behind is waited for, not buffered without end.
              if (!body.write(frame)) await Promise.race([once(body, 'drain'), once(body, 'close')]);
            }
            if (batch.length < STREAM_BATCH) break;
          }
        } while (again && !closed);
      } catch {
        // The store is briefly away: the next news, or the next keep-alive, tries again.
        again = false;
      } finally {
        sending = false;
      }
    };
    const keepAlive = setInterval(() => {
      body.write(': keep-alive\n\n');
      void send();
    }, KEEP_ALIVE_MS);
    const stopListening = events.onNews((stopping) => {
      if (stopping) finish();
      else void send();
    });
    const finish = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepAlive);
      stopListening();
      release();
      body.end();
    };
    ctx.req.on('close', finish);
    body.on('error', finish);
    void send();
  });
}
