// The API of a station that started while its database could not be used (a shared one that cannot be reached, a
// SQLite file it may only read): it listens at once, serves the desk UI, answers GET /health with "starting" and
// why, and every other request 503 with Retry-After in the catalogue's words, until the database can be used and
// the station's own API takes over the same server (station/waiting.ts). A desk's PC that boots before the
// database server is reachable at once, and says so.
import Koa from 'koa';
import { ERROR_TEXT, StationError, errorObject } from '../../src-shared/errors.ts';
import { errorDocument } from '../../src-shared/jsonapi.ts';
import type { HealthAttributes } from '../../src-shared/resources.ts';
import type { Logger } from '../logger.ts';
import type { ApiContext, ApiState } from './context.ts';
import { deskUi } from './middleware/desk-ui.ts';
import { errorHandler } from './middleware/errors.ts';
import { accessLog, securityHeaders } from './middleware/front.ts';
import { loopbackGuard, type GuardOptions } from './middleware/loopback-guard.ts';
import { versionPrefix } from './middleware/version-prefix.ts';
import { respond } from './respond.ts';

/** GET /health (ROUTES.health, whose module loads every route's schemas: this one must load fast). */
const HEALTH_PATH = '/health';

/** How soon a caller asks again: the station tries its database about as often. */
export const WAITING_RETRY_AFTER_SECONDS = 2;

/** What the station waits for: its database to answer, or to become writable. */
export type WaitingReason = 'unreachable' | 'read-only';

/** Why the station waits: since when its database could not be used, the last reason in words, and which. */
export interface Waiting {
  since: string;
  problem: string | null;
  reason: WaitingReason;
}

export interface WaitingApiDeps extends GuardOptions {
  logger: Logger;
  rendererDir?: string;
  desk: string;
  backend: 'sqlite' | 'postgres';
  waiting(): Waiting;
}

/** The station's health while it waits: starting, its database not available (or not writable) since the first try. */
export function waitingHealth(desk: string, backend: 'sqlite' | 'postgres', waiting: Waiting): HealthAttributes {
  return {
    status: 'starting',
    desk,
    database: {
      backend,
      available: false,
      unavailableSince: waiting.since,
      problem: waiting.problem,
      ...(waiting.reason === 'read-only' ? { readOnly: true, fault: 'read-only' as const } : {}),
    },
    deskLockHeld: false,
  };
}

export function createWaitingApi(deps: WaitingApiDeps): Koa<ApiState> {
  const app = new Koa<ApiState>();
  app.silent = true;
  // The station's own front (api/app.ts), less what needs its routes: the API description and the negotiation.
  app.use(accessLog(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders);
  app.use(loopbackGuard(deps));
  app.use(deskUi(deps.rendererDir));
  app.use(versionPrefix());
  app.use((ctx: ApiContext) => {
    const waiting = deps.waiting();
    const readOnly = waiting.reason === 'read-only';
    const detail = readOnly ? ERROR_TEXT.stationStartingReadOnly(waiting.since) : ERROR_TEXT.stationStarting(waiting.since);
    const fault = readOnly ? 'read-only' : 'unreachable';
    const headers = { 'Retry-After': String(WAITING_RETRY_AFTER_SECONDS) };
    if (ctx.state.route === HEALTH_PATH && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.set(headers);
      const error = { ...errorObject('storage.unavailable', detail), meta: { fault } };
      respond(ctx, 503, { ...errorDocument([error]), meta: { health: waitingHealth(deps.desk, deps.backend, waiting) } });
      return;
    }
    throw new StationError('storage.unavailable', detail, { headers, meta: { fault } });
  });
  return app;
}
