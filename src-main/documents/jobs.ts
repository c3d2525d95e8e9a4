// What the document workers do: render a shipment's PDF (all of it, or the label pages only), its labels as a
// 1-bit PNG, or the labels of many shipments on sheets (bulk print), and answer with the bytes, or with the error the renderer threw. Shared
// by the worker and by tests that run a worker.
import type { MessagePort } from 'node:worker_threads';
import type { FontLibrary } from './fonts.ts';
import { renderPngLabels } from './png-label.ts';
import { renderLabelSheets, renderShipmentPdf, type RenderOptions, type ShipmentDocumentInput } from './shipment-pdf.ts';

export interface DocumentJob {
  id: number;
  /** One shipment's document, or (bulk print) the labels of many in the options' layout. */
  input: ShipmentDocumentInput | readonly ShipmentDocumentInput[];
  options: RenderOptions;
}

/** `pdf` holds the rendered file's bytes: a PDF, or the PNG when the options asked for one. */
export type DocumentAnswer = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

const isSheets = (input: DocumentJob['input']): input is readonly ShipmentDocumentInput[] => Array.isArray(input);

/** Renders one job and posts the answer; the PDF's buffer is transferred, not copied. */
export function answerJob(port: MessagePort | { postMessage: MessagePort['postMessage'] }, job: DocumentJob, fonts: FontLibrary): void {
  let answer: DocumentAnswer;
  try {
    const pdf = isSheets(job.input)
      ? renderLabelSheets(job.input, fonts, job.options.layout ?? '4x6', job.options.start)
      : job.options.png
        ? renderPngLabels(job.input, fonts, job.options.png.dpi)
        : renderShipmentPdf(job.input, fonts, job.options);
    answer = { id: job.id, ok: true, pdf };
  } catch (error) {
    answer = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, answer.ok ? [answer.pdf.buffer as ArrayBuffer] : []);
}
