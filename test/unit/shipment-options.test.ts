// A shipment's special services as the field rules read them and the rate cards judge them: liberal input kept in
// one shape (words in any case, numbers as text, null for none), each refused field named with what it expects,
// and what air and the post refuse to carry, with why.
import { describe, expect, it } from 'vitest';
import { priceService } from '../../src-main/carriers/pricing.ts';
import { rateCardSchema } from '../../src-main/carriers/rate-card.ts';
import { askedOptions, carriageProblem } from '../../src-shared/shipment-options.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import { attributes, document, parcel } from '../helpers/shipments.ts';

const validate = (overrides: Record<string, unknown>) => validateShipmentDocument(document(attributes(overrides)), 'rate');
const refusals = (overrides: Record<string, unknown>) => {
  const result = validate(overrides);
  if (result.ok) throw new Error('taken');
  return result.errors.map((error) => ({ code: error.code, pointer: error.source?.pointer, reason: error.meta?.reason }));
};

describe('special services are read liberally and kept in one shape', () => {
  it('keeps an adult signature with its minimum age, COD with its method, Saturday delivery; drops none and false', () => {
    const result = validate({
      services: {
        deliveryConfirmation: 'ADULTSIGNATURE',
        minimumAge: '21',
        cashOnDelivery: { amount: 49.9, currency: 'eur', method: null, account: null },
        saturdayDelivery: 'true',
        sundayDelivery: false,
      },
    });
    expect(result.ok && result.value.services).toEqual({
      deliveryConfirmation: 'adultSignature',
      minimumAge: 21,
      cashOnDelivery: { amount: '49.9', currency: 'EUR', method: 'any' },
      saturdayDelivery: true,
    });
  });

  it('gives an adult signature 18 years when no age is given, and keeps null and none as no services at all', () => {
    const adult = validate({ services: { deliveryConfirmation: 'adultSignature' } });
    expect(adult.ok && adult.value.services).toEqual({ deliveryConfirmation: 'adultSignature', minimumAge: 18 });
    for (const services of [null, {}, { deliveryConfirmation: 'none', saturdayDelivery: false }]) {
      const result = validate({ services });
      expect(result.ok && 'services' in result.value).toBe(false);
    }
  });

  it('keeps a package’s dangerous goods, lithium batteries and dry ice, a UN number in capitals', () => {
    const result = validate({
      packages: [
        {
          ...parcel('5'),
          dangerousGoods: [
            { unNumber: 'un 1266', properShippingName: 'Perfumery products', class: 3, packingGroup: 'ii', quantity: 4, netWeightKg: 0.8 },
          ],
          lithiumBatteries: { type: 'ION', packing: 'containedinequipment', section2: '1' },
          dryIceKg: '2.5',
        },
      ],
    });
    expect(result.ok && result.value.packages[0]).toMatchObject({
      dangerousGoods: [
        { unNumber: 'UN1266', properShippingName: 'Perfumery products', class: '3', packingGroup: 'II', quantity: '4', netWeightKg: '0.8' },
      ],
      lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: true },
      dryIceKg: '2.5',
    });
  });
});

describe('the insurance may be said among the services', () => {
  it('fills the spec’s members from services.insurance, and keeps the spec’s members as they were without it', () => {
    const result = validate({ services: { insurance: { value: 120, description: 'Wine' } } });
    expect(result.ok && [result.value.insuranceValue, result.value.insuranceDescription, result.value.services]).toEqual([
      '120',
      'Wine',
      { insurance: { value: '120', description: 'Wine' } },
    ]);
    const spec = validate({ insuranceValue: '99.5', insuranceDescription: 'Cups' });
    expect(spec.ok && [spec.value.insuranceValue, spec.value.insuranceDescription, 'services' in spec.value]).toEqual([
      '99.5',
      'Cups',
      false,
    ]);
  });

  it('takes both places when they agree, and refuses them when they differ', () => {
    const same = validate({
      insuranceValue: '120',
      insuranceDescription: 'Wine',
      services: { insurance: { value: '120.00', description: 'Wine' } },
    });
    expect(same.ok).toBe(true);
    expect(
      refusals({ insuranceValue: '100', insuranceDescription: 'Wine', services: { insurance: { value: 120, description: 'Wine' } } }),
    ).toEqual([
      {
        code: 'field.invalid',
        pointer: '/data/attributes/services/insurance',
        reason:
          'Expected the same declared value and description as insuranceValue (100) and insuranceDescription, or only one of the two places; got an object.',
      },
    ]);
  });
});

describe('a refused option names its field and what it expects', () => {
  it('refuses a UN number U1234 at its pointer, saying UN and four digits', () => {
    const good = {
      unNumber: 'U1234',
      properShippingName: 'Perfumery products',
      class: '3',
      packingGroup: 'II',
      quantity: 1,
      netWeightKg: 1,
    };
    expect(refusals({ packages: [{ ...parcel(), dangerousGoods: [good] }] })).toEqual([
      {
        code: 'field.invalid',
        pointer: '/data/attributes/packages/0/dangerousGoods/0/unNumber',
        reason: 'Expected UN and four digits, such as UN1266 (case does not matter); got "U1234".',
      },
    ]);
  });

  it('refuses dry ice at or above the package’s weight, saying the package’s weight', () => {
    expect(refusals({ packages: [{ ...parcel('3'), dryIceKg: 3.5 }] })).toEqual([
      {
        code: 'field.invalid',
        pointer: '/data/attributes/packages/0/dryIceKg',
        reason: 'Expected the dry ice (UN1845) in kg, above 0 and below the package’s weight of 3 kg, such as 2.5; got 3.5.',
      },
    ]);
  });

  it('refuses a minimum age without an adult signature, a fourth dangerous good, an unknown lithium packing and COD without an amount', () => {
    const good = {
      unNumber: 'UN1266',
      properShippingName: 'Perfumery products',
      class: '3',
      packingGroup: null,
      quantity: 1,
      netWeightKg: 1,
    };
    const found = refusals({
      services: { deliveryConfirmation: 'signature', minimumAge: 18, cashOnDelivery: { currency: 'EUR' } },
      packages: [{ ...parcel(), dangerousGoods: [good, good, good, good], lithiumBatteries: { type: 'ion', packing: 'loose' } }],
    });
    expect(found.map((each) => [each.code, each.pointer])).toEqual(
      expect.arrayContaining([
        ['field.invalid', '/data/attributes/services/minimumAge'],
        ['field.invalid', '/data/attributes/packages/0/dangerousGoods'],
        ['field.invalid', '/data/attributes/packages/0/lithiumBatteries/packing'],
        ['field.missing', '/data/attributes/services/cashOnDelivery/amount'],
      ]),
    );
    expect(found.find((each) => each.pointer?.endsWith('/minimumAge'))?.reason).toBe(
      'Expected 16, 18 or 21 (a number or its text), given only with deliveryConfirmation adultSignature; got 18.',
    );
  });
});

describe('what a way of carrying refuses', () => {
  const phone = { lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: true } } as const;
  const powerBank = { lithiumBatteries: { type: 'ion', packing: 'alone', section2: false } } as const;
  const fireworks = {
    dangerousGoods: [
      { unNumber: 'UN0336', properShippingName: 'Fireworks', class: '1.4G', packingGroup: null, quantity: '1', netWeightKg: '1' },
    ],
  };
  it('air refuses lithium-ion alone and explosives; road carries both', () => {
    expect(carriageProblem('air', powerBank)).toEqual({ rule: 'air.lithiumIonAlone', option: 'lithiumBatteries' });
    expect(carriageProblem('air', fireworks)).toEqual({ rule: 'air.forbiddenClass', option: 'dangerousGoods', dangerousGoodIndex: 0 });
    expect(carriageProblem('air', phone)).toBeUndefined();
    expect(carriageProblem('road', powerBank)).toBeUndefined();
    expect(carriageProblem('road', fireworks)).toBeUndefined();
  });
  it('the post refuses dangerous goods, dry ice and lithium not in equipment, and takes a phone', () => {
    expect(carriageProblem('postal', fireworks)?.rule).toBe('postal.dangerousGoods');
    expect(carriageProblem('postal', { dryIceKg: '1' })?.rule).toBe('postal.dryIce');
    expect(carriageProblem('postal', powerBank)?.rule).toBe('postal.lithiumNotInEquipment');
    expect(carriageProblem('postal', phone)).toBeUndefined();
  });
  it('asks one option per kind, a package option counted by the packages that carry it', () => {
    expect(askedOptions({ deliveryConfirmation: 'direct', saturdayDelivery: true }, [phone, {}, { dryIceKg: '2' }, phone])).toEqual([
      { option: 'directSignature', packages: 4 },
      { option: 'saturdayDelivery', packages: 4 },
      { option: 'lithiumBatteries', packages: 2 },
      { option: 'dryIce', packages: 1 },
    ]);
  });
});

describe('a rate card prices the options it lists', () => {
  const card = rateCardSchema.parse({
    choiceCode: 'TEST',
    carrierCode: 'TEST',
    carrierName: 'Test',
    accountId: 'T',
    currency: 'EUR',
    vatPercent: 20,
    fuelSurchargePercent: 10,
    volumetricDivisor: 5000,
    insurance: { percentOfValue: 1, minimum: 1 },
    trackingNumber: { scheme: 'dhl-express' },
    zones: [
      { zone: 'domestic', from: ['*'], to: ['SAME'] },
      { zone: 'eu', from: ['EU'], to: ['EU'] },
    ],
    services: [
      {
        serviceCode: 'AIR',
        serviceName: 'Air',
        limits: { maxWeightKg: 70, maxLengthCm: 200, maxGirthCm: 400 },
        zones: { domestic: { transitDays: 1, breaks: [[10, 20]] }, eu: { transitDays: 2, breaks: [[10, 30]] } },
        transport: 'air',
        options: {
          signature: { flat: 2 },
          cashOnDelivery: { flat: 3, percent: 2, minimum: 4, zones: ['domestic'] },
          dryIce: { flat: 5, per: 'package' },
          saturdayDelivery: { percent: 50 },
        },
      },
    ],
  });
  const service = card.services[0]!;
  const box = (extra: Record<string, unknown> = {}) =>
    ({
      weight: { value: '5', units: '1' },
      dimensions: { length: '20', width: '20', height: '20', units: '1' },
      type: 'CARTON',
      ...extra,
    }) as never;
  const domestic = { from: 'IT', to: 'IT' };

  it('adds flat, percent of the freight or of the amount collected, at least the minimum, per package where it says so', () => {
    const priced = priceService(card, service, domestic, [box({ dryIceKg: '1' }), box(), box({ dryIceKg: '2' })], 10, {
      deliveryConfirmation: 'signature',
      cashOnDelivery: { amount: '50', currency: 'EUR', method: 'any' },
      saturdayDelivery: true,
    });
    expect(priced).toMatchObject({
      ok: true,
      // 3 × 20.00 freight, 10 % fuel, then 2.00 + max(4.00, 3.00 + 2 % of 50.00) + 50 % of 60.00 + 2 × 5.00
      finalCents: 6000 + 600 + 200 + 400 + 3000 + 1000,
      prepaidCents: Math.round((6000 + 600 + 200 + 400 + 3000 + 1000) * 1.2),
      breakdown: {
        freightCents: 6000,
        fuelCents: 600,
        options: [
          { option: 'signature', cents: 200 },
          { option: 'cashOnDelivery', cents: 400 },
          { option: 'saturdayDelivery', cents: 3000 },
          { option: 'dryIce', cents: 1000 },
        ],
      },
    });
    expect(priceService(card, service, domestic, [box()], 10)).not.toHaveProperty('breakdown');
  });

  it('refuses an option outside its zones, one it does not list, what air refuses, and COD in another currency', () => {
    const cod = { cashOnDelivery: { amount: '50', currency: 'EUR', method: 'any' as const } };
    expect(priceService(card, service, { from: 'IT', to: 'DE' }, [box()], 10, cod)).toMatchObject({
      ok: false,
      reason: 'Test Air does not offer cash on delivery on this route',
      pointer: '/data/attributes/services/cashOnDelivery',
      outcome: { code: 'service.optionNotOffered', option: 'cashOnDelivery' },
    });
    expect(priceService(card, service, domestic, [box()], 10, { deliveryConfirmation: 'adultSignature', minimumAge: 18 })).toMatchObject({
      ok: false,
      outcome: { code: 'service.optionNotOffered', option: 'adultSignature' },
    });
    expect(
      priceService(card, service, domestic, [box(), box({ lithiumBatteries: { type: 'ion', packing: 'alone', section2: false } })], 10),
    ).toMatchObject({
      ok: false,
      pointer: '/data/attributes/packages/1/lithiumBatteries',
      outcome: { code: 'service.optionRefused', option: 'lithiumBatteries', rule: 'air.lithiumIonAlone', packageIndex: 1 },
    });
    expect(
      priceService(card, service, domestic, [box()], 10, { cashOnDelivery: { amount: '50', currency: 'PLN', method: 'cash' } }),
    ).toMatchObject({
      ok: false,
      pointer: '/data/attributes/services/cashOnDelivery/currency',
      outcome: { code: 'service.optionRefused', rule: 'cashOnDelivery.currency', packageIndex: null },
    });
  });
});
