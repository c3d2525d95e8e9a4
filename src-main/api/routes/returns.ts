// POST /shipments/<id>/returns: the return label of a processed shipment, made by services/returns.ts and answered
// as the new shipment (meta.returnOf, and meta.printJob when it was printed with the outbound label).
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { validateReturnRequest } from '../../../src-shared/returns.ts';
import { ROUTES } from '../../../src-shared/routes.ts';
import type { IdempotencyKeyRecord } from '../../domain/idempotency.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import type { IdempotencyService } from '../../services/idempotency.ts';
import type { ReturnService } from '../../services/returns.ts';
import type { ShipmentService } from '../../services/shipments.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { idempotencyTicket, idempotent } from '../middleware/idempotency.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { printJobResource } from '../serializers/printing.ts';
import { shipmentResource } from '../serializers/shipment.ts';

export interface ReturnRoutesDeps {
  returns: ReturnService;
  shipments: ShipmentService;
  idempotency: IdempotencyService;
  trackingBaseUrl?: string;
}

export function returnRoutes(router: ApiRouter, deps: ReturnRoutesDeps): void {
  const resourceOf = (ctx: ApiContext, record: ShipmentRecord) =>
    shipmentResource(record, ctx.state.apiBase, deps.trackingBaseUrl?.replace(/\/$/, '') ?? `${ctx.state.origin}/track`);
  const answer = (ctx: ApiContext, record: ShipmentRecord, meta?: Record<string, unknown>) => {
    const resource = resourceOf(ctx, record);
    ctx.set('Location', resource.links.self);
    respondData(ctx, record.scheduled ? 202 : 201, resource, meta);
  };
  /** A return committed with its key, answered again: the same return, never a second one (nor a second print). */
  const answerAgain = async (ctx: ApiContext, record: IdempotencyKeyRecord) => {
    const shipment = await deps.shipments.acknowledged(callerOf(ctx), record.subjectId);
    // The return the key made is gone: the key names nothing to answer with.
    if (!shipment) throw new StationError('idempotency.recordGone', ERROR_TEXT.shipmentNotFound, { header: 'Idempotency-Key' });
    answer(ctx, shipment);
  };

  router.on(ROUTES.createReturn, idempotent(deps.idempotency, answerAgain), {
    parse: (raw) => {
      const request = validateReturnRequest(raw);
      if (!request.ok) throw StationError.many(request.errors);
      return request.value;
    },
    handle: async (ctx, { body: request, params }) => {
      const made = await deps.returns.create(callerOf(ctx), params.id, request, idempotencyTicket(ctx));
      const meta = made.printJob
        ? { printJob: printJobResource(made.printJob, ctx.state.apiBase) }
        : made.printError
          ? { printError: made.printError, ...(made.printRefusal ? { printRefusal: made.printRefusal } : {}) }
          : undefined;
      answer(ctx, made.record, meta);
    },
  });
}
