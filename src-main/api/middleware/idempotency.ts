// The Idempotency-Key header of the creating endpoints (docs/integrations.md, "Integrations"): a repeat with the same key and
// body is answered with the first answer, byte for byte, and Idempotent-Replayed: true; nothing is processed again.
// Only successes are kept: a refused request changed nothing, so a repeat of it is simply processed. A repeat
// by another prefix or host name gets the kept answer with links to its own.
import { createHash } from 'node:crypto';
import { canonical } from '../../../src-shared/canonical-json.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { IdempotencyKeyRecord, IdempotencyTicket, StoredResponse } from '../../domain/idempotency.ts';
import { IdempotencyKeyTakenError } from '../../domain/idempotency.ts';
import type { IdempotencyService } from '../../services/idempotency.ts';
import type { ApiContext } from '../context.ts';
import type { RouteHandler } from '../router.ts';

/** 1–255 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
/** The response headers a replay repeats; the rest (dates, request ids) belong to each answer. */
const KEPT_HEADERS = ['content-type', 'location'] as const;

/** What makes two requests the same: method, path (with /v3 or /v3-testing) and body. */
export function requestFingerprint(ctx: ApiContext): string {
  return createHash('sha256')
    .update(JSON.stringify([ctx.method, ctx.state.sandbox, ctx.state.route, canonical(ctx.state.body ?? null)]))
    .digest('hex');
}

/** The ticket of a request that came with a new key: the route passes it to the service, which stores it with the change. */
export const idempotencyTicket = (ctx: ApiContext): IdempotencyTicket | undefined =>
  (ctx.state as { idempotency?: IdempotencyTicket }).idempotency;

/**
 * `recover`: answers again from what a committed request made, when the station stopped before keeping its answer.
 */
export function idempotent(
  keys: IdempotencyService,
  recover: (ctx: ApiContext, record: IdempotencyKeyRecord) => Promise<void>,
): RouteHandler {
  return async function idempotentRequest(ctx: ApiContext, next) {
    // An empty header is a client's mistake, not a request without a key.
    if (ctx.headers['idempotency-key'] === undefined) return next();
    const key = ctx.get('Idempotency-Key');
    if (!VALID_KEY.test(key))
      throw new StationError('idempotency.keyInvalid', ERROR_TEXT.idempotencyKeyInvalid, { header: 'Idempotency-Key' });
    const clientId = ctx.state.client!.id;
    const fingerprint = requestFingerprint(ctx);
    // Twice at most: a key that another desk committed while this request ran is answered from that desk's request.
    for (let attempt = 1; ; attempt++) {
      const found = await keys.lookup(clientId, key, fingerprint);
      switch (found.kind) {
        case 'mismatch':
          throw new StationError('idempotency.keyReused', ERROR_TEXT.idempotencyKeyReused(key), { header: 'Idempotency-Key' });
        case 'busy':
          throw new StationError('idempotency.keyBusy', ERROR_TEXT.idempotencyKeyBusy(key), { header: 'Idempotency-Key' });
        case 'replay': {
          const relinked = linkedTo(ctx, found.response);
          ctx.status = found.response.status;
          for (const [name, value] of Object.entries(found.response.headers)) ctx.set(name, relinked(value));
          ctx.set('Idempotent-Replayed', 'true');
          ctx.body = relinked(found.response.body);
          return;
        }
        case 'recover': {
          await recover(ctx, found.record);
          await keys.keep(found.record, kept(ctx));
          ctx.set('Idempotent-Replayed', 'true');
          return;
        }
        case 'new':
          (ctx.state as { idempotency?: IdempotencyTicket }).idempotency = found.ticket;
          try {
            await next();
            // Kept before a waiting repeat is let go, so it replays these very bytes. Should keeping fail, the key
            // still names what was made (committed with it), and a repeat is answered again from that.
            if (ctx.status >= 200 && ctx.status < 300) await keys.keep(found.ticket, kept(ctx)).catch(() => undefined);
          } catch (error) {
            if (error instanceof IdempotencyKeyTakenError && attempt === 1) continue;
            throw error;
          } finally {
            found.done();
          }
          return;
      }
    }
  };
}

function kept(ctx: ApiContext): StoredResponse {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = ctx.response.get(name);
    if (value) headers[name] = value;
  }
  return { status: ctx.status, headers, body: String(ctx.body), base: { origin: ctx.state.origin, apiBase: ctx.state.apiBase } };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites the links of a kept answer to the repeat's own host and prefix: the same key may come back through
 * /shipments after /v3/shipments, or by another host name, and links follow the request. Unchanged, byte for byte,
 * when both came the same way.
 */
function linkedTo(ctx: ApiContext, response: StoredResponse): (text: string) => string {
  const base = response.base;
  if (!base || (base.apiBase === ctx.state.apiBase && base.origin === ctx.state.origin)) return (text) => text;
  const keptPrefix = base.apiBase.slice(base.origin.length);
  const links = new RegExp(`${escaped(base.origin)}(/[^"\\s]*)`, 'g');
  // An API link (links.self, Location) keeps its path after the prefix; the tracking page lives at the origin.
  return (text) =>
    text.replace(links, (_link, path: string) =>
      path.startsWith(`${keptPrefix}/`) && !path.startsWith('/track/')
        ? `${ctx.state.apiBase}${path.slice(keptPrefix.length)}`
        : `${ctx.state.origin}${path}`,
    );
}
