// The Orders screen's list: the client's open orders, the work waiting for the desk, read again after an import.
import { create } from 'zustand';
import type { OrderResource } from '../../src-shared/orders.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';

export interface OrdersState {
  open: OrderResource[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  load(): Promise<void>;
}

export const useOrders = create<OrdersState>()((set) => ({
  open: [],
  status: 'idle',
  error: null,
  async load() {
    set({ status: 'loading', error: null });
    try {
      set({ open: (await api().call(ROUTES.orders, { query: { status: 'open', limit: 1000 } })).data, status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: failure(error) });
    }
  },
}));
