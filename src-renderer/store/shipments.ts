// The Shipments screen: the account's summaries with date and person filters, and the detail of one shipment with its
// documents, tracking, whether its label was printed (printing it again is a reprint), delete and void.
import { create } from 'zustand';
import { stationNextWorkingDay, stationToday } from './station-clock.ts';
import type { Documents, PrintJob, Shipment, ShipmentSummary, Tracking } from '../api/types.ts';
import { decodeBase64 } from './label.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';
import { usePrinting } from './printing.ts';
import { listedSite } from './sites.ts';

/** A job that printed the label, or is printing it: the station counts it as printed (a failed one is not). */
const printsLabel = (job: PrintJob) => job.attributes.documents === 'labels' && job.attributes.status !== 'failed';

export interface ShipmentDetail {
  id: string;
  status: 'loading' | 'ready' | 'error';
  shipment: Shipment | null;
  tracking: Tracking | null;
  pdf: Uint8Array | null;
  /** Whether its label was sent to a printer before (or is on its way): printing it again is a reprint. */
  labelPrinted: boolean;
  /** Why the shipment could not be read, worded by the screen as it shows it. */
  error: Said | null;
  /** The station's refusal of a delete or void, as it came: the screen words it with its figures (voidRefusalText). */
  deleteError: { failure: unknown } | null;
}

export interface ShipmentsState {
  dateFrom: string;
  dateTo: string;
  /** Whether the first load has set the dates. */
  started: boolean;
  limit: string;
  /** One person's shipments only (a username), or '' for the whole account's. */
  createdBy: string;
  /** The people seen in the account's shipments so far, for the filter's choices. */
  people: string[];
  rows: ShipmentSummary[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the list could not be read, worded by the screen as it shows it. */
  error: Said | null;
  detail: ShipmentDetail | null;
  setFilter(field: 'dateFrom' | 'dateTo' | 'limit' | 'createdBy', value: string): void;
  load(): Promise<void>;
  open(id: string): Promise<void>;
  close(): void;
  remove(id: string): Promise<boolean>;
  /** Prints the open shipment's label on the desk's label printer, followed until done; a reprint when printed before. */
  printLabel(id: string): Promise<void>;
}

export const useShipments = create<ShipmentsState>()((set, get) => ({
  // From the station's today to its next working day (what is made after a cutoff ships then), set at the first
  // load; emptied by hand, a date stops filtering.
  dateFrom: '',
  dateTo: '',
  started: false,
  limit: '100',
  createdBy: '',
  people: [],
  rows: [],
  status: 'idle',
  error: null,
  detail: null,

  setFilter: (field, value) => set({ [field]: value } as Partial<ShipmentsState>),

  async load() {
    if (!get().started) set({ dateFrom: stationToday(), dateTo: stationNextWorkingDay(), started: true });
    const { dateFrom, dateTo, limit, createdBy } = get();
    set({ status: 'loading', error: null });
    try {
      const rows = (
        await api().call(ROUTES.shipmentSummaries, {
          query: {
            dateFrom,
            dateTo,
            limit: limit === '' ? undefined : Number(limit),
            'filter[createdBy]': createdBy || undefined,
            site: listedSite(),
          },
        })
      ).data;
      const seen = rows.flatMap((row) => (row.meta.createdBy ? [row.meta.createdBy] : []));
      set({ rows, status: 'ready', people: [...new Set([...get().people, ...seen])].sort() });
    } catch (error) {
      set({ status: 'error', error: failure(error) });
    }
  },

  async open(id) {
    set({
      detail: { id, status: 'loading', shipment: null, tracking: null, pdf: null, labelPrinted: false, error: null, deleteError: null },
    });
    try {
      const shipment = (await api().call(ROUTES.shipment, { params: { id } })).data;
      const processed = shipment.meta?.status === 3;
      const [tracking, documents, jobs] = processed
        ? await Promise.all([
            api().call(ROUTES.tracking, { params: { id } }),
            api().call(ROUTES.documents, { params: { id } }),
            api().call(ROUTES.printJobs, { query: { 'filter[shipment]': id } }),
          ]).then((answers) => answers.map((answer) => answer.data) as [Tracking, Documents, PrintJob[]])
        : [null, null, []];
      if (get().detail?.id !== id) return;
      set({
        detail: {
          id,
          status: 'ready',
          shipment,
          tracking,
          pdf: documents ? decodeBase64(documents.attributes.fileData) : null,
          labelPrinted: jobs.some(printsLabel),
          error: null,
          deleteError: null,
        },
      });
    } catch (error) {
      if (get().detail?.id !== id) return;
      set({
        detail: {
          id,
          status: 'error',
          shipment: null,
          tracking: null,
          pdf: null,
          labelPrinted: false,
          error: failure(error),
          deleteError: null,
        },
      });
    }
  },

  close: () => set({ detail: null }),

  async printLabel(id) {
    const job = await usePrinting.getState().print(id);
    const detail = get().detail;
    // Printed: the next print is a reprint. A failed job is no print, as the station counts it.
    if (job && detail?.id === id) set({ detail: { ...detail, labelPrinted: detail.labelPrinted || printsLabel(job) } });
  },

  async remove(id) {
    try {
      await api().call(ROUTES.deleteShipment, { params: { id } });
      set({ detail: null, rows: get().rows.filter((row) => row.id !== id) });
      return true;
    } catch (error) {
      const detail = get().detail;
      if (detail) set({ detail: { ...detail, deleteError: { failure: error } } });
      return false;
    }
  },
}));
