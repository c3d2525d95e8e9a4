// Customs over HTTP, as a newcomer ships Milan → Zürich with two items: the postal service declares on a CN23 with
// its copies and a commercial invoice, each of which the documents endpoint answers on its own; express declares
// on the invoice; and a route through customs refuses commercial goods without what customs asks, field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, exportDeclaration, get, post, shipToIn } from '../helpers/shipments.ts';
import { pdfPageSizes, pdfText } from '../helpers/pdf-text.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

/** Two items worth 495.00 EUR, above the CN22's 345.00. */
function twoItems(): Record<string, unknown> {
  const declaration = exportDeclaration(t.clock.today());
  declaration.lineItems = [
    { description: 'Ceramic vase', originCountry: 'IT', commodityCode: '6913.90', quantity: 2, unitPrice: '180.00', unitWeight: '0.8' },
    { description: 'Silk scarf', originCountry: 'CN', commodityCode: '621410', quantity: '3', unitPrice: 45, unitWeight: '0.1' },
  ];
  return declaration;
}

const milanToZurich = (declaration = twoItems()) =>
  attributes({ shipTo: shipToIn('CH'), invoiceSubtotal: { amount: '495.00', currency: 'EUR' }, exportDeclaration: declaration });

async function documentOf(id: string, query = '') {
  const answer = await get(t, token, `/v3/shipments/${id}/documents${query}`);
  return {
    status: answer.status,
    json: answer.json,
    pdf: answer.status === 200 ? new Uint8Array(Buffer.from(answer.json.data.attributes.fileData, 'base64')) : new Uint8Array(),
  };
}

describe('Milan → Zürich with two items', () => {
  it('by post: a label, the CN23 with its three copies and the commercial invoice, each on its own too', async () => {
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(milanToZurich(), { service: 'economy', carrierChoice: 'POSTE_ITALIANE', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id as string;
    expect(created.json.data.meta.trackingNumber).toMatch(/^[A-Z]{2}[0-9]{9}IT$/);
    expect(created.json.data.meta.customs).toEqual({
      why: 'IT → CH: Switzerland is outside the EU customs union',
      documents: ['CN23', 'commercialInvoice'],
      data: null,
    });

    const whole = await documentOf(id);
    expect(await pdfPageSizes(whole.pdf)).toEqual([
      [288, 432],
      [595, 842],
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
    const text = await pdfText(whole.pdf);
    expect(text.match(/CN 23/g)).toHaveLength(3);
    for (const expected of [
      'Ceramic vase',
      '6913.90',
      'Silk scarf',
      '621410',
      'total value 495.00 EUR',
      'IT01234567890',
      'COMMERCIAL INVOICE',
      'Goods total 495.00 EUR',
    ])
      expect(text).toContain(expected);

    const cn23 = await documentOf(id, '?document=cn23');
    expect(cn23.json.data.attributes).toMatchObject({
      contentType: 'application/pdf',
      fileName: `${created.json.data.meta.reference}-cn23.pdf`,
    });
    expect(await pdfPageSizes(cn23.pdf)).toEqual([
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
    const invoice = await documentOf(id, '?document=invoice');
    expect(await pdfText(invoice.pdf)).toContain('COMMERCIAL INVOICE');
    const labels = await documentOf(id, '?document=labels');
    expect(await pdfPageSizes(labels.pdf)).toEqual([[288, 432]]);

    const none = await documentOf(id, '?document=cn22');
    expect(none.status).toBe(404);
    expect(none.json.errors[0]).toMatchObject({
      code: 'document.notCarried',
      meta: { document: 'cn22' },
      detail: `Shipment ${created.json.data.meta.reference} carries no CN22: its route and service do not need one.`,
      source: { parameter: 'document' },
    });
    const bad = await documentOf(id, '?document=customs');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({
      detail: 'Invalid or empty required parameter: document',
      source: { parameter: 'document' },
    });
  });

  it('declares the booked postage as freight on the CN23 and the invoice, unless the declaration gives its own', async () => {
    const { invoiceFreight: _none, ...withoutFreight } = twoItems();
    const booked = await post(
      t,
      token,
      '/v3/shipments',
      document(milanToZurich(withoutFreight), { service: 'economy', carrierChoice: 'POSTE_ITALIANE', scheduledProcessing: false }),
    );
    expect(booked.status, booked.text).toBe(201);
    const postage = (booked.json.data.meta.finalCost.amount as number).toFixed(2);
    expect(Number(postage)).toBeGreaterThan(0);
    const cn23 = await pdfText((await documentOf(booked.json.data.id, '?document=cn23')).pdf);
    expect(cn23).toContain(`Postal charges/fees (freight) ${postage} EUR`);
    // Net: the goods (2 × 0.8 + 3 × 0.1 kg); gross: the parcel as weighed.
    expect(cn23).toContain('Total net weight 1.900 kg; total gross weight 1.400 kg');
    expect(await pdfText((await documentOf(booked.json.data.id, '?document=invoice')).pdf)).toContain(`Freight ${postage} EUR`);

    const given = await post(
      t,
      token,
      '/v3/shipments',
      document(milanToZurich(), { service: 'economy', carrierChoice: 'POSTE_ITALIANE', scheduledProcessing: false }),
    );
    expect(await pdfText((await documentOf(given.json.data.id, '?document=cn23')).pdf)).toContain(
      'Postal charges/fees (freight) 12.50 EUR',
    );
    expect(await pdfText((await documentOf(given.json.data.id, '?document=invoice')).pdf)).toContain('Freight 12.50 EUR');
  });

  it('by post under 300 SDR: a CN22 label page after the label', async () => {
    const declaration = twoItems();
    declaration.lineItems = [
      { description: 'Ceramic cup', originCountry: 'IT', commodityCode: '691200', quantity: 6, unitPrice: '10.75', unitWeight: '0.2' },
    ];
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(milanToZurich(declaration), { service: 'economy', carrierChoice: 'POSTE_ITALIANE', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    const whole = await documentOf(created.json.data.id);
    expect(await pdfPageSizes(whole.pdf)).toEqual([
      [288, 432],
      [288, 432],
    ]);
    expect(await pdfText(whole.pdf)).toMatch(/CN 22[\s\S]*6 × Ceramic cup[\s\S]*691200/);
  });

  it('by express: a label and the commercial invoice', async () => {
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(milanToZurich(), { service: 'express', carrierChoice: 'DHL', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    const whole = await documentOf(created.json.data.id);
    expect(await pdfPageSizes(whole.pdf)).toEqual([
      [288, 432],
      [595, 842],
    ]);
    expect(await pdfText(whole.pdf)).not.toContain('CN 23');
  });

  it('is refused without the items’ HS codes, each named with why the route needs it', async () => {
    const declaration = twoItems();
    const lines = declaration.lineItems as Record<string, unknown>[];
    lines[0]!.commodityCode = null;
    delete lines[1]!.commodityCode;
    const refused = await post(
      t,
      token,
      '/v3/shipments',
      document(milanToZurich(declaration), { service: 'economy', scheduledProcessing: false }),
    );
    expect(refused.status).toBe(400);
    expect(
      refused.json.errors.map((error: { source: { pointer: string }; meta: { reason: string } }) => [
        error.source.pointer,
        error.meta.reason,
      ]),
    ).toEqual(
      [0, 1].map((index) => [
        `/data/attributes/exportDeclaration/lineItems/${index}/commodityCode`,
        'Required: the item’s HS code, 6 to 10 digits such as 691200 (dots and spaces allowed): IT → CH: Switzerland is outside the EU customs union, and customs classifies commercial goods by it.',
      ]),
    );
  });
});
