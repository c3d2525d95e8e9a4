// The Tracking screen: look a shipment up by tracking number or reference (what a scanner types) and show
// its latest tracking state.
import { create } from 'zustand';
import type { Shipment, Tracking } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';

export interface TrackingState {
  query: string;
  /** What the last lookup looked for: the not-found message names it, whatever is typed since. */
  searched: string;
  status: 'idle' | 'loading' | 'ready' | 'not-found' | 'error';
  shipment: Shipment | null;
  tracking: Tracking | null;
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  setQuery(query: string): void;
  lookup(): Promise<void>;
}

export const useTracking = create<TrackingState>()((set, get) => ({
  query: '',
  searched: '',
  status: 'idle',
  shipment: null,
  tracking: null,
  error: null,
  setQuery: (query) => set({ query }),
  async lookup() {
    const query = get().query.trim();
    if (!query) return;
    set({ status: 'loading', searched: query, error: null, shipment: null, tracking: null });
    try {
      const [summary] = (await api().call(ROUTES.shipmentSummaries, { query: { search: query, limit: 1 } })).data;
      if (!summary) {
        set({ status: 'not-found' });
        return;
      }
      const shipment = (await api().call(ROUTES.shipment, { params: { id: summary.id } })).data;
      const tracking = shipment.meta?.status === 3 ? (await api().call(ROUTES.tracking, { params: { id: summary.id } })).data : null;
      set({ status: 'ready', shipment, tracking });
    } catch (error) {
      set({ status: 'error', error: failure(error) });
    }
  },
}));
