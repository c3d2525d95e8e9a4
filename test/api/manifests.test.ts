// End of day over HTTP: the preview lists what a close takes and what it leaves out (and why), and the close takes
// exactly that; a closed shipment can no longer be voided until a supervisor reopens the day; two closes of the same
// day at once make one manifest; the manifest PDF lists every shipment with the right totals and a barcode of its
// number; and the close is a day.closed event.
import bwipjs from 'bwip-js';
import { PDFDocument, PDFName, decodePDFRawStream, type PDFArray, type PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { attributes, document, get, parcel, post, shipFrom, shipTo } from '../helpers/shipments.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';
import { addDays } from '../../src-shared/calendar.ts';

let t: TestStation;
let token: string;
let packer: string;
/** The ship date the station gives a shipment made now (on a weekend, the next working day): the day closed. */
let shipDay = '';
const today = () => shipDay;

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
  await t.station.clients.add(OPERATOR, {
    username: 'eod-packer',
    password: 'Packer-Desk-2026',
    role: 'packer',
    profile: { name: 'Packer' },
  });
  packer = (await t.signIn('eod-packer', 'Packer-Desk-2026')).json.meta.token;
});
afterAll(() => t?.close());

/** Calls a station's API as the client of this token, with a JSON:API body when one is given. */
const caller = (station: TestStation, bearer: string) => (method: string, path: string, body?: unknown) =>
  station.call(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const send = (method: string, path: string, body?: unknown, bearer = token) => caller(t, bearer)(method, path, body);
const close = (carrier: string, date = today(), bearer = token) =>
  send('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier, date } } }, bearer);
const ship = async (carrier: string, packages = [parcel('1.4')], extra: Record<string, unknown> = {}) => {
  const created = await post(
    t,
    token,
    '/v3/shipments',
    document(attributes({ packages, shipTo: { ...shipTo(), city: 'Berlin', country: 'DE' }, ...extra }), {
      scheduledProcessing: false,
      service: 'economy',
      carrierChoice: carrier,
    }),
  );
  expect(created.status, created.text).toBe(201);
  shipDay = created.json.data.attributes.shipDate;
  return created.json.data as { id: string; meta: { reference: string; trackingNumber: string } };
};

/** The filled rectangles of the page's content stream: the barcode's bars, left to right. */
async function barsOf(pdf: Uint8Array): Promise<{ x: number; width: number }[]> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPages()[0]!.node.get(PDFName.of('Contents'));
  const stream = doc.context.lookup(contents) as PDFRawStream | PDFArray;
  const text = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
  const fillAt = text.indexOf('\nf\n');
  const rectangles = [...text.slice(0, fillAt).matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map((match) => ({
    x: Number(match[1]),
    width: Number(match[3]),
  }));
  return rectangles;
}

describe('closing a carrier’s day', () => {
  it('takes exactly what the preview lists, leaves out voided and waiting shipments with why, and prints a manifest', async () => {
    const a = await ship('UPS', [parcel('1.4')], { insuranceValue: '120.00', insuranceDescription: 'Ceramics' });
    const b = await ship('UPS', [parcel('2.5'), parcel('1.2')]);
    const c = await ship('UPS', [parcel('0.5')]);
    const voided = await ship('UPS');
    // The station's clock before and after the void: the preview says when on it, in the station's zone.
    const aroundVoid = [`voided at ${t.clock.wall().time.slice(0, 5)}`];
    expect((await send('DELETE', `/v3/shipments/${voided.id}`)).status).toBe(204);
    aroundVoid.push(`voided at ${t.clock.wall().time.slice(0, 5)}`);
    const waiting = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes(), { scheduledProcessing: true, service: 'economy', carrierChoice: 'UPS' }),
    );
    expect(waiting.status).toBe(202);
    await ship('DHL');

    const preview = await send('GET', `/v3/manifests/preview?carrier=ups&date=${today()}`);
    expect(preview.status, preview.text).toBe(200);
    const planned = preview.json.data.attributes;
    expect(planned.included.map((line: { shipmentId: string }) => line.shipmentId)).toEqual([a.id, b.id, c.id]);
    // Declared: the three invoices of 64.50 (the insurance of the first is no declared value).
    expect(planned.totals).toEqual({ shipments: 3, packages: 4, weightKg: 5.6, declaredCents: 19350, currency: 'EUR' });
    expect(planned.leftOut).toEqual([
      expect.objectContaining({
        shipmentId: voided.id,
        reason: 'voided',
        detail: expect.toSatisfy((detail: string) => aroundVoid.includes(detail)),
        voidedAt: expect.stringMatching(/^\d{2}:\d{2}$/),
      }),
      expect.objectContaining({ shipmentId: waiting.json.data.id, reason: 'waiting', detail: 'waiting to be processed' }),
    ]);

    const closed = await close('UPS');
    expect(closed.status, closed.text).toBe(201);
    const manifest = closed.json.data;
    expect(manifest.attributes).toMatchObject({
      carrier: 'UPS',
      date: today(),
      status: 'closed',
      totals: planned.totals,
      closedBy: 'smith',
      transmittedAt: null,
    });
    expect(manifest.attributes.number).toBe(`UPS-${today().replace(/-/g, '')}-${t.client.id}-1`);
    expect(closed.headers.location).toBe(`${t.url}/v3/manifests/${manifest.id}`);

    // Closed: the preview has nothing left to take, and says where the three went.
    const after = (await send('GET', `/v3/manifests/preview?carrier=UPS&date=${today()}`)).json.data.attributes;
    expect(after.included).toEqual([]);
    expect(
      after.leftOut
        .filter((entry: { reason: string }) => entry.reason === 'closed')
        .map((entry: { detail: string; manifest: string }) => [entry.detail, entry.manifest]),
    ).toEqual(Array(3).fill([`in manifest ${manifest.attributes.number}`, manifest.attributes.number]));

    // The manifest PDF: every shipment, the totals, the driver sheet, and the number in its barcode.
    const file = (await send('GET', `/v3/manifests/${manifest.id}/document`)).json.data.attributes;
    expect(file).toMatchObject({ contentType: 'application/pdf', fileName: `manifest-${manifest.attributes.number}.pdf` });
    const pdf = new Uint8Array(Buffer.from(file.fileData, 'base64'));
    const text = await pdfText(pdf);
    for (const shipment of [a, b, c]) {
      expect(text).toContain(shipment.meta.reference);
      expect(text).toContain(shipment.meta.trackingNumber);
    }
    expect(text).not.toContain(voided.meta.trackingNumber);
    expect(text).toContain('Berlin, DE');
    for (const line of [
      'Shipments: 3',
      'Packages: 4',
      'Total weight: 5.60 kg',
      'Declared value: 193.50 EUR',
      'Driver hand-off',
      'Driver signature',
      'Date and time',
    ])
      expect(text).toContain(line);
    const [symbol] = bwipjs.raw('code128', manifest.attributes.number, '') as { sbs: number[] }[];
    const expectedBars = symbol!.sbs.filter((_, index) => index % 2 === 0);
    const bars = await barsOf(pdf);
    const module = Math.min(...bars.map((bar) => bar.width));
    expect(bars.map((bar) => Math.round(bar.width / module))).toEqual(expectedBars);

    // Listed, and the close is an event.
    const listed = await send('GET', `/v3/manifests?date=${today()}`);
    expect(listed.json.data.map((entry: { id: string }) => entry.id)).toContain(manifest.id);
    const events = (await send('GET', '/v3/events?after=0&limit=1000&filter[type]=day.closed')).json.data;
    expect(events.at(-1).attributes.resource).toMatchObject({
      type: 'manifest',
      id: manifest.id,
      attributes: { number: manifest.attributes.number, totals: planned.totals },
    });
  });

  it('refuses to void a closed shipment with the existing text, until a supervisor reopens the day', async () => {
    const shipment = await ship('TNT');
    const closed = await close('TNT');
    expect(closed.status).toBe(201);
    const refused = await send('DELETE', `/v3/shipments/${shipment.id}`);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ code: 'shipment.dayClosed', detail: ERROR_TEXT.deleteNotAvailable });
    expect(refused.json.errors[0].meta).toEqual({ reason: 'dayClosed', manifest: closed.json.data.attributes.number });

    expect((await send('POST', `/v3/manifests/${closed.json.data.id}/reopen`, undefined, packer)).json.errors[0].meta).toEqual({
      neededRole: 'supervisor',
      role: 'packer',
    });
    const reopened = await send('POST', `/v3/manifests/${closed.json.data.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.json.data.attributes).toMatchObject({ status: 'reopened', reopenedAt: expect.any(String) });
    const reopenedAgain = await send('POST', `/v3/manifests/${closed.json.data.id}/reopen`);
    expect(reopenedAgain.status).toBe(409);
    expect(reopenedAgain.json.errors[0]).toMatchObject({
      code: 'manifest.notReopenable',
      detail: ERROR_TEXT.manifestNotReopenable(closed.json.data.attributes.number),
    });
    const notResendable = await send('POST', `/v3/manifests/${closed.json.data.id}/transmit`);
    expect(notResendable.status).toBe(409);
    expect(notResendable.json.errors[0]).toMatchObject({
      code: 'manifest.notResendable',
      detail: ERROR_TEXT.manifestNotResendable(closed.json.data.attributes.number),
    });
    const audit = await t.station.audit.list(OPERATOR, { before: null, action: 'manifest.reopened', desk: null, actor: null, limit: 5 });
    expect(audit[0]).toMatchObject({
      subjectId: closed.json.data.id,
      actor: 'smith',
      detail: { number: closed.json.data.attributes.number },
    });

    expect((await send('DELETE', `/v3/shipments/${shipment.id}`)).status).toBe(204);
    const other = await ship('TNT');
    const again = await close('TNT');
    expect(again.status).toBe(201);
    expect(again.json.data.attributes.number).toMatch(/-2$/);
    expect(again.json.data.attributes.totals.shipments).toBe(1);
    expect((await send('GET', `/v3/manifests/preview?carrier=TNT&date=${today()}`)).json.data.attributes.leftOut).toContainEqual(
      expect.objectContaining({ shipmentId: other.id, reason: 'closed' }),
    );
  });

  it('makes one manifest of two closes of the same day at once', async () => {
    for (let i = 0; i < 5; i++) await ship('FEDEX');
    const [first, second] = await Promise.all([close('FEDEX'), close('FEDEX')]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.json.data.id).toBe(second.json.data.id);
    expect([first.json.meta?.alreadyClosed, second.json.meta?.alreadyClosed].filter(Boolean)).toEqual([true]);
    const listed = (await send('GET', `/v3/manifests?carrier=FEDEX&date=${today()}`)).json.data;
    expect(listed).toHaveLength(1);
    expect(listed[0].attributes.totals.shipments).toBe(5);
  });

  it('is for supervisors; bad requests name the field; nothing to close is said', async () => {
    await ship('POSTE_ITALIANE');
    const refused = await close('POSTE_ITALIANE', today(), packer);
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].meta).toEqual({ neededRole: 'supervisor', role: 'packer' });
    // A packer may look.
    expect((await send('GET', `/v3/manifests/preview?carrier=POSTE_ITALIANE&date=${today()}`, undefined, packer)).status).toBe(200);
    const badDate = await close('UPS', '2026-02-30');
    expect(badDate.status).toBe(400);
    expect(badDate.json.errors[0].source).toEqual({ pointer: '/data/attributes/date' });
    const longAgo = t.clock.day(-400);
    const empty = await close('UPS', longAgo);
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0]).toMatchObject({
      code: 'manifest.nothingToClose',
      detail: ERROR_TEXT.nothingToClose('UPS', longAgo),
      source: { pointer: '/data/attributes/carrier' },
    });
    const badPreview = await send('GET', '/v3/manifests/preview?carrier=UPS&date=tomorrow');
    expect(badPreview.status).toBe(400);
    expect(badPreview.json.errors[0].source).toEqual({ parameter: 'date' });
    // Without a date, a preview is of the station's today.
    expect((await send('GET', '/v3/manifests/preview?carrier=UPS')).json.data.attributes.date).toBe(t.clock.today());
    const unknown = await send('GET', '/v3/manifests/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0]).toMatchObject({ code: 'manifest.notFound', detail: ERROR_TEXT.noSuchManifest('999999') });
    expect((await get(t, token, '/v3/manifests?limit=0')).status).toBe(400);
  });
});

describe('a carrier’s cutoff time', () => {
  it('ships what is made after it on the next working day, unless the client gave a ship date', async () => {
    // A Tuesday evening at the station; later that Friday.
    const clock = setClock('2026-11-24 18:05', 'Europe/Rome', { running: false });
    const tuesday = clock.today();
    const station = await startTestStation({ schedulerIntervalMs: 0, clock });
    try {
      let call = caller(station, await station.token());
      const shipDateOf = async (carrier: string, extra: Record<string, unknown> = {}) => {
        // No ship date of the client's own, unless the test gives one.
        const created = await call(
          'POST',
          '/v3/shipments',
          document(attributes({ shipDate: undefined, ...extra }), {
            scheduledProcessing: false,
            service: 'economy',
            carrierChoice: carrier,
          }),
        );
        expect(created.status, created.text).toBe(201);
        return created.json.data.attributes.shipDate as string;
      };

      const set = await call('PATCH', '/v3/carriers/UPS', { data: { type: 'carrier', attributes: { cutoffTime: '17:30' } } });
      expect(set.status, set.text).toBe(200);
      expect(set.json.data.attributes.cutoffTime).toBe('17:30');
      expect(
        (await call('PATCH', '/v3/carriers/UPS', { data: { type: 'carrier', attributes: { cutoffTime: '25:00' } } })).json.errors[0].source,
      ).toEqual({ pointer: '/data/attributes/cutoffTime' });

      expect(await shipDateOf('UPS')).toBe(addDays(tuesday, 1));
      expect(await shipDateOf('DHL')).toBe(tuesday);
      // Today's date given after the cutoff is no date: the next working day. A later one is kept.
      expect(await shipDateOf('UPS', { shipDate: tuesday })).toBe(addDays(tuesday, 1));
      expect(await shipDateOf('UPS', { shipDate: addDays(tuesday, 2) })).toBe(addDays(tuesday, 2));
      // A confirm of a UPS rate rolls the same way.
      const undated = attributes({ shipDate: undefined });
      const rates = (await call('POST', '/v3/shipments/rate', document(undated))).json.data as { id: string }[];
      const confirmed = await call(
        'POST',
        '/v3/shipments/confirm',
        document(undated, { rate: rates.find((rate) => rate.id === 't2-UPS-STD') }),
      );
      expect(confirmed.json.data.attributes.shipDate).toBe(addDays(tuesday, 1));

      clock.set(`${tuesday} 17:00`);
      expect(await shipDateOf('UPS')).toBe(tuesday);
      const friday = addDays(tuesday, 3);
      clock.set(`${friday} 17:45`);
      // Three days on, the first token has expired (a working shift's lifetime): the client signs in again.
      call = caller(station, await station.token());
      expect(await shipDateOf('UPS')).toBe(addDays(friday, 3));

      const cleared = await call('PATCH', '/v3/carriers/UPS', { data: { type: 'carrier', attributes: { cutoffTime: null } } });
      expect(cleared.json.data.attributes.cutoffTime).toBeNull();
      expect(await shipDateOf('UPS')).toBe(friday);
    } finally {
      await station.close();
    }
  });
});

describe('a carrier whose day is closed', () => {
  it('ships what is made after the close on its next working day, and every answer says so', async () => {
    // A Friday morning at the station: UPS is closed early, DHL is not.
    const clock = setClock('2026-11-27 10:00', 'Europe/Rome', { running: false });
    const friday = clock.today();
    const monday = addDays(friday, 3);
    const station = await startTestStation({ schedulerIntervalMs: 0, clock });
    try {
      const call = caller(station, await station.token());
      const undated = attributes({ shipDate: undefined });
      const create = (carrier: string, extra: Record<string, unknown> = {}, scheduledProcessing = false) =>
        call(
          'POST',
          '/v3/shipments',
          document(attributes({ shipDate: undefined, ...extra }), { scheduledProcessing, service: 'economy', carrierChoice: carrier }),
        );
      const before = await create('UPS');
      expect(before.json.data.attributes.shipDate).toBe(friday);
      expect(before.json.meta).toBeUndefined();
      // Waiting for the scheduler when the day closes: booked afterwards, it ships Monday too.
      const waitingAtClose = await create('UPS', {}, true);
      expect(waitingAtClose.json.data.attributes.shipDate).toBe(friday);
      const closed = await call('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', date: friday } } });
      expect(closed.status, closed.text).toBe(201);
      const number = closed.json.data.attributes.number;
      const warning = {
        code: 'carrierDayClosed',
        pointer: '/data/attributes/shipDate',
        detail: `UPS is closed for today (manifest ${number}): this parcel ships on ${monday}, its next working day.`,
        meta: { carrier: 'UPS', carrierName: 'UPS', manifest: number, shipDate: monday },
      };

      // The rates say it before anything is booked; DHL's day is open.
      const rated = await call('POST', '/v3/shipments/rate', document(undated));
      expect(rated.json.meta.warnings).toEqual([warning]);
      const ups = await create('UPS');
      expect(ups.status).toBe(201);
      expect(ups.json.data.attributes.shipDate).toBe(monday);
      expect(ups.json.meta.warnings).toEqual([warning]);
      // Today given is "as soon as possible": Monday too. A later day is the client's, and nothing is said.
      expect((await create('UPS', { shipDate: friday })).json.data.attributes.shipDate).toBe(monday);
      const later = await create('UPS', { shipDate: addDays(friday, 4) });
      expect(later.json.data.attributes.shipDate).toBe(addDays(friday, 4));
      expect(later.json.meta).toBeUndefined();
      const dhl = await create('DHL');
      expect(dhl.json.data.attributes.shipDate).toBe(friday);
      expect(dhl.json.meta).toBeUndefined();
      // A scheduled one and a confirm of a UPS rate move the same way.
      const waiting = await create('UPS', {}, true);
      expect(waiting.status).toBe(202);
      expect(waiting.json.data.attributes.shipDate).toBe(monday);
      expect(waiting.json.meta.warnings).toEqual([warning]);
      const rate = rated.json.data.find((one: { id: string }) => one.id === 't2-UPS-STD');
      const confirmed = await call('POST', '/v3/shipments/confirm', document(undated, { rate }));
      expect(confirmed.json.data.attributes.shipDate).toBe(monday);
      expect(confirmed.json.meta.warnings).toEqual([warning]);
      await station.station.scheduler.runOnce();
      const processed = await call('GET', `/v3/shipments/${waitingAtClose.json.data.id}`);
      expect(processed.json.data.meta.status).toBe(3);
      expect(processed.json.data.attributes.shipDate).toBe(monday);
      // A customer's return is handed in by the customer: dated by the calendar alone, nothing said.
      const back = await call('POST', `/v3/shipments/${before.json.data.id}/returns`, {
        data: { type: 'return', attributes: { reason: 'DAMAGED' }, meta: { carrierChoice: 'UPS' } },
      });
      expect(back.status, back.text).toBe(201);
      expect(back.json.data.attributes.shipDate).toBe(friday);
      expect(back.json.meta).toBeUndefined();
      // Nothing made after the close joins Friday's manifest: the preview has nothing left to take.
      const preview = (await call('GET', `/v3/manifests/preview?carrier=UPS&date=${friday}`)).json.data.attributes;
      expect(preview.included).toEqual([]);
    } finally {
      await station.close();
    }
  });
});

describe('returns and the driver’s hand-off', () => {
  it('leaves a customer’s return off the outbound manifest, so its count equals the pickup’s and Today has nothing left to close', async () => {
    const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
    const day = clock.today();
    const station = await startTestStation({ schedulerIntervalMs: 0, clock });
    try {
      const call = caller(station, await station.token());
      const book = async () => {
        const created = await call(
          'POST',
          '/v3/shipments',
          document(attributes({ shipDate: day }), { scheduledProcessing: false, service: 'economy', carrierChoice: 'POSTE_ITALIANE' }),
        );
        expect(created.status, created.text).toBe(201);
        return created.json.data as { id: string; meta: { reference: string } };
      };
      const sold = [await book(), await book(), await book()];
      const back = await call('POST', `/v3/shipments/${sold[0]!.id}/returns`, {
        data: { type: 'return', attributes: { reason: 'DAMAGED' }, meta: { carrierChoice: 'POSTE_ITALIANE' } },
      });
      expect(back.status, back.text).toBe(201);
      expect(back.json.data.attributes.shipDate).toBe(day);

      const preview = (await call('GET', `/v3/manifests/preview?carrier=POSTE_ITALIANE&date=${day}`)).json.data.attributes;
      // The clock stands still: the three were made at one instant, listed by id.
      expect(preview.included.map((line: { shipmentId: string }) => line.shipmentId)).toEqual(sold.map((one) => one.id).sort());
      expect(preview.leftOut).toEqual([
        {
          shipmentId: back.json.data.id,
          reference: back.json.data.meta.reference,
          reason: 'return',
          detail: expect.stringContaining('a return'),
        },
      ]);
      const pickups = (await call('GET', `/v3/pickups?date=${day}&carrier=POSTE_ITALIANE`)).json.data;
      const picked = pickups.reduce(
        (sum: number, pickup: { attributes: { shipments: unknown[] } }) => sum + pickup.attributes.shipments.length,
        0,
      );
      expect(picked).toBe(3);

      const closed = await call('POST', '/v3/manifests', {
        data: { type: 'manifest', attributes: { carrier: 'POSTE_ITALIANE', date: day } },
      });
      expect(closed.status, closed.text).toBe(201);
      expect(closed.json.data.attributes.totals.shipments).toBe(picked);
      const file = (await call('GET', `/v3/manifests/${closed.json.data.id}/document`)).json.data.attributes;
      const text = await pdfText(new Uint8Array(Buffer.from(file.fileData, 'base64')));
      expect(text).toContain('Shipments: 3');
      expect(text).not.toContain(back.json.data.meta.reference);
      const todayCarrier = (await call('GET', `/v3/today?date=${day}`)).json.data.attributes.carriers.find(
        (entry: { carrier: string }) => entry.carrier === 'POSTE_ITALIANE',
      );
      expect(todayCarrier).toMatchObject({ made: 4, toClose: 0 });
    } finally {
      await station.close();
    }
  });
});

describe('pickups', () => {
  it('makes one pickup of a carrier, an address and a day, and cancels it whole before the carrier’s deadline, never after', async () => {
    const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
    const day = clock.today();
    const station = await startTestStation({ schedulerIntervalMs: 0, clock });
    try {
      const bearer = await station.token();
      const call = caller(station, bearer);
      const book = async (carrier: string, extra: Record<string, unknown> = {}) => {
        const created = await call(
          'POST',
          '/v3/shipments',
          document(attributes({ shipDate: day, packages: [parcel('1'), parcel('2')], ...extra }), {
            scheduledProcessing: false,
            service: 'economy',
            carrierChoice: carrier,
          }),
        );
        expect(created.status, created.text).toBe(201);
        return created.json.data.id as string;
      };
      const early = await book('UPS');
      const late = await book('UPS');
      const third = await book('UPS');
      const dhl = await book('DHL');
      // The second warehouse is another address: another stop for the driver.
      const elsewhere = await book('UPS', { shipFrom: { ...shipFrom(), address1: 'Via Torino 3' } });
      await book('UPS', { booking: false });
      const voided = await book('UPS');
      expect((await call('DELETE', `/v3/shipments/${voided}`)).status).toBe(204);

      const listed = await call('GET', `/v3/pickups?date=${day}&carrier=ups`);
      expect(listed.status).toBe(200);
      expect(listed.json.data.map((pickup: { id: string }) => pickup.id)).toEqual([early, elsewhere]);
      expect(listed.json.data[0].attributes).toMatchObject({
        carrier: 'UPS',
        date: day,
        parcels: 6,
        shipments: [early, late, third].map((id) => ({
          id,
          reference: expect.stringMatching(/^\d{12}$/),
          trackingNumber: expect.any(String),
        })),
        status: 'booked',
        cancelBefore: `${day} 12:00`,
        cancellable: true,
        address: { city: 'Milano', country: 'IT', address1: 'Via Roma 12' },
      });
      expect(listed.json.data[1].attributes).toMatchObject({
        parcels: 2,
        shipments: [{ id: elsewhere }],
        address: { address1: 'Via Torino 3' },
      });
      expect((await call('GET', `/v3/pickups?date=${day}`)).json.data).toHaveLength(3);

      // Any of its shipments names the pickup: the cancel takes all three.
      expect((await call('DELETE', `/v3/pickups/${late}`)).status).toBe(204);
      const after = (await call('GET', `/v3/pickups?date=${day}&carrier=UPS`)).json.data;
      expect(after[0].attributes).toMatchObject({
        status: 'cancelled',
        cancellable: false,
        cancelledAt: expect.any(String),
        shipments: [{ id: early }, { id: late }, { id: third }],
      });
      const twice = await call('DELETE', `/v3/pickups/${early}`);
      expect(twice.status).toBe(409);
      expect(twice.json.errors[0]).toMatchObject({ code: 'pickup.alreadyCancelled', detail: 'This pickup is cancelled already.' });

      clock.set(`${day} 12:00`);
      // The deadline has come: said in the list, and a cancel is refused with it.
      expect((await call('GET', `/v3/pickups?date=${day}&carrier=UPS`)).json.data[1].attributes).toMatchObject({
        status: 'booked',
        cancellable: false,
      });
      const refused = await call('DELETE', `/v3/pickups/${elsewhere}`);
      expect(refused.status).toBe(409);
      expect(refused.json.errors[0].code).toBe('pickup.pastDeadline');
      expect(refused.json.errors[0].detail).toBe(`The pickup can no longer be cancelled: UPS takes cancellations until ${day} 12:00.`);
      expect(refused.json.errors[0].meta).toEqual({ cancelBefore: `${day} 12:00` });
      // DHL's deadline (11:00) has passed too; the audit log has the one cancel, naming its three shipments.
      expect((await call('DELETE', `/v3/pickups/${dhl}`)).status).toBe(409);
      const audit = await station.station.audit.list(OPERATOR, {
        before: null,
        action: 'pickup.cancelled',
        desk: null,
        actor: null,
        limit: 5,
      });
      expect(audit.map((entry) => entry.subjectId)).toEqual([early]);
      expect(audit[0]!.detail).toMatchObject({
        carrier: 'UPS',
        date: day,
        references: [expect.any(String), expect.any(String), expect.any(String)],
      });
      const unknown = await call('DELETE', '/v3/pickups/NOPE');
      expect(unknown.status).toBe(404);
      expect(unknown.json.errors[0]).toMatchObject({ code: 'pickup.notFound', detail: 'No pickup is booked with shipment NOPE.' });
      expect((await call('GET', '/v3/pickups?date=tomorrow')).json.errors[0].source).toEqual({ parameter: 'date' });
    } finally {
      await station.close();
    }
  });
});

describe('special services on the manifest', () => {
  it('lists each parcel’s COD, dry ice, signature and dangerous goods, in the preview and the PDF, with their sums', async () => {
    const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
    const day = clock.today();
    const station = await startTestStation({ schedulerIntervalMs: 0, clock });
    try {
      const call = caller(station, await station.token());
      const book = async (extra: Record<string, unknown>) => {
        const created = await call(
          'POST',
          '/v3/shipments',
          document(attributes({ shipDate: day, ...extra }), { scheduledProcessing: false, service: 'express', carrierChoice: 'UPS' }),
        );
        expect(created.status, created.text).toBe(201);
        return created.json.data as { id: string; meta: { reference: string } };
      };
      const cod = (amount: string) => ({ services: { cashOnDelivery: { amount, currency: 'EUR', method: 'cash' } } });
      const first = await book(cod('49.90'));
      const second = await book(cod('20'));
      const cold = await book({ goodsDescription: 'Vaccine samples', packages: [{ ...parcel('6'), dryIceKg: '2.5' }] });
      const wine = await book({ goodsDescription: 'Wine', services: { deliveryConfirmation: 'adultSignature', minimumAge: 21 } });
      const perfume = {
        unNumber: 'UN1266',
        properShippingName: 'Perfumery products',
        class: '3',
        packingGroup: 'II',
        quantity: '2',
        netWeightKg: '0.5',
      };
      const phone = { type: 'ion', packing: 'containedInEquipment', section2: true };
      const goods = await book({
        goodsDescription: 'Perfume and a phone',
        services: { deliveryConfirmation: 'signature' },
        packages: [
          { ...parcel('2'), dangerousGoods: [perfume], lithiumBatteries: phone },
          { ...parcel('1'), lithiumBatteries: phone },
        ],
      });

      const preview = (await call('GET', `/v3/manifests/preview?carrier=UPS&date=${day}`)).json.data.attributes;
      const byId = (id: string) => preview.included.find((line: { shipmentId: string }) => line.shipmentId === id);
      expect(byId(first.id)).toMatchObject({ cashOnDelivery: { amount: '49.90', currency: 'EUR' } });
      expect(byId(first.id).dryIceKg).toBeUndefined();
      expect(byId(second.id)).toMatchObject({ cashOnDelivery: { amount: '20', currency: 'EUR' } });
      expect(byId(cold.id)).toMatchObject({ dryIceKg: 2.5 });
      expect(byId(cold.id).cashOnDelivery).toBeUndefined();
      expect(byId(wine.id)).toMatchObject({ deliveryConfirmation: 'adultSignature', minimumAge: 21 });
      expect(byId(wine.id).dangerousGoods).toBeUndefined();
      expect(byId(goods.id)).toMatchObject({ deliveryConfirmation: 'signature', dangerousGoods: ['UN1266', 'UN3481'] });
      expect(byId(goods.id).minimumAge).toBeUndefined();
      expect(byId(first.id).deliveryConfirmation).toBeUndefined();

      const closed = await call('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', date: day } } });
      expect(closed.status, closed.text).toBe(201);
      const file = (await call('GET', `/v3/manifests/${closed.json.data.id}/document`)).json.data.attributes;
      const text = await pdfText(new Uint8Array(Buffer.from(file.fileData, 'base64')));
      for (const words of [
        'COD 49.90 EUR',
        'COD 20.00 EUR',
        'Dry ice UN1845 2.5 kg',
        'Cash on delivery: 69.90 EUR',
        'Dry ice (UN1845): 2.5 kg in 1 shipment',
        'Adult signature 21+',
        'Signature · Dangerous goods UN1266, UN3481',
        'Dangerous goods: 1 shipment (UN1266, UN3481)',
        'To be signed for: 2 shipments',
      ])
        expect(text).toContain(words);
    } finally {
      await station.close();
    }
  });
});
