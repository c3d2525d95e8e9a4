// The shipment just confirmed (or opened) and its label PDF, fetched once for preview and printing.
import { create } from 'zustand';
import type { Shipment } from '../api/types.ts';
import { api, describeError } from './session.ts';

/** How often a scheduled shipment is checked until the station has processed it. */
const WATCH_INTERVAL_MS = 2000;

export interface LabelState {
  shipment: Shipment | null;
  pdf: Uint8Array | null;
  fileName: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  show(shipment: Shipment): Promise<void>;
  clear(): void;
}

export function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const useLabel = create<LabelState>()((set, get) => {
  let watcher: ReturnType<typeof setTimeout> | undefined;
  const stopWatching = () => {
    if (watcher) clearTimeout(watcher);
    watcher = undefined;
  };
  /** A scheduled shipment answers 404 until processed: ask again until it is 3 or -1. */
  const watch = (id: string) => {
    watcher = setTimeout(async () => {
      if (get().shipment?.id !== id) return;
      try {
        const shipment = await api().shipment(id);
        if (get().shipment?.id !== id) return;
        if (shipment.meta.status === 0) watch(id);
        else void get().show(shipment);
      } catch {
        if (get().shipment?.id === id) watch(id);
      }
    }, WATCH_INTERVAL_MS);
  };

  return {
    shipment: null,
    pdf: null,
    fileName: null,
    status: 'idle',
    error: null,
    async show(shipment) {
      stopWatching();
      const processed = shipment.meta.status === 3;
      set({ shipment, pdf: null, fileName: null, status: processed ? 'loading' : 'ready', error: null });
      // Only a scheduled shipment changes by itself; a saved one waits for a confirm, so nothing to watch.
      if (shipment.meta.status === 0 && shipment.meta.scheduledProcessing) watch(shipment.id);
      if (!processed) return;
      try {
        const documents = await api().documents(shipment.id);
        if (get().shipment?.id !== shipment.id) return;
        set({ pdf: decodeBase64(documents.attributes.fileData), fileName: documents.attributes.fileName, status: 'ready' });
      } catch (error) {
        set({ status: 'error', error: describeError(error) });
      }
    },
    clear: () => {
      stopWatching();
      set({ shipment: null, pdf: null, fileName: null, status: 'idle', error: null });
    },
  };
});
