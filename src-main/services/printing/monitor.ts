// The print monitor: this desk's queued jobs sent to the printing system (rendered as PDF, ZPL, EPL2 or PNG), then followed
// there until done or failed, with the reason (a fault named within seconds, a silent printer after the timeout),
// so an offline printer never loses a label silently. A restart picks the open jobs up again; a job sent while the
// database did not answer is recorded later, never sent twice.
import { ERROR_TEXT } from '../../../src-shared/errors.ts';
import type { PrintLabelSize } from '../../../src-shared/printing.ts';
import type { RenderOptions } from '../../documents/shipment-pdf.ts';
import { renderEpl2Labels } from '../../documents/epl2-label.ts';
import { renderZplLabels } from '../../documents/zpl-label.ts';
import type { PrintJobRecord } from '../../domain/print-job.ts';
import { createScheduler, type Scheduler } from '../../scheduler/index.ts';
import { labelInput } from '../label-input.ts';
import { describePrinter } from './printers.ts';
import { concatenated, stackedPng, withEpl2Copies } from './label-data.ts';
import { labelSizeOf } from './settings.ts';
import type { PrintServiceDeps } from './types.ts';

/** CUPS state messages that mean the printer cannot print now, rather than that it is busy printing. */
const PRINTER_FAULT = /not exist|unavailable|not responding|unable|offline|refused|unreachable|waiting for printer|connect/i;

export function createPrintMonitor(deps: PrintServiceDeps): Scheduler {
  const { store, backend, logger, desk } = deps;
  const timeoutMs = deps.timeoutMs ?? 60_000;
  const stuckMs = deps.stuckMs ?? 3000;

  /**
   * Jobs sent to the printing system whose sending is not recorded yet, because the database did not answer: they
   * are recorded on the next pass instead of being sent again, so a database outage never prints a label twice.
   */
  const submitted = new Map<string, string>();
  const recordSubmitted = async (jobId: string, backendJobId: string) => {
    await store.printJobs.markPrinting(jobId, backendJobId);
    submitted.delete(jobId);
  };

  /** Renders a queued job's documents and hands them to the printing system; a shipment gone or a refusal fails it. */
  const sendJob = async (job: PrintJobRecord) => {
    const ids = job.batch?.shipmentIds ?? [job.shipmentId];
    const records = await Promise.all(ids.map((id) => store.shipments.findForAdmin(id)));
    const gone = records.findIndex((record) => !record || record.status !== 3);
    if (gone >= 0) {
      await store.printJobs.finish(
        job.id,
        'failed',
        job.batch ? ERROR_TEXT.bulkPrintShipmentGone(ids[gone]!) : ERROR_TEXT.printShipmentGone,
        { code: 'shipmentGone' },
      );
      return;
    }
    let backendJobId: string;
    try {
      const inputs = records.map((record) => labelInput(record!));
      let data: Uint8Array;
      let copies = job.copies;
      let labelSize: PrintLabelSize | undefined;
      if (job.format === 'zpl') {
        // ZPL copies travel inside the data (^PQ), so raw queues print them too. A bulk job is one stream.
        const zpl = inputs.map((input) => renderZplLabels(input, job.dpi)).join('');
        data = new TextEncoder().encode(zpl.replace(/\^PQ1\n\^XZ/g, `^PQ${copies}\n^XZ`));
        copies = 1;
      } else if (job.format === 'epl2') {
        // EPL2 copies travel inside the data too (each form's P), for the same reason.
        data = concatenated(inputs.map((input) => withEpl2Copies(renderEpl2Labels(input, job.dpi), copies)));
        copies = 1;
      } else if (job.format === 'png') {
        // At the printer's dots, the labels one under another: the driver prints it at its resolution, a label a page.
        const lane = job.batch ? 'batch' : 'request';
        const pictures = await Promise.all(inputs.map((input) => deps.documents.render(input, { png: { dpi: job.dpi } }, lane)));
        data = stackedPng(pictures, job.dpi);
      } else {
        // Labels on their own print on the stock the desk chose for its label printer (4×6 in unless another).
        labelSize = job.batch || job.documents === 'a4' ? undefined : await labelSizeOf(deps, job);
        const labels: RenderOptions =
          labelSize && labelSize !== '4x6' ? { labelsOnly: true, stock: { size: labelSize, start: 1 } } : { labelsOnly: true };
        data = job.batch
          ? await deps.documents.render(inputs, { layout: job.batch.layout, start: job.batch.start ?? 1 }, 'batch')
          : await deps.documents.render(inputs[0]!, job.documents === 'a4' ? { a4Only: true } : labels);
      }
      const title = job.batch
        ? `Labels of ${ids.length} shipments ${job.id}`
        : `${job.documents === 'a4' ? 'Invoice' : 'Label'} ${records[0]!.reference} ${job.id}`;
      const paper = job.documents === 'a4' || (job.batch && job.batch.layout !== '4x6') ? 'a4' : 'label';
      backendJobId = await backend.submit({
        printer: job.printer,
        title,
        format: job.format,
        copies,
        data,
        paper,
        ...(labelSize ? { labelSize } : {}),
        ...(job.format === 'png' ? { dpi: job.dpi } : {}),
      });
    } catch (error) {
      await store.printJobs.finish(job.id, 'failed', error instanceof Error ? error.message : String(error), { code: 'notSent' });
      return;
    }
    submitted.set(job.id, backendJobId);
    await recordSubmitted(job.id, backendJobId);
  };

  /** Reads a sent job's state in the printing system and records its end; a job that waits too long is cancelled. */
  const followJob = async (job: PrintJobRecord) => {
    const state = await backend.state(job.backendJobId!, job.printer);
    if (state.state === 'done') {
      await store.printJobs.finish(job.id, 'done', null);
    } else if (state.state === 'failed') {
      await backend.cancel(job.backendJobId!);
      await store.printJobs.finish(job.id, 'failed', state.reason, state.failure);
    } else {
      const waitedMs = deps.clock().getTime() - Date.parse(job.updatedAt);
      if (waitedMs <= Math.min(stuckMs, timeoutMs)) return;
      // The printer's state is read once: a fault (switched off, unplugged, unreachable) is said within seconds,
      // anything else after the full timeout.
      const problem = await backend.printerProblem(job.printer);
      if (waitedMs > stuckMs && problem !== undefined && PRINTER_FAULT.test(problem)) {
        await backend.cancel(job.backendJobId!);
        const seconds = Math.round(stuckMs / 1000);
        await store.printJobs.finish(
          job.id,
          'failed',
          ERROR_TEXT.printerNotResponding(describePrinter(job.printer, await backend.printers()), seconds, problem),
          { code: 'printerNotResponding', seconds, problem },
        );
      } else if (waitedMs > timeoutMs) {
        // Cancel it, or the printer would print this label later, after the desk has reprinted it.
        await backend.cancel(job.backendJobId!);
        const seconds = Math.round(timeoutMs / 1000);
        await store.printJobs.finish(job.id, 'failed', ERROR_TEXT.printTimedOut(job.printer, seconds, problem), {
          code: 'timedOut',
          seconds,
          ...(problem ? { problem } : {}),
        });
      }
    }
  };

  return createScheduler({
    intervalMs: deps.pollMs ?? 1000,
    logger,
    task: async () => {
      // While this desk's name is not held (its database connection went, and with it the lock), another station
      // could start as this desk: the jobs wait until the lock is taken again.
      if (!store.deskHeld()) return;
      for (const [jobId, backendJobId] of submitted) await recordSubmitted(jobId, backendJobId);
      // Jobs queued before desks had names print at the first desk that runs: once, not at every desk.
      const adopted = await store.printJobs.adoptDeskless(desk);
      if (adopted > 0) logger.info(`This desk (${desk}) takes over ${adopted} print job(s) queued before desks had names`);
      for (const job of await store.printJobs.open(desk)) {
        try {
          if (job.status === 'queued' && !submitted.has(job.id)) await sendJob(job);
          else if (job.status !== 'queued') await followJob(job);
        } catch (error) {
          logger.error(`Following print job ${job.id} failed`, error);
        }
      }
    },
  });
}
