// The print service at the service tier, without HTTP: the station's services over a real SQLite store
// (test/helpers/service-tier.ts) and a real CUPS queue whose printer is a stand-in thermal printer. The same rules
// test/printing/cups.test.ts and test/api/bulk-print.test.ts pin over HTTP: a print is one job on the queue, a
// label printed again needs a supervisor, a bulk print is one job, a paused or missing queue is refused up front.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintRequest } from '../../src-shared/printing.ts';
import type { Caller } from '../../src-main/domain/caller.ts';
import type { PrintJobRecord } from '../../src-main/domain/print-job.ts';
import type { ShipmentRecord } from '../../src-main/domain/shipment.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { decodeImage, rasterisePdf } from '../helpers/barcodes.ts';
import { setClock } from '../helpers/clock.ts';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { openServiceTier, refusalOf, type ServiceTier } from '../helpers/service-tier.ts';
import { exportDeclaration, shipToIn } from '../helpers/shipments.ts';
import { waitFor } from '../helpers/wait.ts';

const missing = cupsMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI the printing tests must run.`);
if (missing) console.log(`Skipping the service-tier printing tests: ${missing}.`);

const QUEUE = `service-zpl-${process.pid}`;

/** The CUPS jobs of the queue, finished or not, by their ids there. */
const queueJobs = () =>
  execFileSync('lpstat', ['-W', 'all', '-o', QUEUE], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.split(/\s+/)[0])
    .filter(Boolean);

describe.skipIf(missing !== undefined)('printing at the service tier, through a real CUPS queue', () => {
  let tier: ServiceTier;
  let packer: Caller;
  let supervisor: Caller;
  const thermal = new ThermalPrinter();

  beforeAll(async () => {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`, 'Desk Zebra');
    // A Monday morning at the desk; the monitor follows jobs every 100 ms, as the station's does every second.
    tier = await openServiceTier({ clock: setClock('2026-11-23 09:00', 'Europe/Rome'), printPollMs: 100, printTimeoutMs: 30_000 });
    packer = await tier.caller('packer');
    supervisor = await tier.caller('supervisor');
    tier.printing.start();
  });

  afterAll(async () => {
    await tier?.close();
    removeQueue(QUEUE);
    await thermal.stop();
  });

  const processedShipment = (overrides?: Record<string, unknown>) => tier.processedShipment(packer, overrides);

  const finished = (job: PrintJobRecord) => {
    let last: unknown;
    return waitFor(
      `print job ${job.id} to finish`,
      async () => {
        const now = await tier.printing.job(packer, job.id);
        last = now.status;
        return now.status === 'done' || now.status === 'failed' ? now : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50, seen: () => last },
    );
  };

  /** The streams that reached the printer with this shipment's label, once the queue sent all it had. */
  const streamsWith = async (record: ShipmentRecord) => {
    await waitFor(
      `${QUEUE} to send every job`,
      () => execFileSync('lpstat', ['-o', QUEUE], { encoding: 'utf8' }).trim() === '' && thermal.open === 0,
      { timeoutMs: 5000, intervalMs: 50 },
    );
    return thermal.received.map((data) => data.toString('utf8')).filter((text) => text.includes(record.trackingNumber!));
  };

  /** What a refused call threw: its code, status (from the code) and pointer, and its error object's meta. */
  const refusal = async (call: Promise<unknown>) => {
    const { code, status, detail, pointer, errors } = await refusalOf(call);
    return { code, status, detail, pointer, meta: errors[0]!.meta };
  };

  const print = (caller: Caller, record: ShipmentRecord, request: PrintRequest = { printer: QUEUE, format: 'zpl' }) =>
    tier.printing.print(caller, record.id, request);
  const jobsOf = (record: ShipmentRecord) => tier.printing.jobs(supervisor, { after: null, limit: 50, shipmentId: record.id });

  it("prints a processed shipment's label as one job on the CUPS queue, one label at the printer", async () => {
    const record = await processedShipment();
    const before = queueJobs();
    const queued = await print(packer, record);
    expect(queued).toMatchObject({
      status: 'queued',
      shipmentId: record.id,
      clientId: packer.client.id,
      desk: tier.desk,
      printer: QUEUE,
      format: 'zpl',
      dpi: 203,
      copies: 1,
      documents: 'labels',
    });
    const job = await finished(queued);
    expect(job).toMatchObject({ status: 'done', reason: null, failure: null });
    // The job is one CUPS job, the one the record names.
    expect(queueJobs().filter((id) => !before.includes(id))).toEqual([job.backendJobId]);
    const streams = await streamsWith(record);
    expect(streams).toHaveLength(1);
    expect(streams[0]!.match(/\^XA/g)).toHaveLength(1);
  });

  it("refuses a packer's second print of the same label (role.required), queueing nothing; a supervisor's is a reprint in the audit log", async () => {
    const record = await processedShipment();
    expect((await finished(await print(packer, record))).status).toBe('done');

    const refused = await refusal(print(packer, record));
    expect(refused).toMatchObject({ code: 'role.required', status: 403, meta: { neededRole: 'supervisor', role: 'packer' } });
    expect(refused.detail).toMatch(/^Reprinting a label needs the supervisor role; this client's role is packer\.$/);
    expect(await jobsOf(record)).toHaveLength(1);

    const reprint = await finished(await print(supervisor, record));
    expect(reprint.status).toBe('done');
    expect(await jobsOf(record)).toHaveLength(2);
    const reprinted = await tier.store.audit.list({ before: null, action: 'label.reprinted', desk: null, actor: null, limit: 50 });
    expect(reprinted.filter((entry) => entry.detail?.printJob === reprint.id)).toEqual([
      expect.objectContaining({
        actor: supervisor.user.username,
        actorRole: 'supervisor',
        subjectId: record.id,
        detail: expect.objectContaining({ reference: record.reference, printer: QUEUE, copies: 1 }),
      }),
    ]);
    expect(await streamsWith(record)).toHaveLength(2);
  });

  it("bulk prints three shipments as one job, one stream at the printer in the given order; a packer's reprint is left out by name", async () => {
    const records = [await processedShipment(), await processedShipment(), await processedShipment()];
    const before = queueJobs();
    const { job: queued, meta } = await tier.printing.bulkPrint(packer, {
      shipments: records.map((record) => record.id),
      layout: '4x6',
      sort: 'given',
      printer: QUEUE,
      format: 'zpl',
    });
    expect(meta).toEqual({ leftOut: [], reprints: 0 });
    expect(queued).toMatchObject({ shipmentId: records[0]!.id, batch: { shipmentIds: records.map((record) => record.id), layout: '4x6' } });
    const job = await finished(queued);
    expect(job.status).toBe('done');
    expect(queueJobs().filter((id) => !before.includes(id))).toEqual([job.backendJobId]);
    const streams = await streamsWith(records[0]!);
    expect(streams).toHaveLength(1);
    const places = records.map((record) => streams[0]!.indexOf(record.trackingNumber!));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);

    // Printed now, each is a reprint: a packer's next bulk print leaves it out and names it, and prints the new one.
    const fresh = await processedShipment();
    const again = await tier.printing.bulkPrint(packer, {
      shipments: [records[1]!.id, fresh.id],
      layout: '4x6',
      sort: 'given',
      printer: QUEUE,
      format: 'zpl',
    });
    expect(again.meta).toEqual({
      leftOut: [{ shipmentId: records[1]!.id, reference: records[1]!.reference, reason: 'reprintNeedsSupervisor' }],
      reprints: 0,
    });
    expect(again.job.batch?.shipmentIds).toEqual([fresh.id]);
    expect((await finished(again.job)).status).toBe('done');
    // Only reprints: refused by name, nothing queued.
    const onlyReprints = await refusal(
      tier.printing.bulkPrint(packer, { shipments: [records[2]!.id], layout: '4x6', sort: 'given', printer: QUEUE, format: 'zpl' }),
    );
    expect(onlyReprints).toMatchObject({
      code: 'print.reprintNeedsSupervisor',
      status: 403,
      meta: { reason: 'reprintNeedsSupervisor', reprints: [{ shipmentId: records[2]!.id, reference: records[2]!.reference }], fresh: 0 },
    });
    expect(await jobsOf(records[2]!)).toHaveLength(1);
  });

  it('refuses a paused queue before anything is queued, naming it as the desk knows it; once resumed the label prints once', async () => {
    const record = await processedShipment();
    execFileSync('cupsdisable', ['-r', 'Out of labels', QUEUE]);
    try {
      const refused = await refusal(print(packer, record));
      expect(refused).toMatchObject({
        code: 'print.printerPaused',
        status: 409,
        pointer: '/data/attributes/printer',
        meta: { reason: 'printerPaused', printer: 'Desk Zebra', queue: QUEUE, problem: 'Out of labels' },
      });
      expect(refused.detail).toMatch(
        new RegExp(`^The printer “Desk Zebra” \\(${QUEUE}\\) is paused \\(Out of labels\\), so nothing was sent to it\\.`),
      );
      expect(await jobsOf(record)).toEqual([]);
    } finally {
      execFileSync('cupsenable', [QUEUE]);
    }
    // Nothing was recorded, so this first print is no reprint: a packer may make it.
    expect((await finished(await print(packer, record))).status).toBe('done');
    expect(await streamsWith(record)).toHaveLength(1);
  });

  it('refuses a queue CUPS does not have by name; a job recorded for a queue CUPS no longer has fails as not sent', async () => {
    const record = await processedShipment();
    const unknown = await refusal(print(packer, record, { printer: 'no-such-queue' }));
    expect(unknown).toMatchObject({
      code: 'print.printerUnknown',
      status: 400,
      pointer: '/data/attributes/printer',
      meta: { reason: 'No printer is called no-such-queue.', printer: 'no-such-queue' },
    });
    expect(await jobsOf(record)).toEqual([]);

    // A job recorded for a queue that is gone by the time the monitor sends it (removed after the request, or a
    // job taken up after a restart): it fails with the printing system's reason, as not sent, and nothing is printed.
    const id = 'B'.repeat(32);
    await tier.store.printJobs.add({
      id,
      shipmentId: record.id,
      clientId: packer.client.id,
      desk: tier.desk,
      printer: 'no-such-queue',
      format: 'zpl',
      dpi: 203,
      copies: 1,
      documents: 'labels',
    });
    const job = await finished(await tier.printing.job(packer, id));
    expect(job).toMatchObject({ status: 'failed', failure: { code: 'notSent' }, backendJobId: null });
    expect(job.reason).toMatch(/no-such-queue|does not exist/i);
    expect(await streamsWith(record)).toEqual([]);
  });

  it("lists and reads only the caller's account's jobs; another's job is not found", async () => {
    const record = await processedShipment();
    const job = await finished(await print(packer, record));
    expect((await tier.printing.job(supervisor, job.id)).id).toBe(job.id);
    const listed = await tier.printing.jobs(packer, { after: null, limit: 100 });
    expect(listed.map((entry) => entry.id)).toContain(job.id);
    const stranger = await strangerCaller();
    expect(await refusal(tier.printing.job(stranger, job.id))).toMatchObject({ code: 'print.jobNotFound', status: 404 });
    expect(await tier.printing.jobs(stranger, { after: null, limit: 100 })).toEqual([]);
  });

  // Last: it sets the account's printer at this desk, which the tests above name in each request.
  it("keeps the account's print settings at this desk: a change names only queues CUPS has, is audited, and a print without a printer takes it", async () => {
    expect(await tier.printing.settings(packer)).toEqual({
      printer: null,
      format: 'pdf',
      dpi: 203,
      size: '4x6',
      autoPrint: false,
      a4Printer: null,
    });
    const unknown = await refusal(tier.printing.updateSettings(packer, { a4Printer: 'no-such-a4' }));
    expect(unknown).toMatchObject({
      code: 'print.printerUnknown',
      status: 400,
      pointer: '/data/attributes/a4Printer',
      meta: { reason: 'No printer is called no-such-a4.', printer: 'no-such-a4' },
    });
    const record = await processedShipment();
    // A4 documents: a domestic shipment has none; one through customs has, but no A4 printer is chosen yet.
    expect(await refusal(print(packer, record, { documents: 'a4' }))).toMatchObject({
      code: 'print.noA4Documents',
      status: 400,
      pointer: '/data/attributes/documents',
    });
    const customs = await processedShipment({ shipTo: shipToIn('CH'), exportDeclaration: exportDeclaration() });
    expect(await refusal(print(packer, customs, { documents: 'a4' }))).toMatchObject({
      code: 'print.noA4Printer',
      status: 400,
      pointer: '/data/attributes/printer',
    });
    expect(await jobsOf(customs)).toEqual([]);

    const changed = await tier.printing.updateSettings(packer, { printer: QUEUE, format: 'zpl', autoPrint: true });
    expect(changed).toEqual({ printer: QUEUE, format: 'zpl', dpi: 203, size: '4x6', autoPrint: true, a4Printer: null });
    // The account's, at this desk: its supervisor sees the same.
    expect(await tier.printing.settings(supervisor)).toEqual(changed);
    const audited = await tier.store.audit.list({
      before: null,
      action: 'print-settings.changed',
      desk: tier.desk,
      actor: packer.user.username,
      limit: 10,
    });
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ subjectId: `${tier.desk}:${packer.client.id}`, detail: { to: changed } });

    const job = await finished(await print(packer, record, {}));
    expect(job).toMatchObject({ status: 'done', printer: QUEUE, format: 'zpl', dpi: 203 });
    expect(await streamsWith(record)).toHaveLength(1);
  });

  it('prints PDF labels on the stock chosen for the desk’s label printer (A6, 4×8 in), the 4×6 in label scaled to fit; another printer gets 4×6 in', async () => {
    const pdfPagesOf = async (record: ShipmentRecord) => {
      await finished(await print(packer, record, {}));
      await streamsWith(record);
      const pdf = thermal.received.filter((data) => data.subarray(0, 5).toString() === '%PDF-').at(-1)!;
      const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
      const pages = [];
      for (let number = 1; number <= loaded.numPages; number++)
        pages.push(((await loaded.getPage(number)).view as number[]).slice(2).map(Math.round));
      const [first] = await rasterisePdf(new Uint8Array(pdf), 203);
      expect((await decodeImage(first!)).find((code) => code.format === 'Code128')?.text).toBe(record.trackingNumber);
      return pages;
    };
    await tier.printing.updateSettings(packer, { printer: QUEUE, format: 'pdf', size: 'a6' });
    expect(await pdfPagesOf(await processedShipment())).toEqual([[298, 420]]);
    await tier.printing.updateSettings(packer, { size: '4x8' });
    expect(await pdfPagesOf(await processedShipment())).toEqual([[288, 576]]);
    // The size belongs to the desk's label printer: chosen another, the labels are 4×6 in again.
    await tier.printing.updateSettings(packer, { printer: null });
    const record = await processedShipment();
    await finished(await print(packer, record, { printer: QUEUE, format: 'pdf' }));
    await streamsWith(record);
    const pdf = thermal.received.filter((data) => data.subarray(0, 5).toString() === '%PDF-').at(-1)!;
    const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    expect(((await loaded.getPage(1)).view as number[]).slice(2).map(Math.round)).toEqual([288, 432]);
    await tier.printing.updateSettings(packer, { size: '4x6' });
  });

  it('prints PDF labels on the stock of the desk’s site’s print defaults when the account chose none at the desk', async () => {
    const operator = { via: 'cli', user: 'test operator' } as const;
    const account = await tier.clients.add(operator, {
      username: 'verona-shop',
      password: 'VeronaShopPassword1',
      profile: { name: 'Verona shop' },
    });
    const user = await tier.store.users.byUsername('verona-shop');
    const shop: Caller = { client: (await tier.store.clients.byId(account.id))!, user: user!, sandbox: false };
    const site = await tier.warehouses.add(operator, shop, { name: 'Verona', printing: { printer: QUEUE, format: 'pdf', size: 'a6' } });
    await tier.warehouses.chooseDeskSite(operator, shop, String(site.number));
    expect(await tier.printing.settings(shop)).toMatchObject({ printer: QUEUE, format: 'pdf', size: 'a6' });
    const record = await tier.processedShipment(shop);
    const job = await tier.printing.print(shop, record.id, {});
    await waitFor(`print job ${job.id} to finish`, async () => (await tier.printing.job(shop, job.id)).status === 'done', {
      timeoutMs: 15_000,
      intervalMs: 50,
    });
    await streamsWith(record);
    const pdf = thermal.received.filter((data) => data.subarray(0, 5).toString() === '%PDF-').at(-1)!;
    const loaded = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    expect(((await loaded.getPage(1)).view as number[]).slice(2).map(Math.round)).toEqual([298, 420]);
  });

  /** A person of another account on the same station. */
  async function strangerCaller(): Promise<Caller> {
    const account = await tier.clients.add(
      { via: 'cli', user: 'test operator' },
      { username: 'stranger', password: 'StrangerPassword1', profile: { name: 'Other warehouse' } },
    );
    const user = await tier.store.users.byUsername('stranger');
    return { client: (await tier.store.clients.byId(account.id))!, user: user!, sandbox: false };
  }
});
