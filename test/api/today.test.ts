// GET /v3/today over HTTP: one ship date of the client at a glance. Counts per carrier match what was made,
// queued, failed and saved that day, a close moves a carrier from "to close" to its manifest, the desk's open print
// jobs are listed while the printer has them, the next pickup gathers one carrier's collection of a day, and
// nothing of another client shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, parcel } from '../helpers/shipments.ts';
import { addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';

const noCups = cupsMissing();
const DEAD_QUEUE = `station-today-dead-${process.pid}`;

let t: TestStation;
let token: string;
// A Wednesday morning at the station, standing still.
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
const wednesday = clock.today();
const thursday = clock.day(1);

beforeAll(async () => {
  // Nothing listens on port 9: the printer holds the job until the station gives up on it (a minute here).
  if (!noCups) addRawQueue(DEAD_QUEUE, 'socket://127.0.0.1:9');
  t = await startTestStation({
    schedulerIntervalMs: 0,
    clock,
    printPollMs: 100,
    printTimeoutMs: 60_000,
    documentWorkerUrl: new URL('../helpers/crashing-document-worker.ts', import.meta.url),
  });
  token = await t.token();
});
afterAll(async () => {
  await t?.close();
  if (!noCups) removeQueue(DEAD_QUEUE);
});

const call = (method: string, path: string, body?: unknown, bearer = token) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const make = async (meta: Record<string, unknown>, extra: Record<string, unknown> = {}, path = '/v3/shipments', bearer = token) => {
  const made = await call(
    'POST',
    path,
    document(attributes({ shipDate: undefined, packages: [parcel('1'), parcel('2')], ...extra }), meta),
    bearer,
  );
  expect(made.status, made.text).toBeLessThan(300);
  return made.json.data.id as string;
};

describe('the Today resource', () => {
  it('counts the day per carrier, moves a close from "to close" to its manifest, and shows the next pickup', async () => {
    const empty = await call('GET', '/v3/today');
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json.data).toMatchObject({
      type: 'today',
      id: wednesday,
      attributes: { date: wednesday, carriers: [], printJobs: [], nextPickup: null },
    });

    // One that cannot be rendered fails when the scheduler takes it; the one queued after it waits.
    await make({ scheduledProcessing: true, service: 'economy', carrierChoice: 'DHL' }, { customerReference: 'CRASH-ALWAYS' });
    await t.station.scheduler.runOnce();
    await make({ scheduledProcessing: true, service: 'economy', carrierChoice: 'UPS' });
    await make({ scheduledProcessing: true, service: 'economy' });
    await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
    await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
    await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'DHL' }, { booking: false });
    await make({}, {}, '/v3/shipments/save');
    const voided = await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
    expect((await call('DELETE', `/v3/shipments/${voided}`)).status).toBe(204);
    // Another day, and another client, are not today's.
    await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' }, { shipDate: thursday });
    await t.station.clients.add(OPERATOR, { username: 'today-other', password: 'Another-Desk-2026', profile: { name: 'Other' } });
    const other = (await t.signIn('today-other', 'Another-Desk-2026')).json.meta.token as string;
    await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' }, {}, '/v3/shipments', other);

    const day = (await call('GET', `/v3/today?date=${wednesday}`)).json.data.attributes;
    expect(day.carriers).toEqual([
      { carrier: 'DHL_EXPRESS', carrierName: 'DHL Express', made: 1, waiting: 0, failed: 1, saved: 0, toClose: 1, manifest: null },
      { carrier: 'UPS', carrierName: 'UPS', made: 2, waiting: 1, failed: 0, saved: 0, toClose: 2, manifest: null },
      { carrier: null, carrierName: 'Any carrier', made: 0, waiting: 1, failed: 0, saved: 1, toClose: 0, manifest: null },
    ]);
    expect(day.totals).toEqual({ made: 3, waiting: 2, failed: 1, saved: 1, toClose: 3, returns: 0 });
    // The two UPS collections of the day at the sender's address, four parcels: DHL's shipment booked none.
    expect(day.nextPickup).toEqual({
      carrier: 'UPS',
      carrierName: 'UPS',
      date: wednesday,
      cancelBefore: `${wednesday} 12:00`,
      address: expect.objectContaining({ city: 'Milano', country: 'IT' }),
      parcels: 4,
      shipments: 2,
    });

    const closed = await call('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', date: wednesday } } });
    expect(closed.status, closed.text).toBe(201);
    const after = (await call('GET', '/v3/today')).json.data.attributes;
    expect(after.carriers[1]).toMatchObject({
      carrier: 'UPS',
      made: 2,
      toClose: 0,
      manifest: { id: closed.json.data.id, number: closed.json.data.attributes.number, transmittedAt: null },
    });
    expect(after.totals.toClose).toBe(1);

    // Cancelled collections are no longer coming: the next pickup is the other day's.
    const pickups = (await call('GET', `/v3/pickups?date=${wednesday}`)).json.data as { id: string }[];
    for (const pickup of pickups) expect((await call('DELETE', `/v3/pickups/${pickup.id}`)).status).toBe(204);
    expect((await call('GET', '/v3/today')).json.data.attributes.nextPickup).toMatchObject({
      carrier: 'UPS',
      date: thursday,
      shipments: 1,
      parcels: 2,
    });
  });

  it.skipIf(noCups)('lists the desk’s print jobs the printer still holds, and only the caller’s', async () => {
    const id = await make({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
    const job = await call('POST', `/v3/shipments/${id}/print`, {
      data: { type: 'printJob', attributes: { printer: DEAD_QUEUE, format: 'zpl' } },
    });
    expect(job.status, job.text).toBe(202);
    const jobs = (await call('GET', '/v3/today')).json.data.attributes.printJobs;
    expect(jobs).toEqual([
      {
        id: job.json.data.id,
        shipmentId: id,
        printer: DEAD_QUEUE,
        status: expect.stringMatching(/^(queued|printing)$/),
        createdAt: expect.any(String),
      },
    ]);
    const other = (await t.signIn('today-other', 'Another-Desk-2026')).json.meta.token as string;
    expect((await call('GET', '/v3/today', undefined, other)).json.data.attributes.printJobs).toEqual([]);
  });

  it('names the date parameter when it is not a date', async () => {
    const refused = await call('GET', '/v3/today?date=2026-02-30');
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({
      code: 'parameter.invalid',
      detail: 'Invalid or empty required parameter: date',
      source: { parameter: 'date' },
    });
  });
});
