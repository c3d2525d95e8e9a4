// The station calendar extension (docs/operations.md, "Dates and time zones"): GET /calendar, the station's time zone, its
// today and holidays, for every role; PATCH /calendar (admin) to change the zone or the list of holidays.
import { validateCalendarChange, type CalendarResource } from '../../../src-shared/calendar-settings.ts';
import { StationError } from '../../../src-shared/errors.ts';
import { actorOf } from '../../domain/caller.ts';
import type { CalendarService } from '../../services/calendar.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export function calendarRoutes(router: ApiRouter, calendar: CalendarService): void {
  const answer = async (ctx: ApiContext) =>
    respondData(ctx, 200, { type: 'calendar', id: 'station', attributes: await calendar.describe() } satisfies CalendarResource);

  router.on(ROUTES.calendar, answer);

  router.on(ROUTES.changeCalendar, {
    parse: (raw) => {
      const change = validateCalendarChange(raw);
      if (!change.ok) throw StationError.many(change.errors);
      return change.value;
    },
    handle: async (ctx, { body: change }) => {
      await calendar.change(actorOf(callerOf(ctx)), change);
      await answer(ctx);
    },
  });
}
