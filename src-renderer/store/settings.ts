// Desk settings kept in this browser: box presets, the default service, the packing rules and the weight check.
import { create } from 'zustand';
import type { PackingRule } from '../../src-shared/packing-rules.ts';
import type { ServiceLevel } from '../../src-shared/shipment.ts';
import { loadJson, saveJson } from './persist.ts';

export interface BoxPreset {
  name: string;
  length: string;
  width: string;
  height: string;
  /** The empty box's own weight, kg: part of a packed order's expected weight. */
  tareKg?: string;
}

interface Persisted {
  boxPresets: BoxPreset[];
  defaultService: ServiceLevel;
  /** Which box, service and carrier a scanned order gets; the first rule that decides a choice wins. */
  packingRules: PackingRule[];
  /** A weighed parcel this far (%) from its expected weight is shown as a warning… */
  varianceWarnPercent: number;
  /** …and this far cannot be shipped until it is weighed again. */
  varianceBlockPercent: number;
}

export interface SettingsState extends Persisted {
  addPreset(preset: BoxPreset): void;
  removePreset(name: string): void;
  setDefaultService(service: ServiceLevel): void;
}

const KEY = 'shipping-station.settings';
const DEFAULTS: Persisted = {
  boxPresets: [
    { name: 'Small box', length: '30', width: '20', height: '15', tareKg: '0.15' },
    { name: 'Medium box', length: '40', width: '30', height: '25', tareKg: '0.35' },
    { name: 'Large box', length: '60', width: '40', height: '40', tareKg: '0.8' },
  ],
  defaultService: 'economy',
  packingRules: [
    { when: { maxWeightKg: 1 }, then: { box: 'Small box' } },
    { when: { maxWeightKg: 5 }, then: { box: 'Medium box' } },
    { when: {}, then: { box: 'Large box' } },
    { when: { tags: ['express'] }, then: { service: 'express' } },
    { when: {}, then: { service: 'economy' } },
  ],
  varianceWarnPercent: 10,
  varianceBlockPercent: 25,
};

export const useSettings = create<SettingsState>()((set, get) => {
  const persist = () => {
    const { boxPresets, defaultService, packingRules, varianceWarnPercent, varianceBlockPercent } = get();
    saveJson(KEY, { boxPresets, defaultService, packingRules, varianceWarnPercent, varianceBlockPercent });
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
