// GET /today?date=&filter[createdBy]=&site= (docs/shipments.md, "End of day"): one ship date of a site (or one person) at a glance (the site's date when none
// is given), for the desk's Today screen and for integrations that show a day's progress.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import type { TodayResource } from '../../../src-shared/today.ts';
import type { TodayService } from '../../services/today.ts';
import { callerOf } from '../context.ts';
import { parameterError } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export function todayRoutes(router: ApiRouter, today: TodayService): void {
  router.on(ROUTES.today, async (ctx, { query }) => {
    const date = query.date?.trim() || null;
    if (date !== null && !isCalendarDate(date))
      throw StationError.many([parameterError(ERROR_TEXT.invalidOrEmptyParameter('date'), 'date', 'a date as YYYY-MM-DD', date)]);
    const createdBy = query.createdBy?.trim() || null;
    const attributes = await today.today(callerOf(ctx), date, createdBy, query.site ?? null);
    respondData(ctx, 200, { type: 'today', id: attributes.date, attributes } satisfies TodayResource);
  });
}
