// The one printing model both back ends implement: list printers, submit a job, read its state, cancel it.
// CUPS serves the headless station on Linux and macOS; Electron's own printing serves the desktop app.
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import type { PrintFormat, PrintLabelSize } from '../../src-shared/printing.ts';
import type { PrintFailure, PrinterAttributes } from '../../src-shared/resources.ts';

export type { PrintFormat } from '../../src-shared/printing.ts';

export interface BackendJob {
  printer: string;
  title: string;
  format: PrintFormat;
  copies: number;
  /** The job's document: a PNG job's is its labels one under another, at `dpi`. */
  data: Uint8Array;
  /** A PNG job's dots per inch: printed at its own resolution on 4×6 in pages, one label a page. */
  dpi?: number;
  /** The paper of a PDF job: labels (the default), or A4 sheets of labels (bulk print). */
  paper?: 'label' | 'a4';
  /** The labels' stock, for a PDF job on labels: 4×6 in unless the desk chose another for its label printer. */
  labelSize?: PrintLabelSize;
}

/** Each label stock as CUPS names its page size, and its size in microns (Electron's page size). */
export const LABEL_PAPER: Record<PrintLabelSize, { cups: string; microns: { width: number; height: number } }> = {
  '4x6': { cups: 'Custom.4x6in', microns: { width: 101_600, height: 152_400 } },
  '4x8': { cups: 'Custom.4x8in', microns: { width: 101_600, height: 203_200 } },
  a6: { cups: 'A6', microns: { width: 105_000, height: 148_000 } },
  a5: { cups: 'A5', microns: { width: 148_000, height: 210_000 } },
};

/** A failed job: the English reason, and its code with the printer's own words where there are any. */
export type BackendJobState = { state: 'printing' } | { state: 'done' } | { state: 'failed'; reason: string; failure: PrintFailure };

export interface PrintBackend {
  readonly name: string;
  printers(): Promise<PrinterAttributes[]>;
  /** Hands the job to the printing system; resolves with its id there. Rejects with a readable reason. */
  submit(job: BackendJob): Promise<string>;
  state(jobId: string, printer: string): Promise<BackendJobState>;
  cancel(jobId: string): Promise<void>;
  /** Why the printer is not printing right now, for a job that is taking too long. */
  printerProblem(printer: string): Promise<string | undefined>;
}

/** A station without any printing system (e.g. Windows without Electron): no printers, every job fails. */
export const noPrinting: PrintBackend = {
  name: 'none',
  printers: async () => [],
  submit: async () => {
    throw new Error(ERROR_TEXT.noPrintingSystem);
  },
  state: async () => ({ state: 'failed', reason: ERROR_TEXT.noPrintingSystemShort, failure: { code: 'notSent' } }),
  cancel: async () => {},
  printerProblem: async () => 'No printing system.',
};
