// The outbox on the Shipments screen: scheduled shipments still to be sent (queued), being sent, or failed, each
// with why, and whether each upstream service can be reached. Refreshed while anything waits.
import { create } from 'zustand';
import type { OutboxEntry, UpstreamHealth } from '../api/types.ts';
import { api, describeError } from './session.ts';

export interface OutboxState {
  entries: OutboxEntry[];
  upstreams: UpstreamHealth[];
  error: string | null;
  load(): Promise<void>;
}

export const useOutbox = create<OutboxState>()((set) => ({
  entries: [],
  upstreams: [],
  error: null,
  async load() {
    try {
      set({ ...(await api().outbox()), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));
