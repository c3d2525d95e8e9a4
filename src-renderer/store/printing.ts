// The desk's label printer: the station's print settings and printers, and the print jobs started from the
// label screen, followed until done or failed so the packer sees the outcome.
import { create } from 'zustand';
import { DEFAULT_PRINT_SETTINGS, type PrintSettings } from '../../src-shared/printing.ts';
import type { PrinterAttributes, PrintJob } from '../api/types.ts';
import { api, describeError } from './session.ts';

const FOLLOW_MS = 700;

export interface PrintingState {
  settings: PrintSettings;
  printers: PrinterAttributes[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The latest job per shipment. */
  jobs: Record<string, PrintJob>;
  printError: Record<string, string>;
  load(): Promise<void>;
  save(change: Partial<PrintSettings>): Promise<void>;
  /** Prints on the station's label printer and follows the job; resolves when it is done or failed. */
  print(shipmentId: string): Promise<PrintJob | undefined>;
}

export const usePrinting = create<PrintingState>()((set, get) => ({
  settings: DEFAULT_PRINT_SETTINGS,
  printers: [],
  status: 'idle',
  error: null,
  jobs: {},
  printError: {},

  async load() {
    set({ status: 'loading', error: null });
    try {
      const [settings, printers] = await Promise.all([api().printSettings(), api().printers()]);
      set({ settings, printers: printers.map((printer) => printer.attributes), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: describeError(error) });
    }
  },

  async save(change) {
    set({ error: null });
    try {
      set({ settings: await api().updatePrintSettings(change) });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },

  async print(shipmentId) {
    set({ printError: { ...get().printError, [shipmentId]: '' } });
    try {
      let job = await api().print(shipmentId);
      set({ jobs: { ...get().jobs, [shipmentId]: job } });
      while (job.attributes.status === 'queued' || job.attributes.status === 'printing') {
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
        job = await api().printJob(job.id);
        set({ jobs: { ...get().jobs, [shipmentId]: job } });
      }
      return job;
    } catch (error) {
      set({ printError: { ...get().printError, [shipmentId]: describeError(error) } });
      return undefined;
    }
  },
}));
