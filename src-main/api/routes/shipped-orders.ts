// GET /orders/shipped?format=amazon|shopify|generic&from=&to= (docs/shipments.md, "Orders": sending tracking numbers
// back): the account's orders shipped over a range of ship dates (the station's today when none is given), as the file
// the shop uploads: Amazon's shipping confirmation (tab-separated), a Shopify-friendly CSV or a generic CSV.
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import { ROUTES } from '../../../src-shared/routes.ts';
import { SHIPPED_FORMATS, SHIPPED_MAX_DAYS, shippedOrdersFile, type ShippedFormat } from '../../../src-shared/shipped-orders.ts';
import type { ShippedOrderService } from '../../services/shipped-orders.ts';
import type { ApiContext } from '../context.ts';
import { callerOf } from '../context.ts';
import { parameterError } from '../query.ts';
import type { ApiRouter } from '../router.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function shippedOrderRoutes(router: ApiRouter, deps: { shippedOrders: ShippedOrderService; trackingBaseUrl?: string }): void {
  const trackingBase = (ctx: ApiContext) => deps.trackingBaseUrl?.replace(/\/$/, '') ?? `${ctx.state.origin}/track`;

  router.on(ROUTES.shippedOrders, async (ctx, { query }) => {
    const errors: ErrorObject[] = [];
    const format = (query.format?.trim() || 'generic').toLowerCase();
    if (!(SHIPPED_FORMATS as readonly string[]).includes(format))
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('format'), 'format', SHIPPED_FORMATS.join(', '), query.format ?? ''));
    const today = await deps.shippedOrders.today();
    const date = (name: 'from' | 'to', fallback: string) => {
      const given = query[name]?.trim();
      if (!given) return fallback;
      if (!isCalendarDate(given))
        errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter(name), name, 'a date as YYYY-MM-DD', given));
      return given;
    };
    const from = date('from', today);
    // Only a from: that day alone (or up to today, when from is before it).
    const to = date('to', query.from?.trim() && from < today ? today : from);
    if (errors.length === 0) {
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      if (days < 1 || days > SHIPPED_MAX_DAYS)
        errors.push(
          parameterError(
            ERROR_TEXT.invalidOrEmptyParameter('to'),
            'to',
            `a date on or after from (${from}), at most ${SHIPPED_MAX_DAYS} days on`,
            query.to?.trim() || to,
          ),
        );
    }
    if (errors.length > 0) throw StationError.many(errors);
    const parcels = await deps.shippedOrders.shipped(callerOf(ctx), { from, to }, (hash) => `${trackingBase(ctx)}/${hash}`);
    const file = shippedOrdersFile(format as ShippedFormat, parcels);
    const days = from === to ? from : `${from}-${to}`;
    ctx.status = 200;
    ctx.set('Content-Type', file.contentType);
    ctx.set('Content-Disposition', `attachment; filename="shipped-orders-${format}-${days}.${file.extension}"`);
    ctx.body = file.text;
  });
}
