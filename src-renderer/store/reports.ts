// The Reports screen: a date range (the last 30 days at first), for the account or one person, and its report as
// the station answers it, per day and carrier with per-carrier totals, top destinations and parcels per person;
// the CSV exports (the shipments, their emissions) are the station's own.
import { create } from 'zustand';
import { addDays } from '../../src-shared/calendar.ts';
import type { EmissionsReportMeta, ReportDay, ReportMeta } from '../api/types.ts';
import { api } from './session.ts';
import { failure, type Said } from '../i18n/said.ts';
import { stationToday } from './station-clock.ts';
import { viewedSite } from './sites.ts';

/** The range of the last `days` days up to the station's today. */
export const lastDays = (days: number): { dateFrom: string; dateTo: string } => {
  const today = stationToday();
  return { dateFrom: addDays(today, -(days - 1)), dateTo: today };
};

export interface ReportsState {
  dateFrom: string;
  dateTo: string;
  /** One person's shipments only (a username), or '' for the whole account's. */
  createdBy: string;
  status: 'idle' | 'loading' | 'ready';
  days: ReportDay[];
  meta: ReportMeta | null;
  /** The range's CO2e per carrier (the whole site's or account's: the emissions report has no person filter). */
  emissions: EmissionsReportMeta | null;
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  setRange(dateFrom: string, dateTo: string): void;
  setCreatedBy(username: string): void;
  load(): Promise<void>;
  /** The report as CSV, for the browser to save. */
  csv(): Promise<string | null>;
  /** The emissions per month, site, carrier and service as CSV, for the browser to save. */
  emissionsCsv(): Promise<string | null>;
}

export const useReports = create<ReportsState>()((set, get) => ({
  // The last 30 days of the station's calendar, set at the first load (the station's zone is known by then).
  dateFrom: '',
  dateTo: '',
  createdBy: '',
  status: 'idle',
  days: [],
  meta: null,
  emissions: null,
  error: null,
  setRange: (dateFrom, dateTo) => set({ dateFrom, dateTo }),
  setCreatedBy: (createdBy) => set({ createdBy }),
  async load() {
    if (!get().dateFrom || !get().dateTo) set(lastDays(30));
    const { dateFrom, dateTo, createdBy } = get();
    set({ status: 'loading', error: null });
    try {
      // The emissions chart is beside the report: when it cannot be had, the rest still shows.
      const [report, emissions] = await Promise.all([
        api().report(dateFrom, dateTo, createdBy || undefined, viewedSite()),
        api()
          .emissionsReport(dateFrom, dateTo, viewedSite())
          .catch(() => null),
      ]);
      set({ ...report, emissions, status: 'ready' });
    } catch (error) {
      set({ status: 'ready', error: failure(error) });
    }
  },
  async csv() {
    try {
      return await api().reportCsv(get().dateFrom, get().dateTo, get().createdBy || undefined, viewedSite());
    } catch (error) {
      set({ error: failure(error) });
      return null;
    }
  },
  async emissionsCsv() {
    try {
      return await api().emissionsCsv(get().dateFrom, get().dateTo, viewedSite());
    } catch (error) {
      set({ error: failure(error) });
      return null;
    }
  },
}));
