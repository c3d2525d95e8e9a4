// The orders extension (docs/shipments.md, "Orders"): POST /orders and /orders/batch, GET /orders (by status) and
// /orders/<number>, DELETE /orders/<number>. Requests are checked with the shared order rules.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import { ORDER_BATCH_MAX, ORDER_STATUSES, orderRequestWarnings, validateOrderAt, validateOrderDocument, type OrderAttributes, type OrderBatchResult, type OrderStatus } from '../../../src-shared/orders.ts';
import type { Caller } from '../../domain/caller.ts';
import type { OrderService } from '../../services/orders.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { byId, pageRequest, respondPage } from '../paging.ts';
import { parameterError, queryParameter } from '../query.ts';
import { respondData, warningsMeta } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { orderResource } from '../serializers/order.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const LIMIT = { default: 100, max: 1000 } as const;
/** A batch with more faults than this answers the first ones: enough to fix a file by. */
const BATCH_ERRORS_MAX = 100;

export function orderRoutes(router: ApiRouter, orders: OrderService): void {
  const caller = (ctx: ApiContext): Caller => (callerOf(ctx));
  const numberOf = (ctx: ApiContext) => String(ctx.params.number);

  router.on(ROUTES.addOrder, async (ctx: ApiContext) => {
    const order = validateOrderDocument(ctx.state.body);
    if (!order.ok) throw StationError.many(order.errors);
    const resource = orderResource(await orders.create(caller(ctx), order.value), ctx.state.apiBase);
    ctx.set('Location', resource.links.self);
    const customs = orders.customsWarnings(caller(ctx), [{ order: order.value, at: ['data'] }]);
    respondData(ctx, 201, resource, warningsMeta([...orderRequestWarnings(ctx.state.body, ['data']), ...customs]));
  });

  router.on(ROUTES.addOrders, async (ctx: ApiContext) => {
    const data = (ctx.state.body as { data?: unknown } | undefined)?.data;
    const batch = `an array of 1 to ${ORDER_BATCH_MAX} orders, each {"type": "order", "attributes": {…}}`;
    if (!Array.isArray(data)) throw new StationError('field.invalid', ERROR_TEXT.invalidData('data'), { pointer: '/data', meta: { reason: `Expected ${batch}.` } });
    if (data.length === 0 || data.length > ORDER_BATCH_MAX) {
      throw new StationError('order.batchTooLarge', ERROR_TEXT.orderBatchTooLarge(ORDER_BATCH_MAX), { pointer: '/data', meta: { reason: `Expected ${batch}; got ${data.length}.`, maxOrders: ORDER_BATCH_MAX } });
    }
    const valid: { order: OrderAttributes; at: ['data', number] }[] = [];
    const errors: ErrorObject[] = [];
    data.forEach((_, index) => {
      const order = validateOrderAt(ctx.state.body, ['data', index]);
      if (order.ok) valid.push({ order: order.value, at: ['data', index] });
      else errors.push(...order.errors);
    });
    // All or nothing: a file is fixed and sent again, not half imported.
    if (errors.length > 0) throw StationError.many(errors.slice(0, BATCH_ERRORS_MAX));
    const result: OrderBatchResult = await orders.createMany(caller(ctx), valid.map(({ order }) => order));
    const warnings = [...data.flatMap((_, index) => orderRequestWarnings(ctx.state.body, ['data', index])), ...orders.customsWarnings(caller(ctx), valid)];
    respondData(ctx, 200, [], { ...result, ...warningsMeta(warnings) });
  });

  router.on(ROUTES.orders, async (ctx: ApiContext) => {
    const errors: ErrorObject[] = [];
    const status = queryParameter(ctx, 'status');
    if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('status'), 'status', ORDER_STATUSES.join(', '), status));
    }
    const page = pageRequest(ctx, LIMIT, byId, { sizeAliases: ['limit'], errors });
    const found = await orders.list(caller(ctx), {
      status: (status as OrderStatus | undefined) ?? null,
      search: queryParameter(ctx, 'search')?.trim() || null,
      after: page.after,
      limit: page.size + 1,
    });
    respondPage(ctx, page, found, (order) => [order.position], (order) => orderResource(order, ctx.state.apiBase));
  });

  router.on(ROUTES.order, async (ctx: ApiContext) => {
    respondData(ctx, 200, orderResource(await orders.get(caller(ctx), numberOf(ctx)), ctx.state.apiBase));
  });

  router.on(ROUTES.removeOrder, async (ctx: ApiContext) => {
    await orders.remove(caller(ctx), numberOf(ctx));
    ctx.status = 204;
  });
}
