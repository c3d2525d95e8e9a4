// A print job: recorded before it is sent, followed until the printer is done with it or has failed.
import type { LabelLayout, PrintDocuments, PrintFormat } from '../../src-shared/printing.ts';
import type { PrintFailure, PrintJobStatus } from '../../src-shared/resources.ts';

export interface PrintJobRecord {
  id: string;
  shipmentId: string;
  clientId: string;
  /** The desk whose printer prints it; null for jobs queued before desks, until a desk takes them over. */
  desk: string | null;
  printer: string;
  /** pdf and png through the queue's driver; zpl and epl2 to a raw queue. */
  format: PrintFormat;
  dpi: 203 | 300;
  copies: number;
  status: PrintJobStatus;
  reason: string | null;
  /** A failed job's code and figures (reason in English beside it). */
  failure: PrintFailure | null;
  backendJobId: string | null;
  createdAt: string;
  updatedAt: string;
  /** What it prints: the label pages, or the A4 documents (the commercial invoice) on an A4 printer. */
  documents: PrintDocuments;
  /** A bulk print: the shipments whose labels it prints, in print order (shipmentId is the first), and the sheet. */
  batch?: { shipmentIds: string[]; layout: LabelLayout; start?: number };
}
