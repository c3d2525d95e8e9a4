// GET /track/<trackingHash>: the default target of links.tracking. The hash is a random token, so holding the
// link is the permission; it needs no Bearer token and shows only the tracking state.
import Router from '@koa/router';
import type { ShipmentService } from '../../services/shipments.ts';
import type { ApiContext, ApiState } from '../context.ts';
import { respondData } from '../respond.ts';
import { trackingResource } from '../serializers/shipment.ts';

export function publicTrackingRoutes(shipments: ShipmentService): Router<ApiState> {
  const router = new Router<ApiState>();
  router.get('/track/:hash', (ctx: ApiContext) => {
    const { record, latest } = shipments.publicTracking(String(ctx.params.hash));
    respondData(ctx, 200, trackingResource(record, latest));
  });
  return router;
}
