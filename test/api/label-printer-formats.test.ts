// The label printer's four formats through a real CUPS, on SQLite and PostgreSQL: EPL2 goes to a raw queue byte for
// byte (read back at a stand-in thermal printer, its barcode decoded to the tracking number), as ZPL does; PNG goes
// through the queue's driver (cups-pdf), one label a page. Print settings keep EPL2 and PNG, a format no printer
// takes is refused naming the field and what it takes, and EPL2 where only a driver is is refused before anything
// is queued.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, rasterisePdf } from '../helpers/barcodes.ts';
import { readEpl2 } from '../helpers/epl2-reader.ts';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, finishedJob, get, parcel, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI the label printer's formats print through real CUPS.`);
if (noCups) console.log(`Skipping the label printer's formats: ${noCups}.`);
const RAW_QUEUE = `station-epl2-${process.pid}`;
const DRIVER_QUEUE = `station-png-${process.pid}`;

describe.skipIf(noCups !== undefined)('the label printer’s formats through CUPS', () => {
  let t: TestStation;
  let token: string;
  const thermal = new ThermalPrinter();

  beforeAll(async () => {
    await thermal.start();
    addRawQueue(RAW_QUEUE, `socket://127.0.0.1:${thermal.port}`, 'Zebra GK420d');
    execFileSync(
      'lpadmin',
      ['-p', DRIVER_QUEUE, '-D', 'Label agent', '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'],
      {
        stdio: 'pipe',
      },
    );
    t = await startTestStation({ schedulerIntervalMs: 0, printPollMs: 100, printTimeoutMs: 30_000 });
    token = await t.token();
  });

  afterAll(async () => {
    removeQueue(RAW_QUEUE);
    removeQueue(DRIVER_QUEUE);
    await t?.close();
    await thermal.stop();
  });

  const processed = async (packages: number) => {
    const response = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ packages: Array.from({ length: packages }, () => parcel('1.2')) }), {
        service: 'economy',
        scheduledProcessing: false,
      }),
    );
    expect(response.status, response.text).toBe(201);
    return response.json.data as { id: string; meta: { reference: string; trackingNumber: string } };
  };
  const print = (id: string, attributes: Record<string, unknown>) =>
    post(t, token, `/v3/shipments/${id}/print`, { data: { type: 'printJob', attributes } });
  const patchSettings = (attributes: Record<string, unknown>) =>
    t.call('/v3/print-settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'printSettings', attributes } }),
    });

  /** What the thermal printer received that holds `text`: everything sent so far has arrived once the queue is empty. */
  const receivedWith = async (text: string) => {
    const found = () => thermal.received.find((data) => data.toString('latin1').includes(text));
    await waitFor(`the label holding ${text} at the printer`, () => found() !== undefined && thermal.open === 0, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    return found()!;
  };

  /** The PDF cups-pdf wrote for a job: to the job owner's home (from the user database, whatever HOME says) or the anonymous spool. */
  async function printedPdf(jobId: string): Promise<Uint8Array> {
    const folders = [...new Set([join(homedir(), 'PDF'), join(userInfo().homedir, 'PDF'), '/var/spool/cups-pdf/ANONYMOUS'])];
    const file = await waitFor(
      `cups-pdf's file for job ${jobId}`,
      () =>
        folders
          .flatMap((folder) => (existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : []))
          .find((path) => path.includes(jobId)),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    return new Uint8Array(readFileSync(file));
  }

  it('sends native EPL2 to a raw queue: the printer gets one form a package, and its barcode is the tracking number', async () => {
    const shipment = await processed(2);
    const response = await print(shipment.id, { printer: RAW_QUEUE, format: 'epl2', dpi: 203 });
    expect(response.status, response.text).toBe(202);
    expect(response.json.data.attributes).toMatchObject({ printer: RAW_QUEUE, format: 'epl2', dpi: 203, copies: 1 });
    expect((await finishedJob(t, token, response.json.data.id)).attributes).toMatchObject({ status: 'done', format: 'epl2' });
    const forms = readEpl2(await receivedWith(shipment.meta.trackingNumber));
    expect(forms).toHaveLength(2);
    for (const form of forms) {
      expect([form.width, form.height, form.copies]).toEqual([812, 1218, 1]);
      expect(await decodeImage(form.png)).toContainEqual({ format: 'Code128', text: shipment.meta.trackingNumber });
    }
  });

  it('sends EPL2 at 300 dpi with its copies in each form, as ZPL carries them', async () => {
    const shipment = await processed(1);
    const response = await print(shipment.id, { printer: RAW_QUEUE, format: 'epl2', dpi: 300, copies: 3 });
    expect(response.status, response.text).toBe(202);
    expect((await finishedJob(t, token, response.json.data.id)).attributes.status).toBe('done');
    const [form, ...more] = readEpl2(await receivedWith(shipment.meta.trackingNumber));
    expect(more).toEqual([]);
    expect([form!.width, form!.height, form!.copies]).toEqual([1200, 1800, 3]);
    expect(await decodeImage(form!.png)).toContainEqual({ format: 'Code128', text: shipment.meta.trackingNumber });
  });

  it('prints PNG labels through the queue’s driver, one 4×6 in page a label', async () => {
    const shipment = await processed(2);
    const response = await print(shipment.id, { printer: DRIVER_QUEUE, format: 'png', dpi: 203 });
    expect(response.status, response.text).toBe(202);
    expect(response.json.data.attributes).toMatchObject({ printer: DRIVER_QUEUE, format: 'png', dpi: 203 });
    const job = await finishedJob(t, token, response.json.data.id);
    expect(job.attributes).toMatchObject({ status: 'done', reason: null });
    const printed = await printedPdf(job.id);
    const pdf = await PDFDocument.load(printed);
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([288, 432]);
    }
    // Each page is one whole label: its barcodes decode, the QR code naming its package.
    for (const [index, page] of (await rasterisePdf(printed)).entries()) {
      const codes = await decodeImage(page);
      expect(codes).toContainEqual({ format: 'Code128', text: shipment.meta.trackingNumber });
      expect(codes.find((code) => code.format === 'QRCode')?.text).toMatch(new RegExp(`\\|${index + 1}/2$`));
    }
  });

  it('bulk prints PNG as one job, each shipment’s label on a page of its own', async () => {
    const [first, second] = [await processed(1), await processed(1)];
    const response = await post(t, token, '/v3/print-jobs', {
      data: {
        type: 'printJob',
        attributes: { shipments: [first.id, second.id], sort: 'given', printer: DRIVER_QUEUE, format: 'png', dpi: 300 },
      },
    });
    expect(response.status, response.text).toBe(202);
    const job = await finishedJob(t, token, response.json.data.id);
    expect(job.attributes).toMatchObject({ status: 'done', format: 'png', dpi: 300 });
    const pages = await rasterisePdf(await printedPdf(job.id));
    expect(pages).toHaveLength(2);
    expect(await decodeImage(pages[0]!)).toContainEqual({ format: 'Code128', text: first.meta.trackingNumber });
    expect(await decodeImage(pages[1]!)).toContainEqual({ format: 'Code128', text: second.meta.trackingNumber });
  });

  it('refuses EPL2 to a queue with a driver before anything is queued, naming the format', async () => {
    const shipment = await processed(1);
    const before = (await get(t, token, `/v3/print-jobs?filter[shipment]=${shipment.id}`)).json.data.length;
    const response = await print(shipment.id, { printer: DRIVER_QUEUE, format: 'epl2' });
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({
      code: 'print.printerTakesNoZpl',
      source: { pointer: '/data/attributes/format' },
      meta: { printer: DRIVER_QUEUE, format: 'EPL2', reason: `Printer ${DRIVER_QUEUE} does not take raw EPL2; print PDF to it.` },
    });
    expect((await get(t, token, `/v3/print-jobs?filter[shipment]=${shipment.id}`)).json.data).toHaveLength(before);
  });

  it('keeps EPL2 and PNG in the print settings, and prints in the chosen one when the request names none', async () => {
    const epl2 = await patchSettings({ printer: RAW_QUEUE, format: 'epl2', dpi: 300 });
    expect(epl2.status, epl2.text).toBe(200);
    expect(epl2.json.data.attributes).toMatchObject({ printer: RAW_QUEUE, format: 'epl2', dpi: 300 });
    expect((await get(t, token, '/v3/print-settings')).json.data.attributes).toMatchObject({
      printer: RAW_QUEUE,
      format: 'epl2',
      dpi: 300,
    });
    const shipment = await processed(1);
    const job = await print(shipment.id, {});
    expect(job.json.data.attributes).toMatchObject({ printer: RAW_QUEUE, format: 'epl2', dpi: 300 });
    expect((await finishedJob(t, token, job.json.data.id)).attributes.status).toBe('done');
    expect(readEpl2(await receivedWith(shipment.meta.trackingNumber))).toHaveLength(1);

    const png = await patchSettings({ printer: DRIVER_QUEUE, format: 'png', dpi: 203 });
    expect(png.json.data.attributes).toMatchObject({ printer: DRIVER_QUEUE, format: 'png', dpi: 203 });
    expect((await get(t, token, '/v3/print-settings')).json.data.attributes).toMatchObject({ format: 'png', dpi: 203 });
  });

  it('refuses a format it does not know, naming the field and the four it takes', async () => {
    const settings = await patchSettings({ format: 'bmp' });
    expect(settings.status).toBe(400);
    expect(settings.json.errors[0]).toMatchObject({
      code: 'field.invalid',
      source: { pointer: '/data/attributes/format' },
      meta: { reason: expect.stringContaining('"pdf", "zpl", "epl2", "png"') },
    });
    const shipment = await processed(1);
    const request = await print(shipment.id, { printer: RAW_QUEUE, format: 'EPL' });
    expect(request.status).toBe(400);
    expect(request.json.errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/format' },
      meta: { reason: expect.stringContaining('"pdf", "zpl", "epl2", "png"') },
    });
  });

  it('bulk prints EPL2 as one stream of every shipment’s forms, and refuses EPL2 or PNG on A4 sheets', async () => {
    const [first, second] = [await processed(1), await processed(1)];
    const bulk = (extra: Record<string, unknown>) =>
      post(t, token, '/v3/print-jobs', {
        data: { type: 'printJob', attributes: { shipments: [first.id, second.id], sort: 'given', printer: RAW_QUEUE, ...extra } },
      });
    const response = await bulk({ format: 'epl2' });
    expect(response.status, response.text).toBe(202);
    expect((await finishedJob(t, token, response.json.data.id)).attributes).toMatchObject({ status: 'done', format: 'epl2' });
    const forms = readEpl2(await receivedWith(second.meta.trackingNumber));
    expect(forms).toHaveLength(2);
    expect(await decodeImage(forms[0]!.png)).toContainEqual({ format: 'Code128', text: first.meta.trackingNumber });
    expect(await decodeImage(forms[1]!.png)).toContainEqual({ format: 'Code128', text: second.meta.trackingNumber });
    for (const format of ['epl2', 'png']) {
      const sheets = await bulk({ format, layout: 'a4-2', reprints: 'include' });
      expect(sheets.status).toBe(400);
      expect(sheets.json.errors[0]).toMatchObject({
        code: 'print.zplSheetsOnly',
        source: { pointer: '/data/attributes/layout' },
        meta: { reason: `${format.toUpperCase()} prints one label a page: sheets of 2 or 4 are PDF. Choose the 4x6 layout, or PDF.` },
      });
    }
  });
});
