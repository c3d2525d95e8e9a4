// Booking at the service tier, without HTTP: the shipment service's save, rate, confirm and create called as the
// routes call them, over a real SQLite store (in a temp folder: the store opens files only), the real carriers with
// the bundled rate cards and the real document pool (test/helpers/service-tier.ts). SQLite only: the API tests pin
// the same behaviours over HTTP on both databases (test/api/shipments.test.ts, test/api/orders.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationError } from '../../src-shared/errors.ts';
import { validateOrderDocument } from '../../src-shared/orders.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import type { Caller } from '../../src-main/domain/caller.ts';
import type { ShipmentRecord } from '../../src-main/domain/shipment.ts';
import { setClock } from '../helpers/clock.ts';
import { openServiceTier, type ServiceTier } from '../helpers/service-tier.ts';
import { attributes, document, shipTo } from '../helpers/shipments.ts';

// A Tuesday morning in Milan, before every carrier's cutoff: a shipment without a date ships today.
const clock = setClock('2026-11-24 09:30', 'Europe/Rome');
let tier: ServiceTier;
let caller: Caller;
beforeAll(async () => {
  tier = await openServiceTier({ clock });
  caller = await tier.caller();
});
afterAll(() => tier.close());

/** The attributes of a shipment as the route hands them to the service: the request's checked by the shared rules. */
function shipment(overrides: Record<string, unknown> = {}): ShipmentAttributes {
  const checked = validateShipmentDocument(document(attributes(overrides)), 'create');
  if (!checked.ok) throw new Error(`the test's shipment is refused: ${JSON.stringify(checked.errors)}`);
  return checked.value;
}

/** The refusal a use case threw: its code, pointer and meta, as the API's error object would carry them. */
async function refusal(work: Promise<unknown>): Promise<StationError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof StationError)) throw new Error(`expected a refusal, got ${error instanceof Error ? error.stack : String(error)}`);
  return error;
}

/** Rows of a table, counted on the store's own SQLite connection (it sees every commit of the writer thread). */
function rows(table: 'shipments' | 'shipment_documents', where = '1 = 1', ...values: unknown[]): number {
  return (tier.store.db!.prepare(`SELECT COUNT(*) AS count FROM ${table} WHERE ${where}`).get(...values) as { count: number }).count;
}

/** How often a shipment's audit trail says it was processed: once per label booked. */
async function timesProcessed(id: string): Promise<number> {
  return (await tier.store.shipments.audit(id)).filter((entry) => entry.action === 'processed').length;
}

/** A saved shipment and the rates of its document, cheapest first. */
async function savedWithRates(): Promise<{ saved: ShipmentRecord; quotes: { carrierCode: string; serviceCode: string }[] }> {
  const saved = await tier.shipments.save(caller, shipment());
  const list = await tier.shipments.rate(caller, shipment());
  expect(list.quotes.length).toBeGreaterThan(1);
  return { saved, quotes: list.quotes };
}

describe('a one-step create books at once, or waits for the scheduler when scheduled', () => {
  it('processes an immediate create: a 12-digit reference, a tracking number and its documents stored', async () => {
    const record = await tier.shipments.create(caller, shipment(), { service: 'economy', scheduledProcessing: false });
    expect(record).toMatchObject({
      status: 3,
      origin: 'create',
      scheduled: false,
      shipDate: clock.today(),
      createdBy: caller.user.username,
      desk: tier.desk,
    });
    expect(record.reference).toMatch(/^[0-9]{12}$/);
    expect(record.trackingNumber).toEqual(expect.any(String));
    expect(record.carrierCode).toEqual(expect.any(String));
    expect(record.finalCents).toBeGreaterThan(0);
    const stored = await tier.shipments.documents(caller, record.id);
    expect(stored.contentType).toBe('application/pdf');
    expect(stored.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rows('shipment_documents', 'shipment_id = ?', record.id)).toBe(1);
    expect(await tier.shipments.get(caller, record.id)).toMatchObject({
      id: record.id,
      reference: record.reference,
      trackingNumber: record.trackingNumber,
    });
  });

  it('keeps a scheduled create waiting (status 0, no reference, no documents) until processWaiting books it', async () => {
    const waiting = await tier.shipments.create(caller, shipment(), { service: 'express', scheduledProcessing: true });
    expect(waiting).toMatchObject({ status: 0, scheduled: true, reference: null, trackingNumber: null, service: 'express' });
    expect(rows('shipment_documents', 'shipment_id = ?', waiting.id)).toBe(0);
    // Hidden from a retrieval until processed, yet the caller's own to answer a repeated request with.
    expect((await refusal(tier.shipments.get(caller, waiting.id))).code).toBe('shipment.retrievalFailed');
    expect(await tier.shipments.acknowledged(caller, waiting.id)).toMatchObject({ id: waiting.id, status: 0 });

    const run = await tier.shipments.processWaiting(10);
    expect(run).toMatchObject({ claimed: 1, processed: 1, failed: 0, deferred: 0 });
    const processed = await tier.shipments.get(caller, waiting.id);
    expect(processed).toMatchObject({ status: 3, scheduled: true, service: 'express' });
    expect(processed.reference).toMatch(/^[0-9]{12}$/);
    expect(processed.trackingNumber).toEqual(expect.any(String));
    expect(rows('shipment_documents', 'shipment_id = ?', waiting.id)).toBe(1);
    // Processed once: a second run finds nothing waiting.
    expect(await tier.shipments.processWaiting(10)).toMatchObject({ claimed: 0, processed: 0 });
  });

  it('refuses a ship date before the station’s today, naming shipDate, and stores nothing', async () => {
    const before = rows('shipments');
    const error = await refusal(
      tier.shipments.create(caller, shipment({ shipDate: clock.day(-1) }), { service: 'economy', scheduledProcessing: false }),
    );
    expect(error.code).toBe('shipment.shipDatePast');
    expect(error.status).toBe(400);
    expect(error.pointer).toBe('/data/attributes/shipDate');
    expect(error.errors[0]).toMatchObject({ code: 'shipment.shipDatePast', source: { pointer: '/data/attributes/shipDate' } });
    expect(rows('shipments')).toBe(before);
  });
});

describe('a saved shipment is booked once, in place, however often it is confirmed', () => {
  it('books a confirm of a saved shipment in place: the same id and reference, status 3 with a label', async () => {
    const { saved, quotes } = await savedWithRates();
    expect(saved).toMatchObject({ status: 0, origin: 'save' });
    expect(saved.reference).toMatch(/^[0-9]{12}$/);
    const before = rows('shipments');
    const booked = await tier.shipments.confirm(caller, shipment(), quotes[0]!, saved.id);
    expect(booked).toMatchObject({
      id: saved.id,
      reference: saved.reference,
      status: 3,
      carrierCode: quotes[0]!.carrierCode,
      serviceCode: quotes[0]!.serviceCode,
    });
    expect(booked.trackingNumber).toEqual(expect.any(String));
    expect(rows('shipments')).toBe(before);
    expect(rows('shipment_documents', 'shipment_id = ?', saved.id)).toBe(1);
  });

  it('answers a second confirm with the same rate with the shipment as booked, booking nothing new', async () => {
    const { saved, quotes } = await savedWithRates();
    const first = await tier.shipments.confirm(caller, shipment(), quotes[0]!, saved.id);
    const before = { shipments: rows('shipments'), documents: rows('shipment_documents') };
    const again = await tier.shipments.confirm(caller, shipment(), quotes[0]!, saved.id);
    expect(again).toMatchObject({ id: saved.id, reference: first.reference, trackingNumber: first.trackingNumber, status: 3 });
    expect({ shipments: rows('shipments'), documents: rows('shipment_documents') }).toEqual(before);
    expect(await timesProcessed(saved.id)).toBe(1);
  });

  it('refuses a confirm of a booked shipment with another rate, or another document, with shipment.confirmedAlready', async () => {
    const { saved, quotes } = await savedWithRates();
    const booked = await tier.shipments.confirm(caller, shipment(), quotes[0]!, saved.id);
    const other = quotes.find((quote) => quote.carrierCode !== quotes[0]!.carrierCode || quote.serviceCode !== quotes[0]!.serviceCode)!;
    const before = rows('shipments');
    const error = await refusal(tier.shipments.confirm(caller, shipment(), other, saved.id));
    expect(error.code).toBe('shipment.confirmedAlready');
    expect(error.status).toBe(409);
    expect(error.pointer).toBe('/data/id');
    expect(error.errors[0]!.meta).toMatchObject({
      reason: 'confirmedAlready',
      shipment: { id: saved.id, reference: booked.reference, status: 3, trackingNumber: booked.trackingNumber },
    });
    // Another parcel sent under the booked one's id at the same rate is refused too: nobody is answered another parcel.
    const elsewhere = await refusal(
      tier.shipments.confirm(caller, shipment({ shipTo: { ...shipTo(), name: 'Someone Else' } }), quotes[0]!, saved.id),
    );
    expect(elsewhere.code).toBe('shipment.confirmedAlready');
    expect(rows('shipments')).toBe(before);
    expect(await timesProcessed(saved.id)).toBe(1);
  });

  it('books one label when ten confirms of it run at once', async () => {
    const { saved, quotes } = await savedWithRates();
    const before = { shipments: rows('shipments'), documents: rows('shipment_documents') };
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, () => tier.shipments.confirm(caller, shipment(), quotes[0]!, saved.id)),
    );
    const booked = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(booked.length).toBeGreaterThan(0);
    // Every answer is the one shipment as booked; one that lost the race while it was being booked is told so, naming it.
    expect(new Set(booked.map((record) => `${record.id} ${record.reference} ${record.trackingNumber}`)).size).toBe(1);
    expect(booked[0]).toMatchObject({ id: saved.id, reference: saved.reference, status: 3 });
    for (const error of refused) {
      expect(error).toBeInstanceOf(StationError);
      expect((error as StationError).errors[0]).toMatchObject({
        code: 'shipment.confirmInProgress',
        meta: { reason: 'confirmInProgress', shipment: { id: saved.id, reference: saved.reference } },
      });
    }
    // Nothing new is stored but the saved shipment's one label: one documents row, one 'processed' in its trail.
    expect(rows('shipments')).toBe(before.shipments);
    expect(rows('shipment_documents')).toBe(before.documents + 1);
    expect(rows('shipment_documents', 'shipment_id = ?', saved.id)).toBe(1);
    expect(await timesProcessed(saved.id)).toBe(1);
  });
});

describe('an order is shipped by one live shipment at a time', () => {
  /** An order of the caller's account, made through the order service as the API makes it. */
  async function order(number: string) {
    const checked = validateOrderDocument({
      data: {
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
          ],
          tags: null,
        },
      },
    });
    if (!checked.ok) throw new Error(`the test's order is refused: ${JSON.stringify(checked.errors)}`);
    return tier.orders.create(caller, checked.value);
  }

  it('refuses a create for an order another shipment ships with order.shipped, naming that shipment', async () => {
    await order('SO-2001');
    const shipped = await tier.shipments.create(caller, shipment(), {
      service: 'economy',
      scheduledProcessing: false,
      orderNumber: 'SO-2001',
    });
    expect(shipped).toMatchObject({ status: 3, orderNumber: 'SO-2001' });
    const before = rows('shipments');
    const error = await refusal(
      tier.shipments.create(caller, shipment(), { service: 'economy', scheduledProcessing: false, orderNumber: 'SO-2001' }),
    );
    expect(error.code).toBe('order.shipped');
    expect(error.status).toBe(409);
    expect(error.pointer).toBe('/data/meta/orderNumber');
    expect(error.errors[0]!.meta).toMatchObject({
      reason: 'orderShipped',
      order: 'SO-2001',
      shipment: { id: shipped.id, reference: shipped.reference, status: 3 },
    });
    expect(rows('shipments')).toBe(before);
  });

  it('refuses a create for an order a waiting shipment ships with order.inProgress, until the scheduler books it', async () => {
    await order('SO-3001');
    const waiting = await tier.shipments.create(caller, shipment(), {
      service: 'economy',
      scheduledProcessing: true,
      orderNumber: 'SO-3001',
    });
    const error = await refusal(
      tier.shipments.create(caller, shipment(), { service: 'economy', scheduledProcessing: false, orderNumber: 'SO-3001' }),
    );
    expect(error.code).toBe('order.inProgress');
    expect(error.errors[0]!.meta).toMatchObject({ reason: 'orderInProgress', order: 'SO-3001', shipment: { id: waiting.id } });
    await tier.shipments.processWaiting(10);
    expect(
      (await refusal(tier.shipments.create(caller, shipment(), { service: 'economy', scheduledProcessing: false, orderNumber: 'SO-3001' })))
        .code,
    ).toBe('order.shipped');
  });
});
