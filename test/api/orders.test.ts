// The orders extension over HTTP, on SQLite and PostgreSQL: orders taken as PHP and Python clients send them,
// refused field by field, listed by status, imported in batches with duplicates found by number, and linked to the
// shipment that ships them: closed when it is processed, open again when it is voided or fails, and never shipped
// twice, not even by two desks at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, parcel, shipTo } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, openOtherStore, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';
import { OrderTakenError } from '../../src-main/domain/order.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';

let t: TestStation;
let token: string;
// A Wednesday morning at the station, standing still.
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown, bearer = token) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const shipmentAttributes = (): ShipmentAttributes => {
  const valid = validateShipmentDocument(document(attributes()), 'create');
  if (!valid.ok) throw new Error('the helper shipment is valid');
  return valid.value;
};

/** An order as a PHP shop sends it: numbers as strings, nulls for what it leaves empty, tags as one text. */
const order = (number: string, overrides: Record<string, unknown> = {}) => ({
  type: 'order',
  attributes: {
    number,
    shipTo: { ...shipTo(), address2: null, state: null },
    shipFrom: null,
    service: 'Economy',
    carrierChoice: null,
    lines: [
      {
        sku: 'CUP-6',
        description: 'Ceramic cup',
        quantity: '2',
        unitWeight: '0.35',
        unitPrice: '10.75',
        originCountry: 'it',
        hsCode: '691200',
      },
      { sku: 'SAUCER', description: 'Saucer', quantity: 1, unitWeight: 0.2, unitPrice: 4, originCountry: null, hsCode: null },
    ],
    tags: 'Fragile, gift',
    ...overrides,
  },
});
const shipOrder = (
  number: string,
  meta: Record<string, unknown> = { scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' },
) =>
  call('POST', '/v3/shipments', document(attributes({ shipDate: undefined, packages: [parcel('1.2')] }), { ...meta, orderNumber: number }));

describe('orders', () => {
  it('takes an order as PHP sends it, answers it normalised with its totals, and refuses its number twice', async () => {
    const made = await call('POST', '/v3/orders', { data: order('SO-1001') });
    expect(made.status, made.text).toBe(201);
    expect(made.headers.location).toBe(`${t.url}/v3/orders/SO-1001`);
    expect(made.json.data).toMatchObject({
      type: 'order',
      id: 'SO-1001',
      attributes: {
        number: 'SO-1001',
        service: 'economy',
        shipTo: { name: 'Kunde Becker', postalCode: '80331', country: 'DE' },
        lines: [
          { sku: 'CUP-6', quantity: '2', unitWeight: '0.35', unitPrice: '10.75', originCountry: 'IT', hsCode: '691200' },
          { sku: 'SAUCER', quantity: '1', unitWeight: '0.2', unitPrice: '4' },
        ],
        tags: ['fragile', 'gift'],
        status: 'open',
        totals: { quantity: 3, weight: '0.9', value: '25.50' },
        shipment: null,
        source: 'api',
      },
    });
    expect(made.json.data.attributes).not.toHaveProperty('shipFrom');
    expect(made.json.data.attributes.shipTo).not.toHaveProperty('address2');
    expect(made.json.data.attributes.lines[1]).not.toHaveProperty('originCountry');

    const again = await call('POST', '/v3/orders', { data: order('SO-1001') });
    expect(again.status).toBe(409);
    expect(again.json.errors[0]).toMatchObject({
      code: 'order.exists',
      detail: 'An order with the number SO-1001 exists already.',
      source: { pointer: '/data/attributes/number' },
    });

    const read = await call('GET', '/v3/orders/SO-1001');
    expect(read.status).toBe(200);
    expect(read.json.data.attributes.totals).toEqual({ quantity: 3, weight: '0.9', value: '25.50' });
    const unknown = await call('GET', '/v3/orders/SO-404');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0]).toMatchObject({ code: 'order.notFound', detail: 'No order has the number SO-404.' });
  });

  it('names every field at fault with a 4xx, never a 500', async () => {
    const bad = await call('POST', '/v3/orders', {
      data: order('', {
        shipTo: { ...shipTo(), city: null },
        lines: [{ sku: 'X', description: 'Thing', quantity: '0', unitPrice: '1,50' }],
        service: 'overnight',
      }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/data/attributes/lines/0/quantity',
      '/data/attributes/lines/0/unitPrice',
      '/data/attributes/number',
      '/data/attributes/service',
      '/data/attributes/shipTo/city',
    ]);
    expect(
      bad.json.errors.find((error: { source: { pointer: string } }) => error.source.pointer === '/data/attributes/shipTo/city').detail,
    ).toBe("Missing required data: 'data.attributes.shipTo.city'.");
    for (const body of [
      { data: [] },
      { data: { type: 'order', attributes: { number: 'X', shipTo: shipTo(), lines: 'none' } } },
      { data: { type: 'shipment', attributes: {} } },
      {},
    ]) {
      const answer = await call('POST', '/v3/orders', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors[0].source.pointer).toMatch(/^\/data/);
    }
    const status = await call('GET', '/v3/orders?status=shipped');
    expect(status.status).toBe(400);
    expect(status.json.errors[0]).toMatchObject({ detail: 'Invalid or empty required parameter: status', source: { parameter: 'status' } });
  });

  it('imports a batch: new orders made, numbers known already or repeated listed as duplicates, a faulty batch refused whole', async () => {
    const batch = await call('POST', '/v3/orders/batch', { data: [order('B-1'), order('SO-1001'), order('B-2'), order('B-1')] });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.json.meta).toEqual({ created: ['B-1', 'B-2'], duplicates: ['SO-1001', 'B-1'] });
    expect((await call('GET', '/v3/orders/B-2')).json.data.attributes.source).toBe('import');

    const faulty = await call('POST', '/v3/orders/batch', { data: [order('B-3'), order('B-4', { lines: [] })] });
    expect(faulty.status).toBe(400);
    expect(faulty.json.errors).toEqual([expect.objectContaining({ source: { pointer: '/data/1/attributes/lines' } })]);
    expect((await call('GET', '/v3/orders/B-3')).status).toBe(404);

    const tooMany = await call('POST', '/v3/orders/batch', { data: Array.from({ length: 501 }, (_, i) => order(`X-${i}`)) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors[0].detail).toBe('A batch holds 1 to 500 orders: send more in several batches.');

    const audit = await t.station.audit.list(OPERATOR, { before: null, action: 'order.imported', desk: null, actor: null, limit: 5 });
    expect(audit.map((entry) => entry.detail)).toEqual([expect.objectContaining({ orders: 2, first: 'B-1', last: 'B-2' })]);
  });

  it('takes an order to Switzerland without an HS code with a warning that says what customs will ask, alone and in a batch', async () => {
    const toZurich = (number: string) =>
      order(number, { shipTo: { ...shipTo(), country: 'CH', city: 'Zürich', postalCode: '8001', phone: '044 668 18 00' } });
    const one = await call('POST', '/v3/orders', { data: toZurich('CH-1') });
    expect(one.status, one.text).toBe(201);
    expect(one.json.meta.warnings).toEqual([
      {
        code: 'customsData',
        pointer: '/data/attributes/lines/1/hsCode',
        detail:
          'Order CH-1, line 2 (SAUCER), is taken, but will not ship through customs without the item’s HS code, 6 to 10 digits such as 691200 (dots and spaces allowed): IT → CH: Switzerland is outside the EU customs union, and customs classifies commercial goods by it.',
      },
    ]);
    // Inside the EU, or classified: nothing to say.
    expect((await call('POST', '/v3/orders', { data: order('DE-1') })).json.meta).toBeUndefined();
    const batch = await call('POST', '/v3/orders/batch', { data: [order('DE-2'), toZurich('CH-2')] });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.json.meta).toEqual({
      created: ['DE-2', 'CH-2'],
      duplicates: [],
      warnings: [expect.objectContaining({ code: 'customsData', pointer: '/data/1/attributes/lines/1/hsCode' })],
    });
  });

  it('links a shipment to its order: closed when processed, refused a second time, open again after a void', async () => {
    await call('POST', '/v3/orders', { data: order('SO-2001') });
    const shipped = await shipOrder('SO-2001');
    expect(shipped.status, shipped.text).toBe(201);
    const closed = (await call('GET', '/v3/orders/SO-2001')).json.data.attributes;
    expect(closed.status).toBe('closed');
    expect(closed.shipment).toEqual({
      id: shipped.json.data.id,
      reference: shipped.json.data.meta.reference,
      status: 3,
      trackingNumber: shipped.json.data.meta.trackingNumber,
    });

    const twice = await shipOrder('SO-2001');
    expect(twice.status).toBe(409);
    expect(twice.json.errors[0]).toMatchObject({
      code: 'order.shipped',
      detail: `Order SO-2001 is shipped already, with shipment ${shipped.json.data.meta.reference}. Void that shipment first to ship the order again.`,
      source: { pointer: '/data/meta/orderNumber' },
      // The code and figures a desk words in its own language.
      meta: {
        reason: 'orderShipped',
        order: 'SO-2001',
        shipment: { id: shipped.json.data.id, reference: shipped.json.data.meta.reference },
      },
    });
    const unknown = await shipOrder('SO-9999');
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0]).toMatchObject({
      code: 'order.unknown',
      detail: "Invalid data: 'data.meta.orderNumber'.",
      meta: { reason: 'No order has the number SO-9999.', order: 'SO-9999' },
    });
    const notRemovable = await call('DELETE', '/v3/orders/SO-2001');
    expect(notRemovable.status).toBe(409);
    expect(notRemovable.json.errors[0]).toMatchObject({
      code: 'order.notRemovable',
      detail: 'Order SO-2001 cannot be removed while a shipment ships it: void the shipment first.',
    });

    expect((await call('DELETE', `/v3/shipments/${shipped.json.data.id}`)).status).toBe(204);
    expect((await call('GET', '/v3/orders/SO-2001')).json.data.attributes).toMatchObject({ status: 'open', shipment: null });
    const open = (await call('GET', '/v3/orders?status=open&limit=1000')).json.data.map((entry: { id: string }) => entry.id);
    expect(open).toContain('SO-2001');
  });

  it('keeps a scheduled shipment in progress until processing closes the order', async () => {
    await call('POST', '/v3/orders', { data: order('SO-3001') });
    const queued = await shipOrder('SO-3001', { scheduledProcessing: true, service: 'economy' });
    expect(queued.status, queued.text).toBe(202);
    expect((await call('GET', '/v3/orders/SO-3001')).json.data.attributes.status).toBe('inProgress');
    const inProgress = await call('GET', '/v3/orders?status=inProgress');
    expect(inProgress.json.data.map((entry: { id: string }) => entry.id)).toEqual(['SO-3001']);
    const again = await shipOrder('SO-3001');
    expect(again.status).toBe(409);
    expect(again.json.errors[0]).toMatchObject({
      code: 'order.inProgress',
      detail: `Order SO-3001 is being shipped already, with shipment ${queued.json.data.id}.`,
      meta: { reason: 'orderInProgress' },
    });
    await t.station.scheduler.runOnce();
    expect((await call('GET', '/v3/orders/SO-3001')).json.data.attributes.status).toBe('closed');
  });

  it('ships an order once when two desks send it at the same moment', async () => {
    await call('POST', '/v3/orders', { data: order('SO-4001') });
    const answers = await Promise.all(Array.from({ length: 4 }, () => shipOrder('SO-4001')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    const summaries = (await call('GET', '/v3/shipment-summaries?limit=1000')).json.data as unknown[];
    const orderShipment = (await call('GET', '/v3/orders/SO-4001')).json.data.attributes.shipment;
    expect(orderShipment.id).toBe(answers.find((answer) => answer.status === 201)!.json.data.id);
    expect(summaries.length).toBeGreaterThan(0);

    // Behind every check, the store itself refuses a second live shipment of the order.
    const store = await openOtherStore(t);
    try {
      const second = {
        id: 'F'.repeat(64),
        clientId: '1',
        sandbox: false,
        origin: 'create' as const,
        scheduled: true,
        service: 'economy',
        carrierChoice: null,
        reference: null,
        shipDate: clock.today(),
        orderNumber: 'SO-4001',
      };
      await expect(store.shipments.insert({ ...second, attributes: shipmentAttributes() })).rejects.toBeInstanceOf(OrderTakenError);
      await expect(store.shipments.insert({ ...second, orderNumber: 'SO-4002', attributes: shipmentAttributes() })).resolves.toMatchObject({
        id: second.id,
      });
    } finally {
      await store.close();
    }
  });

  it('confirms a rated shipment for an order', async () => {
    await call('POST', '/v3/orders', { data: order('SO-5001') });
    const rates = await call('POST', '/v3/shipments/rate', document(attributes({ shipDate: undefined })));
    const rate = rates.json.data[0];
    const confirmed = await call('POST', '/v3/shipments/confirm', {
      data: { type: 'shipment', attributes: attributes({ shipDate: undefined }), meta: { rate, orderNumber: 'SO-5001' } },
    });
    expect(confirmed.status, confirmed.text).toBe(202);
    expect((await call('GET', '/v3/orders/SO-5001')).json.data.attributes).toMatchObject({
      status: 'closed',
      shipment: { id: confirmed.json.data.id },
    });

    // The parcel checked by scanning its label: its tracking number, or the order number, match; another code does not.
    const id = confirmed.json.data.id as string;
    const scan = (scanned: unknown) =>
      call('POST', `/v3/shipments/${id}/verifications`, { data: { type: 'verification', attributes: { scanned } } });
    const tracking = confirmed.json.data.meta.trackingNumber as string;
    expect((await scan(` ${tracking} `)).json.data.attributes).toMatchObject({
      scanned: tracking,
      matched: true,
      trackingNumber: tracking,
    });
    expect((await scan('SO-5001')).json.data.attributes.matched).toBe(true);
    expect((await scan(1234)).json.data.attributes).toMatchObject({ scanned: '1234', matched: false });
    const empty = await scan('');
    expect(empty.status).toBe(400);
    expect(empty.json.errors[0].source.pointer).toBe('/data/attributes/scanned');
    expect(
      (await call('POST', '/v3/shipments/NOPE/verifications', { data: { type: 'verification', attributes: { scanned: 'x' } } })).status,
    ).toBe(404);
    const checks = await t.station.audit.list(OPERATOR, {
      before: null,
      action: 'shipment.verify-mismatch',
      desk: null,
      actor: null,
      limit: 5,
    });
    expect(checks.map((entry) => entry.detail)).toEqual([expect.objectContaining({ scanned: '1234' })]);
  });

  it('lists by status and search, removes an open order, and keeps each client to its own orders', async () => {
    const found = await call('GET', '/v3/orders?search=B-');
    expect(found.json.data.map((entry: { id: string }) => entry.id)).toEqual(['B-2', 'B-1']);
    const byName = await call('GET', '/v3/orders?search=kunde&status=closed');
    expect(byName.json.data.length).toBeGreaterThan(0);
    expect(byName.json.data.every((entry: { attributes: { status: string } }) => entry.attributes.status === 'closed')).toBe(true);
    expect((await call('GET', '/v3/orders?search=%25')).json.data).toEqual([]);

    await t.station.clients.add(OPERATOR, { username: 'orders-other', password: 'Another-Desk-2026', profile: { name: 'Other' } });
    const other = (await t.signIn('orders-other', 'Another-Desk-2026')).json.meta.token as string;
    expect((await call('GET', '/v3/orders/B-2', undefined, other)).status).toBe(404);
    expect((await call('GET', '/v3/orders', undefined, other)).json.data).toEqual([]);
    expect((await call('DELETE', '/v3/orders/B-2', undefined, other)).status).toBe(404);
    expect((await call('GET', '/v3-testing/orders/B-2')).status).toBe(404);

    expect((await call('DELETE', '/v3/orders/B-2')).status).toBe(204);
    expect((await call('GET', '/v3/orders/B-2')).status).toBe(404);
  });
});
