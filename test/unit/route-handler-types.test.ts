// A route's handlers read the parameters of their own route's path: `router.on(ROUTES.x, (ctx) => …)` types
// ctx.params by the path literal of the entry (src-shared/routes.ts). The `@ts-expect-error` lines are the proof:
// `npm run typecheck` fails when one of them is no longer an error.
import { describe, expect, it } from 'vitest';
import { ApiRouter } from '../../src-main/api/router.ts';
import { ROUTES } from '../../src-shared/routes.ts';

function routes(): ApiRouter {
  const router = new ApiRouter('signed-in');
  router.on(ROUTES.shipment, (ctx) => {
    ctx.body = { id: ctx.params.id };
  });
  router.on(ROUTES.order, (ctx) => {
    ctx.body = { number: ctx.params.number };
    // @ts-expect-error /orders/:number has no :id
    ctx.body = { id: ctx.params.id };
  });
  router.on(ROUTES.shipmentSummaries, (ctx) => {
    // @ts-expect-error /shipment-summaries has no parameter at all
    ctx.body = { id: ctx.params.id };
  });
  return router;
}

describe('a route’s handlers are typed by its entry', () => {
  it('registers each route under its path, GET with HEAD', () => {
    expect(routes().routes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /shipments/:id',
      'HEAD /shipments/:id',
      'GET /orders/:number',
      'HEAD /orders/:number',
      'GET /shipment-summaries',
      'HEAD /shipment-summaries',
    ]);
  });
});
