// The pickups extension (docs/shipments.md, "End of day"): GET /pickups (by date and carrier), one per carrier, address and
// day, and DELETE /pickups/<id>, the cancel of the collection shipment <id> is part of, until its carrier's deadline.
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import { ERROR_TEXT } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import type { PickupResource } from '../../../src-shared/manifests.ts';
import type { PickupCursor, PickupService } from '../../services/pickups.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { pageRequest, respondPage, text, type KeyReader } from '../paging.ts';
import { parameterError } from '../query.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const LIMIT = { default: 200, max: 1000 } as const;

/** A page of collections starts after one: its day, carrier and id. */
const byCollection: KeyReader<PickupCursor> = ([date, carrierCode, id, ...rest]) =>
  rest.length === 0 && text(date) && isCalendarDate(date) && text(carrierCode) && text(id) ? { date, carrierCode, id } : undefined;

export function pickupRoutes(router: ApiRouter, pickups: PickupService): void {
  const caller = (ctx: ApiContext) => callerOf(ctx);

  router.on(ROUTES.pickups, async (ctx, { query }) => {
    const errors: ErrorObject[] = [];
    const date = query.date ?? null;
    if (date !== null && !isCalendarDate(date))
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('date'), 'date', 'a date as YYYY-MM-DD', date));
    const page = pageRequest(ctx, LIMIT, byCollection, { sizeAliases: ['limit'], errors });
    const found = await pickups.list(caller(ctx), {
      date,
      carrier: query.carrier?.trim().toUpperCase() || null,
      after: page.after,
      limit: page.size + 1,
      site: query.site ?? null,
    });
    respondPage(
      ctx,
      page,
      found,
      (pickup) => [pickup.collectionDate, pickup.carrierCode, pickup.shipmentId],
      (pickup) =>
        ({
          type: 'pickup',
          id: pickup.shipmentId,
          attributes: {
            carrier: pickup.carrierCode,
            carrierName: pickup.carrierName,
            date: pickup.collectionDate,
            address: {
              name: pickup.address.name,
              address1: pickup.address.address1,
              city: pickup.address.city,
              postalCode: String(pickup.address.postalCode),
              country: pickup.address.country,
            },
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
    );
  });

  router.on(ROUTES.cancelPickup, async (ctx, { params }) => {
    await pickups.cancel(caller(ctx), params.id);
    ctx.status = 204;
  });
}
