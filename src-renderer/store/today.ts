// The Today screen: the station's ship date at a glance (shipments per carrier, the close status, open print jobs,
// the next pickup), read again every half minute while the screen is shown.
import { create } from 'zustand';
import type { Today } from '../api/types.ts';
import { api, describeError } from './session.ts';

export interface TodayState {
  today: Today | null;
  error: string | null;
  load(): Promise<void>;
}

export const useToday = create<TodayState>()((set) => ({
  today: null,
  error: null,
  async load() {
    try {
      set({ today: await api().today(), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));
