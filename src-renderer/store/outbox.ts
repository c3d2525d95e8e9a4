// The outbox on the Shipments screen: scheduled shipments still to be sent (queued), being sent, or failed, each
// with why, the closed manifests on their way to an upstream service, and whether each upstream service can be
// reached. Refreshed while anything waits.
import { create } from 'zustand';
import type { Manifest, OutboxEntry, UpstreamHealth } from '../api/types.ts';
import { api } from './session.ts';
import { failure, type Said } from '../i18n/said.ts';

export interface OutboxState {
  entries: OutboxEntry[];
  upstreams: UpstreamHealth[];
  /** Closed manifests waiting to be sent to their upstream service, or refused there. */
  manifests: Manifest[];
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  load(): Promise<void>;
}

export const useOutbox = create<OutboxState>()((set) => ({
  entries: [],
  upstreams: [],
  manifests: [],
  error: null,
  async load() {
    try {
      set({ ...(await api().outbox()), error: null });
    } catch (error) {
      set({ error: failure(error) });
    }
  },
}));
