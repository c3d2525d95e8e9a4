// The one place where failures become JSON:API error documents. StationErrors keep their status, text and
// headers; storage faults (disk full, read-only, I/O, locked) are 503 with Retry-After; anything unexpected is
// logged and answered with a 500 that reveals nothing.
import type { Next } from 'koa';
import { codeOfRefusal, type ErrorCode } from '../../../src-shared/error-codes.ts';
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
import { reasonPhrase } from '../../../src-shared/http-status.ts';
import { errorDocument, type ErrorObject } from '../../../src-shared/jsonapi.ts';
import { StoreFaultError, type StoreFaultKind } from '../../domain/store-fault.ts';
import type { Logger } from '../../logger.ts';
import { loggedPath } from '../logged-path.ts';
import type { ApiContext } from '../context.ts';
import { respond } from '../respond.ts';

/** A storage fault is the station's trouble, not the request's: 503, and when it is worth trying again. */
const STORE_FAULT_ANSWERS: Record<StoreFaultKind, { detail: string; retryAfterSeconds: number }> = {
  'disk-full': { detail: ERROR_TEXT.storeFull, retryAfterSeconds: 60 },
  'read-only': { detail: ERROR_TEXT.storeReadOnly, retryAfterSeconds: 60 },
  io: { detail: ERROR_TEXT.storeIo, retryAfterSeconds: 10 },
  busy: { detail: ERROR_TEXT.storeBusy, retryAfterSeconds: 1 },
  unreachable: { detail: ERROR_TEXT.storeUnreachable, retryAfterSeconds: 5 },
  // Sending it again will not mend the file: an operator must, so callers wait longer.
  corrupt: { detail: ERROR_TEXT.storeDamaged, retryAfterSeconds: 300 },
};

/** A storage fault's kind as meta.fault of storage.unavailable: a program tells a full disk from a lost database. */
const STORE_FAULT_CODES: Record<StoreFaultKind, string> = {
  'disk-full': 'diskFull',
  'read-only': 'readOnly',
  io: 'io',
  busy: 'busy',
  unreachable: 'unreachable',
  corrupt: 'damaged',
};

/**
 * How long a caller waits before sending a refused request again, by code: the refusals that pass with time (a busy
 * station, an upstream away). A refusal that knows better (a sign-in back-off's own seconds) sends its own.
 */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = {
  'auth.signInsBusy': 1,
  'idempotency.keyBusy': 1,
  'document.renderBusy': 1,
  'manifest.closeKeepsChanging': 1,
  'stream.tooMany': 10,
  'upstream.unreachable': 30,
  'upstream.maybeBooked': 30,
};

export function errorHandler(logger: Logger) {
  return async function handleErrors(ctx: ApiContext, next: Next): Promise<void> {
    try {
      await next();
      if (ctx.body == null && ctx.status >= 400) renderBareStatus(ctx);
    } catch (error) {
      if (error instanceof StationError) {
        const retryAfter = RETRY_AFTER_SECONDS[error.code];
        sendErrors(
          ctx,
          error.status,
          [...error.errors],
          retryAfter === undefined ? error.headers : { 'Retry-After': String(retryAfter), ...error.headers },
        );
        return;
      }
      if (error instanceof StoreFaultError) {
        logger.error(`${ctx.method} ${loggedPath(ctx.path)}: the store failed (${error.code}); answered 503`);
        const { detail, retryAfterSeconds } = STORE_FAULT_ANSWERS[error.kind];
        sendErrors(ctx, 503, [{ ...errorObject('storage.unavailable', detail), meta: { fault: STORE_FAULT_CODES[error.kind] } }], {
          'Retry-After': String(retryAfterSeconds),
        });
        return;
      }
      logger.error(`${ctx.method} ${loggedPath(ctx.path)} failed`, error);
      sendErrors(ctx, 500, [errorObject('station.internal', ERROR_TEXT.internal)]);
    }
  };
}

function sendErrors(ctx: ApiContext, status: number, errors: ErrorObject[], headers: Record<string, string> = {}): void {
  // Headers set for a success (e.g. Location) must not leak onto the error.
  ctx.remove('Location');
  for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  respond(ctx, status, errorDocument(errors));
}

/** Statuses the router sets without a body: unknown path, method not allowed, method not implemented. */
function renderBareStatus(ctx: ApiContext): void {
  const status = ctx.status;
  if (status === 405 || status === 501) {
    const allowed = String(ctx.response.get('Allow') || '')
      .split(',')
      .map((method) => method.trim())
      .filter(Boolean);
    respond(
      ctx,
      status,
      errorDocument([
        errorObject(
          status === 405 ? 'request.methodNotAllowed' : 'request.methodNotImplemented',
          ERROR_TEXT.methodNotAllowed(ctx.method, allowed),
        ),
      ]),
    );
    return;
  }
  if (status === 404) {
    respond(ctx, status, errorDocument([errorObject('request.routeNotFound', ERROR_TEXT.notFound(ctx.path))]));
    return;
  }
  // Any other status a middleware set without a body: the status kept, with the code its status says.
  respond(
    ctx,
    status,
    errorDocument([{ ...errorObject(codeOfRefusal(status, ctx.message, undefined), ctx.message), status, title: reasonPhrase(status) }]),
  );
}
