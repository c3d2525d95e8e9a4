// The Today screen: the station's ship date at a glance, for the account or one person (shipments per carrier, the close status, open print jobs,
// the next pickup), read again every half minute while the screen is shown.
import { create } from 'zustand';
import type { Today } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';
import { viewedSite } from './sites.ts';

export interface TodayState {
  today: Today | null;
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  /** One person's work only (a username), or '' for the whole account's. */
  createdBy: string;
  setCreatedBy(username: string): void;
  load(): Promise<void>;
}

export const useToday = create<TodayState>()((set, get) => ({
  today: null,
  error: null,
  createdBy: '',
  setCreatedBy(createdBy) {
    set({ createdBy });
    void get().load();
  },
  async load() {
    try {
      set({
        today: (await api().call(ROUTES.today, { query: { 'filter[createdBy]': get().createdBy || undefined, site: viewedSite() } })).data
          .attributes,
        error: null,
      });
    } catch (error) {
      set({ error: failure(error) });
    }
  },
}));
