// Tracking numbers back to the shop, over HTTP on SQLite and PostgreSQL: 50 orders of several items booked through
// the API, one shipment voided, one order shipped in two parcels, one parcel shipping on another day and a return;
// GET /orders/shipped answers Amazon's shipping confirmation, re-read and checked against the shipments row by row,
// and the Shopify-friendly and generic CSVs; a bad parameter is a 400 that names it.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../helpers/clock.ts';
import { attributes, document, parcel, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';
import { AMAZON_HEADER, GENERIC_HEADER, SHOPIFY_HEADER } from '../../src-shared/shipped-orders.ts';

let t: TestStation;
let token: string;
// A Wednesday morning at the station, standing still: the parcels ship today, one tomorrow.
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });

const ORDERS = 50;
const CARRIERS = ['UPS', 'DHL', 'FEDEX', 'TNT', 'POSTE_ITALIANE'] as const;
/** Amazon's carrier-code of each carrier choice, by its published list. */
const AMAZON_CODE: Record<(typeof CARRIERS)[number], string> = {
  UPS: 'UPS',
  DHL: 'DHL',
  FEDEX: 'FedEx',
  TNT: 'TNT',
  POSTE_ITALIANE: 'Poste Italiane',
};
const number = (index: number) => `302-${String(1000000 + index)}-${String(7000000 + index)}`;
/** One to four lines per order, each with Amazon's order-item-id. */
const linesOf = (index: number) =>
  Array.from({ length: 1 + (index % 4) }, (_, line) => ({
    sku: `SKU-${line + 1}`,
    description: `Stoneware item ${line + 1}`,
    quantity: String(1 + ((index + line) % 3)),
    unitWeight: '0.4',
    unitPrice: '12.90',
    itemId: String(60000000000000 + index * 10 + line),
  }));

interface Booked {
  order: string;
  id: string;
  reference: string;
  trackingNumber: string;
  carrier: (typeof CARRIERS)[number];
  shipDate: string;
}
const booked: Booked[] = [];
/** The order shipped in two parcels, the one whose shipment was voided, the one shipping tomorrow. */
const TWICE = number(7);
const VOIDED = number(13);
const TOMORROW = number(21);

const get = (path: string, accept?: string) =>
  t.call(path, { method: 'GET', headers: { Authorization: `Bearer ${token}`, ...(accept ? { Accept: accept } : {}) } });

async function book(order: string, index: number, options: { linked?: boolean; shipDate?: string } = {}): Promise<Booked> {
  const carrier = CARRIERS[index % CARRIERS.length]!;
  const made = await post(
    t,
    token,
    '/v3/shipments',
    document(
      attributes({
        shipDate: options.shipDate,
        customerReference: order,
        packages: index % 5 === 0 ? [parcel('1.2'), parcel('0.8')] : [parcel('1.2')],
      }),
      {
        scheduledProcessing: false,
        service: 'express',
        carrierChoice: carrier,
        ...(options.linked === false ? {} : { orderNumber: order }),
      },
    ),
  );
  expect(made.status, made.text).toBe(201);
  const data = made.json.data as { id: string; attributes: { shipDate: string }; meta: { reference: string; trackingNumber: string } };
  return {
    order,
    id: data.id,
    reference: data.meta.reference,
    trackingNumber: data.meta.trackingNumber,
    carrier,
    shipDate: data.attributes.shipDate,
  };
}

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
  const orders = Array.from({ length: ORDERS }, (_, index) => ({
    type: 'order',
    attributes: {
      number: number(index),
      shipTo: {
        name: `Kunde ${index}`,
        contact: `Kunde ${index}`,
        address1: 'Marienplatz 8',
        postalCode: '80331',
        city: 'München',
        country: 'DE',
      },
      lines: linesOf(index),
    },
  }));
  const batch = await post(t, token, '/v3/orders/batch', { data: orders });
  expect(batch.status, batch.text).toBe(200);
  for (let index = 0; index < ORDERS; index++) {
    const order = number(index);
    if (order === VOIDED) {
      const voided = await book(order, index);
      const answer = await t.call(`/v3/shipments/${voided.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
      expect(answer.status, answer.text).toBe(204);
      continue;
    }
    booked.push(await book(order, index, order === TOMORROW ? { shipDate: clock.day(1) } : {}));
    // The order's second parcel: its shipment names the order by its customer reference, as the order has its shipment.
    if (order === TWICE) booked.push(await book(order, index + 1, { linked: false }));
  }
  // A return of a shipped order: never a shipment of the order.
  const returned = await post(t, token, `/v3/shipments/${booked[0]!.id}/returns`, {
    data: { type: 'return', attributes: { reason: 'DAMAGED' } },
  });
  expect(returned.status, returned.text).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The booked parcels that ship today, in the order they were booked. */
const today = () => booked.filter((parcel) => parcel.shipDate === clock.today());
const linesByOrder = new Map(Array.from({ length: ORDERS }, (_, index) => [number(index), linesOf(index)]));

describe('Amazon’s shipping confirmation of the day', () => {
  it('confirms every order shipped today item by item, with its tracking number, carrier code and ship date', async () => {
    const answer = await get('/v3/orders/shipped?format=amazon');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="shipped-orders-amazon-${clock.today()}.txt"`);
    const parsed = Papa.parse<Record<string, string>>(answer.text, { header: true, delimiter: '\t', skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...AMAZON_HEADER]);
    const expected = today().flatMap((parcel, index, all) => {
      const row = {
        'order-id': parcel.order,
        'ship-date': clock.today(),
        'carrier-code': AMAZON_CODE[parcel.carrier],
        'tracking-number': parcel.trackingNumber,
      };
      // The order's further parcel: a row for the whole order, its items confirmed with the first.
      if (all.findIndex((other) => other.order === parcel.order) < index) return [{ ...row, 'order-item-id': '', quantity: '' }];
      return linesByOrder.get(parcel.order)!.map((line) => ({ ...row, 'order-item-id': line.itemId, quantity: line.quantity }));
    });
    expect(expected.length).toBeGreaterThan(100);
    expect(
      parsed.data.map((row) => ({
        'order-id': row['order-id'],
        'order-item-id': row['order-item-id'],
        quantity: row.quantity,
        'ship-date': row['ship-date'],
        'carrier-code': row['carrier-code'],
        'tracking-number': row['tracking-number'],
      })),
    ).toEqual(expected);
    // Amazon's list has every one of these carriers: no carrier-name needed; the ship-method is the service's name.
    expect(new Set(parsed.data.map((row) => row['carrier-name']))).toEqual(new Set(['']));
    expect(parsed.data.every((row) => (row['ship-method'] ?? '').length > 0)).toBe(true);
  });

  it('leaves out the voided shipment, the return and the parcel of another day; the order shipped twice appears with both', async () => {
    const parsed = Papa.parse<Record<string, string>>((await get('/v3/orders/shipped?format=amazon')).text, {
      header: true,
      delimiter: '\t',
      skipEmptyLines: true,
    });
    const orders = new Set(parsed.data.map((row) => row['order-id']));
    expect(orders.has(VOIDED)).toBe(false);
    expect(orders.has(TOMORROW)).toBe(false);
    expect(orders.size).toBe(ORDERS - 2);
    const twice = booked.filter((parcel) => parcel.order === TWICE).map((parcel) => parcel.trackingNumber);
    expect(twice).toHaveLength(2);
    expect(new Set(parsed.data.filter((row) => row['order-id'] === TWICE).map((row) => row['tracking-number']))).toEqual(new Set(twice));
  });

  it('answers a range of days, and a day with nothing shipped as the header alone', async () => {
    const both = await get(`/v3/orders/shipped?format=amazon&from=${clock.today()}&to=${clock.day(1)}`);
    expect(both.headers['content-disposition']).toBe(`attachment; filename="shipped-orders-amazon-${clock.today()}-${clock.day(1)}.txt"`);
    expect(both.text).toContain(TOMORROW);
    const empty = await get(`/v3/orders/shipped?format=amazon&from=${clock.day(2)}&to=${clock.day(2)}`);
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(`${AMAZON_HEADER.join('\t')}\r\n`);
  });
});

describe('the Shopify-friendly and generic CSVs', () => {
  it('Shopify: a row per parcel with the order’s name, tracking number, carrier as Shopify knows it, tracking URL and ship date', async () => {
    const answer = await get('/v3/orders/shipped?format=shopify', 'text/csv');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const parsed = Papa.parse<Record<string, string>>(answer.text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...SHOPIFY_HEADER]);
    const companies: Record<string, string> = {
      UPS: 'UPS',
      DHL: 'DHL Express',
      FEDEX: 'FedEx',
      TNT: 'TNT',
      POSTE_ITALIANE: 'Poste Italiane',
    };
    expect(parsed.data.map((row) => [row.Name, row['Tracking Number'], row['Tracking Company'], row['Ship Date']])).toEqual(
      today().map((parcel) => [parcel.order, parcel.trackingNumber, companies[parcel.carrier], clock.today()]),
    );
    // The tracking URL is the station's public tracking page of the parcel.
    const page = await t.call(new URL(parsed.data[0]!['Tracking URL']!).pathname, { method: 'GET', headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(today()[0]!.trackingNumber);
  });

  it('generic: order number, shipment reference, ship date, carrier, service, tracking number, URL, receiver and country', async () => {
    const answer = await get('/v3/orders/shipped');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="shipped-orders-generic-${clock.today()}.csv"`);
    const parsed = Papa.parse<Record<string, string>>(answer.text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...GENERIC_HEADER]);
    expect(parsed.data.map((row) => [row['Order Number'], row['Shipment Reference'], row['Tracking Number'], row.Country])).toEqual(
      today().map((parcel) => [parcel.order, parcel.reference, parcel.trackingNumber, 'DE']),
    );
    // The receiver is the shipment's, as the parcel was addressed.
    expect(parsed.data[1]).toMatchObject({ 'Ship Date': clock.today(), Receiver: 'Kunde Becker' });
    expect(parsed.data.every((row) => row.Carrier && row.Service && row['Tracking URL']!.startsWith('http'))).toBe(true);
  });
});

describe('a bad parameter', () => {
  it.each([
    ['format=ebay', 'format'],
    ['from=2026-02-30', 'from'],
    ['from=yesterday', 'from'],
    ['to=25.11.', 'to'],
  ])('%s is a 400 naming %s', async (given, parameter) => {
    const answer = await get(`/v3/orders/shipped?${given}`);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.errors).toEqual([expect.objectContaining({ code: 'parameter.invalid', source: { parameter } })]);
  });

  it('a range that ends before it starts, or spans more than 92 days, is refused at to', async () => {
    for (const query of [`from=${clock.today()}&to=${clock.day(-1)}`, `from=${clock.day(-100)}&to=${clock.today()}`]) {
      const answer = await get(`/v3/orders/shipped?format=amazon&${query}`);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.errors).toEqual([expect.objectContaining({ code: 'parameter.invalid', source: { parameter: 'to' } })]);
    }
  });
});
