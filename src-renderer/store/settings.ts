// Desk settings kept in this browser: the default service. The box presets, packing rules and weight check are
// the station's (store/packing-setup.ts).
import { create } from 'zustand';
import type { ServiceLevel } from '../../src-shared/shipment.ts';
import { loadJson, saveJson } from './persist.ts';

interface Persisted {
  defaultService: ServiceLevel;
}

export interface SettingsState extends Persisted {
  setDefaultService(service: ServiceLevel): void;
}

const KEY = 'shipping-station.settings';
const DEFAULTS: Persisted = { defaultService: 'economy' };

export const useSettings = create<SettingsState>()((set, get) => {
  const persist = () => saveJson(KEY, { defaultService: get().defaultService });
  return {
    defaultService: loadJson(KEY, DEFAULTS).defaultService,
    setDefaultService(defaultService) {
      set({ defaultService });
      persist();
    },
  };
});
