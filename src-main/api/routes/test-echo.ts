// The /test echo of spec 4.3, byte for byte as in the examples: type, id, attributes.query (only when a
// query was sent), meta.method.
import Router from '@koa/router';
import type { AuthenticationService } from '../../services/authentication.ts';
import type { ApiContext, ApiState } from '../context.ts';
import { requireBearer } from '../middleware/authorization.ts';
import { respondData } from '../respond.ts';

function echo(ctx: ApiContext, id: string | null): void {
  const query = ctx.query;
  const data =
    Object.keys(query).length > 0
      ? { type: 'test', id, attributes: { query }, meta: { method: ctx.method } }
      : { type: 'test', id, meta: { method: ctx.method } };
  respondData(ctx, 200, data);
}

export function testEchoRoutes(authentication: AuthenticationService): Router<ApiState> {
  const router = new Router<ApiState>();
  const authorize = requireBearer(authentication);
  router.get('/test', authorize, (ctx: ApiContext) => echo(ctx, null));
  router.get('/test/:id', authorize, (ctx: ApiContext) => echo(ctx, String(ctx.params.id)));
  return router;
}
