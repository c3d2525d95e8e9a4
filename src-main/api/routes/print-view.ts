// GET /print-view/<token>: hands a label PDF, once, to the Electron app's hidden print window.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

/** Label PDFs waiting for Electron's print window, each handed out once under a random token. */
export interface LabelHandoff {
  take(token: string): Uint8Array | undefined;
}

export function printViewRoutes(open: ApiRouter, views: LabelHandoff): void {
  open.on(ROUTES.printView, (ctx, { params }) => {
    const pdf = views.take(params.token);
    if (!pdf) throw new StationError('print.labelTokenNotFound', ERROR_TEXT.noLabelForToken);
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(pdf);
  });
}
