// The packing setup extension (docs/desk.md, "Scan to ship"): GET /packing, the station's box presets, packing rules
// and weight check, and PATCH /packing (supervisor) to change any of them.
import type { PackingSetup, PackingSetupResource } from '../../../src-shared/packing-setup.ts';
import type { PackingSetupService } from '../../services/packing-setup.ts';
import { callerOf } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const resource = (attributes: PackingSetup): PackingSetupResource => ({ type: 'packingSetup', id: 'station', attributes });

export function packingSetupRoutes(router: ApiRouter, packing: PackingSetupService): void {
  router.on(ROUTES.packing, async (ctx) => {
    respondData(ctx, 200, resource(await packing.get()));
  });

  // The setup's rules hold between its members and the setup as it is (a member not sent keeps its value): the
  // service checks the document against the current setup, so the parse step hands it on as sent.
  router.on(ROUTES.changePacking, {
    parse: (raw): unknown => raw,
    handle: async (ctx, { body: document }) => {
      respondData(ctx, 200, resource(await packing.configure(callerOf(ctx), document)));
    },
  });
}
