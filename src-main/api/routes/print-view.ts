// GET /print-view/<token>: hands a label PDF, once, to the Electron app's hidden print window.
import Router from '@koa/router';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ApiContext, ApiState } from '../context.ts';

/** Label PDFs waiting for Electron's print window, each handed out once under a random token. */
export interface LabelHandoff {
  take(token: string): Uint8Array | undefined;
}

export function printViewRoutes(views: LabelHandoff): Router<ApiState> {
  const router = new Router<ApiState>();
  router.get('/print-view/:token', (ctx: ApiContext) => {
    const pdf = views.take(String(ctx.params.token));
    if (!pdf) throw new StationError(404, ERROR_TEXT.noLabelForToken);
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(pdf);
  });
  return router;
}
