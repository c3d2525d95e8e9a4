// The pickups extension (README, "End of day"): GET /pickups (by date and carrier), one per carrier, address and
// day, and DELETE /pickups/<id>, the cancel of the collection shipment <id> is part of, until its carrier's deadline.
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import type { PickupResource } from '../../../src-shared/manifests.ts';
import type { PickupService } from '../../services/pickups.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { queryParameter } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';

const LIMIT = { default: 200, max: 1000 } as const;

export function pickupRoutes(router: ApiRouter, pickups: PickupService): void {
  const caller = (ctx: ApiContext) => (callerOf(ctx));

  router.get('/pickups', async (ctx: ApiContext) => {
    const errors: ErrorObject[] = [];
    const date = queryParameter(ctx, 'date') ?? null;
    if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.push(errorObject(400, ERROR_TEXT.invalidOrEmptyParameter('date'), undefined, 'date'));
    const limitText = queryParameter(ctx, 'limit');
    if (limitText !== undefined && !/^[1-9][0-9]{0,5}$/.test(limitText)) errors.push(errorObject(400, ERROR_TEXT.invalidLimit(limitText), undefined, 'limit'));
    if (errors.length > 0) throw StationError.many(400, errors);
    const found = await pickups.list(caller(ctx), {
      date,
      carrier: queryParameter(ctx, 'carrier')?.trim().toUpperCase() || null,
      limit: Math.min(Number(limitText ?? LIMIT.default), LIMIT.max),
    });
    respondData(
      ctx,
      200,
      found.map(
        (pickup) =>
          ({
            type: 'pickup',
            id: pickup.shipmentId,
            attributes: {
              carrier: pickup.carrierCode,
              carrierName: pickup.carrierName,
              date: pickup.collectionDate,
              address: { name: pickup.address.name, address1: pickup.address.address1, city: pickup.address.city, postalCode: String(pickup.address.postalCode), country: pickup.address.country },
              parcels: pickup.parcels,
              reference: pickup.reference,
              trackingNumber: pickup.trackingNumber,
              shipments: pickup.shipments.map((shipment) => ({ ...shipment })),
              status: pickup.status,
              cancelBefore: pickup.cancelBefore,
              cancellable: pickup.cancellable,
              cancelledAt: pickup.cancelledAt,
            },
          }) satisfies PickupResource,
      ),
    );
  });

  router.delete('/pickups/:id', async (ctx: ApiContext) => {
    await pickups.cancel(caller(ctx), String(ctx.params.id));
    ctx.status = 204;
  });
}
