// The Reports screen: a date range (the last 30 days at first) and its report as the station answers it, per day
// and carrier with per-carrier totals and top destinations; the CSV export is the station's own.
import { create } from 'zustand';
import { addDays } from '../../src-shared/calendar.ts';
import type { ReportDay, ReportMeta } from '../api/types.ts';
import { api, describeError } from './session.ts';
import { stationToday } from './station-clock.ts';

/** The range of the last `days` days up to the station's today. */
export const lastDays = (days: number): { dateFrom: string; dateTo: string } => {
  const today = stationToday();
  return { dateFrom: addDays(today, -(days - 1)), dateTo: today };
};

export interface ReportsState {
  dateFrom: string;
  dateTo: string;
  status: 'idle' | 'loading' | 'ready';
  days: ReportDay[];
  meta: ReportMeta | null;
  error: string | null;
  setRange(dateFrom: string, dateTo: string): void;
  load(): Promise<void>;
  /** The report as CSV, for the browser to save. */
  csv(): Promise<string | null>;
}

export const useReports = create<ReportsState>()((set, get) => ({
  // The last 30 days of the station's calendar, set at the first load (the station's zone is known by then).
  dateFrom: '',
  dateTo: '',
  status: 'idle',
  days: [],
  meta: null,
  error: null,
  setRange: (dateFrom, dateTo) => set({ dateFrom, dateTo }),
  async load() {
    if (!get().dateFrom || !get().dateTo) set(lastDays(30));
    const { dateFrom, dateTo } = get();
    set({ status: 'loading', error: null });
    try {
      set({ ...(await api().report(dateFrom, dateTo)), status: 'ready' });
    } catch (error) {
      set({ status: 'ready', error: describeError(error) });
    }
  },
  async csv() {
    try {
      return await api().reportCsv(get().dateFrom, get().dateTo);
    } catch (error) {
      set({ error: describeError(error) });
      return null;
    }
  },
}));
