// Return labels over HTTP, on SQLite and PostgreSQL: made from a processed shipment with the addresses swapped and
// its customs data reversed, linked both ways, announced and audited, counted in the summaries' filter, Today and
// the reports' return rate per reason; refused, with the reason, for a shipment never sent, voided, or a return.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, exportDeclaration, get, parcel, post, shipToIn } from '../helpers/shipments.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

const now = { service: 'economy', scheduledProcessing: false };
async function sent(attrs = attributes({ packages: [parcel('1.2'), parcel('3.4')] }), meta: Record<string, unknown> = now) {
  const created = await post(t, token, '/v3/shipments', document(attrs, meta));
  expect(created.status, created.text).toBe(201);
  return created.json.data as { id: string; attributes: Record<string, any>; meta: Record<string, any> };
}
const returnOf = (id: string, attributes: Record<string, unknown> = { reason: 'DAMAGED' }, meta: Record<string, unknown> = {}) =>
  post(t, token, `/v3/shipments/${id}/returns`, { data: { type: 'return', attributes, meta } });

describe('a return of a processed shipment', () => {
  it('asks none of the original’s special services and no dry ice, and still declares the batteries and goods', async () => {
    const perfume = {
      unNumber: 'UN1266',
      properShippingName: 'Perfumery products',
      class: '3',
      packingGroup: 'II',
      quantity: '1',
      netWeightKg: '0.2',
    };
    const original = await sent(
      attributes({
        services: { deliveryConfirmation: 'adultSignature', cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash' } },
        packages: [
          { ...parcel('3'), dryIceKg: '1', lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: true } },
          { ...parcel('1'), dangerousGoods: [perfume] },
        ],
      }),
      { ...now, carrierChoice: 'UPS', service: 'express' },
    );
    const made = await returnOf(original.id, { reason: 'DAMAGED' }, { carrierChoice: 'UPS', service: 'express' });
    expect(made.status, made.text).toBe(201);
    const back = made.json.data;
    // The customer pays nothing on collection and nobody signs; the refrigerant is gone, the goods are the same.
    expect(back.attributes.services).toBeUndefined();
    expect(back.attributes.packages[0].dryIceKg).toBeUndefined();
    expect(back.attributes.packages[0].lithiumBatteries).toEqual({ type: 'ion', packing: 'containedInEquipment', section2: true });
    expect(back.attributes.packages[1].dangerousGoods).toEqual([perfume]);
  });

  it('swaps the addresses, takes the packages chosen, and links both ways', async () => {
    const original = await sent();
    const made = await returnOf(original.id, { reason: 'damaged', note: 'The cups arrived broken', packages: ['1'] });
    expect(made.status, made.text).toBe(201);
    const back = made.json.data;
    expect(made.headers.location).toBe(back.links.self);
    expect(back.attributes.shipFrom).toMatchObject({
      name: original.attributes.shipTo.name,
      city: original.attributes.shipTo.city,
      country: 'DE',
    });
    expect(back.attributes.shipTo).toMatchObject({ name: original.attributes.shipFrom.name, city: 'Milano', country: 'IT' });
    expect(back.attributes.packages).toEqual([original.attributes.packages[1]]);
    expect(back.attributes.booking).toBe(false);
    expect(back.attributes.customerReference).toBe(`RETURN ${original.attributes.customerReference}`);
    expect(back.meta).toMatchObject({
      status: 3,
      returnOf: original.id,
      returnReason: 'DAMAGED',
      returnNote: 'The cups arrived broken',
      payOnUse: false,
    });
    expect(back.meta.trackingNumber).toEqual(expect.any(String));

    const again = await get(t, token, `/v3/shipments/${original.id}`);
    expect(again.json.data.meta.returns).toEqual([back.id]);
    const label = await get(t, token, `/v3/shipments/${back.id}/documents`);
    expect(await pdfText(new Uint8Array(Buffer.from(label.json.data.attributes.fileData, 'base64')))).toContain('RETURN');

    const events = await get(t, token, '/v3/events?after=0&filter[type]=shipment.return.created');
    expect(events.json.data.map((event: { attributes: { resource: { id: string } } }) => event.attributes.resource.id)).toContain(back.id);
    const audit = await get(t, token, '/v3/audit-events?filter[action]=shipment.return.created');
    expect(audit.json.data[0].attributes).toMatchObject({
      action: 'shipment.return.created',
      detail: { returnOf: original.id, reason: 'DAMAGED' },
    });
  });

  it('reverses the customs data with the reason RETURN, and declares it on the way back', async () => {
    const declaration = exportDeclaration(t.clock.today());
    const original = await sent(attributes({ shipTo: shipToIn('CH'), exportDeclaration: declaration }), {
      ...now,
      carrierChoice: 'POSTE_ITALIANE',
    });
    const made = await returnOf(original.id, { reason: 'WRONG_ITEM' }, { carrierChoice: 'POSTE_ITALIANE' });
    expect(made.status, made.text).toBe(201);
    const back = made.json.data;
    expect(back.attributes.exportDeclaration).toMatchObject({
      exportReasonType: 'RETURN',
      invoiceReference: declaration.invoiceReference,
      lineItems: declaration.lineItems,
    });
    expect(back.meta.customs).toMatchObject({ why: 'CH → IT: Switzerland is outside the EU customs union', documents: ['CN22'] });
    const cn22 = await get(t, token, `/v3/shipments/${back.id}/documents?document=cn22`);
    expect(await pdfText(new Uint8Array(Buffer.from(cn22.json.data.attributes.fileData, 'base64')))).toContain('CN 22');
    // The thermal label says which box is ticked in words: the goods come back.
    const zpl = Buffer.from(
      (await get(t, token, `/v3/shipments/${back.id}/documents?format=zpl`)).json.data.attributes.fileData,
      'base64',
    ).toString('utf8');
    expect(zpl).toContain('[X] Returned goods');
    expect(zpl).toContain('[ ] Sale of goods');
  });

  it('is paid only once used where the rate card offers it, and refused where it does not', async () => {
    const original = await sent();
    const offered = await returnOf(original.id, { reason: 'SIZE_OR_FIT', payOnUse: true }, { carrierChoice: 'POSTE_ITALIANE' });
    expect(offered.status, offered.text).toBe(201);
    expect(offered.json.data.meta.payOnUse).toBe(true);
    const label = await get(t, token, `/v3/shipments/${offered.json.data.id}/documents`);
    expect(await pdfText(new Uint8Array(Buffer.from(label.json.data.attributes.fileData, 'base64')))).toContain('RETURN - PAY ON USE');
    const refused = await returnOf(original.id, { reason: 'SIZE_OR_FIT', payOnUse: 'true' }, { carrierChoice: 'DHL' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({
      code: 'return.payOnUseNotOffered',
      source: { pointer: '/data/attributes/payOnUse' },
      meta: { reason: 'DHL’s rate card does not offer returns paid only once used; those that do: POSTE_ITALIANE, UPS.' },
    });
  });

  it('is scheduled like any shipment, and answered again with its key, never made twice', async () => {
    const original = await sent();
    const body = { data: { type: 'return', attributes: { reason: 'NO_LONGER_NEEDED' }, meta: { scheduledProcessing: true } } };
    const headers = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/vnd.api+json',
      'Idempotency-Key': `return-${original.id}`,
    };
    const first = await t.call(`/v3/shipments/${original.id}/returns`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(first.status, first.text).toBe(202);
    const second = await t.call(`/v3/shipments/${original.id}/returns`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(second.status).toBe(202);
    expect(second.json.data.id).toBe(first.json.data.id);
    expect((await get(t, token, `/v3/shipments/${original.id}`)).json.data.meta.returns).toEqual([first.json.data.id]);
  });
});

describe('a return is refused, with the reason', () => {
  it('for a shipment never sent, a voided one, a return, a package it does not have, or a bad request', async () => {
    const scheduled = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: true }));
    const unsent = await returnOf(scheduled.json.data.id);
    expect(unsent.status).toBe(400);
    expect(unsent.json.errors[0].detail).toMatch(/was never sent: a return label is made for a processed shipment\.$/);
    expect(unsent.json.errors[0]).toMatchObject({ code: 'return.ofUnsent', meta: { reason: 'notProcessed', status: 0 } });

    const voided = await sent();
    expect((await t.call(`/v3/shipments/${voided.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      204,
    );
    const gone = await returnOf(voided.id);
    expect(gone.status).toBe(400);
    expect(gone.json.errors[0]).toMatchObject({
      code: 'return.ofVoided',
      detail: `Shipment ${voided.id} was voided: a voided shipment has no return label.`,
      meta: { reason: 'voided' },
    });

    const original = await sent();
    const back = (await returnOf(original.id)).json.data;
    const ofReturn = await returnOf(back.id);
    expect(ofReturn.status).toBe(400);
    expect(ofReturn.json.errors[0].detail).toMatch(/is itself a return/);
    expect(ofReturn.json.errors[0]).toMatchObject({ code: 'return.ofReturn', meta: { reason: 'isReturn' } });

    const noSuchPackage = await returnOf(original.id, { reason: 'DAMAGED', packages: [0, 5] });
    expect(noSuchPackage.status).toBe(400);
    expect(noSuchPackage.json.errors[0]).toMatchObject({
      code: 'return.packageUnknown',
      source: { pointer: '/data/attributes/packages/1' },
      meta: { reason: 'The original has no package 5: it has 2, numbered 0 to 1.' },
    });

    const noReason = await returnOf(original.id, { reason: 'BORED' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/reason' },
      meta: { reason: expect.stringMatching(/^Expected one of DAMAGED, WRONG_ITEM/) },
    });
    const noSuchCarrier = await returnOf(original.id, { reason: 'DAMAGED' }, { carrierChoice: 'dpd' });
    expect(noSuchCarrier.status).toBe(400);
    expect(noSuchCarrier.json.errors[0]).toMatchObject({
      code: 'field.invalid',
      source: { pointer: '/data/meta/carrierChoice' },
      meta: { reason: expect.stringMatching(/^Expected one of this station’s carriers, .*POSTE_ITALIANE.*; got "DPD"\.$/) },
    });
    const scheduledWithLabel = await returnOf(original.id, { reason: 'DAMAGED', printWithOutbound: true }, { scheduledProcessing: true });
    expect(scheduledWithLabel.status).toBe(400);
    expect(scheduledWithLabel.json.errors[0]).toMatchObject({
      code: 'return.printNeedsLabel',
      source: { pointer: '/data/attributes/printWithOutbound' },
    });
    const unknown = await returnOf('no-such-shipment');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0]).toMatchObject({ code: 'shipment.notFound', detail: 'Shipment not found' });
  });
});

describe('a return printed with its outbound label', () => {
  it('is made whatever the printer does: a print refused is said in meta, as text and as the refusal itself', async () => {
    const original = await sent();
    // No printer is chosen at this desk: the print is refused, the return is made.
    const made = await returnOf(original.id, { reason: 'DAMAGED', printWithOutbound: true });
    expect(made.status, made.text).toBe(201);
    expect(made.json.meta.printJob).toBeUndefined();
    expect(made.json.meta.printError).toEqual(expect.any(String));
    expect(made.json.meta.printRefusal).toMatchObject({
      status: 400,
      detail: made.json.meta.printError,
      source: { pointer: '/data/attributes/printer' },
    });
  });
});

describe('an outbound label and its return are voided in order', () => {
  it('refuses to void an outbound whose return is booked, 409 naming the return, then voids it once the return is voided', async () => {
    const original = await sent();
    const back = (await returnOf(original.id)).json.data;
    const remove = (id: string) => t.call(`/v3/shipments/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    const refused = await remove(original.id);
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].detail).toBe(
      `Shipment ${original.meta.reference} has a return booked (${back.meta.reference}): void the return first, then this label.`,
    );
    expect(refused.json.errors[0].code).toBe('shipment.returnBooked');
    expect(refused.json.errors[0].meta).toEqual({
      reason: 'returnBooked',
      returns: [{ id: back.id, reference: back.meta.reference, status: 3 }],
    });
    expect((await get(t, token, `/v3/shipments/${original.id}`)).json.data.meta.status).toBe(3);
    expect((await remove(back.id)).status).toBe(204);
    expect((await remove(original.id)).status).toBe(204);
    expect((await get(t, token, `/v3/shipments/${original.id}`)).status).toBe(404);
  });
});

describe('returns in the lists and figures', () => {
  it('are a filter of the summaries, a count of Today, and a return rate per reason in the reports', async () => {
    const original = await sent();
    const back = (await returnOf(original.id, { reason: 'ARRIVED_LATE' })).json.data;
    const only = await get(t, token, '/v3/shipment-summaries?filter[return]=true&limit=1000');
    expect(only.json.data.map((row: { id: string }) => row.id)).toContain(back.id);
    expect(only.json.data.map((row: { id: string }) => row.id)).not.toContain(original.id);
    const none = await get(t, token, '/v3/shipment-summaries?return=false&limit=1000');
    expect(none.json.data.map((row: { id: string }) => row.id)).toContain(original.id);
    expect(none.json.data.map((row: { id: string }) => row.id)).not.toContain(back.id);
    expect((await get(t, token, '/v3/shipment-summaries?return=maybe')).json.errors[0]).toMatchObject({ source: { parameter: 'return' } });

    const day = back.attributes.shipDate as string;
    const today = await get(t, token, `/v3/today?date=${day}`);
    expect(today.json.data.attributes.totals.returns).toBeGreaterThanOrEqual(1);
    const report = await get(t, token, `/v3/reports/daily?dateFrom=${day}&dateTo=${day}`);
    const returns = report.json.meta.returns as {
      returns: number;
      rate: number;
      byReason: { reason: string; returns: number; rate: number }[];
    };
    const late = returns.byReason.find((entry) => entry.reason === 'ARRIVED_LATE')!;
    expect(late.returns).toBe(1);
    const outbound = report.json.meta.totals.shipments - returns.returns;
    expect(late.rate).toBeCloseTo(1 / outbound, 4);
    expect(returns.rate).toBeCloseTo(returns.returns / outbound, 4);
  });
});
