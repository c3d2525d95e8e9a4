// createApi: the station's JSON:API as a Koa app that never listens itself; the station or a test does.
import Koa from 'koa';
import type { Logger } from '../logger.ts';
import type { AuthenticationService } from '../services/authentication.ts';
import type { AddressService } from '../services/addresses.ts';
import type { ShipmentService } from '../services/shipments.ts';
import type { IdempotencyService } from '../services/idempotency.ts';
import type { TrackingEventService } from '../services/tracking-events.ts';
import type { EventService } from '../services/events.ts';
import { eventRoutes } from './routes/events.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { manifestRoutes } from './routes/manifests.ts';
import { pickupRoutes } from './routes/pickups.ts';
import { reportRoutes } from './routes/reports.ts';
import { todayRoutes } from './routes/today.ts';
import { orderRoutes } from './routes/orders.ts';
import { shippedOrderRoutes } from './routes/shipped-orders.ts';
import type { OrderFileService } from '../services/order-files.ts';
import { scaleRoutes } from './routes/scale.ts';
import { packingSetupRoutes } from './routes/packing-setup.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { ordersFolderRoutes } from './routes/orders-folder.ts';
import type { CalendarService } from '../services/calendar.ts';
import type { OrdersFolderControl } from '../services/orders-folder-setting.ts';
import type { PackingSetupService } from '../services/packing-setup.ts';
import type { ScaleService } from '../services/scale.ts';
import type { OrderService } from '../services/orders.ts';
import type { ShippedOrderService } from '../services/shipped-orders.ts';
import type { ReportService } from '../services/reports.ts';
import type { TodayService } from '../services/today.ts';
import type { PickupService } from '../services/pickups.ts';
import type { ManifestService } from '../services/manifests.ts';
import type { UpstreamService } from '../services/upstream.ts';
import type { WebhookService } from '../services/webhooks.ts';
import type { ApiState } from './context.ts';
import { fileBody, jsonBody } from './middleware/body.ts';
import { ORDER_FILE_MAX_BYTES } from '../../src-shared/order-files.ts';
import { errorHandler } from './middleware/errors.ts';
import { useCompiledShipmentRules } from '../../src-shared/shipment-validation.ts';
import { loopbackGuard, type GuardOptions } from './middleware/loopback-guard.ts';
import { contentNegotiation } from './middleware/negotiation.ts';
import { versionPrefix } from './middleware/version-prefix.ts';
import { clientRoutes } from './routes/clients.ts';
import { testEchoRoutes } from './routes/test-echo.ts';
import { shipmentRoutes } from './routes/shipments.ts';
import { publicTrackingRoutes } from './routes/public-tracking.ts';
import { stationConfigRoutes } from './routes/station-config.ts';
import { apiDescription } from './middleware/api-description.ts';
import { healthRoutes } from './routes/health.ts';
import type { HealthService } from '../services/health.ts';
import { printingRoutes } from './routes/printing.ts';
import { administrationRoutes, type AdministrationDeps } from './routes/administration.ts';
import { userRoutes } from './routes/users.ts';
import type { PrintService } from '../services/printing.ts';
import { printViewRoutes, type LabelHandoff } from './routes/print-view.ts';
import { deskUi } from './middleware/desk-ui.ts';
import { requireBearer, routeRole } from './middleware/authorization.ts';
import { returnRoutes } from './routes/returns.ts';
import type { ReturnService } from '../services/returns.ts';
import { ApiRouter, routing } from './router.ts';
import { accessLog, securityHeaders } from './middleware/front.ts';
import { warehouseRoutes } from './routes/warehouses.ts';
import type { WarehouseService } from '../services/warehouses.ts';

export interface ApiDeps extends GuardOptions, AdministrationDeps {
  orderFiles: OrderFileService;
  authentication: AuthenticationService;
  shipments: ShipmentService;
  returns: ReturnService;
  addresses: AddressService;
  trackingEvents: TrackingEventService;
  printing: PrintService;
  idempotency: IdempotencyService;
  events: EventService;
  webhooks: WebhookService;
  upstream: UpstreamService;
  manifests: ManifestService;
  pickups: PickupService;
  reports: ReportService;
  today: TodayService;
  orders: OrderService;
  shippedOrders: ShippedOrderService;
  scale: ScaleService;
  packing: PackingSetupService;
  /** The station's time zone and holidays. */
  calendar: CalendarService;
  /** The account's sites. */
  warehouses: WarehouseService;
  /** The watched orders folder's setting and its watcher. */
  ordersFolder: OrdersFolderControl;
  health: HealthService;
  /** Label PDFs for Electron's print window; only the desktop app has them. */
  printViews?: LabelHandoff;
  logger: Logger;
  trackingBaseUrl?: string;
  desktopIntegrationKey: string;
  /** This station's desk, as the desk UI shows it. */
  desk: string;
  /** The built desk UI to serve at /, if any. */
  rendererDir?: string;
}

export function createApi(deps: ApiDeps): Koa<ApiState> {
  // The station's process may run code it makes: shipments are read by zod's compiled copy of their schema.
  useCompiledShipmentRules();
  const app = new Koa<ApiState>();
  // Every failure is answered and logged by errorHandler; Koa's own stderr printing would only duplicate it.
  app.silent = true;

  // Private by default: every route of `guarded` checks the Bearer token first. Only sign-in, the public tracking
  // page, the UI's configuration, the health check and Electron's print view are open.
  // A body is read once the route is found and its caller passed the Bearer check and the role: an unknown path,
  // a missing token or a role too low is refused before a byte of it is parsed.
  const readJson = jsonBody();
  const readBody = (spec: { file?: readonly string[] }) => (spec.file ? fileBody(spec.file, ORDER_FILE_MAX_BYTES) : readJson);
  const open = new ApiRouter('open', { body: readBody });
  const guarded = new ApiRouter('signed-in', { before: [requireBearer(deps.authentication)], guard: routeRole, body: readBody });
  clientRoutes(open, guarded, deps.authentication);
  testEchoRoutes(guarded);
  shipmentRoutes(guarded, deps);
  returnRoutes(guarded, deps);
  printingRoutes(guarded, deps.printing, deps.idempotency);
  administrationRoutes(guarded, deps);
  userRoutes(guarded, deps.users);
  eventRoutes(guarded, deps);
  webhookRoutes(guarded, deps.webhooks);
  outboxRoutes(guarded, deps.upstream, deps.manifests);
  manifestRoutes(guarded, deps.manifests);
  pickupRoutes(guarded, deps.pickups);
  reportRoutes(guarded, deps.reports);
  todayRoutes(guarded, deps.today);
  orderRoutes(guarded, deps.orders, deps.orderFiles);
  shippedOrderRoutes(guarded, deps);
  scaleRoutes(guarded, deps.scale, deps.desk);
  packingSetupRoutes(guarded, deps.packing);
  calendarRoutes(guarded, deps.calendar);
  warehouseRoutes(guarded, deps.warehouses, deps.desk);
  ordersFolderRoutes(guarded, deps.ordersFolder);
  publicTrackingRoutes(open, deps.shipments);
  stationConfigRoutes(open, deps.desktopIntegrationKey, deps.desk, deps.calendar);
  healthRoutes(open, deps.health);
  if (deps.printViews) printViewRoutes(open, deps.printViews);

  app.use(accessLog(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders);
  app.use(loopbackGuard(deps));
  app.use(deskUi(deps.rendererDir));
  app.use(versionPrefix());
  app.use(apiDescription());
  app.use(contentNegotiation());
  app.use(routing(open, guarded));
  return app;
}
