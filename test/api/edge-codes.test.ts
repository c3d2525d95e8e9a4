// Refusals at the API's edge keyed on their codes over HTTP: the label token of the desktop app's print window, an
// order batch that is empty, too large or not a list, and a day's preview asked with a wrong carrier or date. Each
// keeps its status and words; the code, and the figure its sentence names, are what a program reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrintViews } from '../../src-main/printing/print-views.ts';
import { ORDER_BATCH_MAX } from '../../src-shared/orders.ts';
import { attributes, get, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

const printViews = createPrintViews();
let t: TestStation;
let token: string;

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, printViews });
  token = await t.token();
});
afterAll(() => t.close());

describe('the print window’s label token', () => {
  it('answers a token taken already, or never given, with 404 print.labelTokenNotFound', async () => {
    const label = printViews.add(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect((await t.call(`/print-view/${label}`, { headers: { Accept: '*/*' } })).status).toBe(200);
    for (const token of [label, 'never-given']) {
      const refused = await t.call(`/print-view/${token}`);
      expect(refused.status, token).toBe(404);
      expect(refused.json.errors[0]).toMatchObject({ code: 'print.labelTokenNotFound', detail: 'No label waits under this token.' });
    }
  });
});

describe('an order batch', () => {
  const order = (number: string) => ({ type: 'order', attributes: { number, shipTo: attributes().shipTo, lines: [{ sku: 'SKU', description: 'Cup', quantity: 1, unitWeight: '0.5', unitPrice: '10' }] } });

  it('refuses none and too many with order.batchTooLarge saying the most it takes, and a data that is not a list as field.invalid', async () => {
    for (const data of [[], Array.from({ length: ORDER_BATCH_MAX + 1 }, (_, i) => order(`EDGE-${i}`))]) {
      const refused = await post(t, token, '/v3/orders/batch', { data });
      expect(refused.status, `${data.length} orders`).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({
        code: 'order.batchTooLarge',
        detail: `A batch holds 1 to ${ORDER_BATCH_MAX} orders: send more in several batches.`,
        source: { pointer: '/data' },
        meta: { maxOrders: ORDER_BATCH_MAX },
      });
    }
    const single = await post(t, token, '/v3/orders/batch', { data: order('EDGE-ONE') });
    expect(single.status).toBe(400);
    expect(single.json.errors[0]).toMatchObject({ code: 'field.invalid', detail: "Invalid data: 'data'.", source: { pointer: '/data' } });
  });
});

describe('a day’s manifest preview', () => {
  it('refuses a wrong carrier or date with parameter.invalid naming each', async () => {
    const refused = await get(t, token, '/v3/manifests/preview?carrier=&date=2026-13-40');
    expect(refused.status).toBe(400);
    const errors = refused.json.errors as { code: string; source: { parameter: string } }[];
    expect(errors.map((error) => error.source.parameter).sort()).toEqual(['carrier', 'date']);
    expect(errors.every((error) => error.code === 'parameter.invalid')).toBe(true);
  });
});
