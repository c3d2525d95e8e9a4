// Serves one endpoint set under /v3, /v3-testing and no prefix. It records the path to route on (the prefix
// left out; the request's own URL is left as it is, so nothing is parsed twice), the request's own base (scheme,
// host, prefix) for links, and whether this is the sandbox.
import type { Next } from 'koa';
import type { ApiContext } from '../context.ts';

const PREFIX = /^\/(v3-testing|v3)(?=\/|$)/;

export function versionPrefix() {
  // A plain function: it only looks (securityHeaders, front.ts, says why).
  return function stripVersion(ctx: ApiContext, next: Next): Promise<void> {
    const path = ctx.path;
    const match = PREFIX.exec(path);
    const prefix = match ? match[0] : '';
    ctx.state.route = match ? path.slice(prefix.length) || '/' : path;
    ctx.state.origin = `${ctx.protocol}://${ctx.host}`;
    ctx.state.apiBase = `${ctx.state.origin}${prefix}`;
    ctx.state.sandbox = match?.[1] === 'v3-testing';
    return next();
  };
}
