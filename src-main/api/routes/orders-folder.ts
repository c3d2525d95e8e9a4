// The watched orders folder's setting (docs/shipments.md, "Watched folder"): GET /orders-folder, the folder, its
// user and whether this station watches it now, for every role; PATCH /orders-folder (admin) to change it.
import { StationError } from '../../../src-shared/errors.ts';
import { ROUTES } from '../../../src-shared/routes.ts';
import { validateOrdersFolderChange, type OrdersFolderAttributes, type OrdersFolderResource } from '../../../src-shared/watched-folder.ts';
import type { OrdersFolderControl } from '../../services/orders-folder-setting.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';

export function ordersFolderRoutes(router: ApiRouter, ordersFolder: OrdersFolderControl): void {
  const answer = (ctx: ApiContext, attributes: OrdersFolderAttributes) =>
    respondData(ctx, 200, { type: 'ordersFolder', id: 'station', attributes } satisfies OrdersFolderResource);

  router.on(ROUTES.ordersFolder, async (ctx) => answer(ctx, await ordersFolder.describe()));

  router.on(ROUTES.changeOrdersFolder, {
    parse: (raw) => {
      const change = validateOrdersFolderChange(raw);
      if (!change.ok) throw StationError.many(change.errors);
      return change.value;
    },
    handle: async (ctx, { body: change }) => answer(ctx, await ordersFolder.change(callerOf(ctx), change)),
  });
}
