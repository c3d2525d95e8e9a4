// Bulk print on the Shipments screen: the labels of the processed shipments listed, as one print job in one
// merged document (4×6 pages, or A4 sheets of 2 or 4), sorted by order or SKU, followed until it is printed, the
// printer named as the desk knows it. A label printed before is a reprint: a supervisor confirms reprints first
// (the station names them), a packer's are left out and named.
import { create } from 'zustand';
import type { LabelLayout, LabelSort, ReprintChoice, ReprintRefusalMeta } from '../../src-shared/printing.ts';
import { hasRole } from '../../src-shared/roles.ts';
import type { PrintJob } from '../api/types.ts';
import { ApiError } from '../api/client.ts';
import { printerTitle, usePrinting } from './printing.ts';
import { api, useSession } from './session.ts';
import { failure, message, printFailed, type Said } from '../i18n/said.ts';
import { ROUTES } from '../../src-shared/routes.ts';

/** The job's printer as the desk knows it (its description, then the queue). */
const printerOf = (job: PrintJob) => printerTitle(usePrinting.getState().printers, job.attributes.printer);

const POLL_MS = 500;
const FOLLOW_FOR_MS = 90_000;

/** Reprints the station named before printing anything: the supervisor says whether to print them again. */
export interface ReprintQuestion {
  shipmentIds: string[];
  reprints: number;
  total: number;
  fresh: number;
}

export interface BulkPrintState {
  layout: LabelLayout;
  sort: LabelSort;
  status: 'idle' | 'sending' | 'confirm' | 'printing' | 'done' | 'failed';
  /** What the job is doing or why it failed, worded by the screen as it shows it. */
  message: Said | null;
  /** The listed labels the job left out (printed before), by reference, worded by the screen. */
  leftOut: Said | null;
  question: ReprintQuestion | null;
  choose(change: Partial<Pick<BulkPrintState, 'layout' | 'sort'>>): void;
  /** `reprints`: the answer to the question; absent, a supervisor is asked first and a packer's reprints are left out. */
  print(shipmentIds: string[], reprints?: ReprintChoice): Promise<void>;
  /** Cancels the question: nothing is printed. */
  dismiss(): void;
}

/** A refusal over reprints: the station's meta naming them. */
const reprintRefusal = (error: unknown): (ReprintRefusalMeta & { code: string }) | undefined => {
  const first = error instanceof ApiError ? error.errors[0] : undefined;
  const meta = first?.meta as Partial<ReprintRefusalMeta> | undefined;
  return first && Array.isArray(meta?.reprints) ? { ...(meta as ReprintRefusalMeta), code: first.code } : undefined;
};
const referencesOf = (labels: readonly { shipmentId: string; reference: string | null }[]) =>
  labels.map((label) => label.reference ?? label.shipmentId).join(', ');

export const useBulkPrint = create<BulkPrintState>()((set, get) => ({
  layout: '4x6',
  sort: 'order',
  status: 'idle',
  message: null,
  leftOut: null,
  question: null,
  choose: (change) => set({ ...change, status: 'idle', message: null, leftOut: null, question: null }),
  dismiss: () => set({ status: 'idle', message: null, leftOut: null, question: null }),
  async print(shipmentIds, reprints) {
    if (shipmentIds.length === 0) return;
    const { layout, sort } = get();
    const role = useSession.getState().who?.role ?? 'packer';
    // A supervisor is asked before labels are printed twice; a packer may not reprint, so is not asked.
    const choice = reprints ?? (hasRole(role, 'supervisor') ? 'ask' : undefined);
    set({ status: 'sending', message: null, leftOut: null, question: null });
    let job: PrintJob;
    let printed: number;
    try {
      const answer = await api().printMany({ shipments: shipmentIds, layout, sort, ...(choice ? { reprints: choice } : {}) });
      job = answer.job;
      printed = answer.job.attributes.shipmentIds?.length ?? shipmentIds.length;
      const left = answer.meta.leftOut ?? [];
      if (left.length > 0) {
        set({
          leftOut: message('bulkPrint.leftOut', {
            reason: left[0]!.reason === 'reprintSkipped' ? 'skipped' : 'supervisor',
            count: left.length,
            references: referencesOf(left),
          }),
        });
      }
    } catch (error) {
      const refusal = reprintRefusal(error);
      if (refusal?.code === 'print.reprintsToConfirm') {
        set({
          status: 'confirm',
          question: { shipmentIds, reprints: refusal.reprints.length, total: shipmentIds.length, fresh: refusal.fresh },
        });
        return;
      }
      if (refusal?.code === 'print.reprintNeedsSupervisor') {
        set({
          status: 'failed',
          message: message('bulkPrint.onlyReprints', { count: refusal.reprints.length, references: referencesOf(refusal.reprints) }),
        });
        return;
      }
      set({ status: 'failed', message: failure(error) });
      return;
    }
    set({ status: 'printing', message: message('bulkPrint.printing', { count: printed, printer: printerOf(job) }) });
    const until = Date.now() + FOLLOW_FOR_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      try {
        job = (await api().call(ROUTES.printJob, { params: { id: job.id } })).data;
      } catch {
        continue;
      }
      if (job.attributes.status === 'done') {
        set({ status: 'done', message: message('bulkPrint.printed', { count: printed, printer: printerOf(job) }) });
        return;
      }
      if (job.attributes.status === 'failed') {
        set({
          status: 'failed',
          message:
            job.attributes.reason || job.attributes.failure
              ? message('bulkPrint.failed', { reason: printFailed(job.attributes) })
              : message('bulkPrint.failedNoReason'),
        });
        return;
      }
    }
    set({ status: 'printing', message: message('bulkPrint.still', { printer: printerOf(job) }) });
  },
}));
