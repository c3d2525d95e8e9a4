// The account's sites (docs/operations.md, "Sites"): GET/POST /warehouses, GET/PATCH /warehouses/<id>, and
// POST /warehouses/<id>/desk, which tells the desk that answers which site it stands at. Routes check the request's
// shape; the warehouse service refuses other roles (403), unknown sites (404) and a name taken (409), and audits.
import { validateNewWarehouse, validateWarehouseChange, type Site, type WarehouseResource } from '../../../src-shared/warehouses.ts';
import { ROUTES } from '../../../src-shared/routes.ts';
import type { WarehouseService } from '../../services/warehouses.ts';
import { callerOf } from '../context.ts';
import { actorOf } from '../../domain/caller.ts';
import { checked } from '../json-input.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';

export function warehouseResource(site: Site, deskSite: number): WarehouseResource {
  return {
    type: 'warehouse',
    id: String(site.number),
    attributes: {
      name: site.name,
      main: site.number === 1,
      address: site.address,
      returnAddress: site.returnAddress,
      timeZone: site.timeZone,
      holidays: site.holidays,
      cutoffs: site.cutoffs,
      printing: site.printing ?? null,
    },
    meta: { thisDesk: site.number === deskSite },
  };
}

export function warehouseRoutes(router: ApiRouter, warehouses: WarehouseService, desk: string): void {
  router.on(ROUTES.warehouses, async (ctx) => {
    const caller = callerOf(ctx);
    const [sites, own, chosen] = await Promise.all([
      warehouses.list(caller),
      warehouses.deskSite(caller),
      warehouses.deskSiteChosen(caller),
    ]);
    respondData(
      ctx,
      200,
      sites.map((site) => warehouseResource(site, own.number)),
      { desk: { name: desk, site: String(own.number), chosen } },
    );
  });

  router.on(ROUTES.warehouse, async (ctx, { params }) => {
    const caller = callerOf(ctx);
    const [site, own] = await Promise.all([warehouses.get(caller, params.id), warehouses.deskSite(caller)]);
    respondData(ctx, 200, warehouseResource(site, own.number));
  });

  router.on(ROUTES.addWarehouse, {
    parse: (raw) => checked(validateNewWarehouse(raw)),
    handle: async (ctx, { body }) => {
      const caller = callerOf(ctx);
      const site = await warehouses.add(actorOf(caller), caller, body);
      ctx.set('Location', `${ctx.state.apiBase}/warehouses/${site.number}`);
      respondData(ctx, 201, warehouseResource(site, (await warehouses.deskSite(caller)).number));
    },
  });

  router.on(ROUTES.changeWarehouse, {
    parse: (raw) => checked(validateWarehouseChange(raw)),
    handle: async (ctx, { body, params }) => {
      const caller = callerOf(ctx);
      const site = await warehouses.change(actorOf(caller), caller, params.id, body);
      respondData(ctx, 200, warehouseResource(site, (await warehouses.deskSite(caller)).number));
    },
  });

  router.on(ROUTES.chooseDeskSite, async (ctx, { params }) => {
    const caller = callerOf(ctx);
    const site = await warehouses.chooseDeskSite(actorOf(caller), caller, params.id);
    respondData(ctx, 200, warehouseResource(site, site.number));
  });
}
