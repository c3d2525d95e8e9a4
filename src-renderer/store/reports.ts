// The Reports screen: a date range (the last 30 days at first) and its report as the station answers it, per day
// and carrier with per-carrier totals and top destinations; the CSV export is the station's own.
import { create } from 'zustand';
import { localDate } from '../../src-shared/dates.ts';
import type { ReportDay, ReportMeta } from '../api/types.ts';
import { api, describeError } from './session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The date `days` before `date` (both YYYY-MM-DD). */
export const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

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
  dateFrom: daysBefore(localDate(), 29),
  dateTo: localDate(),
  status: 'idle',
  days: [],
  meta: null,
  error: null,
  setRange: (dateFrom, dateTo) => set({ dateFrom, dateTo }),
  async load() {
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
