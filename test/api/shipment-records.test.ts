import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/calendar.ts';
import { createTrackingEventService } from '../../src-main/services/tracking-events.ts';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { OPERATOR, JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';
import { attributes, document, get, parcel, post, shipTo } from '../helpers/shipments.ts';
import { decodeImage, decodeImageRows, pngInfo, rasterisePdf } from '../helpers/barcodes.ts';
import { readEpl2 } from '../helpers/epl2-reader.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

async function processed(attrs = attributes(), prefix = '/v3', auth = token) {
  const response = await post(t, auth, `${prefix}/shipments`, document(attrs, { service: 'economy', scheduledProcessing: false }));
  expect(response.status).toBe(201);
  return response.json.data as { id: string; meta: Record<string, any>; links: Record<string, string> };
}

async function otherClientToken(): Promise<string> {
  await t.station.clients.add(OPERATOR, { username: 'other', password: 'other-password', profile: { name: 'Other Shop' } });
  const response = await t.signIn('other', 'other-password');
  return response.json.meta.token;
}

describe('documents are made once and returned byte-identical', () => {
  it('returns the PDF as base64 with its content type and <reference>.pdf', async () => {
    const shipment = await processed(attributes({ packages: [parcel('1'), parcel('2')] }));
    const first = await get(t, token, `/v3/shipments/${shipment.id}/documents`);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({
      type: 'documents',
      id: shipment.id,
      attributes: { contentType: 'application/pdf', fileName: `${shipment.meta.reference}.pdf` },
    });
    const bytes = Buffer.from(first.json.data.attributes.fileData, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
    expect(pdf.numPages).toBe(2);
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    expect(text).toContain(shipment.meta.trackingNumber);
    const second = await get(t, token, `/v3/shipments/${shipment.id}/documents`);
    expect(second.json.data.attributes.fileData).toBe(first.json.data.attributes.fileData);
  });

  it('answers ?format=zpl with one ZPL label a package, at 203 dpi or at 300 with dpi=300, and refuses other formats saying which pass', async () => {
    const shipment = await processed(attributes({ packages: [parcel('1'), parcel('2')] }));
    const zplOf = async (query: string) => {
      const answer = await get(t, token, `/v3/shipments/${shipment.id}/documents?${query}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.attributes).toMatchObject({ contentType: 'application/x-zpl', fileName: `${shipment.meta.reference}.zpl` });
      return Buffer.from(answer.json.data.attributes.fileData, 'base64').toString('utf8');
    };
    const at203 = await zplOf('format=zpl');
    expect(at203.match(/\^XA/g)).toHaveLength(2);
    expect(at203.match(/\^XZ/g)).toHaveLength(2);
    expect(at203).toContain('^PW812');
    expect(at203).toContain(shipment.meta.trackingNumber);
    expect(at203).toContain('1/2');
    const at300 = await zplOf('format=ZPL&dpi=300');
    expect(at300).toContain('^PW1200');
    // The same labels each time; the stored PDF stays the default.
    expect(await zplOf('format=zpl&dpi=203')).toBe(at203);
    expect((await get(t, token, `/v3/shipments/${shipment.id}/documents?format=pdf`)).json.data.attributes.contentType).toBe(
      'application/pdf',
    );
    for (const [query, parameter, reason] of [
      ['format=gif', 'format', 'Expected pdf, zpl, epl2, png (pdf is the default); got "gif".'],
      ['format=zpl&dpi=600', 'dpi', 'Expected 203 or 300, with format=zpl, epl2 or png; got "600".'],
      ['dpi=300', 'dpi', 'Expected 203 or 300, with format=zpl, epl2 or png; got "300".'],
    ]) {
      const refused = await get(t, token, `/v3/shipments/${shipment.id}/documents?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({
        detail: `Invalid or empty required parameter: ${parameter}`,
        source: { parameter },
        meta: { reason },
      });
    }
  });

  it('answers ?format=png with every label as a 1-bit PNG at 203 dpi, or at 300 with dpi=300, each barcode decoding to the tracking number', async () => {
    const shipment = await processed(attributes({ packages: [parcel('1'), parcel('2')] }));
    const pngOf = async (query: string) => {
      const answer = await get(t, token, `/v3/shipments/${shipment.id}/documents?${query}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.attributes).toMatchObject({ contentType: 'image/png', fileName: `${shipment.meta.reference}.png` });
      return new Uint8Array(Buffer.from(answer.json.data.attributes.fileData, 'base64'));
    };
    for (const [query, dpi, height] of [
      ['format=png', 203, 1218],
      ['format=PNG&dpi=300', 300, 1800],
    ] as const) {
      const png = await pngOf(query);
      expect(pngInfo(png)).toMatchObject({ height: 2 * height, bitDepth: 1, dpi });
      const labels = await decodeImageRows(png, height);
      expect(labels.map((label) => label.find((code) => code.format === 'Code128')?.text)).toEqual([
        shipment.meta.trackingNumber,
        shipment.meta.trackingNumber,
      ]);
    }
  });

  it('answers ?format=epl2 with one EPL2 form a package at 203 dpi, or at 300 with dpi=300, each barcode decoding to the tracking number', async () => {
    const shipment = await processed(attributes({ packages: [parcel('1'), parcel('2')] }));
    for (const [query, width] of [
      ['format=epl2', 812],
      ['format=EPL2&dpi=300', 1200],
    ] as const) {
      const answer = await get(t, token, `/v3/shipments/${shipment.id}/documents?${query}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.attributes).toMatchObject({ contentType: 'application/x-epl2', fileName: `${shipment.meta.reference}.epl` });
      const forms = readEpl2(new Uint8Array(Buffer.from(answer.json.data.attributes.fileData, 'base64')));
      expect(forms.map((form) => form.width)).toEqual([width, width]);
      for (const form of forms)
        expect((await decodeImage(form.png)).find((code) => code.format === 'Code128')?.text).toBe(shipment.meta.trackingNumber);
    }
  });

  it('answers ?size= with the label pages for the stock (A6, 4×8 in, A4 from a start place), and refuses a size or start that does not fit, naming it', async () => {
    const shipment = await processed(attributes({ packages: [parcel('1'), parcel('2')] }));
    const pdfOf = async (query: string, fileName: string) => {
      const answer = await get(t, token, `/v3/shipments/${shipment.id}/documents?${query}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.attributes).toMatchObject({
        contentType: 'application/pdf',
        fileName: `${shipment.meta.reference}${fileName}.pdf`,
      });
      const bytes = new Uint8Array(Buffer.from(answer.json.data.attributes.fileData, 'base64'));
      const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
      const sizes = [];
      for (let number = 1; number <= pdf.numPages; number++)
        sizes.push(((await pdf.getPage(number)).view as number[]).slice(2).map(Math.round));
      return { sizes, images: await rasterisePdf(bytes, 203) };
    };
    const a6 = await pdfOf('size=A6', '-a6');
    expect(a6.sizes).toEqual([
      [298, 420],
      [298, 420],
    ]);
    for (const image of a6.images)
      expect((await decodeImage(image)).find((code) => code.format === 'Code128')?.text).toBe(shipment.meta.trackingNumber);
    expect((await pdfOf('size=4x8&document=labels', '-labels-4x8')).sizes).toEqual([
      [288, 576],
      [288, 576],
    ]);
    // Two labels from the fourth place of an A4 sheet of four: the last place, then the first of a new sheet.
    const sheets = await pdfOf('size=a4-4&start=4', '-a4-4');
    expect(sheets.sizes).toEqual([
      [595, 842],
      [595, 842],
    ]);
    const halves = await Promise.all(sheets.images.map((image) => decodeImageRows(image, 1187)));
    expect(halves.map((rows) => rows.map((row) => row.filter((code) => code.format === 'Code128').length))).toEqual([[0, 1], [1]]);
    for (const [query, parameter, reason] of [
      [
        'size=a3',
        'size',
        'Expected 4x6, 4x8, a6, a5, a4-2, a4-4, with format=pdf and the label pages (document labels, cn22 or none); got "a3".',
      ],
      [
        'size=a6&format=zpl',
        'size',
        'Expected 4x6, 4x8, a6, a5, a4-2, a4-4, with format=pdf and the label pages (document labels, cn22 or none); got "a6".',
      ],
      [
        'size=a6&document=invoice',
        'size',
        'Expected 4x6, 4x8, a6, a5, a4-2, a4-4, with format=pdf and the label pages (document labels, cn22 or none); got "a6".',
      ],
      ['size=a4-2&start=3', 'start', 'Expected 1 or 2 with size=a4-2, 1 to 4 with size=a4-4; got "3".'],
      ['size=a6&start=1', 'start', 'Expected 1 or 2 with size=a4-2, 1 to 4 with size=a4-4; got "1".'],
      ['start=2', 'start', 'Expected 1 or 2 with size=a4-2, 1 to 4 with size=a4-4; got "2".'],
    ]) {
      const refused = await get(t, token, `/v3/shipments/${shipment.id}/documents?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.json.errors[0], query).toMatchObject({ code: 'parameter.invalid', source: { parameter }, meta: { reason } });
    }
  });

  it('answers an unknown shipment with Shipment not found', async () => {
    const response = await get(t, token, `/v3/shipments/${'A'.repeat(64)}/documents`);
    expect(response.status).toBe(404);
    expect(response.json.errors[0]).toMatchObject({ code: 'shipment.notFound', detail: 'Shipment not found' });
  });

  it('answers a saved shipment with Shipment not yet processed', async () => {
    const saved = await post(t, token, '/v3/shipments/save', document());
    const response = await get(t, token, `/v3/shipments/${saved.json.data.id}/documents`);
    expect(response.status).toBe(404);
    expect(response.json.errors[0]).toMatchObject({ code: 'shipment.notProcessedYet', detail: 'Shipment not yet processed' });
  });
});

describe('the tracking history', () => {
  it('lists every event oldest first with status, words, place and text; tracking.updated carries the event that arrived', async () => {
    const shipment = await processed();
    expect((await get(t, token, `/v3/shipments/${shipment.id}/tracking/events`)).json.data).toEqual([]);
    const lastEventId = (await get(t, token, '/v3/events?after=0&limit=1000')).json.meta.lastEventId;
    const events = createTrackingEventService(t.station.store, t.station.audit);
    const pickedUp = `${t.clock.today()} 17:00:00`;
    const inTransit = `${t.clock.day(1)} 06:40:00`;
    await events.add(OPERATOR, shipment.id, { status: 3, at: inTransit, text: 'Departed hub', location: 'Verona' });
    // A late report of an earlier scan: the history is in the order things happened, not the order they were heard of.
    await events.add(OPERATOR, shipment.id, { status: 2, at: pickedUp, text: 'Picked up', location: 'Milano' });
    const history = await get(t, token, `/v3/shipments/${shipment.id}/tracking/events`);
    expect(history.status).toBe(200);
    expect(history.json.data).toEqual([
      {
        type: 'trackingEvent',
        id: '1',
        attributes: { status: 2, statusText: 'Picked up', date: pickedUp, location: 'Milano', text: 'Picked up' },
      },
      {
        type: 'trackingEvent',
        id: '2',
        attributes: { status: 3, statusText: 'In transit', date: inTransit, location: 'Verona', text: 'Departed hub' },
      },
    ]);
    const updates = (
      (await get(t, token, `/v3/events?after=${lastEventId}&filter[type]=tracking.updated`)).json.data as {
        attributes: { resource: any };
      }[]
    )
      .map((event) => event.attributes.resource)
      .filter((resource) => resource.id === shipment.id);
    expect(
      updates.map((resource) => [resource.attributes.trackingStatus, resource.meta.event.status, resource.meta.event.location]),
    ).toEqual([
      [3, 3, 'Verona'],
      [3, 2, 'Milano'],
    ]);
    // Another client's shipment, or one not processed, has no history to show.
    const saved = await post(t, token, '/v3/shipments/save', document());
    expect((await get(t, token, `/v3/shipments/${saved.json.data.id}/tracking/events`)).status).toBe(404);
  });
});

describe('tracking follows the latest stored event', () => {
  it('has null status and date before any event, then the latest event', async () => {
    const shipment = await processed();
    const before = await get(t, token, `/v3/shipments/${shipment.id}/tracking`);
    expect(before.status).toBe(200);
    expect(before.json.data).toEqual({
      type: 'tracking',
      id: shipment.id,
      attributes: {
        carrierShipmentId: shipment.meta.trackingNumber,
        trackingHash: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        trackingStatus: null,
        trackingDate: null,
      },
    });
    expect(shipment.links.tracking).toBe(`${t.url}/track/${before.json.data.attributes.trackingHash}`);

    const inTransit = `${t.clock.today()} 09:15:00`;
    await t.station.store.shipments.addEvent(shipment.id, { status: 3, occurredAt: inTransit, location: 'Verona', text: 'In transit' });
    await t.station.store.shipments.addEvent(shipment.id, {
      status: 2,
      occurredAt: `${t.clock.day(-1)} 17:00:00`,
      location: 'Milano',
      text: 'Picked up',
    });
    const after = await get(t, token, `/v3/shipments/${shipment.id}/tracking`);
    expect(after.json.data.attributes).toMatchObject({ trackingStatus: 3, trackingDate: inTransit });
    const summaries = await get(t, token, '/v3/shipment-summaries?limit=1000');
    expect(summaries.json.data.find((row: { id: string }) => row.id === shipment.id).attributes).toMatchObject({
      trackingStatus: 3,
      trackingDate: inTransit,
    });
  });

  it('serves the tracking link without a token, and nothing for an unknown hash', async () => {
    const shipment = await processed();
    const link = await t.call(new URL(shipment.links.tracking!).pathname);
    expect(link.status).toBe(200);
    expect(link.json.data.attributes.carrierShipmentId).toBe(shipment.meta.trackingNumber);
    expect((await t.call('/track/not-a-hash')).status).toBe(404);
  });

  it('answers unknown and saved shipments with Error retrieving shipment data.', async () => {
    expect((await get(t, token, `/v3/shipments/${'B'.repeat(64)}/tracking`)).json.errors[0]).toMatchObject({
      code: 'shipment.retrievalFailed',
      detail: 'Error retrieving shipment data.',
    });
    const saved = await post(t, token, '/v3/shipments/save', document());
    expect((await get(t, token, `/v3/shipments/${saved.json.data.id}/tracking`)).status).toBe(404);
  });
});

describe('DELETE /shipments/<id>', () => {
  it('deletes a saved shipment, keeps an audit record, and then answers 404', async () => {
    const saved = await post(t, token, '/v3/shipments/save', document());
    const id = saved.json.data.id;
    const response = await t.call(`/v3/shipments/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await get(t, token, `/v3/shipments/${id}`)).json.errors[0].detail).toBe('Error retrieving shipment data.');
    expect((await t.call(`/v3/shipments/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
    expect((await t.station.store.shipments.audit(id)).map((entry) => entry.action)).toEqual(['created', 'deleted']);
    const summaries = await get(t, token, '/v3/shipment-summaries?limit=1000');
    expect(summaries.json.data.map((row: { id: string }) => row.id)).not.toContain(id);
  });

  it('deletes a waiting scheduled shipment, which is then never processed', async () => {
    const created = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy' }));
    const id = created.json.data.id;
    expect((await t.call(`/v3/shipments/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(204);
    await t.station.scheduler.runOnce();
    expect((await t.station.store.shipments.audit(id)).map((entry) => entry.action)).toEqual(['created', 'deleted']);
  });

  it('voids a processed label with no tracking event until its ship day has passed', async () => {
    const shipment = await processed(attributes({ shipDate: t.clock.day(1) }));
    expect((await t.call(`/v3/shipments/${shipment.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      204,
    );
  });

  it('refuses once the parcel has a tracking event, with the exact 400', async () => {
    const pickedUp = `${t.clock.day(1)} 16:00:00`;
    const shipment = await processed(attributes({ shipDate: t.clock.day(1) }));
    await t.station.store.shipments.addEvent(shipment.id, { status: 2, occurredAt: pickedUp, location: '', text: '' });
    const response = await t.call(`/v3/shipments/${shipment.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    // The spec's text, and why in meta (an extension, as a price change's figures are).
    expect(response.json).toEqual({
      jsonapi: { version: '1.0' },
      errors: [
        {
          status: 400,
          code: 'shipment.trackingStarted',
          title: 'Bad Request',
          detail: 'Delete functionality not available.',
          meta: { reason: 'trackingStarted', trackingStatus: 2, trackingDate: pickedUp },
        },
      ],
    });
    expect((await get(t, token, `/v3/shipments/${shipment.id}`)).status).toBe(200);
  });

  it('refuses once the ship day has passed', async () => {
    // Shipped today; a day later, its ship date has passed (a past date cannot be booked at all).
    const today = t.clock.today();
    const shipment = await processed(attributes({ shipDate: t.clock.day(1) }));
    t.clock.advance(2 * 24 * 3600_000);
    try {
      // Two days on, the first token has expired (a working shift's lifetime): the client signs in again.
      const response = await t.call(`/v3/shipments/${shipment.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${await t.token()}` },
      });
      expect(response.status).toBe(400);
      expect(response.json.errors[0]).toMatchObject({ code: 'shipment.shipDatePassed', detail: 'Delete functionality not available.' });
      expect(response.json.errors[0].meta).toEqual({ reason: 'shipDatePassed', shipDate: addDays(today, 1) });
    } finally {
      t.clock.advance(-2 * 24 * 3600_000);
    }
  });
});

describe('every shipment belongs to its client, and the sandbox keeps its data apart', () => {
  it('answers another client 404 on every shipment endpoint', async () => {
    const shipment = await processed();
    const other = await otherClientToken();
    for (const path of ['', '/documents', '/tracking']) {
      const response = await get(t, other, `/v3/shipments/${shipment.id}${path}`);
      expect(response.status).toBe(404);
    }
    expect((await t.call(`/v3/shipments/${shipment.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${other}` } })).status).toBe(
      404,
    );
    const summaries = await get(t, other, '/v3/shipment-summaries');
    expect(summaries.json.data).toEqual([]);
    expect((await get(t, token, `/v3/shipments/${shipment.id}`)).status).toBe(200);
  });

  it('keeps /v3-testing shipments out of /v3 and the other way round, with sandbox links and test labels', async () => {
    const live = await processed();
    const sandbox = await processed(attributes(), '/v3-testing');
    expect(sandbox.links.self).toBe(`${t.url}/v3-testing/shipments/${sandbox.id}`);
    expect((await get(t, token, `/v3/shipments/${sandbox.id}`)).status).toBe(404);
    expect((await get(t, token, `/v3-testing/shipments/${live.id}`)).status).toBe(404);
    expect((await get(t, token, `/v3-testing/shipments/${sandbox.id}`)).status).toBe(200);
    const liveIds = (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data.map((row: { id: string }) => row.id);
    expect(liveIds).not.toContain(sandbox.id);
    const sandboxIds = (await get(t, token, '/v3-testing/shipment-summaries?limit=1000')).json.data.map((row: { id: string }) => row.id);
    expect(sandboxIds).toEqual([sandbox.id]);
    const label = Buffer.from(
      (await get(t, token, `/v3-testing/shipments/${sandbox.id}/documents`)).json.data.attributes.fileData,
      'base64',
    );
    const pdf = await getDocument({ data: new Uint8Array(label), disableFontFace: true, verbosity: 0 }).promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    expect(text).toContain('TEST LABEL');
  });

  it('builds links on the request host and prefix', async () => {
    const port = new URL(t.url).port;
    const response = await t.call('/shipments', {
      method: 'POST',
      headers: { Host: `localhost:${port}`, Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
      body: JSON.stringify(document(attributes(), { service: 'economy', scheduledProcessing: false })),
    });
    expect(response.headers.location).toBe(`http://localhost:${port}/shipments/${response.json.data.id}`);
    expect(response.json.data.links.tracking).toMatch(new RegExp(`^http://localhost:${port}/track/`));
  });
});

describe('GET /shipment-summaries', () => {
  it('filters by ship date, limits, and orders newest ship date first', async () => {
    // Days far enough ahead that no other test of the file ships on them, within the 30 days a ship date may be ahead.
    const [tenth, eleventh, twelfth, fifteenth] = [20, 21, 22, 25].map((days) => t.clock.day(days));
    for (const shipDate of [tenth, twelfth, eleventh, fifteenth]) {
      await post(t, token, '/v3/shipments/save', document(attributes({ shipDate })));
    }
    const response = await get(t, token, `/v3/shipment-summaries?dateFrom=${tenth}&dateTo=${twelfth}`);
    expect(response.status).toBe(200);
    expect(response.json.data.map((row: any) => row.attributes.shipDate)).toEqual([twelfth, eleventh, tenth]);
    expect(response.json.data[0]).toEqual({
      type: 'shipmentSummary',
      id: expect.stringMatching(/^[0-9A-F]{64}$/),
      attributes: {
        reference: expect.stringMatching(/^[0-9]{12}$/),
        shipDate: twelfth,
        shipFromName: 'Bottega Verdi',
        shipFromCountry: 'IT',
        shipToName: 'Kunde Becker',
        shipToCountry: 'DE',
        status: 0,
        trackingStatus: null,
        trackingDate: null,
      },
      // Saved, not scheduled: the desk shows it as Saved, awaiting a confirm; made by smith.
      meta: { scheduledProcessing: false, createdBy: 'smith' },
    });
    const limited = await get(t, token, `/v3/shipment-summaries?dateFrom=${t.clock.day(19)}&dateTo=${t.clock.day(28)}&limit=2`);
    expect(limited.json.data.map((row: any) => row.attributes.shipDate)).toEqual([fifteenth, twelfth]);
    expect((await get(t, token, `/v3/shipment-summaries?dateFrom=${t.clock.day(26)}&dateTo=${t.clock.day(400)}`)).json.data).toEqual([]);
  });

  it.each([
    ['dateFrom=2022-02-29', 'filter.dateFrom: Invalid date: 2022-02-29.'],
    ['dateTo=2026-13-01', 'filter.dateTo: Invalid date: 2026-13-01.'],
    ['dateFrom=yesterday', 'filter.dateFrom: Invalid date: yesterday.'],
    ['limit=0', 'filter.limit: Invalid limit: 0.'],
    ['limit=ten', 'filter.limit: Invalid limit: ten.'],
    ['limit=-5', 'filter.limit: Invalid limit: -5.'],
  ])('answers %s with the exact 400', async (query, detail) => {
    const response = await get(t, token, `/v3/shipment-summaries?${query}`);
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({ status: 400, title: 'Bad Request', detail });
  });

  it('caps the limit at 1000', async () => {
    expect((await get(t, token, '/v3/shipment-summaries?limit=5000')).status).toBe(200);
  });
});

describe('GET /addresses searches the client address book', () => {
  it('finds saved receivers case-insensitively by any part, without duplicates', async () => {
    const becker = { ...shipTo(), name: 'Kunde Becker' };
    await post(t, token, '/v3/shipments/save', document(attributes({ shipTo: becker })));
    await post(t, token, '/v3/shipments/save', document(attributes({ shipTo: { ...becker, name: 'KUNDE BECKER' } })));
    for (const search of ['beck', 'BECK', 'marienpl', '80331', 'jonas@', 'Muench']) {
      const response = await get(t, token, `/v3/addresses?searchString=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
      const names = response.json.data.map((address: any) => address.attributes.name);
      expect(names.filter((name: string) => name.toLowerCase() === 'kunde becker')).toHaveLength(1);
    }
    const [first] = (await get(t, token, '/v3/addresses?searchString=becker')).json.data;
    expect(first).toEqual({
      type: 'address',
      id: expect.any(String),
      attributes: {
        name: 'Kunde Becker',
        address1: 'Marienplatz 8',
        address2: '',
        postalCode: '80331',
        city: 'Muenchen',
        state: '',
        country: 'DE',
        contact: 'Jonas Becker',
        phone: '4989123456',
        email: 'jonas@becker.example',
      },
    });
  });

  it('includes the client own address, and matches names by prefix for short strings', async () => {
    const response = await get(t, token, '/v3/addresses?searchString=Bottega');
    expect(response.json.data.map((address: any) => address.attributes.name)).toContain('Bottega Verdi');
    const short = await get(t, token, '/v3/addresses?searchString=ku');
    expect(short.json.data.map((address: any) => address.attributes.name)).toContain('Kunde Becker');
  });

  it('puts names that start with the text before addresses that only contain it', async () => {
    await post(
      t,
      token,
      '/v3/shipments/save',
      document(
        attributes({ shipTo: { ...shipTo(), name: 'Beckmann Feinkost', address1: 'Hauptstrasse 1', email: 'info@beckmann.example' } }),
      ),
    );
    await post(
      t,
      token,
      '/v3/shipments/save',
      document(
        attributes({
          shipTo: { ...shipTo(), name: 'Rossi Ferramenta', contact: 'Mario Rossi', address1: 'Via Beccaria 4', email: 'rossi@example.com' },
        }),
      ),
    );
    const names = (await get(t, token, '/v3/addresses?searchString=BECK')).json.data.map((address: any) => address.attributes.name);
    expect(names[0]).toBe('Beckmann Feinkost');
    expect(names).toContain('Kunde Becker');
    expect(names).not.toContain('Rossi Ferramenta');
  });

  it('treats query syntax as plain text', async () => {
    for (const search of ['"', 'a OR b', 'NEAR(x y)', '*', "o'brien"]) {
      const response = await get(t, token, `/v3/addresses?searchString=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
    }
  });

  it.each(['', '?searchString=', '?searchString=%20%20'])('answers %j with the exact 400', async (query) => {
    const response = await get(t, token, `/v3/addresses${query}`);
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toEqual({
      status: 400,
      code: 'parameter.invalid',
      title: 'Bad Request',
      detail: 'Invalid or empty required parameter: searchString',
      source: { parameter: 'searchString' },
      meta: { reason: expect.stringMatching(/^Expected text to look for in the address book; got "\s*"\.$/) },
    });
  });
});
