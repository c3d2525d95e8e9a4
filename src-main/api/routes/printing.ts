// The printing extension, in the same JSON:API style: GET /printers, POST /shipments/<id>/print,
// GET /print-jobs/<id>, and GET/PATCH /print-settings for the desk's label printer.
import Router from '@koa/router';
import { StationError } from '../../../src-shared/errors.ts';
import { validatePrintRequest, validatePrintSettings } from '../../../src-shared/printing.ts';
import type { Caller } from '../../domain/caller.ts';
import type { AuthenticationService } from '../../services/authentication.ts';
import type { PrintService } from '../../services/printing.ts';
import type { ApiContext, ApiState } from '../context.ts';
import { requireBearer } from '../middleware/authorization.ts';
import { respondData } from '../respond.ts';
import { printerResource, printJobResource, printSettingsResource } from '../serializers/printing.ts';

export function printingRoutes(authentication: AuthenticationService, printing: PrintService): Router<ApiState> {
  const router = new Router<ApiState>();
  const authorize = requireBearer(authentication);
  const caller = (ctx: ApiContext): Caller => ({ client: ctx.state.client!, sandbox: ctx.state.sandbox });

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
    respondData(ctx, 200, printSettingsResource(printing.settings()));
  });

  router.patch('/print-settings', authorize, async (ctx: ApiContext) => {
    const change = validatePrintSettings(ctx.request.body);
    if (!change.ok) throw StationError.many(400, change.errors);
    respondData(ctx, 200, printSettingsResource(await printing.updateSettings(change.value)));
  });

  return router;
}
