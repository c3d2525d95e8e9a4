// The printing extension, in the same JSON:API style: GET /printers, POST /shipments/<id>/print,
// GET /print-jobs/<id>, and GET/PATCH /print-settings for the desk's label printer.
import Router from '@koa/router';
import type { PrinterInfo } from '../../../src-shared/bridge.ts';
import { StationError } from '../../../src-shared/errors.ts';
import { validatePrintRequest, validatePrintSettings, type PrintSettings } from '../../../src-shared/printing.ts';
import type { AuthenticationService } from '../../services/authentication.ts';
import type { PrintService } from '../../services/printing.ts';
import type { PrintJobRecord } from '../../store/index.ts';
import type { ApiContext, ApiState } from '../context.ts';
import { requireBearer } from '../middleware/authorization.ts';
import { respondData } from '../respond.ts';

export function printerResource(printer: PrinterInfo) {
  return { type: 'printer', id: printer.name, attributes: { ...printer } };
}

export function printJobResource(job: PrintJobRecord, apiBase: string) {
  return {
    type: 'printJob',
    id: job.id,
    attributes: {
      shipmentId: job.shipmentId,
      printer: job.printer,
      format: job.format,
      dpi: job.dpi,
      copies: job.copies,
      status: job.status,
      reason: job.reason,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
    },
    links: { self: `${apiBase}/print-jobs/${job.id}` },
  };
}

const settingsResource = (settings: PrintSettings) => ({ type: 'printSettings', id: null, attributes: settings });

export function printingRoutes(authentication: AuthenticationService, printing: PrintService): Router<ApiState> {
  const router = new Router<ApiState>();
  const authorize = requireBearer(authentication);
  const caller = (ctx: ApiContext) => ({ client: ctx.state.client!, sandbox: ctx.state.sandbox });

  router.get('/printers', authorize, async (ctx: ApiContext) => {
    respondData(ctx, 200, (await printing.printers()).map(printerResource));
  });

  router.post('/shipments/:id/print', authorize, async (ctx: ApiContext) => {
    const request = validatePrintRequest(ctx.request.body);
    if (!request.ok) throw StationError.many(400, request.errors);
    const job = await printing.print(caller(ctx), String(ctx.params.id), request.value);
    const resource = printJobResource(job, ctx.state.apiBase);
    ctx.set('Location', resource.links.self);
    respondData(ctx, 202, resource);
  });

  router.get('/print-jobs/:id', authorize, (ctx: ApiContext) => {
    respondData(ctx, 200, printJobResource(printing.job(caller(ctx), String(ctx.params.id)), ctx.state.apiBase));
  });

  router.get('/print-settings', authorize, (ctx: ApiContext) => {
    respondData(ctx, 200, settingsResource(printing.settings()));
  });

  router.patch('/print-settings', authorize, async (ctx: ApiContext) => {
    const change = validatePrintSettings(ctx.request.body);
    if (!change.ok) throw StationError.many(400, change.errors);
    respondData(ctx, 200, settingsResource(await printing.updateSettings(change.value)));
  });

  return router;
}
