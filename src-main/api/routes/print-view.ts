// GET /print-view/<token>: hands a label PDF, once, to the Electron app's hidden print window.
import Router from '@koa/router';
import { StationError } from '../../../src-shared/errors.ts';
import type { PrintViews } from '../../printing/print-views.ts';
import type { ApiContext, ApiState } from '../context.ts';

export function printViewRoutes(views: PrintViews): Router<ApiState> {
  const router = new Router<ApiState>();
  router.get('/print-view/:token', (ctx: ApiContext) => {
    const pdf = views.take(String(ctx.params.token));
    if (!pdf) throw new StationError(404, 'No label waits under this token.');
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(pdf);
  });
  return router;
}
