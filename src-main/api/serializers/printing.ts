// The printing extension's resources: printers, print jobs and the desk's print settings.
import type { PrintSettings } from '../../../src-shared/printing.ts';
import type { PrinterAttributes, PrinterResource, PrintJobResource, PrintSettingsResource } from '../../../src-shared/resources.ts';
import type { PrintJobRecord } from '../../domain/print-job.ts';

export function printerResource(printer: PrinterAttributes): PrinterResource {
  return { type: 'printer', id: printer.name, attributes: { ...printer } } satisfies PrinterResource;
}

export function printJobResource(job: PrintJobRecord, apiBase: string): PrintJobResource {
  return {
    type: 'printJob',
    id: job.id,
    attributes: {
      shipmentId: job.shipmentId,
      printer: job.printer,
      format: job.format,
      dpi: job.dpi,
      copies: job.copies,
      status: job.status,
      reason: job.reason,
      // An event's snapshot from before failures had codes has none.
      failure: job.failure ?? null,
      desk: job.desk,
      createdAt: job.createdAt,
      updatedAt: job.updatedAt,
      documents: job.documents,
      ...(job.batch
        ? { shipmentIds: [...job.batch.shipmentIds], layout: job.batch.layout, ...(job.batch.start ? { start: job.batch.start } : {}) }
        : {}),
    },
    links: { self: `${apiBase}/print-jobs/${job.id}` },
  } satisfies PrintJobResource;
}

export function printSettingsResource(settings: PrintSettings): PrintSettingsResource {
  return { type: 'printSettings', id: null, attributes: settings } satisfies PrintSettingsResource;
}
