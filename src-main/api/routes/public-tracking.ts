// GET /track/<trackingHash>: the default target of links.tracking. The hash is a random token, so holding the
// link is the permission; it needs no Bearer token and shows only the tracking state.
import type { ShipmentService } from '../../services/shipments.ts';
import type { ApiContext } from '../context.ts';
import type { ApiRouter } from '../router.ts';
import { respondData } from '../respond.ts';
import { trackingResource } from '../serializers/shipment.ts';

export function publicTrackingRoutes(open: ApiRouter, shipments: ShipmentService): void {
  open.get('/track/:hash', async (ctx: ApiContext) => {
    const { record, latest } = await shipments.publicTracking(String(ctx.params.hash));
    respondData(ctx, 200, trackingResource(record, latest));
  });
}
