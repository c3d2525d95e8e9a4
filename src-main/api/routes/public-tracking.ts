// GET /track/<trackingHash>: the default target of links.tracking. The hash is a random token, so holding the
// link is the permission; it needs no Bearer token. A browser (Accept: text/html) gets a page for people; a program
// gets the JSON:API tracking resource. Either shows only the tracking state, never the receiver beyond city and country.
import type { ShipmentService } from '../../services/shipments.ts';
import type { ApiRouter } from '../router.ts';
import { respondData } from '../respond.ts';
import { trackingResource } from '../serializers/shipment.ts';
import { trackingPage, unknownParcelPage } from '../tracking-page.ts';
import { StationError } from '../../../src-shared/errors.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export function publicTrackingRoutes(open: ApiRouter, shipments: ShipmentService): void {
  open.on(ROUTES.publicTracking, async (ctx, { params }) => {
    ctx.vary('Accept');
    const forPeople = ctx.accepts('application/vnd.api+json', 'application/json', 'text/html') === 'text/html';
    const found = await shipments.publicTracking(params.hash).catch((error: unknown) => {
      if (forPeople && error instanceof StationError && error.status === 404) return undefined;
      throw error;
    });
    if (!forPeople) {
      respondData(ctx, 200, trackingResource(found!.record, found!.latest));
      return;
    }
    ctx.status = found ? 200 : 404;
    ctx.set('Content-Type', 'text/html; charset=utf-8');
    // The page runs nothing and loads nothing: its own inline style only.
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    ctx.body = found ? trackingPage(found.record, found.history) : unknownParcelPage();
  });
}
