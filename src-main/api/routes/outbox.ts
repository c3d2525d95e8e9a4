// GET /outbox (docs/integrations.md, "Integrations"): the caller's scheduled shipments still to be sent, being sent, or failed
// in the last week, oldest first, each with why; in top-level meta, each upstream service's reachability and the
// closed manifests waiting to be sent to their upstream service, or refused there.
import type { OutboxEntryResource, UpstreamHealthMeta } from '../../../src-shared/upstream.ts';
import type { ManifestService } from '../../services/manifests.ts';
import type { UpstreamService } from '../../services/upstream.ts';
import { manifestResource } from './manifests.ts';
import { callerOf } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export function outboxRoutes(router: ApiRouter, upstream: UpstreamService, manifests: ManifestService): void {
  router.on(ROUTES.outbox, async (ctx) => {
    const caller = callerOf(ctx);
    const [{ entries, upstreams }, unsent] = await Promise.all([upstream.outbox(caller), manifests.unsent(caller)]);
    const data = entries.map(
      ({ shipment, state, reason }) =>
        ({
          type: 'outboxEntry',
          id: shipment.id,
          attributes: {
            reference: state === 'failed' ? shipment.reference : null,
            shipToName: shipment.attributes.shipTo.name,
            shipToCountry: shipment.attributes.shipTo.country,
            carrierChoice: shipment.carrierChoice,
            state,
            reason,
            createdAt: shipment.createdAt,
          },
        }) satisfies OutboxEntryResource,
    );
    respondData(ctx, 200, data, {
      upstreams: upstreams satisfies UpstreamHealthMeta[],
      manifests: unsent.map((manifest) => manifestResource(manifest, ctx.state.apiBase)),
    });
  });
}
