// Refusals at the API's edge keyed on their codes over HTTP: the label token of the desktop app's print window, an
// order batch that is empty, too large or not a list, a day's preview asked with a wrong carrier or date, and the
// health check while the database is away. Each keeps its status and words; the code, and the figure its sentence
// names, are what a program reads.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrintViews } from '../../src-main/printing/print-views.ts';
import { ORDER_BATCH_MAX } from '../../src-shared/orders.ts';
import { startDatabaseProxy } from '../helpers/database-proxy.ts';
import { createDatabase } from '../helpers/postgres.ts';
import { attributes, get, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

/** The PostgreSQL run's cluster: its connection can be cut on purpose; a SQLite file cannot be taken away so. */
const POSTGRES = inject('postgresUrl') || process.env.STATION_TEST_POSTGRES || undefined;

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
  const order = (number: string) => ({
    type: 'order',
    attributes: {
      number,
      shipTo: attributes().shipTo,
      lines: [{ sku: 'SKU', description: 'Cup', quantity: 1, unitWeight: '0.5', unitPrice: '10' }],
    },
  });

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

describe.skipIf(!POSTGRES)('the health check while the database is away', () => {
  it('answers 503 storage.unavailable with meta.fault unreachable, as every request meeting the outage does', async () => {
    const server = new URL(POSTGRES!);
    const proxy = await startDatabaseProxy({ host: server.hostname, port: Number(server.port) });
    const database = await createDatabase(POSTGRES!);
    const away = await startTestStation({ schedulerIntervalMs: 0, databaseUrl: `${proxy.url}/${database.split('/').pop()}` });
    try {
      const bearer = await away.token();
      const cut = proxy.blip(5_000);
      // A request meets the lost connection; from then the health check says the database is away.
      const health = await waitFor(
        'the health check to see the outage',
        async () => {
          await get(away, bearer, '/v3/orders');
          const answer = await away.call('/v3/health');
          return answer.status === 503 ? answer : undefined;
        },
        { timeoutMs: 4_500, intervalMs: 100 },
      );
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json.errors[0]).toMatchObject({ status: 503, code: 'storage.unavailable', meta: { fault: 'unreachable' } });
      expect(health.json.errors[0].detail).toMatch(/^The station’s database is unavailable since \d{4}-\d\d-\d\dT/);
      await cut;
    } finally {
      await away.close();
      await proxy.close();
    }
  });
});
