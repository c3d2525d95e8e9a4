// The /test echo of spec 4.3, byte for byte as in the examples: type, id, attributes.query (only when a
// query was sent), meta.method.
import type { ApiContext } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

function echo(ctx: ApiContext, id: string | null): void {
  const query = ctx.query;
  const data =
    Object.keys(query).length > 0
      ? { type: 'test', id, attributes: { query }, meta: { method: ctx.method } }
      : { type: 'test', id, meta: { method: ctx.method } };
  respondData(ctx, 200, data);
}

export function testEchoRoutes(router: ApiRouter): void {
  router.on(ROUTES.test, (ctx) => echo(ctx, null));
  router.on(ROUTES.testWithId, (ctx, { params }) => echo(ctx, params.id));
}
