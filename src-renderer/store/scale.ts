// The desk's scale as the New shipment and Settings screens see it: the station's latest reading, kept live over
// the scale stream while a screen is open and reconnected after a break; and its settings, which Settings changes.
import { create } from 'zustand';
import type { ScaleReading, ScaleSettings } from '../../src-shared/scale.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';

const RECONNECT_MS = 2000;

export interface ScaleState {
  reading: ScaleReading | null;
  /** The station's settings for this desk's scale, once read, and the serial ports it sees. */
  settings: ScaleSettings | null;
  ports: string[];
  /** The last refusal or failure of the settings, worded by the screen as it shows it. */
  settingsError: Said | null;
  /** Starts listening (once); returns the function that stops it. */
  listen(): () => void;
  loadSettings(): Promise<void>;
  /** Saves the settings (supervisor); true when the station took them. */
  saveSettings(settings: ScaleSettings): Promise<boolean>;
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
    settings: null,
    ports: [],
    settingsError: null,
    async loadSettings() {
      try {
        const [scale, ports] = await Promise.all([
          api()
            .call(ROUTES.scale)
            .then((answer) => answer.data.attributes),
          api().scalePorts(),
        ]);
        set({ settings: scale.settings, ports, settingsError: null });
      } catch (error) {
        set({ settingsError: failure(error) });
      }
    },
    async saveSettings(settings) {
      try {
        set({
          settings: (await api().call(ROUTES.changeScale, { body: { data: { type: 'scale', attributes: settings } } })).data.attributes
            .settings,
          settingsError: null,
        });
        return true;
      } catch (error) {
        set({ settingsError: failure(error) });
        return false;
      }
    },
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
