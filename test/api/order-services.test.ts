// An order's special services over HTTP, on SQLite and PostgreSQL: taken by POST /orders and /orders/batch, answered
// by GET, refused member by member at their pointers; read from a file's service columns (Signature, COD amount,
// Saturday delivery) and from the tags a shop types (adult-signature, saturday-delivery), a value the station does
// not take named by its row and column; Amazon's signature-confirmation-recommended read as a signature; and the
// packing rules' services (SKU WINE-* → adult signature) saved through PATCH /packing.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../helpers/clock.ts';
import { shipTo } from '../helpers/shipments.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  t.call(`/v3${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const sendFile = (text: string, query = '') =>
  t.call(`/v3/orders/import${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': text.includes('\t') ? 'text/tab-separated-values' : 'text/csv' },
    body: Buffer.from(text),
  });
const meta = (response: { json: unknown }) => (response.json as { meta: Record<string, any> }).meta;
const pointers = (response: { json: unknown }) =>
  (response.json as { errors: { code: string; source?: { pointer: string } }[] }).errors.map((error) => [
    error.code,
    error.source?.pointer,
  ]);

const order = (number: string, services: unknown) => ({
  type: 'order',
  attributes: {
    number,
    shipTo: shipTo(),
    lines: [{ sku: 'WINE-RED-75', description: 'Red wine', quantity: 1, unitWeight: '1.3', unitPrice: '12.00' }],
    tags: 'wine',
    services,
  },
});

describe('an order’s special services', () => {
  it('are taken by POST /orders as a shipment’s are, normalised, and answered by GET', async () => {
    const made = await call('POST', '/orders', {
      data: order('SV-1', {
        deliveryConfirmation: 'ADULTSIGNATURE',
        minimumAge: '21',
        cashOnDelivery: { amount: '49.90', currency: 'eur', method: 'Cash' },
        saturdayDelivery: 'true',
      }),
    });
    expect(made.status, made.text).toBe(201);
    const services = {
      deliveryConfirmation: 'adultSignature',
      minimumAge: 21,
      cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash' },
      saturdayDelivery: true,
    };
    expect(made.json.data.attributes.services).toEqual(services);
    expect((await call('GET', '/orders/SV-1')).json.data.attributes.services).toEqual(services);
    // None asked (null, or "none") is no services member at all.
    const plain = await call('POST', '/orders', { data: order('SV-2', null) });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json.data.attributes).not.toHaveProperty('services');
    const none = await call('POST', '/orders', { data: order('SV-3', { deliveryConfirmation: 'none' }) });
    expect(none.json.data.attributes).not.toHaveProperty('services');
  });

  it('are refused member by member at their pointers, in a batch at the order’s index', async () => {
    const refused = await call('POST', '/orders', {
      data: order('SV-4', { deliveryConfirmation: 'signature', minimumAge: 18, cashOnDelivery: { amount: '-1', currency: 'EURO' } }),
    });
    expect(refused.status).toBe(400);
    expect(pointers(refused)).toEqual(
      expect.arrayContaining([
        ['field.invalid', '/data/attributes/services/minimumAge'],
        ['field.invalid', '/data/attributes/services/cashOnDelivery/amount'],
        ['field.invalid', '/data/attributes/services/cashOnDelivery/currency'],
      ]),
    );
    expect(pointers(refused)).toHaveLength(3);
    const batch = await call('POST', '/orders/batch', {
      data: [order('SV-5', { deliveryConfirmation: 'direct' }), order('SV-6', { saturdayDelivery: 'maybe' })],
    });
    expect(batch.status).toBe(400);
    expect(pointers(batch)).toEqual([['field.invalid', '/data/1/attributes/services/saturdayDelivery']]);
    const taken = await call('POST', '/orders/batch', {
      data: [order('SV-5', { deliveryConfirmation: 'direct' }), order('SV-6', { saturdayDelivery: true })],
    });
    expect(taken.status, taken.text).toBe(200);
    expect((await call('GET', '/orders/SV-5')).json.data.attributes.services).toEqual({ deliveryConfirmation: 'direct' });
    expect((await call('GET', '/orders/SV-6')).json.data.attributes.services).toEqual({ saturdayDelivery: true });
  });
});

describe('special services from an order file', () => {
  const row = (number: string, extra: Record<string, string>, sku = 'WINE-RED-75') => ({
    'Order number': number,
    Name: 'Kunde Becker',
    Address: 'Marienplatz 8',
    'Postal code': '80331',
    City: 'Muenchen',
    Country: 'DE',
    SKU: sku,
    Description: 'Red wine',
    Quantity: '1',
    'Unit price': '12.00',
    Tags: '',
    Signature: '',
    'COD amount': '',
    'COD currency': '',
    'Saturday delivery': '',
    ...extra,
  });
  const csv = (rows: Record<string, string>[]) => Papa.unparse(rows, { newline: '\r\n' });

  it('reads the service columns and the tags, and imports the orders with them', async () => {
    const file = csv([
      row('F-1', { Signature: 'adult 21', 'COD amount': '49,90', 'COD currency': 'EUR', 'Saturday delivery': 'yes' }),
      row('F-2', { Tags: 'gift, adult-signature, saturday-delivery' }),
      row('F-3', { Tags: 'signature', Signature: 'indirect' }),
      row('F-4', {}),
    ]);
    const preview = await sendFile(file);
    expect(preview.status, preview.text).toBe(200);
    expect(meta(preview)).toMatchObject({ ready: 4, faulty: 0, faults: [] });
    const committed = await sendFile(file, '?commit=true');
    expect(committed.status, committed.text).toBe(200);
    expect(meta(committed).created).toEqual(['F-1', 'F-2', 'F-3', 'F-4']);
    const services = async (number: string) => (await call('GET', `/orders/${number}`)).json.data.attributes.services;
    expect(await services('F-1')).toEqual({
      deliveryConfirmation: 'adultSignature',
      minimumAge: 21,
      cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'any' },
      saturdayDelivery: true,
    });
    expect(await services('F-2')).toEqual({ deliveryConfirmation: 'adultSignature', minimumAge: 18, saturdayDelivery: true });
    expect(await services('F-3')).toEqual({ deliveryConfirmation: 'indirect' });
    expect(await services('F-4')).toBeUndefined();
  });

  it('names a value it does not take by its order, row and column, and imports nothing of the file', async () => {
    const file = csv([row('G-1', {}), row('G-2', { Signature: 'adult 19' }), row('G-3', { 'Saturday delivery': 'perhaps' })]);
    const preview = await sendFile(file);
    expect(meta(preview)).toMatchObject({ ready: 1, faulty: 2 });
    expect(meta(preview).faults).toEqual([
      {
        order: 'G-2',
        row: 2,
        column: 'Signature',
        field: 'deliveryConfirmation',
        missing: false,
        text: 'G-2, row 2: the delivery confirmation is not valid (column “Signature”)',
      },
      {
        order: 'G-3',
        row: 3,
        column: 'Saturday delivery',
        field: 'saturdayDelivery',
        missing: false,
        text: expect.stringMatching(/^G-3, row 3: Saturday delivery is not valid.*\(column “Saturday delivery”\)$/),
      },
    ]);
    const refused = await sendFile(file, '?commit=true');
    expect(refused.status).toBe(422);
    expect((await call('GET', '/orders/G-1')).status).toBe(404);
  });

  it('reads Amazon’s signature-confirmation-recommended as a signature', async () => {
    const header = [
      'order-id',
      'order-item-id',
      'sku',
      'product-name',
      'quantity-purchased',
      'quantity-to-ship',
      'recipient-name',
      'ship-address-1',
      'ship-city',
      'ship-postal-code',
      'ship-country',
      'item-price',
      'signature-confirmation-recommended',
    ];
    const line = (id: string, recommended: string) =>
      [
        id,
        `${id}-1`,
        'WINE-RED-75',
        'Red wine',
        '1',
        '1',
        'Kunde Becker',
        'Marienplatz 8',
        'Muenchen',
        '80331',
        'DE',
        '12.00',
        recommended,
      ].join('\t');
    const file = [header.join('\t'), line('302-1', 'true'), line('302-2', 'false')].join('\r\n');
    const preview = await sendFile(file, '?commit=true');
    expect(preview.status, preview.text).toBe(200);
    expect(meta(preview)).toMatchObject({ format: 'amazon', created: ['302-1', '302-2'] });
    expect((await call('GET', '/orders/302-1')).json.data.attributes.services).toEqual({ deliveryConfirmation: 'signature' });
    expect((await call('GET', '/orders/302-2')).json.data.attributes).not.toHaveProperty('services');
  });
});

describe('packing rules that set special services', () => {
  const patch = (rules: unknown) => call('PATCH', '/packing', { data: { type: 'packingSetup', attributes: { rules } } });

  it('are saved with SKU patterns and services, and refused at the member that is wrong', async () => {
    const saved = await patch([
      { when: { skus: 'WINE-*, SPIRIT-*' }, then: { services: { deliveryConfirmation: 'AdultSignature', minimumAge: '21' } } },
      { when: { tags: 'florist' }, then: { services: { saturdayDelivery: 'true' } } },
    ]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data.attributes.rules).toEqual([
      { when: { skus: ['WINE-*', 'SPIRIT-*'] }, then: { services: { deliveryConfirmation: 'adultSignature', minimumAge: 21 } } },
      { when: { tags: ['florist'] }, then: { services: { saturdayDelivery: true } } },
    ]);
    const refused = await patch([{ when: {}, then: { services: { deliveryConfirmation: 'courier' } } }]);
    expect(refused.status).toBe(400);
    expect(pointers(refused)).toEqual([['field.invalid', '/data/attributes/rules/0/then/services/deliveryConfirmation']]);
    // A minimum age without an adult signature; services that set nothing decide nothing.
    const crossed = await patch([
      { when: {}, then: { services: { deliveryConfirmation: 'signature', minimumAge: 18 } } },
      { when: {}, then: { services: { deliveryConfirmation: '' } } },
    ]);
    expect(crossed.status).toBe(400);
    expect(pointers(crossed)).toEqual([
      ['field.invalid', '/data/attributes/rules/0/then/services/minimumAge'],
      ['field.invalid', '/data/attributes/rules/1/then'],
    ]);
    expect((await call('GET', '/packing')).json.data.attributes.rules).toEqual(saved.json.data.attributes.rules);
  });
});
