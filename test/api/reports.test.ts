// Reports over HTTP: a client's processed shipments per day and carrier, cost per carrier and per kg, and top
// destinations, from the day summaries kept with each processing and void; as JSON:API and as CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, parcel, post, shipTo } from '../helpers/shipments.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t?.close());

const ship = async (carrier: string, shipDate: string, country: string, weight: string) => {
  const to = country === 'FR' ? { ...shipTo(), city: 'Paris', postalCode: '75001', country: 'FR' } : shipTo();
  const created = await post(t, token, '/v3/shipments', document(attributes({ shipDate, shipTo: to, packages: [parcel(weight)] }), { scheduledProcessing: false, service: 'economy', carrierChoice: carrier }));
  expect(created.status, created.text).toBe(201);
  return created.json.data as { id: string; meta: { finalCost: { amount: number } } };
};
const report = (query: string, accept = JSONAPI) => t.call(`/v3/reports/daily?${query}`, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
const cents = (amount: number) => Math.round(amount * 100);

describe('GET /v3/reports/daily', () => {
  it('sums processed shipments per day and carrier, leaves voided ones out, and ranks destinations', async () => {
    const a = await ship('UPS', '2027-03-01', 'DE', '2');
    const b = await ship('UPS', '2027-03-01', 'DE', '3');
    const c = await ship('DHL', '2027-03-02', 'FR', '1.5');
    const voided = await ship('UPS', '2027-03-02', 'FR', '4');
    expect((await t.call(`/v3/shipments/${voided.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(204);

    const answer = await report('dateFrom=2027-03-01&dateTo=2027-03-31');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data).toEqual([
      {
        type: 'dailyReport',
        id: '2027-03-01',
        attributes: { date: '2027-03-01', carriers: [{ carrier: 'UPS', shipments: 2, packages: 2, weightKg: 5, cost: { amount: (cents(a.meta.finalCost.amount) + cents(b.meta.finalCost.amount)) / 100, currency: 'EUR' } }] },
      },
      {
        type: 'dailyReport',
        id: '2027-03-02',
        attributes: { date: '2027-03-02', carriers: [{ carrier: 'DHL_EXPRESS', shipments: 1, packages: 1, weightKg: 1.5, cost: { amount: c.meta.finalCost.amount, currency: 'EUR' } }] },
      },
    ]);
    const meta = answer.json.meta;
    expect(meta.topDestinations).toEqual([{ country: 'DE', shipments: 2 }, { country: 'FR', shipments: 1 }]);
    expect(meta.totals).toMatchObject({ shipments: 3, packages: 3, weightKg: 6.5 });
    const ups = meta.carriers.find((entry: { carrier: string }) => entry.carrier === 'UPS');
    expect(ups.costPerKg).toBeCloseTo((cents(a.meta.finalCost.amount) + cents(b.meta.finalCost.amount)) / 100 / 5, 2);

    const csv = await report('dateFrom=2027-03-01&dateTo=2027-03-31&format=csv', '*/*');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="shipments-2027-03-01-2027-03-31.csv"');
    expect(csv.text.split('\r\n')).toEqual([
      'date,carrier,shipments,packages,weight_kg,cost,currency',
      `2027-03-01,UPS,2,2,5,${((cents(a.meta.finalCost.amount) + cents(b.meta.finalCost.amount)) / 100).toFixed(2)},EUR`,
      `2027-03-02,DHL_EXPRESS,1,1,1.5,${c.meta.finalCost.amount.toFixed(2)},EUR`,
      '',
    ]);
    expect((await report('dateFrom=2027-03-01&dateTo=2027-03-31', 'text/csv')).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('covers shipments brought in by a bulk import', async () => {
    const before = (await report('dateFrom=2027-05-01&dateTo=2027-05-31')).json.meta.totals.shipments;
    const record = {
      id: 'IMPORTED'.padEnd(64, '0'), clientId: t.client.id, sandbox: false, origin: 'create' as const, scheduled: false, service: null, carrierChoice: null,
      reference: '990000000001', shipDate: '2027-05-10', attributes: attributes({ shipDate: '2027-05-10', packages: [parcel('7')] }) as never,
      status: 3 as const, carrierCode: 'TNT', carrierName: 'TNT', serviceCode: 'EXP', serviceName: 'TNT Express', finalCents: 2500, insuranceCents: null,
      currency: 'EUR', trackingNumber: 'GE990000001WW', trackingHash: 'imported-hash-0000000001', error: null, createdAt: new Date().toISOString(), processedAt: new Date().toISOString(),
    };
    await t.station.store.shipments.bulkInsert([record]);
    const after = await report('dateFrom=2027-05-01&dateTo=2027-05-31');
    expect(after.json.meta.totals.shipments).toBe(before + 1);
    expect(after.json.data.find((row: { id: string }) => row.id === '2027-05-10').attributes.carriers.map((day: { carrier: string }) => day.carrier)).toContain('TNT');
  });

  it('refuses a missing or wrong date, and a range over a year, naming the parameter', async () => {
    for (const [query, parameter] of [['dateTo=2027-03-31', 'dateFrom'], ['dateFrom=2027-03-01&dateTo=2027-02-30', 'dateTo'], ['dateFrom=2027-03-10&dateTo=2027-03-01', 'dateTo'], ['dateFrom=2026-01-01&dateTo=2027-03-01', 'dateTo']] as const) {
      const refused = await report(query);
      expect(refused.status, query).toBe(400);
      expect(refused.json.errors[0].source).toEqual({ parameter });
    }
    expect((await report('dateFrom=2026-03-01&dateTo=2027-03-01')).status).toBe(200);
  });
});
