// The first two steps of every answer, the station's (api/app.ts) and a waiting station's (api/waiting-app.ts):
// one access-log line per request, and the security headers.
import type { Next } from 'koa';
import type { Logger } from '../../logger.ts';
import type { ApiContext } from '../context.ts';
import { loggedPath } from '../logged-path.ts';

// The steps that only look at a request before passing it on are plain functions returning next()'s promise, not
// async ones: each async step costs every request a promise of its own and a turn of the microtask queue.
export function securityHeaders(ctx: ApiContext, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  // Responses carry client keys and tokens: no cache may keep them.
  ctx.set('Cache-Control', 'no-store');
  return next();
}

/** One line per request: method, path without the query, status, time. Never headers, bodies or secrets. */
export function accessLog(logger: Logger) {
  return async function logRequest(ctx: ApiContext, next: Next): Promise<void> {
    const started = performance.now();
    const path = ctx.path;
    await next();
    logger.info(`${ctx.method} ${loggedPath(path)} ${ctx.status} ${Math.round(performance.now() - started)}ms`);
  };
}
