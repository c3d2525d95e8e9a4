// What every rate reads (the calendar, the cutoffs, the fuel surcharges, the day's closed manifests) may be kept in
// memory by a desk, yet a change made elsewhere counts at the next request: here another process on the same
// database (the admin command, another desk's store) changes each while the station answers rates. On SQLite the
// very next rate sees it; on PostgreSQL settings are forgotten when the change's notification arrives, a moment later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src-shared/calendar.ts';
import type { Store } from '../../src-main/store/index.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, openOtherStore, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';

// A Friday morning in Rome, the clock standing still: UPS ships today, and Monday is the next working day.
const clock = setClock('2026-11-27 10:00', 'Europe/Rome', { running: false });
const friday = clock.today();
const monday = addDays(friday, 3);
let t: TestStation;
let token: string;
let other: Store;

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
  other = await openOtherStore(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface RateAnswer {
  ups: { estimatedDeliveryDate: string; finalCost: { amount: number } };
  warnings: { meta: { carrier: string; shipDate: string } }[];
}
/** A rate of an undated parcel: UPS's quote, and the closed days it warns of. */
async function rate(): Promise<RateAnswer> {
  const answer = await call('POST', '/v3/shipments/rate', document(attributes({ shipDate: undefined })));
  expect([200, 202], answer.text).toContain(answer.status);
  const ups = (answer.json.data as { id: string; attributes: RateAnswer['ups'] }[]).find((quote) => quote.id === 't2-UPS-STD')!;
  return { ups: ups.attributes, warnings: answer.json.meta?.warnings ?? [] };
}

/** On SQLite the next rate sees the change; PostgreSQL's desks hear of a settings change by notification. */
async function nextRate(expected: (answer: RateAnswer) => unknown, value: unknown): Promise<void> {
  if (t.databaseUrl) await expect.poll(async () => expected(await rate()), { timeout: 5_000, interval: 20 }).toEqual(value);
  else expect(expected(await rate())).toEqual(value);
}

describe('what a rate reads, changed by another process on the same database', () => {
  it('counts at the next rate: a cutoff, a holiday, a fuel surcharge, and a closed day reopened', async () => {
    const first = await rate();
    // Rated again: the same answer, whatever the desk keeps.
    expect(await rate()).toEqual(first);

    // A cutoff before now: UPS ships Monday, a working day later than Friday's quote.
    await other.settings.set('carriers:cutoff', { UPS: '09:00' });
    await nextRate((answer) => answer.ups.estimatedDeliveryDate > first.ups.estimatedDeliveryDate, true);
    const afterCutoff = (await rate()).ups.estimatedDeliveryDate;

    // Monday a holiday: UPS ships Tuesday.
    await other.settings.set('station:calendar', { timeZone: 'Europe/Rome', holidays: [monday] });
    await nextRate((answer) => answer.ups.estimatedDeliveryDate > afterCutoff, true);
    await other.settings.set('station:calendar', { timeZone: 'Europe/Rome', holidays: [] });
    await other.settings.remove('carriers:cutoff');
    await nextRate((answer) => answer.ups.estimatedDeliveryDate, first.ups.estimatedDeliveryDate);

    // A fuel surcharge changes UPS's price.
    await other.carrierSettings.setFuelSurcharge('UPS', 27.5);
    await nextRate((answer) => answer.ups.finalCost.amount > first.ups.finalCost.amount, true);

    // UPS's day closed here: the next rate warns that UPS ships Monday.
    const made = await call(
      'POST',
      '/v3/shipments',
      document(attributes({ shipDate: undefined }), { scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' }),
    );
    expect(made.status, made.text).toBe(201);
    const closed = await call('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', date: friday } } });
    expect(closed.status, closed.text).toBe(201);
    expect((await rate()).warnings.map((warning) => warning.meta)).toMatchObject([{ carrier: 'UPS', shipDate: monday }]);

    // Reopened by another process (a supervisor at another desk): the very next rate at this one has no warning.
    const reopened = await other.manifests.reopen(closed.json.data.id, {
      desk: 'elsewhere',
      via: 'cli',
      actorClientId: null,
      actor: 'operator',
      actorRole: null,
      action: 'manifest.reopened',
      subjectType: 'manifest',
      subjectId: closed.json.data.id,
      detail: { number: closed.json.data.attributes.number },
    });
    expect(reopened).toBe(true);
    expect((await rate()).warnings).toEqual([]);

    // Closed again here: warned at once again.
    const again = await call('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', date: friday } } });
    expect(again.status, again.text).toBe(201);
    expect((await rate()).warnings.map((warning) => warning.meta)).toMatchObject([{ carrier: 'UPS', shipDate: monday }]);
  });
});
