// The orders extension (docs/shipments.md, "Orders"): POST /orders and /orders/batch, GET /orders (by status) and
// /orders/<number>, DELETE /orders/<number>; a file of orders as it is (POST /orders/import) and the account's
// column templates (/order-templates). Requests are checked with the shared order rules.
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
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
import type { OrderFileImport, OrderFileService } from '../../services/order-files.ts';
import { ORDER_FORMAT_IDS, type OrderTemplate } from '../../../src-shared/order-reading.ts';
import { orderTemplateRequestSchema, type OrderTemplateResource } from '../../../src-shared/order-files.ts';
import { validateResource } from '../../../src-shared/resource-validation.ts';
import { asFlag } from '../../../src-shared/shipment-validation/fields.ts';
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

/** A saved template as the API answers it: its name is its id. */
const templateResource = (template: OrderTemplate): OrderTemplateResource => ({
  type: 'orderTemplate',
  id: template.name,
  attributes: { headers: template.headers, mapping: template.mapping },
});

/** A file whose orders could not be imported for their faults: each fault its own error, by order, row and column. */
function faultyFile(answer: OrderFileImport): StationError {
  const first = ERROR_TEXT.orderFileFaulty(answer.faulty);
  return StationError.many(
    answer.faults.slice(0, BATCH_ERRORS_MAX).map((fault) => ({
      ...errorObject('order.fileFaulty', first),
      meta: { reason: fault.text, order: fault.order, row: fault.row, column: fault.column, field: fault.field },
    })),
  );
}

export function orderRoutes(router: ApiRouter, orders: OrderService, files: OrderFileService): void {
  const caller = (ctx: ApiContext): Caller => callerOf(ctx);

  router.on(ROUTES.importOrders, {
    // The body is the file's bytes as they came (middleware/body.ts, fileBody): read by the service.
    parse: (raw) => (raw instanceof Uint8Array ? raw : new Uint8Array()),
    handle: async (ctx, { body, query }) => {
      const errors: ErrorObject[] = [];
      const format = query.format?.trim() || null;
      if (format !== null && !(ORDER_FORMAT_IDS as readonly string[]).includes(format))
        errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('format'), 'format', ORDER_FORMAT_IDS.join(', '), format));
      const commitText = query.commit?.trim().toLowerCase() ?? '';
      const commit = commitText === '' ? false : asFlag(commitText);
      if (commit === undefined)
        errors.push(
          parameterError(ERROR_TEXT.invalidOrEmptyParameter('commit'), 'commit', 'true (import) or false (only read)', commitText),
        );
      if (errors.length > 0) throw StationError.many(errors);
      const answer = await files.importFile(caller(ctx), body, {
        format: format as (typeof ORDER_FORMAT_IDS)[number] | null,
        template: query.template?.trim() || null,
        commit: commit === true,
        fileName: null,
      });
      if (commit && !answer.committed) throw faultyFile(answer);
      respondData(ctx, 200, [], answer);
    },
  });

  router.on(ROUTES.orderTemplates, async (ctx) => {
    respondData(ctx, 200, (await files.templates(caller(ctx))).map(templateResource));
  });

  router.on(ROUTES.saveOrderTemplate, {
    parse: (raw) => {
      const checked = validateResource(raw, 'orderTemplate', orderTemplateRequestSchema, false);
      if (!checked.ok) throw StationError.many(checked.errors);
      return checked.value;
    },
    handle: async (ctx, { body }) => {
      const saved = await files.saveTemplate(caller(ctx), { name: body.name, headers: body.headers, mapping: body.mapping });
      respondData(ctx, 200, templateResource(saved));
    },
  });

  router.on(ROUTES.removeOrderTemplate, async (ctx, { params }) => {
    await files.removeTemplate(caller(ctx), params.name);
    ctx.status = 204;
  });

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
