// Print jobs of one shipment: its label (a reprint needs a supervisor) or its A4 documents (the commercial invoice),
// queued for this desk's monitor to send; and the caller's jobs read back. queueJob is the one way a job is recorded:
// with its reprints' audit entries and the request's idempotency key, in one write, before anything is sent.
import { randomBytes } from 'node:crypto';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { PrintRequest } from '../../../src-shared/printing.ts';
import type { AuditedChange } from '../../domain/audit.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { IdempotencyTicket } from '../../domain/idempotency.ts';
import type { PrintJobRecord } from '../../domain/print-job.ts';
import { customsFormsOf } from '../../documents/customs-forms.ts';
import { requireRole } from '../audit-log.ts';
import { labelInput } from '../label-input.ts';
import { choosePrinter } from './printers.ts';
import type { PrintSettingsBook } from './settings.ts';
import type { PrintServiceDeps } from './types.ts';

/** What a new job prints, and where: the rest (its id, account, desk) queueJob adds. */
export type JobOrder = Pick<PrintJobRecord, 'shipmentId' | 'printer' | 'format' | 'dpi' | 'copies' | 'documents' | 'batch'>;

/** Records a queued job under a new id, with the audit entries `changesFor` makes for that id, and wakes the monitor. */
export type QueueJob = (
  caller: Caller,
  order: JobOrder,
  changesFor: (id: string) => AuditedChange[],
  key: IdempotencyTicket | undefined,
) => Promise<PrintJobRecord>;

export interface PrintJobsDeps extends Pick<PrintServiceDeps, 'store' | 'backend' | 'shipments' | 'desk' | 'audit'> {
  readSettings: PrintSettingsBook['readSettings'];
  /** Tells the monitor a job is waiting, so it is sent now rather than at the next poll. */
  wakeMonitor: () => void;
}

export function createPrintJobs({ store, backend, shipments, desk, audit, readSettings, wakeMonitor }: PrintJobsDeps) {
  const queueJob: QueueJob = async (caller, order, changesFor, key) => {
    const id = randomBytes(16).toString('hex').toUpperCase();
    const job = await store.audited(
      changesFor(id),
      'printJobs',
      'add',
      { id, clientId: caller.client.id, desk, ...order },
      key && { ...key, subjectType: 'printJob', subjectId: id },
    );
    wakeMonitor();
    return job;
  };

  const printShipment = async (
    caller: Caller,
    shipmentId: string,
    request: PrintRequest,
    key?: IdempotencyTicket,
  ): Promise<PrintJobRecord> => {
    const { record } = await shipments.documents(caller, shipmentId);
    const documents = request.documents ?? 'labels';
    if (documents === 'a4' && !customsFormsOf(labelInput(record)).some((form) => form !== 'CN22')) {
      throw new StationError('print.noA4Documents', ERROR_TEXT.invalidData('data.attributes.documents'), {
        pointer: '/data/attributes/documents',
        meta: { reason: ERROR_TEXT.noA4Documents(record.reference ?? record.id), shipment: record.id, reference: record.reference },
      });
    }
    const { name, format, dpi } = await choosePrinter(backend, await readSettings(caller), request);
    // A label already sent (or on its way) is a reprint: a second label with the same tracking number. An invoice
    // printed again is no second label.
    const reprint = documents === 'labels' && (await store.printJobs.printedBefore(record.id));
    if (reprint) requireRole(actorOf(caller), 'supervisor', 'Reprinting a label');
    const copies = request.copies ?? 1;
    return queueJob(
      caller,
      { shipmentId: record.id, printer: name, format, dpi: request.dpi ?? dpi, copies, documents },
      (id) =>
        reprint
          ? [
              audit.change(
                actorOf(caller),
                'label.reprinted',
                { type: 'shipment', id: record.id },
                { reference: record.reference, printJob: id, printer: name, copies },
              ),
            ]
          : [],
      key,
    );
  };

  const findJob = async (caller: Caller, id: string): Promise<PrintJobRecord> => {
    const job = await store.printJobs.get(id);
    if (!job || job.clientId !== caller.client.id) throw new StationError('print.jobNotFound', ERROR_TEXT.noSuchPrintJob(id));
    return job;
  };

  const listJobs = (caller: Caller, page: { after: readonly [createdAt: string, id: string] | null; limit: number; shipmentId?: string }) =>
    store.printJobs.list({ clientId: caller.client.id, ...page });

  return { queueJob, printShipment, findJob, listJobs };
}
