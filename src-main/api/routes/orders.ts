// The orders extension (docs/shipments.md, "Orders"): POST /orders and /orders/batch, GET /orders (by status) and
// /orders/<number>, DELETE /orders/<number>. Requests are checked with the shared order rules.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import {
  ORDER_BATCH_MAX,
  ORDER_STATUSES,
  orderRequestWarnings,
  validateOrderAt,
  validateOrderDocument,
  type OrderAttributes,
  type OrderBatchResult,
  type OrderStatus,
} from '../../../src-shared/orders.ts';
import type { Caller } from '../../domain/caller.ts';
import type { OrderService } from '../../services/orders.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { byId, pageRequest, respondPage } from '../paging.ts';
import { parameterError } from '../query.ts';
import { respondData, warningsMeta } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { orderResource } from '../serializers/order.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const LIMIT = { default: 100, max: 1000 } as const;
/** A batch with more faults than this answers the first ones: enough to fix a file by. */
const BATCH_ERRORS_MAX = 100;

export function orderRoutes(router: ApiRouter, orders: OrderService): void {
  const caller = (ctx: ApiContext): Caller => callerOf(ctx);

  router.on(ROUTES.addOrder, {
    parse: (raw) => {
      const order = validateOrderDocument(raw);
      if (!order.ok) throw StationError.many(order.errors);
      return { order: order.value, warnings: orderRequestWarnings(raw, ['data']) };
    },
    handle: async (ctx, { body: { order, warnings } }) => {
      const resource = orderResource(await orders.create(caller(ctx), order), ctx.state.apiBase);
      ctx.set('Location', resource.links.self);
      const customs = orders.customsWarnings(caller(ctx), [{ order, at: ['data'] }]);
      respondData(ctx, 201, resource, warningsMeta([...warnings, ...customs]));
    },
  });

  router.on(ROUTES.addOrders, {
    parse: (raw) => {
      const data = (raw as { data?: unknown } | undefined)?.data;
      const batch = `an array of 1 to ${ORDER_BATCH_MAX} orders, each {"type": "order", "attributes": {…}}`;
      if (!Array.isArray(data))
        throw new StationError('field.invalid', ERROR_TEXT.invalidData('data'), {
          pointer: '/data',
          meta: { reason: `Expected ${batch}.` },
        });
      if (data.length === 0 || data.length > ORDER_BATCH_MAX) {
        throw new StationError('order.batchTooLarge', ERROR_TEXT.orderBatchTooLarge(ORDER_BATCH_MAX), {
          pointer: '/data',
          meta: { reason: `Expected ${batch}; got ${data.length}.`, maxOrders: ORDER_BATCH_MAX },
        });
      }
      const valid: { order: OrderAttributes; at: ['data', number] }[] = [];
      const errors: ErrorObject[] = [];
      data.forEach((_, index) => {
        const order = validateOrderAt(raw, ['data', index]);
        if (order.ok) valid.push({ order: order.value, at: ['data', index] });
        else errors.push(...order.errors);
      });
      // All or nothing: a file is fixed and sent again, not half imported.
      if (errors.length > 0) throw StationError.many(errors.slice(0, BATCH_ERRORS_MAX));
      return { valid, warnings: data.flatMap((_, index) => orderRequestWarnings(raw, ['data', index])) };
    },
    handle: async (ctx, { body: { valid, warnings } }) => {
      const result: OrderBatchResult = await orders.createMany(
        caller(ctx),
        valid.map(({ order }) => order),
      );
      respondData(ctx, 200, [], { ...result, ...warningsMeta([...warnings, ...orders.customsWarnings(caller(ctx), valid)]) });
    },
  });

  router.on(ROUTES.orders, async (ctx, { query }) => {
    const errors: ErrorObject[] = [];
    const status = query.status;
    if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('status'), 'status', ORDER_STATUSES.join(', '), status));
    }
    const page = pageRequest(ctx, LIMIT, byId, { sizeAliases: ['limit'], errors });
    const found = await orders.list(caller(ctx), {
      status: (status as OrderStatus | undefined) ?? null,
      search: query.search?.trim() || null,
      after: page.after,
      limit: page.size + 1,
    });
    respondPage(
      ctx,
      page,
      found,
      (order) => [order.position],
      (order) => orderResource(order, ctx.state.apiBase),
    );
  });

  router.on(ROUTES.order, async (ctx, { params }) => {
    respondData(ctx, 200, orderResource(await orders.get(caller(ctx), params.number), ctx.state.apiBase));
  });

  router.on(ROUTES.removeOrder, async (ctx, { params }) => {
    await orders.remove(caller(ctx), params.number);
    ctx.status = 204;
  });
}
