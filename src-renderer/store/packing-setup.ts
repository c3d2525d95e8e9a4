// The station's packing setup as the desk holds it: box presets, packing rules and the weight check, read from
// the station (one set for all its desks) when a screen that uses them opens, and saved there by supervisors.
import { create } from 'zustand';
import { DEFAULT_PACKING_SETUP, type PackingSetup } from '../../src-shared/packing-setup.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';

export interface PackingSetupState {
  /** The defaults until the station's setup has been read. */
  setup: PackingSetup;
  status: 'idle' | 'loading' | 'ready' | 'saving';
  /** The last refusal, worded by the screen as it shows it. */
  error: Said | null;
  load(): Promise<void>;
  /** Saves the change; false (with the station's reason in `error`) when it was refused. */
  save(change: Partial<PackingSetup>): Promise<boolean>;
}

export const usePackingSetup = create<PackingSetupState>()((set) => ({
  setup: DEFAULT_PACKING_SETUP,
  status: 'idle',
  error: null,
  async load() {
    set({ status: 'loading' });
    try {
      set({ setup: (await api().call(ROUTES.packing)).data.attributes, status: 'ready', error: null });
    } catch (error) {
      set({ status: 'ready', error: failure(error) });
    }
  },
  async save(change) {
    set({ status: 'saving', error: null });
    try {
      set({
        setup: (await api().call(ROUTES.changePacking, { body: { data: { type: 'packingSetup', attributes: change } } })).data.attributes,
        status: 'ready',
      });
      return true;
    } catch (error) {
      set({ status: 'ready', error: failure(error) });
      return false;
    }
  },
}));
