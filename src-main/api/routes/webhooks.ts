// The webhooks extension (README, "Integrations"): GET/POST /webhooks, GET/PATCH/DELETE /webhooks/<id>,
// GET /webhooks/<id>/deliveries (the delivery log, newest first) and POST /webhooks/<id>/replay.
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
import { validateNewWebhook, validateReplay, validateWebhookChange } from '../../../src-shared/webhooks.ts';
import { actorOf } from '../../domain/caller.ts';
import type { DeliveryStatus } from '../../domain/webhook.ts';
import type { WebhookService } from '../../services/webhooks.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { deliveryResource, webhookResource } from '../serializers/webhook.ts';

const PAGE = { default: 50, max: 500 } as const;

function deliveryFilter(ctx: ApiContext) {
  const text = (name: string) => {
    const value = ctx.query[name];
    return Array.isArray(value) ? value[value.length - 1] : value;
  };
  const size = text('page[size]');
  const before = text('page[before]');
  const status = text('filter[status]');
  const errors = [];
  if (size !== undefined && !/^[1-9][0-9]{0,5}$/.test(size)) errors.push(errorObject(400, ERROR_TEXT.invalidOrEmptyParameter('page[size]'), undefined, 'page[size]'));
  if (before !== undefined && !/^[0-9]{1,15}$/.test(before)) errors.push(errorObject(400, ERROR_TEXT.invalidOrEmptyParameter('page[before]'), undefined, 'page[before]'));
  if (status !== undefined && !['pending', 'delivered', 'dead'].includes(status)) errors.push(errorObject(400, ERROR_TEXT.invalidOrEmptyParameter('filter[status]'), undefined, 'filter[status]'));
  if (errors.length > 0) throw StationError.many(400, errors);
  return { before: before ?? null, status: (status ?? null) as DeliveryStatus | null, limit: Math.min(Number(size ?? PAGE.default), PAGE.max) };
}

export function webhookRoutes(router: ApiRouter, webhooks: WebhookService): void {
  const actor = (ctx: ApiContext) => actorOf(callerOf(ctx));
  const id = (ctx: ApiContext) => String(ctx.params.id);

  router.get('/webhooks', async (ctx: ApiContext) => {
    respondData(ctx, 200, (await webhooks.list(actor(ctx))).map((webhook) => webhookResource(webhook)));
  });

  router.post('/webhooks', async (ctx: ApiContext) => {
    const request = validateNewWebhook(ctx.state.body);
    if (!request.ok) throw StationError.many(400, request.errors);
    const added = await webhooks.add(actor(ctx), request.value);
    ctx.set('Location', `${ctx.state.apiBase}/webhooks/${added.id}`);
    respondData(ctx, 201, webhookResource({ ...added, pending: 0 }, true));
  });

  router.get('/webhooks/:id', async (ctx: ApiContext) => {
    respondData(ctx, 200, webhookResource(await webhooks.get(actor(ctx), id(ctx))));
  });

  router.patch('/webhooks/:id', async (ctx: ApiContext) => {
    const change = validateWebhookChange(ctx.state.body);
    if (!change.ok) throw StationError.many(400, change.errors);
    respondData(ctx, 200, webhookResource(await webhooks.setStatus(actor(ctx), id(ctx), change.value.status)));
  });

  router.delete('/webhooks/:id', async (ctx: ApiContext) => {
    await webhooks.remove(actor(ctx), id(ctx));
    ctx.status = 204;
  });

  router.get('/webhooks/:id/deliveries', async (ctx: ApiContext) => {
    const filter = deliveryFilter(ctx);
    const found = await webhooks.deliveries(actor(ctx), id(ctx), filter);
    respondData(ctx, 200, found.map(deliveryResource), found.length === filter.limit ? { next: found.at(-1)!.id } : undefined);
  });

  router.post('/webhooks/:id/replay', async (ctx: ApiContext) => {
    const range = validateReplay(ctx.state.body);
    if (!range.ok) throw StationError.many(400, range.errors);
    const queued = await webhooks.replay(actor(ctx), id(ctx), range.value);
    respondData(ctx, 202, { type: 'webhookReplay', id: `${range.value.fromEventId}-${range.value.toEventId}`, attributes: { ...range.value, queued } });
  });
}
