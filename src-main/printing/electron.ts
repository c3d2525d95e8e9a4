// The Electron back end: printers from webContents.getPrintersAsync(); a PDF job is rendered with pdf.js at
// the printer's resolution in a hidden window sized exactly to the 4×6 in page and printed silently to the
// chosen device. Raw ZPL and EPL2 need a spooler that passes bytes through, and PNG labels a driver that takes
// images, so they go to CUPS where there is one.
import type { BrowserWindow as BrowserWindowType, WebContents } from 'electron';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import type { PrinterAttributes } from '../../src-shared/resources.ts';
import { LABEL_PAPER, type BackendJob, type BackendJobState, type PrintBackend } from './backend.ts';
import type { PrintViews } from './print-views.ts';

export interface ElectronBackendDeps {
  BrowserWindow: typeof BrowserWindowType;
  /** Any live webContents, to ask for the system's printers. */
  printerSource: () => WebContents | undefined;
  stationUrl: () => string;
  views: PrintViews;
  /** CUPS on Linux and macOS, for raw ZPL; undefined elsewhere. */
  raw?: PrintBackend;
}

const RENDER_TIMEOUT_MS = 30_000;

export function createElectronBackend(deps: ElectronBackendDeps): PrintBackend {
  const jobs = new Map<string, BackendJobState>();
  let sequence = 0;

  const printPdf = async (id: string, job: BackendJob, pdf: Uint8Array) => {
    const token = deps.views.add(pdf);
    const window = new deps.BrowserWindow({
      show: false,
      width: 384,
      height: 576,
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false },
    });
    try {
      const rendered = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(ERROR_TEXT.labelRenderTimeout)), RENDER_TIMEOUT_MS);
        window.webContents.on('page-title-updated', (_event, title) => {
          if (title === 'ready') {
            clearTimeout(timer);
            resolve();
          } else if (title.startsWith('error:')) {
            clearTimeout(timer);
            reject(new Error(title.slice(6)));
          }
        });
      });
      await window.loadURL(`${deps.stationUrl()}/print.html#${token}`);
      await rendered;
      await new Promise<void>((resolve, reject) => {
        window.webContents.print(
          {
            silent: true,
            deviceName: job.printer,
            copies: job.copies,
            printBackground: true,
            margins: { marginType: 'none' },
            pageSize: job.paper === 'a4' ? 'A4' : LABEL_PAPER[job.labelSize ?? '4x6'].microns,
          },
          (success, failureReason) => (success ? resolve() : reject(new Error(failureReason || ERROR_TEXT.printerRefusedJob))),
        );
      });
      jobs.set(id, { state: 'done' });
    } catch (error) {
      jobs.set(id, { state: 'failed', reason: (error as Error).message, failure: { code: 'notSent' } });
    } finally {
      window.destroy();
    }
  };

  return {
    name: 'electron',
    async printers(): Promise<PrinterAttributes[]> {
      const contents = deps.printerSource();
      if (!contents) return [];
      const [system, raw] = await Promise.all([contents.getPrintersAsync(), deps.raw?.printers().catch(() => []) ?? Promise.resolve([])]);
      return system.map((printer) => ({
        name: printer.name,
        description: printer.displayName || printer.description || printer.name,
        // Electron reports the default through the printer's options (CUPS and Windows alike).
        isDefault:
          String(
            (printer.options as Record<string, unknown> | undefined)?.['printer-is-default'] ??
              (printer as { isDefault?: boolean }).isDefault ??
              '',
          ) === 'true',
        status: raw.find((candidate) => candidate.name === printer.name)?.status ?? 'idle',
        supportsRawZpl: raw.find((candidate) => candidate.name === printer.name)?.supportsRawZpl ?? false,
      }));
    },
    async submit(job) {
      // Raw ZPL and EPL2, and PNG labels (through the queue's driver), go to CUPS where there is one.
      if (job.format !== 'pdf') {
        if (!deps.raw)
          throw new Error(job.format === 'zpl' ? ERROR_TEXT.rawZplNeedsCups : ERROR_TEXT.formatNeedsCups(job.format.toUpperCase()));
        return `cups:${await deps.raw.submit(job)}`;
      }
      const id = `electron-${++sequence}`;
      jobs.set(id, { state: 'printing' });
      void printPdf(id, job, job.data);
      return id;
    },
    async state(jobId, printer) {
      if (jobId.startsWith('cups:') && deps.raw) return deps.raw.state(jobId.slice(5), printer);
      // A job of an earlier run of the app cannot be followed any more.
      return jobs.get(jobId) ?? { state: 'failed', reason: ERROR_TEXT.printInterruptedByRestart, failure: { code: 'jobLost' } };
    },
    async cancel(jobId) {
      if (jobId.startsWith('cups:') && deps.raw) await deps.raw.cancel(jobId.slice(5));
    },
    async printerProblem(printer) {
      return deps.raw?.printerProblem(printer);
    },
  };
}
