// createApi: the station's JSON:API as a Koa app that never listens itself; the station or a test does.
import Koa, { type Next } from 'koa';
import Router from '@koa/router';
import type { Logger } from '../logger.ts';
import type { AuthenticationService } from '../services/authentication.ts';
import type { AddressService } from '../services/addresses.ts';
import type { ShipmentService } from '../services/shipments.ts';
import type { ApiContext, ApiState } from './context.ts';
import { jsonBody } from './middleware/body.ts';
import { errorHandler } from './middleware/errors.ts';
import { loopbackGuard, type GuardOptions } from './middleware/loopback-guard.ts';
import { contentNegotiation } from './middleware/negotiation.ts';
import { versionPrefix } from './middleware/version-prefix.ts';
import { clientRoutes } from './routes/clients.ts';
import { testEchoRoutes } from './routes/test-echo.ts';
import { shipmentRoutes } from './routes/shipments.ts';
import { publicTrackingRoutes } from './routes/public-tracking.ts';
import { stationConfigRoutes } from './routes/station-config.ts';
import { printingRoutes } from './routes/printing.ts';
import type { PrintService } from '../services/printing.ts';
import { printViewRoutes, type LabelHandoff } from './routes/print-view.ts';
import { deskUi } from './middleware/desk-ui.ts';

export interface ApiDeps extends GuardOptions {
  authentication: AuthenticationService;
  shipments: ShipmentService;
  addresses: AddressService;
  printing: PrintService;
  /** Label PDFs for Electron's print window; only the desktop app has them. */
  printViews?: LabelHandoff;
  logger: Logger;
  trackingBaseUrl?: string;
  desktopIntegrationKey: string;
  /** The built desk UI to serve at /, if any. */
  rendererDir?: string;
}

export function createApi(deps: ApiDeps): Koa<ApiState> {
  const app = new Koa<ApiState>();
  // Every failure is answered and logged by errorHandler; Koa's own stderr printing would only duplicate it.
  app.silent = true;

  const router = new Router<ApiState>();
  for (const routes of [
    clientRoutes(deps.authentication),
    testEchoRoutes(deps.authentication),
    shipmentRoutes(deps),
    publicTrackingRoutes(deps.shipments),
    stationConfigRoutes(deps.desktopIntegrationKey),
    printingRoutes(deps.authentication, deps.printing),
    ...(deps.printViews ? [printViewRoutes(deps.printViews)] : []),
  ]) {
    router.use(routes.routes());
  }

  app.use(accessLog(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(securityHeaders);
  app.use(loopbackGuard(deps));
  app.use(deskUi(deps.rendererDir));
  app.use(versionPrefix());
  app.use(contentNegotiation());
  app.use(jsonBody());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}

async function securityHeaders(ctx: ApiContext, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  // Responses carry client keys and tokens: no cache may keep them.
  ctx.set('Cache-Control', 'no-store');
  await next();
}

/** One line per request: method, path without the query, status, time. Never headers or bodies. */
function accessLog(logger: Logger) {
  return async function logRequest(ctx: ApiContext, next: Next): Promise<void> {
    const started = performance.now();
    const path = ctx.path;
    await next();
    logger.info(`${ctx.method} ${path} ${ctx.status} ${Math.round(performance.now() - started)}ms`);
  };
}
