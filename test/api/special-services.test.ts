// Special services over HTTP on SQLite and PostgreSQL: an adult-signature wine parcel, a lithium-battery phone by air
// and by road, a dry-ice parcel and a cash-on-delivery parcel each rate with their surcharges broken down and book
// with them; what a service cannot take is unavailable with its code and why, at rate, at confirm and at create; a
// refused field names itself and what it expects; and a gateway passes the options to a second station upstream,
// while a request without options reaches it unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, get, parcel, post, shipToIn } from '../helpers/shipments.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

type Money = { amount: number; currency: string };
interface Rate {
  id: string;
  attributes: {
    finalCost: Money;
    breakdown?: { freight: Money; fuelSurcharge: Money; options: { option: string; amount: Money }[] };
  } & Record<string, unknown>;
}
interface Unavailable {
  id: string;
  code: string;
  reason: string;
  pointer?: string;
  option?: string;
  rule?: string;
  packageIndex?: number | null;
}

const wine = () =>
  attributes({ goodsDescription: 'Wine, 6 bottles', services: { deliveryConfirmation: 'adultSignature', minimumAge: 18 } });
const phone = (packing: string) =>
  attributes({
    goodsDescription: 'Mobile phone',
    packages: [{ ...parcel('0.8'), lithiumBatteries: { type: 'ion', packing, section2: true } }],
  });
const dryIce = () => attributes({ goodsDescription: 'Vaccine samples', packages: [{ ...parcel('6'), dryIceKg: '2.5' }] });
const cod = () =>
  attributes({
    shipTo: shipToIn('IT'),
    goodsDescription: 'Ceramic cups',
    services: { cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash', account: 'IT60X0542811101000000123456' } },
  });

async function rate(attrs: Record<string, unknown>): Promise<{ rates: Rate[]; unavailable: Unavailable[] }> {
  const answer = await post(t, token, '/v3/shipments/rate', document(attrs));
  expect(answer.status, answer.text).toBe(202);
  return { rates: answer.json.data as Rate[], unavailable: (answer.json.meta?.unavailable ?? []) as Unavailable[] };
}

/** The rate's price is its parts: freight, fuel and each option, and it names the options it was asked. */
function expectBrokenDown(found: Rate | undefined, options: Record<string, number>): void {
  expect(found, 'the service is rated').toBeDefined();
  const breakdown = found!.attributes.breakdown!;
  expect(breakdown.options.map((entry) => [entry.option, entry.amount.amount])).toEqual(Object.entries(options));
  const parts =
    breakdown.freight.amount + breakdown.fuelSurcharge.amount + breakdown.options.reduce((sum, entry) => sum + entry.amount.amount, 0);
  expect(Math.round(parts * 100)).toBe(Math.round(found!.attributes.finalCost.amount * 100));
}

async function confirm(attrs: Record<string, unknown>, chosen: Rate) {
  const confirmed = await post(t, token, '/v3/shipments/confirm', document(attrs, { rate: chosen }));
  return confirmed;
}

const byId = (rates: Rate[], id: string) => rates.find((candidate) => candidate.id === id);

describe('each option rates with its surcharge, broken down, and books', () => {
  it('an adult-signature wine parcel: priced by the cards that offer it, refused by those that do not, booked and answered', async () => {
    const { rates, unavailable } = await rate(wine());
    expectBrokenDown(byId(rates, 't2-UPS-XSS'), { adultSignature: 5.9 });
    expectBrokenDown(byId(rates, 't2-DHL_EXPRESS-EXP'), { adultSignature: 6 });
    expect(unavailable.find((entry) => entry.id === 't2-TNT-EXP')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'adultSignature',
      pointer: '/data/attributes/services/deliveryConfirmation',
      reason: 'TNT TNT Express does not offer an adult signature',
    });
    // The same parcel without it costs the surcharge less.
    const plain = await rate(attributes({ goodsDescription: 'Wine, 6 bottles' }));
    const without = byId(plain.rates, 't2-UPS-XSS')!;
    expect(without.attributes.breakdown).toBeUndefined();
    expect(Math.round((byId(rates, 't2-UPS-XSS')!.attributes.finalCost.amount - without.attributes.finalCost.amount) * 100)).toBe(590);

    const booked = await confirm(wine(), byId(rates, 't2-UPS-XSS')!);
    expect(booked.status, booked.text).toBe(202);
    expect(booked.json.data.meta.status).toBe(3);
    expect(booked.json.data.meta.finalCost).toEqual(byId(rates, 't2-UPS-XSS')!.attributes.finalCost);
    expect(booked.json.data.attributes.services).toEqual({ deliveryConfirmation: 'adultSignature', minimumAge: 18 });
    const read = await get(t, token, `/v3/shipments/${booked.json.data.id}`);
    expect(read.json.data.attributes.services).toEqual({ deliveryConfirmation: 'adultSignature', minimumAge: 18 });
  });

  it('a signature level a card lacks is given by its nearest stricter one, and the breakdown says which was asked', async () => {
    const indirect = attributes({ services: { deliveryConfirmation: 'indirect' } });
    const { rates, unavailable } = await rate(indirect);
    // UPS has no indirect signature: its plain signature gives it; FedEx has it; DHL gives it by its plain one too.
    expect(byId(rates, 't2-UPS-XSS')!.attributes.breakdown!.options).toEqual([
      { option: 'signature', amount: { amount: 4.6, currency: 'EUR' }, asked: 'indirectSignature' },
    ]);
    expect(byId(rates, 't2-FEDEX-IP')!.attributes.breakdown!.options).toEqual([
      { option: 'indirectSignature', amount: { amount: 3.2, currency: 'EUR' } },
    ]);
    // Never a weaker one: a direct signature on TNT (plain signature only) is not offered.
    const direct = await rate(attributes({ services: { deliveryConfirmation: 'direct' } }));
    expect(direct.unavailable.find((entry) => entry.id === 't2-TNT-EXP')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'directSignature',
    });
    expect(byId(direct.rates, 't2-UPS-XSS')!.attributes.breakdown!.options).toEqual([
      { option: 'adultSignature', amount: { amount: 5.9, currency: 'EUR' }, asked: 'directSignature' },
    ]);
    expect(unavailable.find((entry) => entry.id === 't2-UPS-XSS')).toBeUndefined();
  });

  it('the declared value said among the services insures the parcel as the spec’s members do', async () => {
    const insured = attributes({ services: { insurance: { value: '150', description: 'Wine, 6 bottles' } } });
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(insured, { service: 'express', carrierChoice: 'UPS', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.attributes).toMatchObject({
      insuranceValue: '150',
      insuranceDescription: 'Wine, 6 bottles',
      services: { insurance: { value: '150', description: 'Wine, 6 bottles' } },
    });
    const spec = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ insuranceValue: '150', insuranceDescription: 'Wine, 6 bottles' }), {
        service: 'express',
        carrierChoice: 'UPS',
        scheduledProcessing: false,
      }),
    );
    expect(created.json.data.meta.insuranceCost).toEqual(spec.json.data.meta.insuranceCost);
    expect(created.json.data.meta.insuranceCost.amount).toBeGreaterThan(0);
  });

  it('a lithium-battery phone by air and by road: each with its card’s lithium surcharge, both booked', async () => {
    const { rates } = await rate(phone('containedInEquipment'));
    expectBrokenDown(byId(rates, 't2-UPS-XSS'), { lithiumBatteries: 6 });
    expectBrokenDown(byId(rates, 't2-UPS-STD'), { lithiumBatteries: 4 });
    for (const id of ['t2-UPS-XSS', 't2-UPS-STD']) {
      const booked = await confirm(phone('containedInEquipment'), byId(rates, id)!);
      expect(booked.status, booked.text).toBe(202);
      expect(booked.json.data.attributes.packages[0].lithiumBatteries).toEqual({
        type: 'ion',
        packing: 'containedInEquipment',
        section2: true,
      });
    }
  });

  it('a dry-ice parcel: priced per package on express air, refused by the post with why, booked in one step', async () => {
    const { rates, unavailable } = await rate(dryIce());
    expectBrokenDown(byId(rates, 't2-DHL_EXPRESS-EXP'), { dryIce: 15 });
    expect(unavailable.find((entry) => entry.id === 't2-POSTE_ITALIANE-INTL')).toMatchObject({
      code: 'service.optionRefused',
      option: 'dryIce',
      rule: 'postal.dryIce',
      packageIndex: 0,
      pointer: '/data/attributes/packages/0/dryIceKg',
    });
    expect(unavailable.find((entry) => entry.id === 't2-UPS-STD')).toMatchObject({ code: 'service.optionNotOffered', option: 'dryIce' });
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(dryIce(), { service: 'express', carrierChoice: 'DHL', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.meta.finalCost).toEqual(byId(rates, 't2-DHL_EXPRESS-EXP')!.attributes.finalCost);
    expect(created.json.data.attributes.packages[0].dryIceKg).toBe('2.5');
  });

  it('a cash-on-delivery parcel: flat plus a share of the amount on Poste Italiane, booked; a card without COD says so', async () => {
    const { rates, unavailable } = await rate(cod());
    // 3.50 flat and 1 % of 49.90.
    expectBrokenDown(byId(rates, 't2-POSTE_ITALIANE-EXPRESS'), { cashOnDelivery: 4 });
    expect(unavailable.find((entry) => entry.id === 't2-DHL_EXPRESS-EXP')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'cashOnDelivery',
      pointer: '/data/attributes/services/cashOnDelivery',
      reason: 'DHL Express DHL Express Worldwide does not offer cash on delivery',
    });
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(cod(), { service: 'express', carrierChoice: 'POSTE_ITALIANE', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.attributes.services.cashOnDelivery).toEqual({
      amount: '49.90',
      currency: 'EUR',
      method: 'cash',
      account: 'IT60X0542811101000000123456',
    });
  });
});

describe('Sunday delivery, where a card offers it', () => {
  const sunday = (country = 'IT') => attributes({ shipTo: shipToIn(country), services: { sundayDelivery: true } });

  it('UPS Express Saver within the country prices it, broken down, and books it; its label is marked SUNDAY', async () => {
    const { rates, unavailable } = await rate(sunday());
    expectBrokenDown(byId(rates, 't2-UPS-XSS'), { sundayDelivery: 29 });
    // A service without it lists it unavailable, naming the option.
    expect(unavailable.find((entry) => entry.id === 't2-UPS-STD')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'sundayDelivery',
      pointer: '/data/attributes/services/sundayDelivery',
      reason: 'UPS UPS Standard does not offer Sunday delivery',
    });
    const booked = await confirm(sunday(), byId(rates, 't2-UPS-XSS')!);
    expect(booked.status, booked.text).toBe(202);
    expect(booked.json.data.attributes.services).toEqual({ sundayDelivery: true });
    const labels = await get(t, token, `/v3/shipments/${booked.json.data.id}/documents?document=labels`);
    expect(labels.status, labels.text).toBe(200);
    expect(await pdfText(new Uint8Array(Buffer.from(labels.json.data.attributes.fileData, 'base64')))).toContain('SUNDAY');
  });

  it('abroad no card offers it: Milan → Munich has every service unavailable naming sundayDelivery', async () => {
    const { rates, unavailable } = await rate(sunday('DE'));
    expect(rates).toEqual([]);
    expect(unavailable.find((entry) => entry.id === 't2-UPS-XSS')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'sundayDelivery',
    });
  });
});

describe('GET /carriers says what each service offers', () => {
  it('lists each service’s way of carrying and its options with their surcharges', async () => {
    const carriers = await get(t, token, '/v3/carriers');
    expect(carriers.status, carriers.text).toBe(200);
    const ups = (carriers.json.data as { id: string; attributes: { offers: Record<string, any>[] } }[]).find(
      (entry) => entry.id === 'UPS',
    )!;
    expect(ups.attributes.offers.map((offer) => [offer.serviceCode, offer.transport])).toEqual([
      ['XSS', 'air'],
      ['STD', 'road'],
    ]);
    expect(ups.attributes.offers[1]!.options).toContainEqual({
      option: 'cashOnDelivery',
      flat: 6,
      percent: 1,
      minimum: 0,
      per: 'shipment',
      zones: ['domestic', 'eu'],
    });
    expect(ups.attributes.offers[0]!.options.map((entry: { option: string }) => entry.option)).toEqual([
      'signature',
      'adultSignature',
      'cashOnDelivery',
      'saturdayDelivery',
      'sundayDelivery',
      'dangerousGoods',
      'lithiumBatteries',
      'dryIce',
    ]);
  });
});

describe('what a service cannot take is refused with the option and why, before and at booking', () => {
  it('lithium-ion alone: unavailable by air with its rule, carried by road; confirm and create by air refused', async () => {
    const { rates, unavailable } = await rate(phone('alone'));
    const air = unavailable.find((entry) => entry.id === 't2-UPS-XSS');
    expect(air).toMatchObject({
      code: 'service.optionRefused',
      option: 'lithiumBatteries',
      rule: 'air.lithiumIonAlone',
      packageIndex: 0,
      pointer: '/data/attributes/packages/0/lithiumBatteries',
      reason: 'UPS UPS Express Saver: package 1: lithium-ion batteries packed alone (UN3480) are not carried by air in this network',
    });
    expectBrokenDown(byId(rates, 't2-UPS-STD'), { lithiumBatteries: 4 });

    const confirmed = await confirm(phone('alone'), { id: 't2-UPS-XSS', attributes: {} } as Rate);
    expect(confirmed.status, confirmed.text).toBe(400);
    expect(confirmed.json.errors[0]).toMatchObject({
      code: 'rate.notAvailable',
      meta: { unavailable: [expect.objectContaining({ rule: 'air.lithiumIonAlone' })] },
    });

    // One step on UPS takes the service that can carry it, by road; on FedEx, whose services all fly, none can.
    const byRoad = await post(
      t,
      token,
      '/v3/shipments',
      document(phone('alone'), { service: 'express', carrierChoice: 'UPS', scheduledProcessing: false }),
    );
    expect(byRoad.status, byRoad.text).toBe(201);
    expect(byRoad.json.data.meta.finalCost).toEqual(byId(rates, 't2-UPS-STD')!.attributes.finalCost);
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(phone('alone'), { service: 'express', carrierChoice: 'FEDEX', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(400);
    expect(created.json.errors[0].code).toBe('shipment.noService');
    expect(created.json.errors[0].meta.reasons).toEqual([
      expect.objectContaining({
        code: 'service.optionRefused',
        rule: 'air.lithiumIonAlone',
        option: 'lithiumBatteries',
        serviceName: 'FedEx International Priority',
      }),
      expect.objectContaining({
        code: 'service.optionRefused',
        rule: 'air.lithiumIonAlone',
        option: 'lithiumBatteries',
        serviceName: 'FedEx International Economy',
      }),
    ]);
  });

  it('COD where the card has none: create on DHL is refused naming cashOnDelivery', async () => {
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(cod(), { service: 'express', carrierChoice: 'DHL', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(400);
    expect(created.json.errors[0].code).toBe('shipment.noService');
    expect(created.json.errors[0].meta.reasons).toContainEqual(
      expect.objectContaining({ code: 'service.optionNotOffered', option: 'cashOnDelivery', carrierName: 'DHL Express' }),
    );
  });

  it.each(['/v3/shipments/rate', '/v3/shipments'])(
    '%s: a UN number U1234 and dry ice above its package’s weight are refused at their members',
    async (path) => {
      const good = {
        unNumber: 'U1234',
        properShippingName: 'Perfumery products',
        class: '3',
        packingGroup: 'II',
        quantity: 1,
        netWeightKg: 0.5,
      };
      const refused = await post(
        t,
        token,
        path,
        document(
          attributes({
            packages: [
              { ...parcel('2'), dangerousGoods: [good] },
              { ...parcel('3'), dryIceKg: 4 },
            ],
          }),
          {
            service: 'express',
            scheduledProcessing: false,
          },
        ),
      );
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.errors).toEqual([
        expect.objectContaining({
          code: 'field.invalid',
          source: { pointer: '/data/attributes/packages/0/dangerousGoods/0/unNumber' },
          meta: { reason: 'Expected UN and four digits, such as UN1266 (case does not matter); got "U1234".' },
        }),
        expect.objectContaining({
          code: 'field.invalid',
          source: { pointer: '/data/attributes/packages/1/dryIceKg' },
          meta: { reason: 'Expected the dry ice (UN1845) in kg, above 0 and below the package’s weight of 3 kg, such as 2.5; got 4.' },
        }),
      ]);
    },
  );
});

describe('a gateway passes the options to a second station upstream', () => {
  let upstream: TestStation;
  let gateway: TestStation;
  let upstreamToken: string;
  let gatewayToken: string;
  beforeAll(async () => {
    upstream = await startTestStation({ schedulerIntervalMs: 0 });
    upstreamToken = await upstream.token();
    gateway = await startTestStation({ schedulerIntervalMs: 0, upstreamTrackingIntervalMs: 0, manifestTransmitIntervalMs: 0 });
    gatewayToken = await gateway.token();
    await gateway.station.carrierSettings.addUpstream(OPERATOR, {
      code: 'PV',
      name: 'ParcelValue test',
      baseUrl: upstream.url,
      version: 'v3',
      clientId: upstream.client.id,
      clientKey: upstream.client.clientKey,
      serverKey: upstream.station.keys.serverKey,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  /** The shipment the upstream booked for the gateway's, read on the upstream. */
  async function upstreamShipment(): Promise<Record<string, any>> {
    const list = await get(upstream, upstreamToken, '/v3/shipment-summaries?limit=1');
    const id = (list.json.data as { id: string }[])[0]!.id;
    return (await get(upstream, upstreamToken, `/v3/shipments/${id}`)).json.data;
  }

  it('rates the upstream’s services with their option surcharges and reasons, and books with the options upstream', async () => {
    const rates = await post(gateway, gatewayToken, '/v3/shipments/rate', document(cod()));
    expect(rates.status, rates.text).toBe(202);
    const viaUpstream = (rates.json.data as Rate[]).find((entry) => entry.id === 't2-PV.POSTE_ITALIANE-EXPRESS');
    expectBrokenDown(viaUpstream, { cashOnDelivery: 4 });
    expect((rates.json.meta.unavailable as Unavailable[]).find((entry) => entry.id === 't2-PV.DHL_EXPRESS-EXP')).toMatchObject({
      code: 'service.optionNotOffered',
      option: 'cashOnDelivery',
    });
    const booked = await post(gateway, gatewayToken, '/v3/shipments/confirm', document(cod(), { rate: viaUpstream }));
    expect(booked.status, booked.text).toBe(202);
    expect(booked.json.data.meta.status).toBe(3);
    const there = await upstreamShipment();
    expect(there.attributes.services).toEqual({
      cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash', account: 'IT60X0542811101000000123456' },
    });
    expect(there.meta.finalCost).toEqual(viaUpstream!.attributes.finalCost);
  });

  it('sends a request without options unchanged: no services member upstream, rates without a breakdown', async () => {
    const rates = await post(gateway, gatewayToken, '/v3/shipments/rate', document(attributes()));
    const viaUpstream = (rates.json.data as Rate[]).find((entry) => entry.id === 't2-PV.UPS-STD')!;
    expect(viaUpstream.attributes).not.toHaveProperty('breakdown');
    const booked = await post(gateway, gatewayToken, '/v3/shipments/confirm', document(attributes(), { rate: viaUpstream }));
    expect(booked.status, booked.text).toBe(202);
    const there = await upstreamShipment();
    expect(there.attributes).not.toHaveProperty('services');
    expect(there.attributes.packages[0]).toEqual(parcelAsAnswered());
  });
});

/** The helpers' parcel as a station answers it: numbers as text, no option members. */
function parcelAsAnswered(): Record<string, unknown> {
  return { weight: { value: '1.4', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '1' }, type: 'CARTON' };
}
