// Issue 48's day, end to end over HTTP on SQLite and PostgreSQL, on a set clock: an adult-signature wine parcel, a
// lithium-battery phone by air and by road, a dry-ice parcel and a cash-on-delivery parcel each rate with their
// surcharge broken down, book at that price, carry their mark on the thermal label (ZPL and EPL2) and the PDF label,
// and their line on the carrier's closed manifest; and what cannot be had (lithium alone by air, COD on a card
// without it) is named with its option and why at rating, before any confirm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, get, parcel, post, shipToIn } from '../helpers/shipments.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { readEpl2 } from '../helpers/epl2-reader.ts';
import { setClock } from '../helpers/clock.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

// A Wednesday morning in Milan: a working day for every card, whatever day the test runs.
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
const day = clock.today();

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
});
afterAll(() => t.close());

type Money = { amount: number; currency: string };
interface Rate {
  id: string;
  attributes: { finalCost: Money; breakdown?: { options: { option: string; amount: Money }[] } } & Record<string, unknown>;
}
interface Unavailable {
  id: string;
  code: string;
  option?: string;
  rule?: string;
  reason: string;
}

const phone = (packing: string) => ({ ...parcel('0.8'), lithiumBatteries: { type: 'ion', packing, section2: true } });

/** Each parcel of the day: what it asks, the service it books, the surcharge it pays, its label mark, its manifest line. */
const PARCELS = [
  {
    name: 'adult-signature wine',
    attrs: { goodsDescription: 'Wine, 6 bottles', services: { deliveryConfirmation: 'adultSignature', minimumAge: 18 } },
    rate: 't2-UPS-XSS',
    option: ['adultSignature', 5.9],
    mark: 'ADULT SIGNATURE 18+',
    manifest: ['UPS', 'Adult signature 18+'],
  },
  {
    name: 'lithium-battery phone by air',
    attrs: { goodsDescription: 'Mobile phone', packages: [phone('containedInEquipment')] },
    rate: 't2-UPS-XSS',
    option: ['lithiumBatteries', 6],
    mark: 'LITHIUM BATTERY UN3481 SECTION II',
    manifest: ['UPS', 'Dangerous goods UN3481'],
  },
  {
    name: 'lithium-battery phone by road',
    attrs: { goodsDescription: 'Mobile phone', packages: [phone('containedInEquipment')] },
    rate: 't2-UPS-STD',
    option: ['lithiumBatteries', 4],
    mark: 'LITHIUM BATTERY UN3481 SECTION II',
    manifest: ['UPS', 'Dangerous goods UN3481'],
  },
  {
    name: 'dry-ice parcel',
    attrs: { goodsDescription: 'Vaccine samples', packages: [{ ...parcel('6'), dryIceKg: '2.5' }] },
    rate: 't2-DHL_EXPRESS-EXP',
    option: ['dryIce', 15],
    mark: 'DRY ICE UN1845 2.5 kg',
    manifest: ['DHL_EXPRESS', 'Dry ice UN1845 2.5 kg'],
  },
  {
    name: 'cash-on-delivery parcel',
    attrs: {
      shipTo: shipToIn('IT'),
      goodsDescription: 'Ceramic cups',
      services: { cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash' } },
    },
    rate: 't2-POSTE_ITALIANE-EXPRESS',
    option: ['cashOnDelivery', 4],
    mark: 'COD 49.90 EUR',
    manifest: ['POSTE_ITALIANE', 'COD 49.90 EUR'],
  },
] as const;

async function rateOf(attrs: Record<string, unknown>): Promise<{ rates: Rate[]; unavailable: Unavailable[] }> {
  const answer = await post(t, token, '/v3/shipments/rate', document(attrs));
  expect(answer.status, answer.text).toBe(202);
  return { rates: answer.json.data as Rate[], unavailable: (answer.json.meta?.unavailable ?? []) as Unavailable[] };
}

async function documentText(id: string, query: string): Promise<Buffer> {
  const answer = await get(t, token, `/v3/shipments/${id}/documents?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return Buffer.from(answer.json.data.attributes.fileData as string, 'base64');
}

describe('a day of special services: rated, booked, marked and manifested', () => {
  const booked = new Map<string, { id: string; carrier: string }>();

  it.each(PARCELS)('the $name rates with its surcharge, books at that price and carries its mark on every label', async (parcel) => {
    const attrs = attributes({ shipDate: day, customerReference: parcel.name, ...parcel.attrs });
    const { rates } = await rateOf(attrs);
    const chosen = rates.find((candidate) => candidate.id === parcel.rate);
    expect(chosen, `${parcel.rate} is offered`).toBeDefined();
    expect(chosen!.attributes.breakdown!.options.map((line) => [line.option, line.amount.amount])).toEqual([parcel.option]);

    const confirmed = await post(t, token, '/v3/shipments/confirm', document(attrs, { rate: chosen }));
    expect(confirmed.status, confirmed.text).toBe(202);
    const shipment = confirmed.json.data;
    expect(shipment.meta.finalCost).toEqual(chosen!.attributes.finalCost);
    booked.set(parcel.name, { id: shipment.id, carrier: parcel.manifest[0] });

    const zpl = (await documentText(shipment.id, 'format=zpl')).toString('utf8');
    expect(zpl).toContain(parcel.mark);
    const epl2 = readEpl2(new Uint8Array(await documentText(shipment.id, 'format=epl2')));
    expect(epl2.flatMap((form) => form.texts).join('\n')).toContain(parcel.mark);
    const pdf = (await pdfText(new Uint8Array(await documentText(shipment.id, 'format=pdf')))).replace(/\s+/g, ' ');
    expect(pdf).toContain(parcel.mark);
  });

  it('each carrier’s closed manifest has each parcel’s line', async () => {
    expect(booked.size).toBe(PARCELS.length);
    for (const carrier of new Set(PARCELS.map((parcel) => parcel.manifest[0]))) {
      const closed = await post(t, token, '/v3/manifests', { data: { type: 'manifest', attributes: { carrier, date: day } } });
      expect(closed.status, closed.text).toBe(201);
      const file = (await get(t, token, `/v3/manifests/${closed.json.data.id}/document`)).json.data.attributes;
      const text = (await pdfText(new Uint8Array(Buffer.from(file.fileData as string, 'base64')))).replace(/\s+/g, ' ');
      for (const parcel of PARCELS.filter((candidate) => candidate.manifest[0] === carrier)) expect(text).toContain(parcel.manifest[1]);
      const ofCarrier = PARCELS.filter((candidate) => candidate.manifest[0] === carrier);
      expect(closed.json.data.attributes.totals.shipments).toBe(ofCarrier.length);
      for (const parcel of ofCarrier) {
        const { reference } = (await get(t, token, `/v3/shipments/${booked.get(parcel.name)!.id}`)).json.data.meta;
        expect(text).toContain(reference);
      }
    }
  });

  it('what cannot be had is named with its option and why at rating, before any confirm', async () => {
    const alone = await rateOf(attributes({ shipDate: day, goodsDescription: 'Power bank', packages: [phone('alone')] }));
    expect(alone.unavailable.find((entry) => entry.id === 't2-UPS-XSS')).toMatchObject({
      code: 'service.optionRefused',
      option: 'lithiumBatteries',
      rule: 'air.lithiumIonAlone',
    });
    expect(alone.rates.map((rate) => rate.id)).toContain('t2-UPS-STD');
    expect(alone.rates.map((rate) => rate.id)).not.toContain('t2-UPS-XSS');

    const cod = await rateOf(attributes({ shipDate: day, ...PARCELS[4].attrs }));
    expect(cod.unavailable.find((entry) => entry.id === 't2-DHL_EXPRESS-EXP')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'cashOnDelivery',
    });
    expect(cod.rates.map((rate) => rate.id)).not.toContain('t2-DHL_EXPRESS-EXP');
  });
});
