// Orders → Export shipped: the days and the shop's format the packer chose, and the file the station makes of the
// orders shipped on those days (GET /orders/shipped), for the browser to save. The days start at the station's today.
import { create } from 'zustand';
import type { ShippedFormat } from '../../src-shared/shipped-orders.ts';
import { failure, type Said } from '../i18n/said.ts';
import { api } from './session.ts';
import { stationToday } from './station-clock.ts';

export interface ShippedFile {
  text: string;
  fileName: string;
  type: string;
}

export interface ShippedOrdersState {
  /** The first and last ship dates, YYYY-MM-DD; empty until the screen opens (the station's today then). */
  from: string;
  to: string;
  format: ShippedFormat;
  busy: boolean;
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  /** Sets the days to the station's today when none are chosen yet. */
  start(): void;
  choose(change: Partial<Pick<ShippedOrdersState, 'from' | 'to' | 'format'>>): void;
  /** The file of the chosen days and format, or null when the station refused (the error says why). */
  download(): Promise<ShippedFile | null>;
}

export const useShippedOrders = create<ShippedOrdersState>()((set, get) => ({
  from: '',
  to: '',
  format: 'amazon',
  busy: false,
  error: null,
  start() {
    if (get().from === '' || get().to === '') set({ from: stationToday(), to: stationToday() });
  },
  choose: (change) => set({ ...change, error: null }),
  async download() {
    const { format, from, to } = get();
    set({ busy: true, error: null });
    try {
      const file = await api().shippedOrders(format, from, to);
      set({ busy: false });
      return file;
    } catch (error) {
      set({ busy: false, error: failure(error) });
      return null;
    }
  },
}));
