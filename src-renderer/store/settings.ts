// Desk settings kept in this browser: box presets, the default service, and where tracking links point.
import { create } from 'zustand';
import type { ServiceLevel } from '../../src-shared/shipment.ts';
import { loadJson, saveJson } from './persist.ts';

export interface BoxPreset {
  name: string;
  length: string;
  width: string;
  height: string;
}

interface Persisted {
  boxPresets: BoxPreset[];
  defaultService: ServiceLevel;
}

export interface SettingsState extends Persisted {
  addPreset(preset: BoxPreset): void;
  removePreset(name: string): void;
  setDefaultService(service: ServiceLevel): void;
}

const KEY = 'shipping-station.settings';
const DEFAULTS: Persisted = {
  boxPresets: [
    { name: 'Small box', length: '30', width: '20', height: '15' },
    { name: 'Medium box', length: '40', width: '30', height: '25' },
    { name: 'Large box', length: '60', width: '40', height: '40' },
  ],
  defaultService: 'economy',
};

export const useSettings = create<SettingsState>()((set, get) => {
  const persist = () => {
    const { boxPresets, defaultService } = get();
    saveJson(KEY, { boxPresets, defaultService });
  };
  return {
    ...loadJson(KEY, DEFAULTS),
    addPreset(preset) {
      set({ boxPresets: [...get().boxPresets.filter((existing) => existing.name !== preset.name), preset] });
      persist();
    },
    removePreset(name) {
      set({ boxPresets: get().boxPresets.filter((preset) => preset.name !== name) });
      persist();
    },
    setDefaultService(defaultService) {
      set({ defaultService });
      persist();
    },
  };
});
