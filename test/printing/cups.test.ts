import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/logger.ts';
import { createStation } from '../../src-main/station.ts';
import { openStore } from '../../src-main/store/index.ts';
import { ThermalPrinter, cupsMissing } from '../helpers/printers.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { attributes, document, exportDeclaration, finishedJob, get, parcel, post, shipTo } from '../helpers/shipments.ts';
import { waitFor } from '../helpers/wait.ts';

const missing = cupsMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI the printing tests must run.`);
if (missing) console.log(`Skipping the CUPS printing tests: ${missing}.`);

const suffix = `${process.pid}`;
const PDF_QUEUE = `station-pdf-${suffix}`;
const ZPL_QUEUE = `station-zpl-${suffix}`;
const lpadmin = (...args: string[]) => execFileSync('lpadmin', args, { stdio: 'pipe' });

describe.skipIf(missing !== undefined)('printing through a real CUPS', () => {
  let t: TestStation;
  let token: string;
  const thermal = new ThermalPrinter();

  beforeAll(async () => {
    await thermal.start();
    lpadmin('-p', PDF_QUEUE, '-D', 'Office PDF', '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd');
    lpadmin('-p', ZPL_QUEUE, '-D', 'Desk Zebra', '-v', `socket://127.0.0.1:${thermal.port}`, '-E');
    // The full timeout is far off: an unreachable printer must be named within seconds, not after it.
    t = await startTestStation({ schedulerIntervalMs: 0, printTimeoutMs: 30_000, printPollMs: 200 });
    token = await t.token();
  });

  afterAll(async () => {
    for (const queue of [PDF_QUEUE, ZPL_QUEUE]) {
      try {
        execFileSync('cancel', ['-a', queue], { stdio: 'pipe' });
        lpadmin('-x', queue);
      } catch {
        // Already gone.
      }
    }
    await t?.close();
    await thermal.stop();
  });

  async function processedShipment(packages = 2) {
    const response = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ packages: Array.from({ length: packages }, () => parcel('1.2')) }), {
        service: 'economy',
        scheduledProcessing: false,
      }),
    );
    expect(response.status).toBe(201);
    return response.json.data as { id: string; meta: { reference: string; trackingNumber: string } };
  }

  const finished = (jobId: string) => finishedJob(t, token, jobId);

  /** The PDF cups-pdf wrote for a job: to the job owner's home (from the user database, whatever HOME says) or the anonymous spool. */
  async function printedPdf(jobId: string): Promise<Buffer> {
    const folders = [...new Set([join(homedir(), 'PDF'), join(userInfo().homedir, 'PDF'), '/var/spool/cups-pdf/ANONYMOUS'])];
    const file = await waitFor(
      `cups-pdf's file for job ${jobId}`,
      () =>
        folders
          .flatMap((folder) => (existsSync(folder) ? readdirSync(folder).map((name) => join(folder, name)) : []))
          .find((path) => path.includes(jobId)),
      { timeoutMs: 5000, intervalMs: 100 },
    );
    return readFileSync(file);
  }

  /** Waits until the thermal queue holds no job and every connection to the printer has ended: all that will arrive has. */
  const drained = () =>
    waitFor(
      `${ZPL_QUEUE} to send every job`,
      () => execFileSync('lpstat', ['-o', ZPL_QUEUE], { encoding: 'utf8' }).trim() === '' && thermal.open === 0,
      { timeoutMs: 5000, intervalMs: 100 },
    );

  const print = (id: string, attributes: Record<string, unknown>) =>
    post(t, token, `/v3/shipments/${id}/print`, { data: { type: 'printJob', attributes } });

  it('lists the CUPS printers, and which take raw ZPL', async () => {
    const response = await get(t, token, '/v3/printers');
    expect(response.status).toBe(200);
    const printers = response.json.data as { type: string; id: string; attributes: Record<string, unknown> }[];
    expect(printers.find((printer) => printer.id === PDF_QUEUE)).toEqual({
      type: 'printer',
      id: PDF_QUEUE,
      attributes: { name: PDF_QUEUE, description: 'Office PDF', isDefault: false, status: 'idle', supportsRawZpl: false },
    });
    expect(printers.find((printer) => printer.id === ZPL_QUEUE)?.attributes).toMatchObject({
      description: 'Desk Zebra',
      supportsRawZpl: true,
    });
  });

  it('prints a PDF job as one 288×432 pt page per package', async () => {
    const shipment = await processedShipment(2);
    const response = await print(shipment.id, { printer: PDF_QUEUE, format: 'pdf' });
    expect(response.status).toBe(202);
    expect(response.json.data).toMatchObject({
      type: 'printJob',
      attributes: { status: 'queued', printer: PDF_QUEUE, format: 'pdf', copies: 1, shipmentId: shipment.id },
    });
    expect(response.headers.location).toBe(`${t.url}/v3/print-jobs/${response.json.data.id}`);
    const job = await finished(response.json.data.id);
    expect(job.attributes).toMatchObject({ status: 'done', reason: null });

    const pdf = await PDFDocument.load(await printedPdf(job.id));
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      expect(page.getSize()).toEqual({ width: 288, height: 432 });
    }
  });

  it('sends native ZPL to a raw thermal printer', async () => {
    const shipment = await processedShipment(1);
    const response = await print(shipment.id, { printer: ZPL_QUEUE, format: 'zpl', dpi: 300 });
    expect((await finished(response.json.data.id)).attributes.status).toBe('done');
    const label = () =>
      thermal.received.map((data) => data.toString('utf8').trim()).find((text) => text.includes(shipment.meta.trackingNumber));
    await waitFor('the label at the printer', label, { timeoutMs: 5000, intervalMs: 100 });
    const zpl = label()!;
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(shipment.meta.trackingNumber);
    expect(zpl).toContain('^CI28');
    expect(zpl).toContain('^PW1200');
  });

  it('refuses to queue for a paused printer, naming it as the desk knows it and what to do; after it recovers the label prints once', async () => {
    const shipment = await processedShipment(1);
    execFileSync('cupsdisable', ['-r', 'Out of labels', ZPL_QUEUE]);
    const refused = await print(shipment.id, { printer: ZPL_QUEUE });
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0]).toMatchObject({
      code: 'print.printerPaused',
      source: { pointer: '/data/attributes/printer' },
      // The code and figures a desk words in its own language.
      meta: { reason: 'printerPaused', printer: 'Desk Zebra', queue: ZPL_QUEUE, problem: 'Out of labels' },
    });
    expect(refused.json.errors[0].detail).toBe(
      `The printer “Desk Zebra” (${ZPL_QUEUE}) is paused (Out of labels), so nothing was sent to it. Fix what it says, resume it (in the computer's printer settings, or with cupsenable ${ZPL_QUEUE}), then print again; or choose another printer in Settings.`,
    );

    execFileSync('cupsenable', [ZPL_QUEUE]);
    const reprint = await finished((await print(shipment.id, { printer: ZPL_QUEUE })).json.data.id);
    expect(reprint.attributes.status).toBe('done');
    const labels = () => thermal.received.filter((data) => data.toString('utf8').includes(shipment.meta.trackingNumber)).length;
    await waitFor('the label at the printer', () => labels() > 0, { timeoutMs: 5000, intervalMs: 100 });
    // The cancelled job did not print later: this shipment's label arrived exactly once.
    await drained();
    expect(labels()).toBe(1);
  });

  it('fails a job to an unreachable printer within 5 s, naming the printer and what to do; a reprint once it is back succeeds', async () => {
    const shipment = await processedShipment(1);
    const port = thermal.port;
    await thermal.stop();
    const started = Date.now();
    const failed = await finished((await print(shipment.id, { printer: ZPL_QUEUE })).json.data.id);
    // Polled every 200 ms here; the check itself is at 3 s after the job went to CUPS.
    expect(Date.now() - started).toBeLessThan(5500);
    expect(failed.attributes.status).toBe('failed');
    expect(failed.attributes.reason).toMatch(
      /^The printer “Desk Zebra” \(station-zpl-\d+\) has not started printing after 3 s \(.+\), so the job was cancelled\. Check that it is switched on and connected/,
    );
    // The same as a code and its figures, for a desk to say in its own words.
    expect(failed.attributes.failure).toEqual({ code: 'printerNotResponding', seconds: 3, problem: expect.any(String) });

    await thermal.start(port);
    execFileSync('cupsenable', [ZPL_QUEUE]);
    const reprint = await finished((await print(shipment.id, { printer: ZPL_QUEUE })).json.data.id);
    expect(reprint.attributes.status).toBe('done');
  });

  it('uses the station’s label printer from the print settings', async () => {
    const settings = await t.call('/v3/print-settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: { type: 'printSettings', attributes: { printer: ZPL_QUEUE, format: 'zpl', dpi: 203, autoPrint: true } },
      }),
    });
    expect(settings.json.data.attributes).toEqual({
      printer: ZPL_QUEUE,
      format: 'zpl',
      dpi: 203,
      size: '4x6',
      autoPrint: true,
      a4Printer: null,
    });
    const shipment = await processedShipment(1);
    const response = await print(shipment.id, {});
    expect(response.json.data.attributes).toMatchObject({ printer: ZPL_QUEUE, format: 'zpl', dpi: 203 });
    expect((await finished(response.json.data.id)).attributes.status).toBe('done');
  });

  it('prints the commercial invoice on the A4 printer, A4 pages only, and refuses A4 for a shipment without one', async () => {
    const customs = await post(
      t,
      token,
      '/v3/shipments',
      document(
        attributes({ shipTo: { ...shipTo(), country: 'CH', city: 'Zürich', postalCode: '8001' }, exportDeclaration: exportDeclaration() }),
        { service: 'economy', scheduledProcessing: false },
      ),
    );
    expect(customs.status).toBe(201);
    const id = customs.json.data.id as string;
    // No A4 printer chosen at this desk yet: said, by the field.
    const none = await print(id, { documents: 'a4' });
    expect(none.status).toBe(400);
    expect(none.json.errors[0]).toMatchObject({
      code: 'print.noA4Printer',
      source: { pointer: '/data/attributes/printer' },
      meta: { reason: expect.stringContaining('No A4 printer is chosen at this desk') },
    });
    const chosen = await t.call('/v3/print-settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'printSettings', attributes: { a4Printer: PDF_QUEUE } } }),
    });
    expect(chosen.json.data.attributes.a4Printer).toBe(PDF_QUEUE);

    const response = await print(id, { documents: 'a4' });
    expect(response.status).toBe(202);
    expect(response.json.data.attributes).toMatchObject({ printer: PDF_QUEUE, format: 'pdf', documents: 'a4' });
    const job = await finished(response.json.data.id);
    expect(job.attributes.status).toBe('done');
    const pdf = await PDFDocument.load(await printedPdf(job.id));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595, height: 842 });
    // A shipment without customs paper has no A4 documents; and an invoice is never ZPL.
    const domestic = await processedShipment(1);
    const without = await print(domestic.id, { documents: 'a4' });
    expect(without.json.errors[0]).toMatchObject({
      status: 400,
      code: 'print.noA4Documents',
      source: { pointer: '/data/attributes/documents' },
      meta: {
        reason: `Shipment ${domestic.meta.reference} has no A4 documents: only a shipment through customs has a CN23 or a commercial invoice.`,
        shipment: domestic.id,
        reference: domestic.meta.reference,
      },
    });
    expect((await print(id, { documents: 'a4', format: 'zpl' })).json.errors[0]).toMatchObject({
      status: 400,
      code: 'document.pdfOnly',
      source: { pointer: '/data/attributes/format' },
    });
  });

  it.each([
    [{ printer: 'no-such-printer' }, "Invalid data: 'data.attributes.printer'.", 'print.printerUnknown'],
    [{ printer: PDF_QUEUE, documents: 'invoice' }, "Invalid data: 'data.attributes.documents'.", 'field.invalid'],
    [{ printer: PDF_QUEUE, format: 'zpl' }, "Invalid data: 'data.attributes.format'.", 'print.printerTakesNoZpl'],
    [{ printer: PDF_QUEUE, copies: 0 }, "Invalid data: 'data.attributes.copies'.", 'field.invalid'],
    [{ printer: PDF_QUEUE, dpi: 600 }, "Invalid data: 'data.attributes.dpi'.", 'field.invalid'],
  ])('refuses %j with a 400 naming the field', async (attributes, detail, code) => {
    const shipment = await processedShipment(1);
    const response = await print(shipment.id, attributes);
    expect(response.status).toBe(400);
    expect(response.json.errors[0].detail).toBe(detail);
    expect(response.json.errors[0].code).toBe(code);
  });

  it('names the printer a refusal is about as a figure, beside the sentence', async () => {
    const shipment = await processedShipment(1);
    expect((await print(shipment.id, { printer: 'no-such-printer' })).json.errors[0].meta).toEqual({
      reason: 'No printer is called no-such-printer.',
      printer: 'no-such-printer',
    });
    expect((await print(shipment.id, { printer: PDF_QUEUE, format: 'zpl' })).json.errors[0].meta).toEqual({
      reason: `Printer ${PDF_QUEUE} does not take raw ZPL; print PDF to it.`,
      printer: PDF_QUEUE,
      format: 'ZPL',
    });
    const settings = await t.call('/v3/print-settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'printSettings', attributes: { a4Printer: 'no-such-a4' } } }),
    });
    expect(settings.status).toBe(400);
    expect(settings.json.errors[0]).toMatchObject({
      code: 'print.printerUnknown',
      source: { pointer: '/data/attributes/a4Printer' },
      meta: { reason: 'No printer is called no-such-a4.', printer: 'no-such-a4' },
    });
  });

  it('refuses a print when no printer is named and none is chosen, asking to choose one', async () => {
    // A client of its own: its print settings name no printer, and this CUPS has no default printer.
    await t.station.clients.add(OPERATOR, {
      username: 'no-printer-desk',
      password: 'no-printer-password',
      profile: { name: 'No Printer' },
    });
    const own = (await t.signIn('no-printer-desk', 'no-printer-password')).json.meta.token as string;
    const made = await post(t, own, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
    expect(made.status, made.text).toBe(201);
    const refused = await post(t, own, `/v3/shipments/${made.json.data.id}/print`, { data: { type: 'printJob', attributes: {} } });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({
      code: 'print.noPrinterChosen',
      detail: "Missing required data: 'data.attributes.printer'.",
      source: { pointer: '/data/attributes/printer' },
      meta: { reason: 'Name a printer, or choose the station’s label printer in the print settings.' },
    });
  });

  it('prints only processed shipments of the caller', async () => {
    const saved = await post(t, token, '/v3/shipments/save', document());
    expect((await print(saved.json.data.id, { printer: PDF_QUEUE })).json.errors[0].detail).toBe('Shipment not yet processed');
    expect((await print('F'.repeat(64), { printer: PDF_QUEUE })).json.errors[0].detail).toBe('Shipment not found');
    const shipment = await processedShipment(1);
    const job = await print(shipment.id, { printer: PDF_QUEUE });
    await t.station.clients.add(OPERATOR, { username: 'other-desk', password: 'other-desk-password', profile: { name: 'Other' } });
    const other = (await t.signIn('other-desk', 'other-desk-password')).json.meta.token;
    const foreign = await get(t, other, `/v3/print-jobs/${job.json.data.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.errors[0].code).toBe('print.jobNotFound');
    expect((await print(shipment.id, {}).then(() => get(t, other, `/v3/shipments/${shipment.id}`))).status).toBe(404);
  });

  // Last: it stops the station the other tests share.
  /** A processed shipment of an order (made first, with its first line's SKU), or of none. */
  async function orderShipment(orderNumber: string | null, sku = 'SKU', packages = 1) {
    if (orderNumber) {
      const order = {
        type: 'order',
        attributes: {
          number: orderNumber,
          shipTo: attributes().shipTo,
          lines: [{ sku, description: 'Cup', quantity: 1, unitWeight: '0.5', unitPrice: '10' }],
        },
      };
      expect((await post(t, token, '/v3/orders', { data: order })).status).toBe(201);
    }
    const meta = { service: 'economy', scheduledProcessing: false, ...(orderNumber ? { orderNumber } : {}) };
    const response = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ packages: Array.from({ length: packages }, () => parcel('1.2')) }), meta),
    );
    expect(response.status, response.text).toBe(201);
    return response.json.data as { id: string; meta: { reference: string; trackingNumber: string } };
  }

  const bulk = (attributes: Record<string, unknown>) => post(t, token, '/v3/print-jobs', { data: { type: 'printJob', attributes } });

  it('bulk prints many shipments as one ZPL job, sorted by order number or by SKU', async () => {
    const loose = await orderShipment(null);
    const third = await orderShipment('BULK-10', 'AA-CUP');
    const first = await orderShipment('BULK-2', 'ZZ-PLATE', 2);
    const second = await orderShipment('BULK-3', 'MM-BOWL');
    const before = thermal.received.length;

    // As a PHP client sends it: the layout and sort in capitals, the dpi as text, nulls.
    const byOrder = await bulk({
      shipments: [loose.id, third.id, first.id, second.id, first.id],
      sort: 'ORDER',
      layout: '4X6',
      printer: ZPL_QUEUE,
      format: 'zpl',
      dpi: '203',
      copies: null,
    });
    expect(byOrder.status, byOrder.text).toBe(202);
    expect(byOrder.json.data.attributes).toMatchObject({
      status: 'queued',
      format: 'zpl',
      layout: '4x6',
      shipmentId: first.id,
      shipmentIds: [first.id, second.id, third.id, loose.id],
    });
    expect((await finished(byOrder.json.data.id)).attributes.status).toBe('done');
    // One job, one stream: every label in it, in order (BULK-2 before BULK-3 before BULK-10, the loose one last).
    const streams = () =>
      thermal.received
        .slice(before)
        .map((data) => data.toString('utf8'))
        .filter((text) => [first, second, third, loose].some((shipment) => text.includes(shipment.meta.trackingNumber)));
    await waitFor('the bulk job at the printer', () => streams().length > 0, { timeoutMs: 5000, intervalMs: 100 });
    await drained();
    expect(streams()).toHaveLength(1);
    const stream = streams()[0]!;
    expect(stream.match(/\^XA/g)).toHaveLength(5);
    const places = [first, second, third, loose].map((shipment) => stream.indexOf(shipment.meta.trackingNumber));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);

    // By SKU (a supervisor's reprint, as these labels were printed): AA-CUP, MM-BOWL, ZZ-PLATE, then no order.
    const bySku = await bulk({ shipments: [first.id, loose.id, second.id, third.id], sort: 'sku', printer: ZPL_QUEUE });
    expect(bySku.status, bySku.text).toBe(202);
    expect(bySku.json.data.attributes.shipmentIds).toEqual([third.id, second.id, first.id, loose.id]);
    expect((await finished(bySku.json.data.id)).attributes.status).toBe('done');
    const reprints = await get(t, token, '/v3/audit-events?filter[action]=label.reprinted');
    expect(
      reprints.json.data.filter(
        (entry: { attributes: { detail: { printJob: string } } }) => entry.attributes.detail.printJob === bySku.json.data.id,
      ),
    ).toHaveLength(4);
  });

  it('bulk prints PDF labels as 4×6 pages, or A4 sheets of 2 (real size, turned) or 4', async () => {
    const shipments = [
      await orderShipment('SHEET-1'),
      await orderShipment('SHEET-2', 'SKU', 2),
      await orderShipment('SHEET-3'),
      await orderShipment('SHEET-4'),
    ];
    const ids = shipments.map((shipment) => shipment.id);
    for (const [layout, pages, size] of [
      ['a4-4', 2, { width: 595.28, height: 841.89 }],
      ['a4-2', 3, { width: 595.28, height: 841.89 }],
      ['4x6', 5, { width: 288, height: 432 }],
    ] as const) {
      const response = await bulk({ shipments: ids, layout, printer: PDF_QUEUE });
      expect(response.status, response.text).toBe(202);
      expect(response.json.data.attributes).toMatchObject({ format: 'pdf', layout });
      expect((await finished(response.json.data.id)).attributes.status).toBe('done');
      const bytes = await printedPdf(response.json.data.id);
      const pdf = await PDFDocument.load(bytes);
      // Where each label lands on its sheet is pinned in test/unit/labels.test.ts: cups-pdf's output keeps no text.
      expect(pdf.getPageCount(), layout).toBe(pages);
      for (const page of pdf.getPages()) {
        // cups-pdf writes whole points: A4 is 595×842.
        const { width, height } = page.getSize();
        expect([Math.round(width), Math.round(height)]).toEqual([Math.round(size.width), Math.round(size.height)]);
      }
    }
  });

  it('bulk prints A4 sheets from the first free place of a partly used sheet, and refuses a place the layout has not', async () => {
    // Four labels: a whole sheet of four from the top left, or from place 2 one more sheet for the fourth.
    const ids = [await orderShipment('START-1'), await orderShipment('START-2', 'SKU', 2), await orderShipment('START-3')].map(
      (shipment) => shipment.id,
    );
    for (const [start, pages] of [
      [undefined, 1],
      [2, 2],
    ] as const) {
      const response = await bulk({ shipments: ids, layout: 'a4-4', printer: PDF_QUEUE, reprints: 'include', ...(start ? { start } : {}) });
      expect(response.status, response.text).toBe(202);
      expect(response.json.data.attributes.start).toBe(start);
      expect((await finished(response.json.data.id)).attributes.status).toBe('done');
      expect((await PDFDocument.load(await printedPdf(response.json.data.id))).getPageCount(), `start ${start}`).toBe(pages);
    }
    for (const [layout, start, reason] of [
      ['a4-2', 3, 'A sheet of layout a4-2 has 2 places: start is 1 to 2.'],
      ['4x6', 2, 'A start place is for A4 sheets: choose the a4-2 or a4-4 layout, or leave start out.'],
    ] as const) {
      const refused = await bulk({ shipments: ids, layout, start, printer: PDF_QUEUE });
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({
        code: 'field.invalid',
        source: { pointer: '/data/attributes/start' },
        meta: { reason },
      });
    }
  });

  it('refuses a bulk print by the field at fault: an unprocessed or unknown shipment, ZPL on sheets, no shipments', async () => {
    const processed = await orderShipment(null);
    const saved = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: true }));
    expect(saved.status).toBe(202);
    const notYet = await bulk({ shipments: [processed.id, saved.json.data.id], printer: ZPL_QUEUE });
    expect(notYet.status).toBe(400);
    expect(notYet.json.errors[0]).toMatchObject({
      code: 'print.notProcessed',
      source: { pointer: '/data/attributes/shipments/1' },
      meta: { shipment: saved.json.data.id, reference: saved.json.data.meta.reference },
    });
    expect(notYet.json.errors[0].meta.reason).toContain('is not processed yet');
    const unknown = await bulk({ shipments: [processed.id, 'ABCDEF'], printer: ZPL_QUEUE });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0]).toMatchObject({
      code: 'shipment.notFound',
      source: { pointer: '/data/attributes/shipments/1' },
      meta: { reason: 'Shipment not found' },
    });
    const sheetsOfZpl = await bulk({ shipments: [processed.id], printer: ZPL_QUEUE, format: 'zpl', layout: 'a4-4' });
    expect(sheetsOfZpl.status).toBe(400);
    expect(sheetsOfZpl.json.errors[0]).toMatchObject({ code: 'print.zplSheetsOnly', source: { pointer: '/data/attributes/layout' } });
    const none = await bulk({ shipments: [], layout: 'a3' });
    expect(none.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/data/attributes/layout',
      '/data/attributes/shipments',
    ]);
  });

  it('takes up a job recorded before a restart and prints it', async () => {
    const shipment = await processedShipment(1);
    const dataDir = t.dataDir;
    await t.station.stop();
    // A job acknowledged just before the station went down, never sent.
    const store = openStore(join(dataDir, 'station.sqlite'));
    await store.printJobs.add({
      id: 'A'.repeat(32),
      shipmentId: shipment.id,
      clientId: t.client.id,
      desk: t.station.desk,
      printer: ZPL_QUEUE,
      format: 'zpl',
      dpi: 203,
      copies: 1,
      documents: 'labels',
    });
    await store.close();
    const restarted = await createStation({
      dataDir,
      port: 0,
      logger: silentLogger,
      schedulerIntervalMs: 0,
      printPollMs: 200,
      printTimeoutMs: 5000,
    });
    await restarted.start();
    try {
      await waitFor(
        'the job sent again after the restart',
        async () => (await restarted.store.printJobs.get('A'.repeat(32)))?.status === 'done',
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expect((await restarted.store.printJobs.get('A'.repeat(32)))?.status).toBe('done');
      const labels = () => thermal.received.filter((data) => data.toString('utf8').includes(shipment.meta.trackingNumber)).length;
      await waitFor('the label at the printer', () => labels() > 0, { timeoutMs: 5000, intervalMs: 100 });
      expect(labels()).toBe(1);
    } finally {
      await restarted.stop();
    }
  });
});
