// The administration extension (docs/desk.md, "Roles and the audit log"): clients and integration keys for admins, the
// account's own address (PATCH /clients/current),
// carrier settings for supervisors, and the audit log for both. Routes only check the request's shape; the
// services refuse what the caller's role does not allow (403 naming the role) and write the audit log.
import {
  AUDIT_PAGE,
  isAuditAction,
  validateCarrierChange,
  validateClientChange,
  validateNewClient,
  validateNewIntegration,
} from '../../../src-shared/administration.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { AUDIT_ACTIONS, type CarrierResource, type IntegrationResource } from '../../../src-shared/resources.ts';
import { actorOf, type Actor } from '../../domain/caller.ts';
import type { IntegrationRecord } from '../../domain/client.ts';
import type { AuditLog } from '../../services/audit-log.ts';
import type { CarrierSettingsService } from '../../services/carrier-settings.ts';
import type { ClientService } from '../../services/clients.ts';
import type { IntegrationService } from '../../services/integrations.ts';
import type { UserService } from '../../services/users.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { checked } from '../json-input.ts';
import { byId, pageRequest, plainId, respondPage } from '../paging.ts';
import { parameterError } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { auditEventResource } from '../serializers/audit.ts';
import { administeredClientResource as clientResource, clientResource as ownClientResource, signedInMeta } from '../serializers/client.ts';
import { clientProfileChangeSchema } from '../../../src-shared/client.ts';
import { validateResource } from '../../../src-shared/resource-validation.ts';
import { ROUTES } from '../../../src-shared/routes.ts';
import { serviceOffer } from '../../../src-shared/shipment-options.ts';

export interface AdministrationDeps {
  clients: ClientService;
  users: UserService;
  integrations: IntegrationService;
  carrierSettings: CarrierSettingsService;
  audit: AuditLog;
}

const actor = (ctx: ApiContext): Actor => actorOf(callerOf(ctx));

const integrationResource = (integration: IntegrationRecord): IntegrationResource => ({
  type: 'integration',
  id: integration.id,
  attributes: {
    name: integration.name,
    integrationKey: integration.integrationKey,
    isDesktop: integration.isDesktop,
    createdAt: integration.createdAt,
  },
});

export function administrationRoutes(router: ApiRouter, deps: AdministrationDeps): void {
  const { clients, integrations, carrierSettings, audit } = deps;

  router.on(ROUTES.auditEvents, async (ctx, { query }) => {
    const errors = [];
    const action = query['filter[action]'] ?? null;
    if (action !== null && !isAuditAction(action))
      errors.push(
        parameterError(
          ERROR_TEXT.invalidOrEmptyParameter('filter[action]'),
          'filter[action]',
          `one of ${AUDIT_ACTIONS.join(', ')}`,
          action,
        ),
      );
    const page = pageRequest(ctx, AUDIT_PAGE, byId, {
      sizeAliases: ['limit'],
      plainAfter: { name: 'page[before]', read: plainId, expected: 'the id of an audit event: the page starts at the one before it' },
      errors,
    });
    const before = page.after === null ? null : String(page.after);
    const events = await audit.list(actor(ctx), {
      before,
      action,
      desk: query['filter[desk]'] ?? null,
      actor: query['filter[actor]'] ?? null,
      limit: page.size + 1,
    });
    respondPage(ctx, page, events, (event) => [Number(event.id)], auditEventResource, { count: Math.min(events.length, page.size) });
  });

  router.on(ROUTES.clients, async (ctx) => {
    respondData(ctx, 200, (await clients.list(actor(ctx))).map(clientResource));
  });

  router.on(ROUTES.addClient, {
    parse: (raw) => checked(validateNewClient(raw)),
    handle: async (ctx, { body: { username, password, role, ...profile } }) => {
      const client = await clients.add(actor(ctx), { username, password, role, profile });
      respondData(ctx, 201, clientResource(client));
    },
  });

  // The account's own name, address and contact details (its sender address): admins, e.g. at first sign-in.
  router.on(ROUTES.changeCurrentClient, {
    parse: (raw) => checked(validateResource(raw, 'client', clientProfileChangeSchema, false)),
    handle: async (ctx, { body: change }) => {
      const client = await clients.updateProfile(actor(ctx), { id: ctx.state.client!.id }, change);
      respondData(ctx, 200, ownClientResource(client), { ...signedInMeta(ctx.state.user!) });
    },
  });

  router.on(ROUTES.changeClient, {
    parse: (raw) => checked(validateClientChange(raw)),
    handle: async (ctx, { body: change, params }) => {
      const which = { id: params.id };
      // Authorised before anything changes, so a refused change changes nothing.
      let client = await clients.find(actor(ctx), which);
      if (change.role !== undefined) client = await clients.setRole(actor(ctx), which, change.role);
      if (change.password !== undefined) client = await clients.setPassword(actor(ctx), which, change.password);
      if (change.rotateKey) client = await clients.rotateKey(actor(ctx), which);
      respondData(ctx, 200, clientResource(client));
    },
  });

  router.on(ROUTES.removeClient, async (ctx, { params }) => {
    await clients.remove(actor(ctx), { id: params.id });
    ctx.status = 204;
  });

  router.on(ROUTES.integrations, async (ctx) => {
    respondData(ctx, 200, (await integrations.list(actor(ctx))).map(integrationResource));
  });

  router.on(ROUTES.addIntegration, {
    parse: (raw) => checked(validateNewIntegration(raw)),
    handle: async (ctx, { body: { name } }) => {
      respondData(ctx, 201, integrationResource(await integrations.add(actor(ctx), name)));
    },
  });

  router.on(ROUTES.removeIntegration, async (ctx, { params }) => {
    await integrations.revoke(actor(ctx), { id: params.id });
    ctx.status = 204;
  });

  const carrierResources = async (): Promise<CarrierResource[]> => {
    const cutoffs = await carrierSettings.cutoffs();
    return (await carrierSettings.cards()).map(({ card, fuelSurchargePercent }) => ({
      type: 'carrier',
      id: card.choiceCode,
      attributes: {
        carrierCode: card.carrierCode,
        carrierName: card.carrierName,
        services: card.services.map((service) => service.serviceCode),
        offers: card.services.map(serviceOffer),
        fuelSurchargePercent,
        cutoffTime: cutoffs[card.choiceCode] ?? null,
      },
    }));
  };

  router.on(ROUTES.carriers, async (ctx) => {
    respondData(ctx, 200, await carrierResources());
  });

  router.on(ROUTES.changeCarrier, {
    parse: (raw) => checked(validateCarrierChange(raw)),
    handle: async (ctx, { body: { fuelSurchargePercent, cutoffTime }, params }) => {
      const code = params.code;
      try {
        if (fuelSurchargePercent !== undefined) await carrierSettings.setFuelSurcharge(actor(ctx), code, fuelSurchargePercent);
        if (cutoffTime !== undefined) await carrierSettings.setCutoff(actor(ctx), code, cutoffTime);
      } catch (error) {
        // The carrier is the path's: one the station does not have is not found (the admin command's --carrier is refused).
        if (error instanceof StationError && error.code === 'carrier.unknown') throw new StationError('carrier.notFound', error.detail);
        throw error;
      }
      const all = await carrierResources();
      const changed = all.find((carrier) => carrier.id === code);
      if (!changed)
        throw new StationError('carrier.notFound', ERROR_TEXT.unknownCarrier(code, all.map((carrier) => carrier.id).join(', ')));
      respondData(ctx, 200, changed);
    },
  });
}
