// GET /outbox (README, "Integrations"): the caller's scheduled shipments still to be sent, being sent, or failed
// in the last week, oldest first, each with why; and each upstream service's reachability in top-level meta.
import type { OutboxEntryResource, UpstreamHealthMeta } from '../../../src-shared/upstream.ts';
import type { UpstreamService } from '../../services/upstream.ts';
import type { ApiContext } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';

export function outboxRoutes(router: ApiRouter, upstream: UpstreamService): void {
  router.get('/outbox', async (ctx: ApiContext) => {
    const { entries, upstreams } = await upstream.outbox({ client: ctx.state.client!, sandbox: ctx.state.sandbox });
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
    respondData(ctx, 200, data, { upstreams: upstreams satisfies UpstreamHealthMeta[] });
  });
}
