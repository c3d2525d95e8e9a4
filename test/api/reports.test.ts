// Reports over HTTP: a client's processed shipments per day and carrier, cost per carrier and per kg, and top
// destinations, from the day summaries kept with each processing and void; as JSON:API and as CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, parcel, post, shipTo } from '../helpers/shipments.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';

// The first of a month at the station, standing still; the report covers it and the day after.
const clock = setClock('2027-03-01 09:00', 'Europe/Rome', { running: false });
const first = clock.today();
const second = clock.day(1);
const month = `dateFrom=${first}&dateTo=${clock.day(30)}`;

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
});
afterAll(() => t?.close());

const ship = async (carrier: string, shipDate: string, country: string, weight: string) => {
  const to = country === 'FR' ? { ...shipTo(), city: 'Paris', postalCode: '75001', country: 'FR' } : shipTo();
  const created = await post(
    t,
    token,
    '/v3/shipments',
    document(attributes({ shipDate, shipTo: to, packages: [parcel(weight)] }), {
      scheduledProcessing: false,
      service: 'economy',
      carrierChoice: carrier,
    }),
  );
  expect(created.status, created.text).toBe(201);
  return created.json.data as { id: string; meta: { finalCost: { amount: number } } };
};
const report = (query: string, accept = JSONAPI) =>
  t.call(`/v3/reports/daily?${query}`, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
const cents = (amount: number) => Math.round(amount * 100);

describe('GET /v3/reports/daily', () => {
  it('sums processed shipments per day and carrier, leaves voided ones out, and ranks destinations', async () => {
    const a = await ship('UPS', first, 'DE', '2');
    const b = await ship('UPS', first, 'DE', '3');
    const c = await ship('DHL', second, 'FR', '1.5');
    const voided = await ship('UPS', second, 'FR', '4');
    expect((await t.call(`/v3/shipments/${voided.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      204,
    );

    const answer = await report(month);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data).toEqual([
      {
        type: 'dailyReport',
        id: first,
        attributes: {
          date: first,
          carriers: [
            {
              carrier: 'UPS',
              carrierName: 'UPS',
              shipments: 2,
              packages: 2,
              weightKg: 5,
              cost: { amount: (cents(a.meta.finalCost.amount) + cents(b.meta.finalCost.amount)) / 100, currency: 'EUR' },
            },
          ],
        },
      },
      {
        type: 'dailyReport',
        id: second,
        attributes: {
          date: second,
          carriers: [
            {
              carrier: 'DHL_EXPRESS',
              carrierName: 'DHL Express',
              shipments: 1,
              packages: 1,
              weightKg: 1.5,
              cost: { amount: c.meta.finalCost.amount, currency: 'EUR' },
            },
          ],
        },
      },
    ]);
    const meta = answer.json.meta;
    expect(meta.topDestinations).toEqual([
      { country: 'DE', shipments: 2 },
      { country: 'FR', shipments: 1 },
    ]);
    expect(meta.totals).toMatchObject({ shipments: 3, packages: 3, weightKg: 6.5 });
    const ups = meta.carriers.find((entry: { carrier: string }) => entry.carrier === 'UPS');
    expect(ups.costPerKg).toBeCloseTo((cents(a.meta.finalCost.amount) + cents(b.meta.finalCost.amount)) / 100 / 5, 2);

    const csv = await report(`${month}&format=csv`, '*/*');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="shipments-${first}-${clock.day(30)}.csv"`);
    expect(csv.text.split('\r\n')).toEqual([
      'date,carrier,shipments,packages,weight_kg,cost,currency',
      `${first},UPS,2,2,5,${((cents(a.meta.finalCost.amount) + cents(b.meta.finalCost.amount)) / 100).toFixed(2)},EUR`,
      `${second},DHL_EXPRESS,1,1,1.5,${c.meta.finalCost.amount.toFixed(2)},EUR`,
      '',
    ]);
    expect((await report(month, 'text/csv')).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('covers shipments brought in by a bulk import', async () => {
    const imported = clock.day(70);
    const range = `dateFrom=${clock.day(61)}&dateTo=${clock.day(91)}`;
    const before = (await report(range)).json.meta.totals.shipments;
    const record = {
      id: 'IMPORTED'.padEnd(64, '0'),
      clientId: t.client.id,
      sandbox: false,
      origin: 'create' as const,
      scheduled: false,
      service: null,
      carrierChoice: null,
      reference: '990000000001',
      shipDate: imported,
      attributes: attributes({ shipDate: imported, packages: [parcel('7')] }) as never,
      status: 3 as const,
      carrierCode: 'TNT',
      carrierName: 'TNT',
      serviceCode: 'EXP',
      serviceName: 'TNT Express',
      finalCents: 2500,
      insuranceCents: null,
      currency: 'EUR',
      trackingNumber: 'GE990000001WW',
      trackingHash: 'imported-hash-0000000001',
      error: null,
      createdAt: clock().toISOString(),
      processedAt: clock().toISOString(),
    };
    await t.station.store.shipments.bulkInsert([record]);
    const after = await report(range);
    expect(after.json.meta.totals.shipments).toBe(before + 1);
    expect(
      after.json.data.find((row: { id: string }) => row.id === imported).attributes.carriers.map((day: { carrier: string }) => day.carrier),
    ).toContain('TNT');
  });

  it('refuses a missing or wrong date, and a range over a year, naming the parameter', async () => {
    const cases = [
      [`dateTo=${clock.day(30)}`, 'dateFrom', 'parameter.invalid'],
      [`dateFrom=${first}&dateTo=${first.slice(0, 4)}-02-30`, 'dateTo', 'parameter.invalid'],
      [`dateFrom=${clock.day(9)}&dateTo=${first}`, 'dateTo', 'report.invalidRange'],
      [`dateFrom=${clock.day(-424)}&dateTo=${first}`, 'dateTo', 'report.invalidRange'],
    ] as const;
    for (const [query, parameter, code] of cases) {
      const refused = await report(query);
      expect(refused.status, query).toBe(400);
      expect(refused.json.errors[0].source).toEqual({ parameter });
      expect(refused.json.errors[0].code, query).toBe(code);
      // The longest range as a figure, beside the sentence that names it.
      if (code === 'report.invalidRange') expect(refused.json.errors[0].meta).toMatchObject({ maxDays: 366 });
    }
    // 366 days (a leap year's) is the longest range.
    expect((await report(`dateFrom=${clock.day(-365)}&dateTo=${first}`)).status).toBe(200);
  });
});
