import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import { workingDayFrom } from '../../src-shared/calendar.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';
import { attributes, document, exportDeclaration, get, parcel, post, shipTo } from '../helpers/shipments.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

const ID = /^[0-9A-F]{64}$/;

/** How many shipments the account has (none of these tests makes over 1,000). */
const shipmentCount = async () => (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data.length;

async function rates(attrs = attributes()) {
  const response = await post(t, token, '/v3/shipments/rate', document(attrs));
  expect(response.status).toBe(202);
  return response.json.data as { id: string; attributes: Record<string, any>; meta?: Record<string, unknown> }[];
}

describe('POST /shipments/save stores a shipment at status 0', () => {
  it('answers 202 with Location, a 64-hex id, a 12-digit reference and every meta field', async () => {
    const response = await post(t, token, '/v3/shipments/save', document());
    expect(response.status).toBe(202);
    expect(response.headers['content-type']).toBe(JSONAPI);
    const data = response.json.data;
    expect(data.type).toBe('shipment');
    expect(data.id).toMatch(ID);
    expect(response.headers.location).toBe(`${t.url}/v3/shipments/${data.id}`);
    expect(data.links).toEqual({ self: `${t.url}/v3/shipments/${data.id}` });
    expect(data.meta).toEqual({
      scheduledProcessing: false,
      status: 0,
      reference: expect.stringMatching(/^[0-9]{12}$/),
      carrierName: null,
      finalCost: null,
      insuranceCost: null,
      trackingNumber: null,
      // Who made it, and where: the signed-in user and this station's desk.
      createdBy: 'smith',
      desk: t.station.desk,
      site: '1',
    });
    expect(data.attributes.shipTo.postalCode).toBe('80331');
    expect(data.attributes.insuranceDescription).toBeNull();
    expect(data.attributes.insuranceValue).toBeNull();
    expect(data.attributes.customerReference).toBe('ORDER-7781');
  });

  it('accepts a shipment without packages and returns an empty list', async () => {
    const attrs = attributes();
    delete attrs.packages;
    const response = await post(t, token, '/v3/shipments/save', document(attrs));
    expect(response.status).toBe(202);
    expect(response.json.data.attributes.packages).toEqual([]);
  });

  it('ignores the request id, accepts included: [], and gives unique ids and references', async () => {
    const body = { data: { type: 'shipment', id: 7, attributes: attributes(), meta: {} }, included: [] };
    const [a, b] = await Promise.all([post(t, token, '/v3/shipments/save', body), post(t, token, '/v3/shipments/save', body)]);
    expect(a.json.data.id).not.toBe(7);
    expect(a.json.data.id).not.toBe(b.json.data.id);
    expect(a.json.data.meta.reference).not.toBe(b.json.data.meta.reference);
  });

  it('can be retrieved at its Location', async () => {
    const saved = await post(t, token, '/v3/shipments/save', document());
    const response = await get(t, token, `/v3/shipments/${saved.json.data.id}`);
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual(saved.json.data);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('POST /shipments/rate lists priced services', () => {
  it('answers 202 with rate objects of spec 2.3, cheapest first', async () => {
    const list = await rates();
    expect(list.length).toBeGreaterThanOrEqual(5);
    for (const rate of list) {
      expect(rate.id).toBe(`t2-${rate.attributes.carrierCode}-${rate.attributes.serviceCode}`);
      expect(Object.keys(rate.attributes)).toEqual([
        'carrierCode',
        'carrierName',
        'serviceCode',
        'serviceName',
        'serviceDefinitionCode',
        'accountId',
        'finalCost',
        'prepaidCost',
        'vatValue',
        'estimatedDeliveryDate',
      ]);
      expect(rate.attributes.finalCost.currency).toBe('EUR');
      expect(rate.attributes.prepaidCost.amount).toBe(
        Math.round(rate.attributes.finalCost.amount * (100 + rate.attributes.vatValue)) / 100,
      );
      expect(rate.attributes.estimatedDeliveryDate > t.clock.today()).toBe(true);
    }
    const prices = list.map((rate) => rate.attributes.finalCost.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(list.map((rate) => rate.attributes.carrierCode))).toEqual(
      new Set(['DHL_EXPRESS', 'UPS', 'FEDEX', 'TNT', 'POSTE_ITALIANE']),
    );
  });

  it('prices more for a heavier parcel', async () => {
    const light = await rates(attributes({ packages: [parcel('1')] }));
    const heavy = await rates(attributes({ packages: [parcel('20')] }));
    const price = (list: typeof light, id: string) => list.find((rate) => rate.id === id)!.attributes.finalCost.amount;
    expect(price(heavy, 't2-UPS-STD')).toBeGreaterThan(price(light, 't2-UPS-STD'));
  });

  it('leaves out services that cannot carry the shipment, and says why in meta', async () => {
    const response = await post(t, token, '/v3/shipments/rate', document(attributes({ packages: [parcel('45')] })));
    const ids = response.json.data.map((rate: { id: string }) => rate.id);
    expect(ids).not.toContain('t2-POSTE_ITALIANE-INTL');
    expect(ids).toContain('t2-UPS-STD');
    // The English reason for people, and the same as a code with its figures for programs and the desk.
    expect(response.json.meta.unavailable).toContainEqual({
      id: 't2-POSTE_ITALIANE-INTL',
      reason: 'Poste Italiane Poste Delivery International: package 1 weighs 45 kg, over the 30 kg limit',
      pointer: '/data/attributes/packages/0/weight/value',
      code: 'package.overWeight',
      carrierName: 'Poste Italiane',
      serviceName: 'Poste Delivery International',
      packageIndex: 0,
      weightKg: 45,
      limitKg: 30,
    });
  });

  it('gives a package too long or too big around for a service its code and figures', async () => {
    const long = parcel('2', ['200', '10', '10']);
    const bulky = parcel('2', ['100', '80', '80']);
    const unavailable = async (packages: object[]) =>
      (await post(t, token, '/v3/shipments/rate', document(attributes({ packages })))).json.meta.unavailable as Record<string, unknown>[];
    const tooLong = (await unavailable([parcel('1'), long])).find((entry) => entry.code === 'package.overLength');
    expect(tooLong).toMatchObject({
      packageIndex: 1,
      lengthCm: 200,
      limitCm: expect.any(Number),
      pointer: '/data/attributes/packages/1/dimensions',
    });
    expect(tooLong!.reason).toContain(`package 2 is 200 cm long, over the ${String(tooLong!.limitCm)} cm limit`);
    const tooBig = (await unavailable([bulky])).find((entry) => entry.code === 'package.overGirth');
    expect(tooBig).toMatchObject({
      packageIndex: 0,
      girthCm: 420,
      limitCm: expect.any(Number),
      pointer: '/data/attributes/packages/0/dimensions',
    });
    expect(tooBig!.reason).toContain(`package 1 measures 420 cm in length plus girth, over the ${String(tooBig!.limitCm)} cm limit`);
  });

  it('names the member each reason is about, so that a desk can mark the field', async () => {
    const response = await post(t, token, '/v3/shipments/rate', document(attributes({ packages: [parcel('1.4'), parcel('5000')] })));
    expect(response.status).toBe(202);
    expect(response.json.data).toEqual([]);
    const unavailable = response.json.meta.unavailable as { reason: string; pointer?: string }[];
    expect(unavailable.length).toBeGreaterThan(0);
    // Every service that serves the route says why, and points at the second package's weight.
    const weightReasons = unavailable.filter((entry) => !entry.reason.includes('does not serve'));
    expect(weightReasons.length).toBeGreaterThan(3);
    for (const entry of weightReasons) {
      expect(entry).toEqual({
        id: expect.any(String),
        reason: expect.stringContaining('package 2 weighs 5000 kg, over the 1000 kg no service carries'),
        pointer: '/data/attributes/packages/1/weight/value',
        code: 'package.overMaximum',
        carrierName: expect.any(String),
        serviceName: expect.any(String),
        packageIndex: 1,
        weightKg: 5000,
        limitKg: 1000,
      });
    }
    // A service that does not serve the route points at the destination.
    expect(unavailable).toContainEqual({
      id: 't2-POSTE_ITALIANE-EXPRESS',
      reason: 'Poste Italiane Poste Delivery Business Express does not serve IT to DE',
      pointer: '/data/attributes/shipTo/country',
      code: 'route.notServed',
      carrierName: 'Poste Italiane',
      serviceName: 'Poste Delivery Business Express',
      from: 'IT',
      to: 'DE',
    });
  });
});

describe('POST /shipments/confirm processes the shipment with the chosen rate', () => {
  it('answers 202 with status 3, carrier, cost, tracking number and a tracking link', async () => {
    const [rate] = await rates();
    const response = await post(t, token, '/v3/shipments/confirm', {
      data: { type: 'shipment', attributes: attributes(), meta: { rate } },
      included: [],
    });
    expect(response.status).toBe(202);
    const data = response.json.data;
    expect(response.headers.location).toBe(`${t.url}/v3/shipments/${data.id}`);
    expect(data.meta).toMatchObject({
      scheduledProcessing: false,
      status: 3,
      carrierName: rate!.attributes.carrierName,
      finalCost: rate!.attributes.finalCost,
      insuranceCost: null,
    });
    expect(data.meta.reference).toMatch(/^[0-9]{12}$/);
    expect(data.meta.trackingNumber).toEqual(expect.any(String));
    expect(data.links.tracking).toMatch(new RegExp(`^${t.url}/track/[A-Za-z0-9_-]{20,}$`));
  });

  it('confirms without a price check when finalCost is omitted', async () => {
    const [rate] = await rates();
    const { finalCost: _omitted, ...rest } = rate!.attributes;
    const response = await post(
      t,
      token,
      '/v3/shipments/confirm',
      document(attributes(), { rate: { type: 'rate', id: rate!.id, attributes: rest } }),
    );
    expect(response.status).toBe(202);
    expect(response.json.data.meta.status).toBe(3);
  });

  it('refuses a differing price with the exact 503 and confirms nothing', async () => {
    const [rate] = await rates();
    const today = rate!.attributes.finalCost.amount;
    const before = (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data.length;
    const stale = { ...rate, attributes: { ...rate!.attributes, finalCost: { amount: 80.02, currency: 'EUR' } } };
    const response = await post(t, token, '/v3/shipments/confirm', document(attributes(), { rate: stale }));
    expect(response.status).toBe(503);
    expect(response.json).toEqual({
      jsonapi: { version: '1.0' },
      errors: [
        {
          status: 503,
          code: 'rate.priceChanged',
          title: 'Service Unavailable',
          detail: `Price is different. Original price: 80.02; updated price: ${today}`,
          // The same figures for programs, so no client has to parse the English.
          meta: { originalPrice: 80.02, updatedPrice: today, currency: 'EUR' },
        },
      ],
    });
    expect(await shipmentCount()).toBe(before);
  });

  describe('a confirm books only the document its rate was given for', () => {
    it('hands each rate the hash of the document it priced, the same for the same document in any member order', async () => {
      const [rate] = await rates();
      // Beside it, the parcel's CO2e on the service and when it arrives (test/api/emissions.test.ts, delivery-outlook.test.ts).
      expect(rate!.meta).toEqual({
        documentHash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        emissions: expect.objectContaining({ co2eKg: expect.any(Number) }),
        delivery: expect.objectContaining({ basis: expect.objectContaining({ source: 'card' }) }),
      });
      const reordered = Object.fromEntries(Object.entries(attributes()).reverse());
      const [again] = await rates(reordered);
      expect(again!.meta).toEqual(rate!.meta);
      const numeric = attributes({
        packages: [{ weight: { value: 1.4, units: 1 }, dimensions: { length: 30, width: 20, height: 15, units: '1' }, type: 'carton' }],
      });
      const [asNumbers] = await rates(numeric);
      expect(asNumbers!.meta).toEqual(rate!.meta);
      const [heavier] = await rates(attributes({ packages: [parcel('9.5')] }));
      expect(heavier!.meta).not.toEqual(rate!.meta);
    });

    it.each([
      ['a receiver renamed', attributes({ shipTo: { ...shipTo(), name: 'Someone Else' } })],
      ['a package weighing 9.5 kg, not 1.4', attributes({ packages: [parcel('9.5')] })],
    ])('refuses %s after rating with 409, and books nothing', async (_what, edited) => {
      const [rate] = await rates();
      const before = (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data.length;
      const response = await post(t, token, '/v3/shipments/confirm', document(edited, { rate }));
      expect(response.status).toBe(409);
      expect(response.json.errors).toEqual([
        {
          status: 409,
          code: 'shipment.notTheRated',
          title: 'Conflict',
          detail: expect.stringMatching(/^The shipment differs from the one these rates were given for .*Get rates again/),
          source: { pointer: '/data/meta/rate/meta/documentHash' },
          meta: { reason: expect.stringContaining('Get rates again') },
        },
      ]);
      expect(await shipmentCount()).toBe(before);
    });

    it('books the same document with its hash, and a rate sent without one as before (an older client)', async () => {
      const [rate] = await rates();
      expect((await post(t, token, '/v3/shipments/confirm', document(attributes(), { rate }))).status).toBe(202);
      const { meta: _none, ...withoutHash } = rate!;
      expect((await post(t, token, '/v3/shipments/confirm', document(attributes(), { rate: { ...withoutHash, meta: null } }))).status).toBe(
        202,
      );
    });

    it('refuses a hash that is not text, naming it', async () => {
      const [rate] = await rates();
      const response = await post(
        t,
        token,
        '/v3/shipments/confirm',
        document(attributes(), { rate: { ...rate, meta: { documentHash: 7 } } }),
      );
      expect(response.status).toBe(400);
      expect(response.json.errors[0].source).toEqual({ pointer: '/data/meta/rate/meta/documentHash' });
    });
  });

  it('charges insurance apart from the rate', async () => {
    const attrs = attributes({ insuranceDescription: 'Ceramics', insuranceValue: '500.00' });
    const [rate] = await rates(attrs);
    const response = await post(t, token, '/v3/shipments/confirm', document(attrs, { rate }));
    expect(response.json.data.meta.insuranceCost).toEqual({ amount: expect.any(Number), currency: 'EUR' });
    expect(response.json.data.meta.insuranceCost.amount).toBeGreaterThan(0);
    expect(response.json.data.meta.finalCost).toEqual(rate!.attributes.finalCost);
  });

  it.each([
    [{ type: 'rate', id: 't2-NOPE-EXP' }, "Invalid data: 'data.meta.rate.id'.", 'carrier.unknown', 'No carrier has the code NOPE.'],
    [
      { type: 'rate', id: 't2-UPS-OVERNIGHT' },
      "Invalid data: 'data.meta.rate.id'.",
      'carrier.noSuchService',
      'The carrier has no service OVERNIGHT.',
    ],
    [{ type: 'rate', id: 'garbage' }, "Invalid data: 'data.meta.rate.id'.", 'field.invalid', undefined],
    [undefined, "Missing required data: 'data.meta.rate'.", 'field.missing', undefined],
  ])('refuses the rate %j', async (rate, detail, code, reason) => {
    const response = await post(t, token, '/v3/shipments/confirm', document(attributes(), rate ? { rate } : {}));
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({ code, detail, ...(reason ? { meta: { reason } } : {}) });
  });

  it('refuses a rate whose service cannot carry the shipment as it is now, saying why with its code and figures', async () => {
    const [rate] = await rates();
    expect(rate!.id).toMatch(/^t2-/);
    // The parcel grew past what the cheapest service carries (an ERP that confirms a stale rate without its hash).
    const heavy = attributes({ packages: [parcel('1200', ['120', '100', '100'])] });
    const response = await post(t, token, '/v3/shipments/confirm', document(heavy, { rate: { ...rate, meta: null } }));
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({
      code: 'rate.notAvailable',
      detail: "Invalid data: 'data.meta.rate.id'.",
      source: { pointer: '/data/meta/rate/id' },
      meta: {
        reason: expect.stringContaining('over the 1000 kg no service carries'),
        unavailable: [{ id: rate!.id, code: 'package.overMaximum', packageIndex: 0, weightKg: 1200, limitKg: 1000 }],
      },
    });
  });
});

describe('a saved shipment is booked once, however often it is confirmed', () => {
  /** A saved shipment and a confirm of it with the cheapest rate, as a desk or an ERP sends it. */
  async function savedAndConfirm() {
    const saved = (await post(t, token, '/v3/shipments/save', document())).json.data;
    const list = await rates();
    const confirm = (rate = list[0]) => {
      const body = document(attributes(), { rate }) as { data: Record<string, unknown> };
      body.data.id = saved.id;
      return post(t, token, '/v3/shipments/confirm', body);
    };
    return { saved, list, confirm };
  }

  it('answers a second confirm with the same rate with the booked shipment, and books no second label or charge', async () => {
    const { saved, confirm } = await savedAndConfirm();
    const first = await confirm();
    expect(first.status).toBe(202);
    const before = await shipmentCount();
    const second = await confirm();
    expect(second.status).toBe(202);
    expect(second.json.data.id).toBe(saved.id);
    expect(second.json.data.meta.reference).toBe(first.json.data.meta.reference);
    expect(second.json.data.meta.trackingNumber).toBe(first.json.data.meta.trackingNumber);
    expect(await shipmentCount()).toBe(before);
    const audit = (await t.station.store.shipments.audit(saved.id)).map((entry) => entry.action);
    expect(audit.filter((action) => action === 'processed')).toHaveLength(1);
  });

  it('refuses a confirm of a booked shipment with another rate, 409 naming its reference', async () => {
    const { saved, list, confirm } = await savedAndConfirm();
    const booked = (await confirm(list[0])).json.data;
    const other = list.find((rate) => rate.id !== list[0]!.id)!;
    const response = await confirm(other);
    expect(response.status).toBe(409);
    expect(response.json.errors[0].code).toBe('shipment.confirmedAlready');
    expect(response.json.errors[0].detail).toContain(`Shipment ${booked.meta.reference} is confirmed already`);
    expect(response.json.errors[0].source).toEqual({ pointer: '/data/id' });
    expect(response.json.errors[0].meta).toMatchObject({
      reason: 'confirmedAlready',
      shipment: { id: saved.id, reference: booked.meta.reference, status: 3 },
    });
  });

  it('refuses a confirm of a booked shipment’s id with another document, 409, booking nothing and answering no other parcel', async () => {
    const { saved, list, confirm } = await savedAndConfirm();
    const booked = (await confirm(list[0])).json.data;
    const before = await shipmentCount();
    // Another parcel sent under the booked one's id, at the same rate.
    const body = document(attributes({ shipTo: { ...shipTo(), name: 'Someone Else' } }), { rate: { ...list[0], meta: null } }) as {
      data: Record<string, unknown>;
    };
    body.data.id = saved.id;
    const response = await post(t, token, '/v3/shipments/confirm', body);
    expect(response.status).toBe(409);
    expect(response.json.errors[0].meta).toMatchObject({
      reason: 'confirmedAlready',
      shipment: { id: saved.id, reference: booked.meta.reference },
    });
    expect(await shipmentCount()).toBe(before);
  });

  it('books one label when 10 confirms of it arrive together', async () => {
    const { saved, confirm } = await savedAndConfirm();
    const before = await shipmentCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm()));
    for (const answer of answers) expect([202, 409]).toContain(answer.status);
    for (const answer of answers.filter((one) => one.status === 202)) expect(answer.json.data.id).toBe(saved.id);
    // One that lost the race while it was being booked is told so, with the shipment's reference to retrieve.
    for (const answer of answers.filter((one) => one.status === 409)) {
      expect(answer.json.errors[0]).toMatchObject({
        code: 'shipment.confirmInProgress',
        meta: { reason: 'confirmInProgress', shipment: { id: saved.id, reference: saved.meta.reference } },
      });
    }
    expect(await shipmentCount()).toBe(before);
    const audit = (await t.station.store.shipments.audit(saved.id)).map((entry) => entry.action);
    expect(audit.filter((action) => action === 'processed')).toHaveLength(1);
  });

  it('refuses a confirm naming a scheduled shipment that waits for the scheduler, 409', async () => {
    const waiting = (await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: true }))).json
      .data;
    const [rate] = await rates();
    const body = document(attributes(), { rate }) as { data: Record<string, unknown> };
    body.data.id = waiting.id;
    const response = await post(t, token, '/v3/shipments/confirm', body);
    expect(response.status).toBe(409);
    expect(response.json.errors[0]).toMatchObject({ code: 'shipment.notAwaitingConfirm', meta: { reason: 'notAwaitingConfirm' } });
  });
});

describe('POST /shipments creates and confirms in one step', () => {
  it('processes immediately with scheduledProcessing false: 201, service echoed, collectionLocation null, documentsOnly false', async () => {
    const response = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    expect(response.status).toBe(201);
    const data = response.json.data;
    expect(response.headers.location).toBe(`${t.url}/v3/shipments/${data.id}`);
    expect(data.meta).toMatchObject({ scheduledProcessing: false, service: 'express', status: 3 });
    expect(data.meta).not.toHaveProperty('carrierChoice');
    expect(data.attributes.collectionLocation).toBeNull();
    expect(data.attributes.documentsOnly).toBe(false);
    expect(data.links.tracking).toBeDefined();
  });

  it('picks the fastest service for express and the cheapest for economy', async () => {
    const list = await rates();
    const cheapest = list[0]!;
    const fastestDate = list.map((rate) => rate.attributes.estimatedDeliveryDate).sort()[0];
    const economy = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
    expect(economy.json.data.meta.finalCost).toEqual(cheapest.attributes.finalCost);
    const express = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    const chosen = list.find(
      (rate) =>
        rate.attributes.carrierName === express.json.data.meta.carrierName &&
        rate.attributes.finalCost.amount === express.json.data.meta.finalCost.amount,
    );
    expect(chosen?.attributes.estimatedDeliveryDate).toBe(fastestDate);
  });

  it('keeps to the carrier choice', async () => {
    const response = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes(), { service: 'economy', carrierChoice: 'UPS', scheduledProcessing: false }),
    );
    expect(response.json.data.meta).toMatchObject({ carrierChoice: 'UPS', carrierName: 'UPS' });
    expect(response.json.data.meta.trackingNumber).toMatch(/^1Z/);
  });

  it('schedules by default: 202, reference null, no tracking link, and hidden until processed', async () => {
    const response = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express' }));
    expect(response.status).toBe(202);
    const data = response.json.data;
    expect(data.meta).toEqual({
      scheduledProcessing: true,
      service: 'express',
      status: 0,
      reference: null,
      carrierName: null,
      finalCost: null,
      insuranceCost: null,
      trackingNumber: null,
      createdBy: 'smith',
      desk: t.station.desk,
      site: '1',
    });
    expect(data.links).toEqual({ self: `${t.url}/v3/shipments/${data.id}` });

    const retrieval = await get(t, token, `/v3/shipments/${data.id}`);
    expect(retrieval.status).toBe(404);
    expect(retrieval.json.errors[0].detail).toBe('Error retrieving shipment data.');
    expect((await get(t, token, `/v3/shipments/${data.id}/tracking`)).json.errors[0].detail).toBe('Error retrieving shipment data.');
    expect((await get(t, token, `/v3/shipments/${data.id}/documents`)).json.errors[0].detail).toBe('Shipment not yet processed');
    const summaries = await get(t, token, '/v3/shipment-summaries?limit=1000');
    expect(summaries.json.data.find((row: { id: string }) => row.id === data.id).attributes).toMatchObject({ status: 0, reference: null });

    await t.station.scheduler.runOnce();
    const processed = await get(t, token, `/v3/shipments/${data.id}`);
    expect(processed.status).toBe(200);
    expect(processed.json.data.meta).toMatchObject({ scheduledProcessing: true, service: 'express', status: 3 });
    expect(processed.json.data.meta.reference).toMatch(/^[0-9]{12}$/);
    expect(processed.json.data.links.tracking).toBeDefined();
  });

  it("gives a shipment without shipDate the station's today, or on a weekend the next working day", async () => {
    const attrs = attributes();
    expect(attrs.shipDate).toBeUndefined();
    const response = await post(t, token, '/v3/shipments', document(attrs, { service: 'economy', scheduledProcessing: false }));
    expect(response.json.data.attributes.shipDate).toBe(workingDayFrom(t.clock.today(), []));
  });

  it('stores and echoes collectionLocation and exportDeclaration', async () => {
    const collectionLocation = {
      ...shipTo(),
      name: 'Magazzino Nord',
      address1: 'Via Torino 5',
      city: 'Torino',
      postalCode: '10121',
      state: 'TO',
      country: 'IT',
    };
    const attrs = attributes({
      shipTo: { ...shipTo(), country: 'CH', city: 'Zurich', postalCode: '8001' },
      collectionLocation,
      exportDeclaration: exportDeclaration(),
    });
    const response = await post(t, token, '/v3/shipments', document(attrs, { service: 'economy', scheduledProcessing: false }));
    expect(response.status).toBe(201);
    expect(response.json.data.attributes.collectionLocation).toMatchObject({ name: 'Magazzino Nord', postalCode: '10121' });
    expect(response.json.data.attributes.exportDeclaration).toEqual(exportDeclaration());
  });

  it('turns a documents-only shipment description into DOCUMENTS', async () => {
    const attrs = attributes({
      shipTo: { ...shipTo(), country: 'US', state: 'NY', city: 'New York', postalCode: '10001', phone: '12125550100' },
      documentsOnly: true,
      goodsDescription: null,
      packages: [parcel('0.5', ['30', '21', '2'])],
    });
    delete attrs.invoiceSubtotal;
    const response = await post(t, token, '/v3/shipments', document(attrs, { service: 'express', scheduledProcessing: false }));
    expect(response.status).toBe(201);
    expect(response.json.data.attributes.goodsDescription).toBe('DOCUMENTS');
    expect(response.json.data.attributes.documentsOnly).toBe(true);
  });

  it('answers a missing service with the exact 400', async () => {
    const response = await post(t, token, '/v3/shipments', document(attributes(), {}));
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      jsonapi: { version: '1.0' },
      errors: [
        {
          status: 400,
          code: 'field.missing',
          title: 'Bad Request',
          detail: "Missing required data: 'data.meta.service'.",
          source: { pointer: '/data/meta/service' },
          meta: { reason: 'Required: express or economy.' },
        },
      ],
    });
  });

  it('answers an unknown carrier choice with the exact 400', async () => {
    const response = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', carrierChoice: 'PONY_EXPRESS' }));
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      {
        status: 400,
        code: 'field.invalid',
        title: 'Bad Request',
        detail: "Invalid data: 'data.meta.carrierChoice'.",
        source: { pointer: '/data/meta/carrierChoice' },
        meta: {
          reason:
            'Expected one of this station’s carriers, DHL, FEDEX, POSTE_ITALIANE, TNT, UPS (case does not matter), or no carrierChoice for any; got "PONY_EXPRESS".',
        },
      },
    ]);
  });

  it('refuses an unknown service level', async () => {
    const response = await post(t, token, '/v3/shipments', document(attributes(), { service: 'overnight' }));
    expect(response.json.errors[0].detail).toBe("Invalid data: 'data.meta.service'.");
  });

  it('refuses with a clear reason, and stores nothing, when no service can carry it immediately', async () => {
    const response = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ packages: [parcel('1200', ['120', '100', '100'])] }), { service: 'economy', scheduledProcessing: false }),
    );
    expect(response.status).toBe(400);
    const [refusal] = response.json.errors;
    expect(refusal.detail).toMatch(/^No carrier service can carry this shipment: .*over the 1000 kg no service carries/);
    // Each reason of the sentence as a code with its figures, and every service with why, as a rate list says it.
    expect(refusal.code).toBe('shipment.noService');
    const reasons = refusal.meta.reasons as { code: string; reason: string }[];
    expect(reasons).toContainEqual(
      expect.objectContaining({ code: 'package.overMaximum', packageIndex: 0, weightKg: 1200, limitKg: 1000 }),
    );
    expect(reasons).toContainEqual(expect.objectContaining({ code: 'route.notServed', from: 'IT', to: 'DE' }));
    for (const reason of reasons.slice(0, 3)) expect(refusal.detail).toContain(reason.reason);
    expect(refusal.meta.unavailable).toContainEqual(
      expect.objectContaining({ id: 't2-UPS-STD', code: 'package.overMaximum', pointer: '/data/attributes/packages/0/weight/value' }),
    );
  });
});

describe('a scheduled shipment is checked like an immediate one before it is acknowledged', () => {
  it('refuses with 400 and the reason what no service can carry, instead of a 202 that fails later', async () => {
    const response = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ packages: [parcel('1200', ['120', '100', '100'])] }), { service: 'economy' }),
    );
    expect(response.status).toBe(400);
    expect(response.json.errors[0].detail).toMatch(/^No carrier service can carry this shipment: .*over the 1000 kg no service carries/);
  });

  it('ends at -1 with its reason when its carrier stops serving the route after the 202', async () => {
    const created = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', carrierChoice: 'DHL' }));
    expect(created.status).toBe(202);
    // The warehouse replaces DHL's card with one that serves only domestic routes while the shipment waits.
    const card = JSON.parse(readFileSync(join(DEFAULT_RESOURCES_DIR, 'carriers', 'dhl.json'), 'utf8'));
    card.zones = card.zones.filter((zone: { zone: string }) => zone.zone === 'domestic');
    mkdirSync(join(t.dataDir, 'carriers'), { recursive: true });
    writeFileSync(join(t.dataDir, 'carriers', 'dhl.json'), JSON.stringify(card));
    try {
      t.station.carriers.refresh();
      await t.station.scheduler.runOnce();
    } finally {
      rmSync(join(t.dataDir, 'carriers'), { recursive: true });
      t.station.carriers.refresh();
    }
    const response = await get(t, token, `/v3/shipments/${created.json.data.id}`);
    expect(response.status).toBe(200);
    expect(response.json.data.meta).toMatchObject({ status: -1, carrierName: null, finalCost: null, trackingNumber: null });
    expect(response.json.data.meta.error).toContain('does not serve IT to DE');
    expect(response.json.data.links.tracking).toBeUndefined();
    expect((await get(t, token, `/v3/shipments/${created.json.data.id}/documents`)).json.errors[0]).toMatchObject({
      status: 404,
      code: 'shipment.failed',
      detail: 'Shipment error',
    });
    expect((await get(t, token, `/v3/shipments/${created.json.data.id}/tracking`)).status).toBe(404);
  });
});
