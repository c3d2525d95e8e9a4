// The desk's printers: the station's print settings and printers (the label printer, and the A4 printer for the
// commercial invoice), and the print jobs started from the label screen, followed until done or failed so the
// packer sees the outcome, the printer named as the desk knows it.
import { create } from 'zustand';
import { DEFAULT_PRINT_SETTINGS, type PrintDocuments, type PrintSettings } from '../../src-shared/printing.ts';
import type { PrinterAttributes, PrintJob } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, printFailed, type Said } from '../i18n/said.ts';
import { signal } from '../feedback/feedback.ts';

const FOLLOW_MS = 700;

export interface PrintingState {
  settings: PrintSettings;
  printers: PrinterAttributes[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last refusal or failure of the settings or printers, worded by the screen as it shows it. */
  error: Said | null;
  /** The latest job per shipment and documents (see jobKey). */
  jobs: Record<string, PrintJob>;
  /** Why the latest print of a shipment's documents (see jobKey) could not start, worded by the screen as it shows it. */
  printError: Record<string, Said | null>;
  load(): Promise<void>;
  save(change: Partial<PrintSettings>): Promise<void>;
  /** Prints on the label printer (or the A4 printer) and follows the job; resolves when it is done or failed. */
  print(shipmentId: string, documents?: PrintDocuments): Promise<PrintJob | undefined>;
}

/** Where a shipment's job is kept: its labels under its id, its A4 documents beside them. */
/** The print settings' change under way, which the next waits for. */
let saving: Promise<void> = Promise.resolve();

export const jobKey = (shipmentId: string, documents: PrintDocuments = 'labels') => (documents === 'a4' ? `${shipmentId}:a4` : shipmentId);

/** A printer as the desk knows it: its description, with the queue's name when they differ. */
export function printerTitle(printers: readonly PrinterAttributes[], name: string): string {
  const description = printers.find((printer) => printer.name === name)?.description;
  return description && description !== name ? `${description} (${name})` : name;
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
      const [settings, printers] = await Promise.all([
        api()
          .call(ROUTES.printSettings)
          .then((answer) => answer.data.attributes),
        api()
          .call(ROUTES.printers)
          .then((answer) => answer.data),
      ]);
      set({ settings, printers: printers.map((printer) => printer.attributes), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: failure(error) });
    }
  },

  save(change) {
    // One change at a time, each after the answer to the one before: two at once (a format, then its resolution)
    // were each made on the settings as they stood, and the later answer could bring back what the first changed.
    const run = saving.then(async () => {
      set({ error: null });
      try {
        set({
          settings: (await api().call(ROUTES.changePrintSettings, { body: { data: { type: 'printSettings', attributes: change } } })).data
            .attributes,
        });
      } catch (error) {
        set({ error: failure(error) });
      }
    });
    saving = run;
    return run;
  },

  async print(shipmentId, documents = 'labels') {
    const key = jobKey(shipmentId, documents);
    const { [key]: _previous, ...jobs } = get().jobs;
    set({ jobs, printError: { ...get().printError, [key]: null } });
    try {
      let job = (
        await api().call(ROUTES.printShipment, {
          params: { id: shipmentId },
          body: { data: { type: 'printJob', attributes: documents === 'a4' ? { documents } : {} } },
        })
      ).data;
      set({ jobs: { ...get().jobs, [key]: job } });
      while (job.attributes.status === 'queued' || job.attributes.status === 'printing') {
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
        job = (await api().call(ROUTES.printJob, { params: { id: job.id } })).data;
        set({ jobs: { ...get().jobs, [key]: job } });
      }
      const printer = printerTitle(get().printers, job.attributes.printer);
      if (job.attributes.status === 'done')
        signal('printed', message('announce.printed', { what: documents === 'a4' ? 'invoice' : 'label', printer }));
      else
        signal(
          'bad',
          message('announce.notPrinted', { what: documents === 'a4' ? 'invoice' : 'label', printer, reason: printFailed(job.attributes) }),
        );
      return job;
    } catch (error) {
      set({ printError: { ...get().printError, [key]: failure(error) } });
      return undefined;
    }
  },
}));
