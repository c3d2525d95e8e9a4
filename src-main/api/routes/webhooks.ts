// The webhooks extension (docs/integrations.md, "Integrations"): GET/POST /webhooks, GET/PATCH/DELETE /webhooks/<id>,
// GET /webhooks/<id>/deliveries (the delivery log, newest first) and POST /webhooks/<id>/replay.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { validateNewWebhook, validateReplay, validateWebhookChange } from '../../../src-shared/webhooks.ts';
import { actorOf } from '../../domain/caller.ts';
import type { DeliveryStatus } from '../../domain/webhook.ts';
import type { WebhookService } from '../../services/webhooks.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { byId, pageRequest, plainId, respondPage } from '../paging.ts';
import { parameterError } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter, QueryOf } from '../router.ts';
import { deliveryResource, webhookResource } from '../serializers/webhook.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const PAGE = { default: 50, max: 500 } as const;
const DELIVERY_STATUSES = ['pending', 'delivered', 'dead'];

/** The delivery log's page and `filter[status]`; `page[before]` (a delivery id) is the older cursor it keeps taking. */
function deliveryFilter(ctx: ApiContext, query: QueryOf<typeof ROUTES.webhookDeliveries>) {
  const status = query.status;
  const errors = [];
  if (status !== undefined && !DELIVERY_STATUSES.includes(status))
    errors.push(
      parameterError(ERROR_TEXT.invalidOrEmptyParameter('filter[status]'), 'filter[status]', DELIVERY_STATUSES.join(', '), status),
    );
  const page = pageRequest(ctx, PAGE, byId, {
    plainAfter: { name: 'page[before]', read: plainId, expected: 'the id of a delivery: the page starts at the one before it' },
    errors,
  });
  return {
    page,
    filter: {
      before: page.after === null ? null : String(page.after),
      status: (status ?? null) as DeliveryStatus | null,
      limit: page.size + 1,
    },
  };
}

export function webhookRoutes(router: ApiRouter, webhooks: WebhookService): void {
  const actor = (ctx: ApiContext) => actorOf(callerOf(ctx));

  router.on(ROUTES.webhooks, async (ctx) => {
    respondData(
      ctx,
      200,
      (await webhooks.list(actor(ctx))).map((webhook) => webhookResource(webhook)),
    );
  });

  router.on(ROUTES.addWebhook, {
    parse: (raw) => {
      const request = validateNewWebhook(raw);
      if (!request.ok) throw StationError.many(request.errors);
      return request.value;
    },
    handle: async (ctx, { body: request }) => {
      const added = await webhooks.add(actor(ctx), request, callerOf(ctx).sandbox ? 'sandbox' : 'live');
      ctx.set('Location', `${ctx.state.apiBase}/webhooks/${added.id}`);
      respondData(ctx, 201, webhookResource({ ...added, pending: 0 }, true));
    },
  });

  router.on(ROUTES.webhook, async (ctx, { params }) => {
    respondData(ctx, 200, webhookResource(await webhooks.get(actor(ctx), params.id)));
  });

  router.on(ROUTES.changeWebhook, {
    parse: (raw) => {
      const change = validateWebhookChange(raw);
      if (!change.ok) throw StationError.many(change.errors);
      return change.value;
    },
    handle: async (ctx, { body: change, params }) => {
      const changed = await webhooks.change(actor(ctx), params.id, change);
      // A rotated secret is answered this once, as on create.
      respondData(ctx, 200, webhookResource(changed, changed.rotated));
    },
  });

  router.on(ROUTES.removeWebhook, async (ctx, { params }) => {
    await webhooks.remove(actor(ctx), params.id);
    ctx.status = 204;
  });

  router.on(ROUTES.webhookDeliveries, async (ctx, { params, query }) => {
    const { page, filter } = deliveryFilter(ctx, query);
    const found = await webhooks.deliveries(actor(ctx), params.id, filter);
    respondPage(ctx, page, found, (delivery) => [Number(delivery.id)], deliveryResource);
  });

  router.on(ROUTES.replayWebhook, {
    parse: (raw) => {
      const request = validateReplay(raw);
      if (!request.ok) throw StationError.many(request.errors);
      return request.value;
    },
    handle: async (ctx, { body: range, params }) => {
      const queued = await webhooks.replay(actor(ctx), params.id, range);
      respondData(ctx, 202, { type: 'webhookReplay', id: `${range.fromEventId}-${range.toEventId}`, attributes: { ...range, queued } });
    },
  });
}
