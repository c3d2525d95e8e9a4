// Serves one endpoint set under /v3, /v3-testing and no prefix. It strips the prefix before routing and
// records the request's own base (scheme, host, prefix) for links, and whether this is the sandbox.
import type { Next } from 'koa';
import type { ApiContext } from '../context.ts';

const PREFIX = /^\/(v3-testing|v3)(?=\/|$)/;

export function versionPrefix() {
  return async function stripVersion(ctx: ApiContext, next: Next): Promise<void> {
    const match = PREFIX.exec(ctx.path);
    const prefix = match ? match[0] : '';
    if (match) ctx.path = ctx.path.slice(prefix.length) || '/';
    ctx.state.origin = `${ctx.protocol}://${ctx.host}`;
    ctx.state.apiBase = `${ctx.state.origin}${prefix}`;
    ctx.state.sandbox = match?.[1] === 'v3-testing';
    await next();
  };
}
