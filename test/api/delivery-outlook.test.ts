// When a parcel arrives, from the account's own tracking history, over HTTP on SQLite and PostgreSQL (issue 52): a
// history of 2,000 delivered parcels on one lane with a known spread (half in 2 working days, 40 % in 3, 10 % in 5)
// gives each of the next days its share and the days of 50, 90 and 95 %; a service of the same route with no history
// falls back to its card and says so; a lane too thin at its postal prefixes widens to the countries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays } from '../../src-shared/calendar.ts';
import type { BulkShipment } from '../../src-main/store/shipment-rows.ts';
import { setClock } from '../helpers/clock.ts';
import { attributes, document, post, shipTo } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

// A Monday morning, before every cutoff: the parcel ships today.
const clock = setClock('2027-03-01 09:00', 'Europe/Rome', { running: false });
const today = clock.today();
let t: TestStation;
let token: string;

interface Outlook {
  expectedDate: string | null;
  basis: { source: string; lane: { level: string; from: string; to: string } | null; parcels: number; minimumParcels: number };
  byDay: { date: string; probability: number }[];
  percentiles: { p50: string; p90: string; p95: string } | null;
}
interface Rate {
  id: string;
  attributes: { estimatedDeliveryDate: string | null };
  meta: { delivery?: Outlook };
}

let count = 0;
/** Delivered parcels of one lane: `parcels` of them, each shipped on a past working day and delivered `days` working days on. */
function delivered(carrier: [string, string], toPostalCode: string, days: number, parcels: number): BulkShipment[] {
  return Array.from({ length: parcels }, (_, index) => {
    const shipDate = addWorkingDays(clock.day(-300), index % 150, []);
    const deliveredOn = addWorkingDays(shipDate, days, []);
    const id = `HIST${String(++count).padStart(6, '0')}`.padEnd(64, '0');
    return {
      id,
      clientId: t.client.id,
      sandbox: false,
      origin: 'create',
      scheduled: false,
      service: null,
      carrierChoice: null,
      reference: `97${String(count).padStart(10, '0')}`,
      shipDate,
      attributes: attributes({ shipDate, shipTo: { ...shipTo(), postalCode: toPostalCode } }) as never,
      status: 3,
      carrierCode: carrier[0],
      carrierName: carrier[0],
      serviceCode: carrier[1],
      serviceName: carrier[1],
      finalCents: 1200,
      insuranceCents: null,
      currency: 'EUR',
      trackingNumber: `HT${String(count).padStart(10, '0')}`,
      trackingHash: `history-${id}`,
      error: null,
      createdAt: `${shipDate}T08:00:00.000Z`,
      processedAt: `${shipDate}T08:00:00.000Z`,
      trackingEvents: [
        { status: 2, occurredAt: `${shipDate}T16:00:00.000Z`, location: 'Milano', text: 'Picked up' },
        { status: 5, occurredAt: `${deliveredOn}T13:00:00.000Z`, location: 'München', text: 'Delivered' },
      ],
    } satisfies BulkShipment;
  });
}

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
  await t.station.store.shipments.bulkInsert([
    ...delivered(['UPS', 'STD'], '80331', 2, 1000),
    ...delivered(['UPS', 'STD'], '80331', 3, 800),
    ...delivered(['UPS', 'STD'], '80331', 5, 200),
    // Thin at the postal prefixes: 20 to Berlin (10…) and 20 to Munich (80…) make a lane only as the two countries.
    ...delivered(['TNT', 'ECO'], '10115', 4, 20),
    ...delivered(['TNT', 'ECO'], '80331', 4, 20),
  ]);
});
afterAll(() => t.close());

async function rates(postalCode: string): Promise<Map<string, Rate>> {
  const answer = await post(t, token, '/v3/shipments/rate', document(attributes({ shipTo: { ...shipTo(), postalCode } })));
  expect(answer.status, answer.text).toBe(202);
  return new Map((answer.json.data as Rate[]).map((rate) => [rate.id, rate]));
}

describe('a rate says when the parcel arrives', () => {
  it('from the lane’s history: each next day’s share, and the days of 50, 90 and 95 %', async () => {
    const outlook = (await rates('80336')).get('t2-UPS-STD')!.meta.delivery!;
    const day = (n: number) => addWorkingDays(today, n, []);
    expect(outlook.basis).toEqual({
      source: 'history',
      lane: { level: 'postalPrefixes', carrierCode: 'UPS', serviceCode: 'STD', from: 'IT-20', to: 'DE-80' },
      parcels: 2000,
      minimumParcels: 30,
    });
    expect(outlook.byDay).toEqual([
      { date: today, probability: 0 },
      { date: day(1), probability: 0 },
      { date: day(2), probability: 0.5 },
      { date: day(3), probability: 0.9 },
      { date: day(4), probability: 0.9 },
      { date: day(5), probability: 1 },
    ]);
    // "Arrives by Thursday with 90 %": the desk's words for p90.
    expect(outlook.percentiles).toEqual({ p50: day(2), p90: day(3), p95: day(5) });
    expect(outlook.expectedDate).toBe(day(2));
  });

  it('without history on the lane, from the card, and says so', async () => {
    const rate = (await rates('80336')).get('t2-DHL_EXPRESS-ECO')!;
    expect(rate.meta.delivery).toEqual({
      expectedDate: rate.attributes.estimatedDeliveryDate,
      basis: { source: 'card', lane: null, parcels: 0, minimumParcels: 30 },
      byDay: [],
      percentiles: null,
    });
  });

  it('widens a thin lane from the postal prefixes to the countries, and says how wide', async () => {
    const outlook = (await rates('10117')).get('t2-TNT-ECO')!.meta.delivery!;
    expect(outlook.basis).toMatchObject({ source: 'history', lane: { level: 'countries', from: 'IT', to: 'DE' }, parcels: 40 });
    expect(outlook.percentiles).toEqual({
      p50: addWorkingDays(today, 4, []),
      p90: addWorkingDays(today, 4, []),
      p95: addWorkingDays(today, 4, []),
    });
  });
});
