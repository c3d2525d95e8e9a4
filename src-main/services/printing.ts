// Printing: a label goes to the label printer as PDF or native ZPL, a shipment's A4 documents (the commercial
// invoice) to the desk's A4 printer, a bulk print's labels as one merged document. This entry composes the parts
// in printing/: the print settings, the choice of printer, the jobs of one shipment, bulk print with its reprint
// rules, and the monitor that sends each recorded job and follows it in the printing system to done or failed.
import { createBulkPrint } from './printing/bulk.ts';
import { createPrintJobs } from './printing/jobs.ts';
import { createPrintMonitor } from './printing/monitor.ts';
import { createPrintSettings } from './printing/settings.ts';
import type { PrintService, PrintServiceDeps } from './printing/types.ts';

export type { PrintService, PrintServiceDeps } from './printing/types.ts';

export function createPrintService(deps: PrintServiceDeps): PrintService {
  const monitor = createPrintMonitor(deps);
  const { readSettings, updateSettings } = createPrintSettings(deps);
  const { queueJob, printShipment, findJob, listJobs } = createPrintJobs({
    ...deps,
    readSettings,
    wakeMonitor: () => void monitor.runOnce(),
  });
  const { printInBulk } = createBulkPrint({ ...deps, readSettings, queueJob });

  return {
    printers: () => deps.backend.printers(),
    settings: readSettings,
    updateSettings,
    print: printShipment,
    printMany: async (caller, request, key) => (await printInBulk(caller, request, key)).job,
    bulkPrint: printInBulk,
    jobs: listJobs,
    job: findJob,
    start: () => {
      monitor.start();
      void monitor.runOnce();
    },
    stop: () => monitor.stop(),
    runOnce: () => monitor.runOnce(),
  };
}
