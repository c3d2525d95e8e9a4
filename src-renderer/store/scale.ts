// The desk's scale as the New shipment screen sees it: the station's latest reading, kept live over the scale
// stream while the screen is open, and reconnected after a break.
import { create } from 'zustand';
import type { ScaleReading } from '../../src-shared/scale.ts';
import { api } from './session.ts';

const RECONNECT_MS = 2000;

export interface ScaleState {
  reading: ScaleReading | null;
  /** Starts listening (once); returns the function that stops it. */
  listen(): () => void;
}

export const useScale = create<ScaleState>()((set) => {
  let listeners = 0;
  let controller: AbortController | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const current = new AbortController();
    controller = current;
    api()
      .watchScale((reading) => set({ reading }), current.signal)
      .catch(() => {
        if (controller !== current || current.signal.aborted) return;
        retry = setTimeout(connect, RECONNECT_MS);
      });
  };

  return {
    reading: null,
    listen() {
      if (listeners++ === 0) connect();
      return () => {
        if (--listeners > 0) return;
        if (retry) clearTimeout(retry);
        controller?.abort();
        controller = undefined;
      };
    },
  };
});
