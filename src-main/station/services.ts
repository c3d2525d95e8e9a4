// The station's services wired together over one store: every use case the API, the admin command, the timers
// and the desktop app call, each given what it needs (the carriers, the document pool, the calendar, the audit
// log). One typed object, so createStation and createApi name them once.
import { join } from 'node:path';
import { dataDocument } from '../../src-shared/jsonapi.ts';
import { eventResource } from '../api/serializers/event.ts';
import { createCarrierRegistry, type CarrierRegistry } from '../carriers/registry.ts';
import type { UpstreamTimeouts } from '../carriers/upstream.ts';
import { fontLibrary } from '../documents/fonts.ts';
import { renderManifestPdf } from '../documents/manifest-pdf.ts';
import { createDocumentPool, type DocumentPool } from '../documents/pool.ts';
import type { Logger } from '../logger.ts';
import { noPrinting, type PrintBackend } from '../printing/backend.ts';
import { createCupsBackend } from '../printing/cups.ts';
import type { ScaleTiming } from '../scale/serial-scale.ts';
import { createAddressService, type AddressService } from '../services/addresses.ts';
import { createAuditLog, type AuditLog } from '../services/audit-log.ts';
import { createAuthenticationService, type AuthenticationService } from '../services/authentication.ts';
import { createCalendarService, type CalendarService } from '../services/calendar.ts';
import { createCarrierSettingsService, storedUpstreams, type CarrierSettingsService } from '../services/carrier-settings.ts';
import { createClientService, type ClientService } from '../services/clients.ts';
import { createEventService, type EventService } from '../services/events.ts';
import { createHealthService, type HealthService } from '../services/health.ts';
import { createIdempotencyService, type IdempotencyService } from '../services/idempotency.ts';
import { createIntegrationService, type IntegrationService } from '../services/integrations.ts';
import { createManifestService, type ManifestService } from '../services/manifests.ts';
import { createOrderService, type OrderService } from '../services/orders.ts';
import { createShippedOrderService, type ShippedOrderService } from '../services/shipped-orders.ts';
import { createOrderFileService, type OrderFileService } from '../services/order-files.ts';
import { createPackingSetupService, type PackingSetupService } from '../services/packing-setup.ts';
import { createPickupService, type PickupService } from '../services/pickups.ts';
import { createPrintService, type PrintService } from '../services/printing.ts';
import { createReturnService, type ReturnService } from '../services/returns.ts';
import { createReportService, type ReportService } from '../services/reports.ts';
import { createScaleService, type ScaleService } from '../services/scale.ts';
import { createShipmentService, type ShipmentService } from '../services/shipments.ts';
import { createEmissionEstimator } from '../services/emissions.ts';
import { createDeliveryHistory } from '../services/delivery-history.ts';
import type { StationKeys } from '../services/station-keys.ts';
import { createTodayService, type TodayService } from '../services/today.ts';
import { createWarehouseService, type WarehouseService } from '../services/warehouses.ts';
import { createUserService, type UserService } from '../services/users.ts';
import { createUpstreamService, type UpstreamService } from '../services/upstream.ts';
import { createWebhookDeliverer, type DeliveryPolicy, type WebhookDeliverer } from '../services/webhook-delivery.ts';
import { createWebhookService, type WebhookService } from '../services/webhooks.ts';
import { createTrackingEventService, type TrackingEventService } from '../services/tracking-events.ts';
import type { Store } from '../store/index.ts';

export interface Services {
  audit: AuditLog;
  clients: ClientService;
  /** The people of each account. */
  users: UserService;
  integrations: IntegrationService;
  authentication: AuthenticationService;
  carriers: CarrierRegistry;
  documents: DocumentPool;
  carrierSettings: CarrierSettingsService;
  /** The station's time zone and holidays. */
  calendar: CalendarService;
  shipments: ShipmentService;
  printing: PrintService;
  /** Return labels of processed shipments. */
  returns: ReturnService;
  idempotency: IdempotencyService;
  /** The outbox and the upstream tracking refresh. */
  upstream: UpstreamService;
  manifests: ManifestService;
  /** The integration events: the feed, and the signal of new ones for live streams and webhooks. */
  events: EventService;
  /** Sends events to webhooks; tests drive it with runOnce. */
  deliverer: WebhookDeliverer;
  webhooks: WebhookService;
  pickups: PickupService;
  scale: ScaleService;
  reports: ReportService;
  today: TodayService;
  /** The account's sites: the desk's, each one's calendar, and which a list covers. */
  warehouses: WarehouseService;
  orders: OrderService;
  shippedOrders: ShippedOrderService;
  /** Order files (POST /orders/import, the watched folder) and the accounts' column templates. */
  orderFiles: OrderFileService;
  packing: PackingSetupService;
  addresses: AddressService;
  /** Tracking events recorded by supervisors and carrier feeds through the API. */
  trackingEvents: TrackingEventService;
  health: HealthService;
}

/** What the wiring needs besides the store and keys: where resources are, and the knobs tests turn. */
export interface ServiceOptions {
  dataDir: string;
  resourcesDir: string;
  desk: string;
  /** The site this desk stands at (`serve --site`): a site's number or name in each account that has it. */
  deskSite?: string;
  clock: () => Date;
  logger: Logger;
  /** The station's own address, once it listens: the links of webhook deliveries are built on it. */
  ownUrl: () => string;
  trackingBaseUrl?: string;
  printBackend?: PrintBackend;
  printTimeoutMs?: number;
  printPollMs?: number;
  eventRetentionDays?: number;
  manifestRetryMs?: number;
  scaleTiming?: ScaleTiming;
  upstreamTimeouts?: UpstreamTimeouts;
  webhookPolicy?: Partial<DeliveryPolicy>;
  documentWorkers?: number;
  documentWorkerUrl?: URL;
}

export function wireServices(store: Store, keys: StationKeys, options: ServiceOptions): Services {
  const { desk, clock, logger, resourcesDir } = options;
  const audit = createAuditLog(store, desk);
  const carriers = createCarrierRegistry({
    bundledDir: join(resourcesDir, 'carriers'),
    overrideDir: join(options.dataDir, 'carriers'),
    surcharges: { all: () => store.carrierSettings.fuelSurcharges() },
    upstreams: { all: () => storedUpstreams(store) },
    upstreamTimeouts: options.upstreamTimeouts,
    clock,
    logger,
  });
  const documents = createDocumentPool({
    fontsDir: join(resourcesDir, 'fonts'),
    size: options.documentWorkers,
    workerUrl: options.documentWorkerUrl,
  });
  const calendar = createCalendarService({ store, audit, clock });
  const printBackend = options.printBackend ?? (process.platform === 'win32' ? noPrinting : createCupsBackend());
  const warehouses = createWarehouseService({
    store,
    audit,
    desk,
    deskSiteName: options.deskSite,
    calendar: calendar.current,
    logger,
    carriers,
    printers: async () => (await printBackend.printers()).map((printer) => printer.name),
  });
  const shipments = createShipmentService({
    store,
    carriers,
    documents,
    clock,
    calendar: calendar.current,
    logger,
    audit,
    desk,
    warehouses,
    emissions: createEmissionEstimator(resourcesDir, logger),
    deliveryHistory: createDeliveryHistory({ store, clock, calendar: calendar.current }),
  });
  const printing = createPrintService({
    store,
    backend: printBackend,
    shipments,
    documents,
    clock,
    logger,
    desk,
    audit,
    warehouses,
    timeoutMs: options.printTimeoutMs,
    pollMs: options.printPollMs,
  });
  // Manifests are rendered on this thread: a close is rare, and a day's manifest takes milliseconds.
  let manifestFonts: ReturnType<typeof fontLibrary> | undefined;
  const manifests = createManifestService({
    store,
    audit,
    clock,
    warehouses,
    logger,
    upstreams: () => carriers.refreshUpstreams(),
    firstTransmitRetryMs: options.manifestRetryMs,
    render: (input) => renderManifestPdf(input, (manifestFonts ??= fontLibrary(join(resourcesDir, 'fonts')))),
  });
  const events = createEventService({ store, logger, clock, calendar: calendar.current, retentionDays: options.eventRetentionDays });
  const deliverer = createWebhookDeliverer({
    store,
    events,
    logger,
    clock,
    policy: options.webhookPolicy,
    userAgent: `ShippingStation (desk ${desk})`,
    body: (event) => {
      const ownUrl = options.ownUrl();
      const apiBase = `${ownUrl}${event.sandbox ? '/v3-testing' : '/v3'}`;
      return JSON.stringify(dataDocument(eventResource(event, apiBase, options.trackingBaseUrl?.replace(/\/$/, '') ?? `${ownUrl}/track`)));
    },
  });
  const pickups = createPickupService({ store, carriers, audit, clock, calendar: calendar.current, warehouses });
  const orders = createOrderService({ store, audit, clock });
  return {
    audit,
    clients: createClientService(store, keys, audit),
    users: createUserService(store, keys, audit),
    integrations: createIntegrationService(store, audit),
    authentication: createAuthenticationService(store, keys, clock),
    carriers,
    documents,
    carrierSettings: createCarrierSettingsService(store, carriers, audit),
    calendar,
    shipments,
    printing,
    returns: createReturnService({ store, shipments, printing, carriers, warehouses }),
    idempotency: createIdempotencyService({ store, clock }),
    upstream: createUpstreamService({ store, carriers, clock, calendar: calendar.current, logger }),
    manifests,
    events,
    deliverer,
    webhooks: createWebhookService(store, audit, () => void deliverer.runOnce()),
    pickups,
    scale: createScaleService({ store, audit, desk, logger, clock, timing: options.scaleTiming }),
    reports: createReportService(store, warehouses, carriers),
    shippedOrders: createShippedOrderService({ store, clock, calendar: calendar.current }),
    today: createTodayService({ store, carriers, pickups, desk, clock, warehouses }),
    warehouses,
    orders,
    orderFiles: createOrderFileService({ store, audit, orders }),
    packing: createPackingSetupService({ store, audit }),
    addresses: createAddressService(store),
    trackingEvents: createTrackingEventService(store, audit, { clock, calendar: calendar.current }),
    health: createHealthService(store, desk),
  };
}
