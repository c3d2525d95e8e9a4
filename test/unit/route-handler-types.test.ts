// A route's endpoint receives the request typed by its entry (src-shared/routes.ts): `router.on(ROUTES.x, …)` gives
// it `{ body, params, query }`, params by the entry's path literal, query by the entry's query schema, and the body
// as its own parse step made it. The `@ts-expect-error` lines are the proof: `npm run typecheck` fails when one of
// them is no longer an error. The requests below run through a real router: the parse step runs after the handlers
// before the endpoint, and its refusal stops the request before the endpoint.
import type { Next } from 'koa';
import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../../src-main/api/context.ts';
import { ApiRouter, routing } from '../../src-main/api/router.ts';
import { StationError } from '../../src-shared/errors.ts';
import { ROUTES } from '../../src-shared/routes.ts';

function routes(): ApiRouter {
  const router = new ApiRouter('signed-in');
  router.on(ROUTES.shipment, (ctx, { params }) => {
    ctx.body = { id: params.id, same: ctx.params.id };
  });
  router.on(ROUTES.order, (ctx, { params }) => {
    ctx.body = { number: params.number };
    // @ts-expect-error /orders/:number has no :id
    ctx.body = { id: params.id };
    // @ts-expect-error nor has ctx.params
    ctx.body = { id: ctx.params.id };
  });
  router.on(ROUTES.shipmentSummaries, (ctx, { params, query }) => {
    // The entry's parameters, each filter[name] by its plain name too.
    ctx.body = { from: query.dateFrom ?? query['filter[dateFrom]'], by: query.createdBy, size: query['page[size]'] };
    // @ts-expect-error the entry lists no `status` parameter
    ctx.body = { status: query.status };
    // @ts-expect-error /shipment-summaries has no parameter at all
    ctx.body = { id: params.id };
  });
  router.on(ROUTES.shipmentSummaries, (ctx) => {
    // @ts-expect-error nor has ctx.params
    ctx.body = { id: ctx.params.id };
  });
  router.on(ROUTES.tracking, (ctx, { query, body }) => {
    // @ts-expect-error an entry without a query schema has no query parameter to read
    ctx.body = { format: query.format };
    // A route that takes no body has none.
    const none: undefined = body;
    ctx.body = none;
  });
  router.on(ROUTES.addOrder, {
    parse: (raw) => ({ number: String((raw as { number?: unknown }).number), count: 1 }),
    handle: (ctx, { body }) => {
      ctx.body = { number: body.number, count: body.count };
      // @ts-expect-error the parse step makes no `shipTo`
      ctx.body = { shipTo: body.shipTo };
    },
  });
  // @ts-expect-error a route whose entry takes a body parses it: a plain handler is refused
  router.on(ROUTES.addOrder, (ctx) => {
    ctx.body = {};
  });
  router.on(ROUTES.verifyShipment, (ctx, next: Next) => next(), {
    parse: (raw) => ({ scanned: String(raw) }),
    handle: (ctx, { body, params }) => {
      ctx.body = { id: params.id, scanned: body.scanned };
      // @ts-expect-error /shipments/:id/verifications has no :number
      ctx.body = { number: params.number };
    },
  });
  return router;
}

/** A request through the router's one middleware: the context it answered on, or the refusal. */
async function request(
  router: ApiRouter,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string | string[]> } = {},
) {
  const ctx = {
    method,
    path,
    query: options.query ?? {},
    state: { route: path, body: options.body },
    body: undefined as unknown,
  } as unknown as ApiContext;
  await routing(router)(ctx);
  return ctx.body;
}

describe('a route’s endpoint is typed by its entry', () => {
  it('registers each route under its path, GET with HEAD', () => {
    expect(routes().routes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /shipments/:id',
      'HEAD /shipments/:id',
      'GET /orders/:number',
      'HEAD /orders/:number',
      'GET /shipment-summaries',
      'HEAD /shipment-summaries',
      'GET /shipment-summaries',
      'HEAD /shipment-summaries',
      'GET /shipments/:id/tracking',
      'HEAD /shipments/:id/tracking',
      'POST /orders',
      'POST /orders',
      'POST /shipments/:id/verifications',
    ]);
  });

  it('hands the endpoint the path’s parameters and the entry’s query parameters, a plain name read in its filter form too', async () => {
    const router = new ApiRouter('signed-in');
    router.on(ROUTES.shipment, (ctx, { params }) => {
      ctx.body = params;
    });
    router.on(ROUTES.shipmentSummaries, (ctx, { query }) => {
      ctx.body = { ...query };
    });
    expect(await request(router, 'GET', '/shipments/SH-1')).toEqual({ id: 'SH-1' });
    const query = (await request(router, 'GET', '/shipment-summaries', {
      query: { 'filter[createdBy]': 'ana', dateFrom: ['first', 'last'], unlisted: 'x' },
    })) as Record<string, unknown>;
    expect(query).toMatchObject({ 'filter[createdBy]': 'ana', createdBy: 'ana', dateFrom: 'last', 'filter[dateFrom]': undefined });
    expect(query).not.toHaveProperty('unlisted');
  });

  it('runs the parse step after the handlers before the endpoint, and a refusal of it stops the request there', async () => {
    const seen: string[] = [];
    const router = new ApiRouter('signed-in');
    router.on(
      ROUTES.addOrder,
      (ctx, next: Next) => {
        seen.push('before');
        return next();
      },
      {
        parse: (raw) => {
          seen.push('parse');
          if (typeof raw !== 'object' || raw === null) throw new StationError('field.invalid', 'not an order');
          return { order: raw };
        },
        handle: (ctx, { body }) => {
          seen.push('handle');
          ctx.body = body;
        },
      },
    );
    expect(await request(router, 'POST', '/orders', { body: { number: 'A-1' } })).toEqual({ order: { number: 'A-1' } });
    expect(seen).toEqual(['before', 'parse', 'handle']);
    seen.length = 0;
    await expect(request(router, 'POST', '/orders', { body: 'text' })).rejects.toThrow('not an order');
    expect(seen).toEqual(['before', 'parse']);
  });
});
