// GET /reports/daily?dateFrom=&dateTo=[&filter[createdBy]=] (docs/shipments.md, "End of day"): the account's (or one
// person's) shipments per day and carrier, with per-carrier totals, top destinations, cost per kg and parcels per
// person in meta; GET /reports/emissions: the processed shipments' CO2e per month, site, carrier and service
// (docs/shipments.md, "Emissions"). `format=csv` (or Accept: text/csv) gives either's rows as CSV for a spreadsheet.
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import type { Context } from 'koa';
import { REPORT_MAX_DAYS, type DailyReportResource, type EmissionsReportResource } from '../../../src-shared/reports.ts';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import type { ReportService } from '../../services/reports.ts';
import { callerOf } from '../context.ts';
import { parameterError } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report's range from its query: two dates, dateTo on or after dateFrom, at most REPORT_MAX_DAYS days; else 400. */
function reportRange(query: Record<string, string | undefined>): { dateFrom: string; dateTo: string } {
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
  return { dateFrom, dateTo };
}

/** Whether the caller asks for CSV: format=csv, or an Accept of text/csv without JSON. */
const wantsCsv = (ctx: Context, format: string | undefined) =>
  format === 'csv' || (ctx.get('Accept').includes('text/csv') && !ctx.get('Accept').includes('json'));

/** A CSV answer: a header row and a line per row, CRLF as spreadsheets expect, quoted where a field needs it. */
function respondCsv(ctx: Context, fileName: string, header: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
  ctx.status = 200;
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  ctx.body = `${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

export function reportRoutes(router: ApiRouter, reports: ReportService): void {
  router.on(ROUTES.dailyReport, async (ctx, { query }) => {
    const { dateFrom, dateTo } = reportRange(query);
    const createdBy = query.createdBy?.trim() || null;
    const report = await reports.daily(callerOf(ctx), { dateFrom, dateTo }, createdBy, query.site ?? null);
    if (wantsCsv(ctx, query.format)) {
      respondCsv(
        ctx,
        `shipments-${dateFrom}-${dateTo}.csv`,
        ['date', 'carrier', 'shipments', 'packages', 'weight_kg', 'cost', 'currency'],
        report.rows.flatMap((row) =>
          row.carriers.map((day) => [
            row.date,
            day.carrier,
            day.shipments,
            day.packages,
            day.weightKg,
            day.cost.amount.toFixed(2),
            day.cost.currency,
          ]),
        ),
      );
      return;
    }
    respondData(
      ctx,
      200,
      report.rows.map((row) => ({ type: 'dailyReport', id: row.date, attributes: row }) satisfies DailyReportResource),
      { ...report.meta },
    );
  });

  router.on(ROUTES.emissionsReport, async (ctx, { query }) => {
    const range = reportRange(query);
    const report = await reports.emissions(callerOf(ctx), range, query.site ?? null);
    if (wantsCsv(ctx, query.format)) {
      respondCsv(
        ctx,
        `emissions-${range.dateFrom}-${range.dateTo}.csv`,
        [
          'month',
          'site',
          'carrier',
          'service',
          'service_name',
          'shipments',
          'shipments_with_figure',
          'co2e_kg',
          'co2e_kg_per_shipment',
          'method',
          'data_quality',
        ],
        report.rows.map((row) => [
          row.month,
          row.site,
          row.carrier,
          row.serviceCode,
          row.serviceName,
          row.shipments,
          row.withFigure,
          row.co2eKg,
          row.co2ePerShipmentKg ?? '',
          report.meta.method,
          report.meta.dataQuality,
        ]),
      );
      return;
    }
    respondData(
      ctx,
      200,
      report.rows.map(
        (row) =>
          ({
            type: 'emissionsReport',
            id: `${row.month}.${row.site}.${row.carrier}.${row.serviceCode}`,
            attributes: row,
          }) satisfies EmissionsReportResource,
      ),
      { ...report.meta },
    );
  });
}
