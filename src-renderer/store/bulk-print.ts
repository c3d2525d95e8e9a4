// Bulk print on the Shipments screen: the labels of the processed shipments listed, as one print job in one
// merged document (4×6 pages, or A4 sheets of 2 or 4), sorted by order or SKU, followed until it is printed, the
// printer named as the desk knows it.
import { create } from 'zustand';
import type { LabelLayout, LabelSort } from '../../src-shared/printing.ts';
import type { PrintJob } from '../api/types.ts';
import { printerTitle, usePrinting } from './printing.ts';
import { api } from './session.ts';
import { describeError } from '../i18n/error-text.ts';
import { translate } from '../i18n/i18n.ts';

/** The job's printer as the desk knows it (its description, then the queue). */
const printerOf = (job: PrintJob) => printerTitle(usePrinting.getState().printers, job.attributes.printer);

const POLL_MS = 500;
const FOLLOW_FOR_MS = 90_000;

export interface BulkPrintState {
  layout: LabelLayout;
  sort: LabelSort;
  status: 'idle' | 'sending' | 'printing' | 'done' | 'failed';
  message: string | null;
  choose(change: Partial<Pick<BulkPrintState, 'layout' | 'sort'>>): void;
  print(shipmentIds: string[]): Promise<void>;
}

export const useBulkPrint = create<BulkPrintState>()((set, get) => ({
  layout: '4x6',
  sort: 'order',
  status: 'idle',
  message: null,
  choose: (change) => set({ ...change, status: 'idle', message: null }),
  async print(shipmentIds) {
    if (shipmentIds.length === 0) return;
    const { layout, sort } = get();
    set({ status: 'sending', message: null });
    let job: PrintJob;
    try {
      job = await api().printMany({ shipments: shipmentIds, layout, sort });
    } catch (error) {
      set({ status: 'failed', message: describeError(error) });
      return;
    }
    set({ status: 'printing', message: translate('bulkPrint.printing', { count: shipmentIds.length, printer: printerOf(job) }) });
    const until = Date.now() + FOLLOW_FOR_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      try {
        job = await api().printJob(job.id);
      } catch {
        continue;
      }
      if (job.attributes.status === 'done') {
        set({ status: 'done', message: translate('bulkPrint.printed', { count: shipmentIds.length, printer: printerOf(job) }) });
        return;
      }
      if (job.attributes.status === 'failed') {
        set({ status: 'failed', message: job.attributes.reason ? translate('bulkPrint.failed', { reason: job.attributes.reason }) : translate('bulkPrint.failedNoReason') });
        return;
      }
    }
    set({ status: 'printing', message: translate('bulkPrint.still', { printer: printerOf(job) }) });
  },
}));
