// Bulk print's record on SQLite and PostgreSQL: a bulk job names every shipment it prints (print_job_shipments),
// so printing one of them again, even one that is not the job's first, is a reprint, audited as one. The job goes through a raw CUPS queue to a stand-in thermal printer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI bulk print goes through real CUPS.`);
if (noCups) console.log(`Skipping the bulk print record: ${noCups}.`);
const QUEUE = `station-bulk-${process.pid}`;

describe.skipIf(noCups !== undefined)('a bulk print job', () => {
  let t: TestStation;
  let token: string;
  const thermal = new ThermalPrinter();

  beforeAll(async () => {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`);
    t = await startTestStation({ schedulerIntervalMs: 0, printPollMs: 100 });
    token = await t.token();
  });
  afterAll(async () => {
    removeQueue(QUEUE);
    await t?.close();
    await thermal.stop();
  });

  it('makes each of its shipments a reprint afterwards, not only its first', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const made = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
      expect(made.status, made.text).toBe(201);
      ids.push(made.json.data.id);
    }
    const job = await post(t, token, '/v3/print-jobs', { data: { type: 'printJob', attributes: { shipments: ids, sort: 'given', printer: QUEUE, format: 'zpl' } } });
    expect(job.status, job.text).toBe(202);
    expect(job.json.data.attributes).toMatchObject({ shipmentId: ids[0], shipmentIds: ids });
    let status = 'queued';
    for (let i = 0; i < 100 && !['done', 'failed'].includes(status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await get(t, token, `/v3/print-jobs/${job.json.data.id}`)).json.data.attributes.status;
    }
    expect(status).toBe('done');

    const third = ids[2]!;
    const reprint = await post(t, token, `/v3/shipments/${third}/print`, { data: { type: 'printJob', attributes: { printer: QUEUE } } });
    expect(reprint.status, reprint.text).toBe(202);
    const audit = await get(t, token, '/v3/audit-events?filter[action]=label.reprinted');
    expect(audit.json.data.map((entry: { attributes: { subject: { id: string }; detail: { printJob: string } } }) => [entry.attributes.subject.id, entry.attributes.detail.printJob])).toEqual([[third, reprint.json.data.id]]);
  });
});
