// The printing extension, in the same JSON:API style: GET /printers, POST /shipments/<id>/print,
// GET /print-jobs/<id>, and GET/PATCH /print-settings: the calling client's own label printer.
import { StationError } from '../../../src-shared/errors.ts';
import { validatePrintRequest, validatePrintSettings } from '../../../src-shared/printing.ts';
import type { Caller } from '../../domain/caller.ts';
import type { PrintService } from '../../services/printing.ts';
import type { ApiContext } from '../context.ts';
import type { ApiRouter } from '../router.ts';
import { respondData } from '../respond.ts';
import { printerResource, printJobResource, printSettingsResource } from '../serializers/printing.ts';

export function printingRoutes(router: ApiRouter, printing: PrintService): void {
  const caller = (ctx: ApiContext): Caller => ({ client: ctx.state.client!, sandbox: ctx.state.sandbox });

  router.get('/printers', async (ctx: ApiContext) => {
    respondData(ctx, 200, (await printing.printers()).map(printerResource));
  });

  router.post('/shipments/:id/print', async (ctx: ApiContext) => {
    const request = validatePrintRequest(ctx.state.body);
    if (!request.ok) throw StationError.many(400, request.errors);
    const job = await printing.print(caller(ctx), String(ctx.params.id), request.value);
    const resource = printJobResource(job, ctx.state.apiBase);
    ctx.set('Location', resource.links.self);
    respondData(ctx, 202, resource);
  });

  router.get('/print-jobs/:id', async (ctx: ApiContext) => {
    respondData(ctx, 200, printJobResource(await printing.job(caller(ctx), String(ctx.params.id)), ctx.state.apiBase));
  });

  router.get('/print-settings', async (ctx: ApiContext) => {
    respondData(ctx, 200, printSettingsResource(await printing.settings(caller(ctx))));
  });

  router.patch('/print-settings', async (ctx: ApiContext) => {
    const change = validatePrintSettings(ctx.state.body);
    if (!change.ok) throw StationError.many(400, change.errors);
    respondData(ctx, 200, printSettingsResource(await printing.updateSettings(caller(ctx), change.value)));
  });
}
