// Bulk print's record on SQLite and PostgreSQL: a bulk job names every shipment it prints (print_job_shipments),
// so printing one of them again, even one that is not the job's first, is a reprint, audited as one. A packer's bulk
// print prints the labels never printed and leaves out the reprints by name; a supervisor's can ask first. The jobs
// go through a raw CUPS queue to a stand-in thermal printer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, finishedJob, get, post } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI bulk print goes through real CUPS.`);
if (noCups) console.log(`Skipping the bulk print record: ${noCups}.`);
const QUEUE = `station-bulk-${process.pid}`;

describe.skipIf(noCups !== undefined)('a bulk print job', () => {
  let t: TestStation;
  let token: string;
  let packer: string;
  const thermal = new ThermalPrinter();

  beforeAll(async () => {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`);
    t = await startTestStation({ schedulerIntervalMs: 0, printPollMs: 100 });
    token = await t.token();
    await t.station.users.add(OPERATOR, {
      clientId: t.client.id,
      username: 'bulk-packer',
      password: 'bulk-packer-2026',
      name: 'Bulk Packer',
      role: 'packer',
    });
    const signedIn = await t.signIn('bulk-packer', 'bulk-packer-2026');
    expect(signedIn.status, signedIn.text).toBe(200);
    packer = signedIn.json.meta.token;
  });

  /** Processed shipments of the account, made by the supervisor: their ids and references. */
  const made = async (count: number) => {
    const shipments: { id: string; reference: string }[] = [];
    for (let index = 0; index < count; index++) {
      const response = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
      expect(response.status, response.text).toBe(201);
      shipments.push({ id: response.json.data.id, reference: response.json.data.meta.reference });
    }
    return shipments;
  };
  const bulk = (who: string, shipments: string[], extra: Record<string, unknown> = {}) =>
    post(t, who, '/v3/print-jobs', {
      data: { type: 'printJob', attributes: { shipments, sort: 'given', printer: QUEUE, format: 'zpl', ...extra } },
    });
  const jobsOf = async (shipmentId: string) =>
    (await get(t, token, `/v3/print-jobs?filter[shipment]=${shipmentId}`)).json.data.map((job: { id: string }) => job.id);
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
    const job = await post(t, token, '/v3/print-jobs', {
      data: { type: 'printJob', attributes: { shipments: ids, sort: 'given', printer: QUEUE, format: 'zpl' } },
    });
    expect(job.status, job.text).toBe(202);
    expect(job.json.data.attributes).toMatchObject({ shipmentId: ids[0], shipmentIds: ids });
    expect((await finishedJob(t, token, job.json.data.id)).attributes.status).toBe('done');

    const third = ids[2]!;
    const reprint = await post(t, token, `/v3/shipments/${third}/print`, { data: { type: 'printJob', attributes: { printer: QUEUE } } });
    expect(reprint.status, reprint.text).toBe(202);
    const audit = await get(t, token, '/v3/audit-events?filter[action]=label.reprinted');
    expect(
      audit.json.data.map((entry: { attributes: { subject: { id: string }; detail: { printJob: string } } }) => [
        entry.attributes.subject.id,
        entry.attributes.detail.printJob,
      ]),
    ).toEqual([[third, reprint.json.data.id]]);
  });

  it('lists one shipment’s jobs with filter[shipment], the bulk jobs that printed it included', async () => {
    const [first, second] = await made(2);
    const job = await bulk(token, [first!.id, second!.id]);
    expect(job.status, job.text).toBe(202);
    await finishedJob(t, token, job.json.data.id);
    expect(await jobsOf(second!.id)).toEqual([job.json.data.id]);
    const single = await post(t, token, `/v3/shipments/${second!.id}/print`, {
      data: { type: 'printJob', attributes: { printer: QUEUE } },
    });
    expect(single.status, single.text).toBe(202);
    expect(await jobsOf(second!.id)).toEqual([single.json.data.id, job.json.data.id]);
    expect(await jobsOf(first!.id)).toEqual([job.json.data.id]);
    const [never] = await made(1);
    expect(await jobsOf(never!.id)).toEqual([]);
  });

  it('prints a packer’s labels never printed, and leaves out the reprints by name', async () => {
    const [printed, fresh, alsoFresh] = await made(3);
    const before = await bulk(token, [printed!.id]);
    await finishedJob(t, token, before.json.data.id);

    const job = await bulk(packer, [printed!.id, fresh!.id, alsoFresh!.id]);
    expect(job.status, job.text).toBe(202);
    expect(job.json.data.attributes.shipmentIds).toEqual([fresh!.id, alsoFresh!.id]);
    expect(job.json.meta).toEqual({
      leftOut: [{ shipmentId: printed!.id, reference: printed!.reference, reason: 'reprintNeedsSupervisor' }],
      reprints: 0,
    });
    expect((await finishedJob(t, packer, job.json.data.id)).attributes.status).toBe('done');
    // Nothing was reprinted: the printed label has its one job, and no reprint is in the audit log.
    expect(await jobsOf(printed!.id)).toEqual([before.json.data.id]);
    const audit = await get(t, token, '/v3/audit-events?filter[action]=label.reprinted');
    expect(audit.json.data.map((entry: { attributes: { subject: { id: string } } }) => entry.attributes.subject.id)).not.toContain(
      printed!.id,
    );
  });

  it('refuses a packer’s bulk print of reprints only, naming each, and prints nothing', async () => {
    const [one, two] = await made(2);
    const before = await bulk(token, [one!.id, two!.id]);
    await finishedJob(t, token, before.json.data.id);
    for (const reprints of [undefined, 'include']) {
      const refused = await bulk(packer, [one!.id, two!.id], reprints ? { reprints } : {});
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.errors[0].code).toBe('print.reprintNeedsSupervisor');
      expect(refused.json.errors[0].detail).toContain(`${one!.reference}, ${two!.reference}`);
      expect(refused.json.errors[0].meta).toMatchObject({
        reason: 'reprintNeedsSupervisor',
        neededRole: 'supervisor',
        role: 'packer',
        fresh: 0,
        reprints: [
          { shipmentId: one!.id, reference: one!.reference },
          { shipmentId: two!.id, reference: two!.reference },
        ],
      });
    }
    // Asked to include reprints, a packer is refused even with new labels among them: nothing is printed.
    const [fresh] = await made(1);
    const refused = await bulk(packer, [one!.id, fresh!.id], { reprints: 'include' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.errors[0].meta).toMatchObject({ reprints: [{ shipmentId: one!.id }], fresh: 1 });
    expect(await jobsOf(one!.id)).toEqual([before.json.data.id]);
    expect(await jobsOf(fresh!.id)).toEqual([]);
  });

  it('asks a supervisor first when asked to (409 naming the reprints), and skips or reprints them as told', async () => {
    const [printed, fresh] = await made(2);
    const before = await bulk(token, [printed!.id]);
    await finishedJob(t, token, before.json.data.id);

    const asked = await bulk(token, [printed!.id, fresh!.id], { reprints: 'ask' });
    expect(asked.status, asked.text).toBe(409);
    expect(asked.json.errors[0].code).toBe('print.reprintsToConfirm');
    expect(asked.json.errors[0].detail).toContain(`1 of the 2 labels were printed before: ${printed!.reference}`);
    expect(asked.json.errors[0].meta).toEqual({
      reason: 'reprintsToConfirm',
      reprints: [{ shipmentId: printed!.id, reference: printed!.reference }],
      fresh: 1,
    });
    expect(await jobsOf(fresh!.id)).toEqual([]);

    const skipped = await bulk(token, [printed!.id, fresh!.id], { reprints: 'skip' });
    expect(skipped.status, skipped.text).toBe(202);
    expect(skipped.json.data.attributes.shipmentIds).toEqual([fresh!.id]);
    expect(skipped.json.meta).toEqual({
      leftOut: [{ shipmentId: printed!.id, reference: printed!.reference, reason: 'reprintSkipped' }],
      reprints: 0,
    });
    await finishedJob(t, token, skipped.json.data.id);

    // Everything printed before, and skipped: nothing to print.
    const nothing = await bulk(token, [printed!.id, fresh!.id], { reprints: 'skip' });
    expect(nothing.status, nothing.text).toBe(409);
    expect(nothing.json.errors[0].code).toBe('print.onlyReprints');
    expect(nothing.json.errors[0].meta).toMatchObject({ reason: 'onlyReprints', fresh: 0 });

    const reprinted = await bulk(token, [printed!.id, fresh!.id], { reprints: 'include' });
    expect(reprinted.status, reprinted.text).toBe(202);
    expect(reprinted.json.meta).toEqual({ leftOut: [], reprints: 2 });
    const audit = await get(t, token, '/v3/audit-events?filter[action]=label.reprinted');
    expect(
      audit.json.data.filter(
        (entry: { attributes: { detail: { printJob: string } } }) => entry.attributes.detail.printJob === reprinted.json.data.id,
      ),
    ).toHaveLength(2);
  });
});
