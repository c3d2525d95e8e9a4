// GET /reports/daily?dateFrom=&dateTo=[&filter[createdBy]=] (docs/shipments.md, "End of day"): the account's (or one
// person's) shipments per day and carrier, with per-carrier totals, top destinations, cost per kg and parcels per
// person in meta; `format=csv` (or Accept: text/csv) gives the rows as CSV for a spreadsheet.
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import { REPORT_MAX_DAYS, type DailyReportResource } from '../../../src-shared/reports.ts';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import type { ReportService } from '../../services/reports.ts';
import { callerOf } from '../context.ts';
import { parameterError } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function reportRoutes(router: ApiRouter, reports: ReportService): void {
  router.on(ROUTES.dailyReport, async (ctx, { query }) => {
    const errors: ErrorObject[] = [];
    const date = (name: 'dateFrom' | 'dateTo') => {
      const value = query[name];
      if (value === undefined || !isCalendarDate(value))
        errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter(name), name, 'a date as YYYY-MM-DD', value ?? ''));
      return value ?? '';
    };
    const dateFrom = date('dateFrom');
    const dateTo = date('dateTo');
    if (errors.length === 0) {
      const days = (Date.parse(dateTo) - Date.parse(dateFrom)) / DAY_MS + 1;
      if (days < 1 || days > REPORT_MAX_DAYS)
        errors.push({
          ...errorObject('report.invalidRange', ERROR_TEXT.invalidReportRange(REPORT_MAX_DAYS), undefined, 'dateTo'),
          meta: {
            reason: `Expected a dateTo on or after dateFrom, at most ${REPORT_MAX_DAYS} days on; got ${dateFrom} to ${dateTo}.`,
            maxDays: REPORT_MAX_DAYS,
          },
        });
    }
    if (errors.length > 0) throw StationError.many(errors);
    const createdBy = query.createdBy?.trim() || null;
    const report = await reports.daily(callerOf(ctx), { dateFrom, dateTo }, createdBy, query.site ?? null);
    const csv = query.format === 'csv' || (ctx.get('Accept').includes('text/csv') && !ctx.get('Accept').includes('json'));
    if (csv) {
      ctx.status = 200;
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="shipments-${dateFrom}-${dateTo}.csv"`);
      const lines = [
        'date,carrier,shipments,packages,weight_kg,cost,currency',
        ...report.rows.flatMap((row) =>
          row.carriers.map((day) =>
            [row.date, day.carrier, day.shipments, day.packages, day.weightKg, day.cost.amount.toFixed(2), day.cost.currency].join(','),
          ),
        ),
      ];
      ctx.body = `${lines.join('\r\n')}\r\n`;
      return;
    }
    respondData(
      ctx,
      200,
      report.rows.map((row) => ({ type: 'dailyReport', id: row.date, attributes: row }) satisfies DailyReportResource),
      { ...report.meta },
    );
  });
}
