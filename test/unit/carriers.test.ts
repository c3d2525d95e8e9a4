import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rateCardCarrier } from '../../src-main/carriers/carrier.ts';
import { chargeableWeightKg, priceService, zoneFor } from '../../src-main/carriers/pricing.ts';
import { rateCardSchema, type RateCard } from '../../src-main/carriers/rate-card.ts';
import { createCarrierRegistry } from '../../src-main/carriers/registry.ts';
import {
  fedexCheckDigit,
  isValidTrackingNumber,
  issueTrackingNumber,
  s10CheckDigit,
  upsCheckDigit,
} from '../../src-main/carriers/tracking-numbers.ts';
import { addDays, addWorkingDays, weekdayOf } from '../../src-shared/calendar.ts';
import { setClock } from '../helpers/clock.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import type { Package } from '../../src-shared/shipment.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const BUNDLED = join(DEFAULT_RESOURCES_DIR, 'carriers');
const card = (file: string): RateCard => rateCardSchema.parse(JSON.parse(readFileSync(join(BUNDLED, file), 'utf8')));
const pkg = (weight: string, dims: [string, string, string] = ['30', '20', '15']): Package => ({
  weight: { value: weight, units: '1' },
  dimensions: { length: dims[0], width: dims[1], height: dims[2], units: '1' },
  type: 'CARTON',
});

/** No fuel surcharge set: every card prices with its own. */
const noSurcharges = { all: () => Promise.resolve(new Map<string, number>()) };

describe('tracking numbers have each carrier real shape and check digit', () => {
  it('computes the UPS check digit of a real number (1Z5R89390357567127)', () => {
    expect(upsCheckDigit('5R8939035756712')).toBe(7);
  });
  it('computes the UPU S10 check digit of the standard example (AA473124829GB)', () => {
    expect(s10CheckDigit('47312482')).toBe(9);
  });
  it('computes the FedEx Express check digit of a real number (986578788855)', () => {
    expect(fedexCheckDigit('98657878885')).toBe(5);
  });
  it('computes the DHL Express check digit as the first nine digits modulo 7', () => {
    // 123456789 = 7 × 17636684 + 1
    expect(isValidTrackingNumber({ scheme: 'dhl-express' }, '1234567891')).toBe(true);
    expect(isValidTrackingNumber({ scheme: 'dhl-express' }, '1234567896')).toBe(false);
  });

  const digits = (() => {
    let n = 0;
    return (count: number) =>
      String(123456789 + n++ * 7919)
        .padStart(count, '0')
        .slice(-count);
  })();

  it.each([
    ['dhl.json', /^[0-9]{10}$/],
    ['ups.json', /^1ZA0B1C265[0-9]{8}$/],
    ['fedex.json', /^[0-9]{12}$/],
    ['tnt.json', /^[0-9]{9}$/],
    ['poste-italiane.json', /^CP[0-9]{9}IT$/],
  ])('issues valid %s numbers', (file, shape) => {
    const format = card(file).trackingNumber;
    for (let i = 0; i < 50; i++) {
      const number = issueTrackingNumber(format, digits);
      expect(number).toMatch(shape);
      expect(isValidTrackingNumber(format, number)).toBe(true);
      // A changed last digit breaks the check.
      const last = Number(number.match(/([0-9])[A-Z]*$/)![1]);
      const broken = number.replace(/([0-9])([A-Z]*)$/, `${(last + 1) % 10}$2`);
      expect(isValidTrackingNumber(format, broken)).toBe(false);
    }
  });

  it('never reissues a number the station has', async () => {
    const dhl = rateCardCarrier(card('dhl.json'), 10, (count) => '1'.repeat(count));
    await expect(dhl.book({} as never, () => Promise.resolve(true), {} as never)).rejects.toThrow('no free tracking number');
  });
});

describe('rate cards price by zone, chargeable weight, surcharge and VAT', () => {
  it('bundles five carriers with at least two services each', async () => {
    const registry = createCarrierRegistry({ bundledDir: BUNDLED, overrideDir: join(tempDir(), 'none'), surcharges: noSurcharges });
    expect(registry.choiceCodes().sort()).toEqual(['DHL', 'FEDEX', 'POSTE_ITALIANE', 'TNT', 'UPS']);
    for (const { card } of await registry.cards()) expect(card.services.length).toBeGreaterThanOrEqual(2);
    expect(registry.problems()).toEqual([]);
  });

  it('finds zones by origin and destination', () => {
    const dhl = card('dhl.json');
    expect(zoneFor(dhl, 'IT', 'IT')).toBe('domestic');
    expect(zoneFor(dhl, 'IT', 'DE')).toBe('eu');
    expect(zoneFor(dhl, 'IT', 'CH')).toBe('europe');
    expect(zoneFor(dhl, 'IT', 'US')).toBe('world');
    expect(zoneFor(card('poste-italiane.json'), 'DE', 'FR')).toBeUndefined();
  });

  it('charges the volumetric weight when it is higher, rounded up to half a kilo', () => {
    expect(chargeableWeightKg(pkg('1.2'), 5000)).toBe(2); // 30×20×15/5000 = 1.8
    expect(chargeableWeightKg(pkg('7.1'), 5000)).toBe(7.5);
  });

  it('applies the weight break, the fuel surcharge and VAT', () => {
    const dhl = card('dhl.json');
    const express = dhl.services.find((service) => service.serviceCode === 'EXP')!;
    const row = express.zones.eu!.breaks.find(([upTo]) => upTo >= 2)!;
    const price = priceService(dhl, express, { from: 'IT', to: 'DE' }, [pkg('1.2')], 10);
    expect(price).toMatchObject({ ok: true, zone: 'eu', transitDays: 2 });
    if (!price.ok) return;
    expect(price.finalCents).toBe(Math.round(Math.round(row[1] * 100) * 1.1));
    expect(price.prepaidCents).toBe(Math.round(price.finalCents * 1.22));
  });

  it('sums the packages', () => {
    const ups = card('ups.json');
    const standard = ups.services.find((service) => service.serviceCode === 'STD')!;
    const one = priceService(ups, standard, { from: 'IT', to: 'DE' }, [pkg('1')], 0);
    const two = priceService(ups, standard, { from: 'IT', to: 'DE' }, [pkg('1'), pkg('1')], 0);
    expect(one.ok && two.ok && two.finalCents === 2 * one.finalCents).toBe(true);
  });

  it.each([
    [pkg('1200', ['100', '80', '80']), 'over the 1000 kg no service carries'],
    [pkg('80'), 'over the 70 kg limit'],
    [pkg('5', ['300', '20', '20']), 'cm long, over the 274 cm limit'],
    [pkg('5', ['200', '60', '60']), 'length plus girth'],
  ])('refuses a package the service cannot carry, saying why', (input, reason) => {
    const ups = card('ups.json');
    const saver = ups.services.find((service) => service.serviceCode === 'XSS')!;
    const price = priceService(ups, saver, { from: 'IT', to: 'DE' }, [input], 0);
    expect(price.ok).toBe(false);
    if (!price.ok) expect(price.reason).toContain(reason);
  });

  it('refuses a route the card does not serve', () => {
    const poste = card('poste-italiane.json');
    const price = priceService(poste, poste.services[0]!, { from: 'IT', to: 'US' }, [pkg('1')], 0);
    expect(price).toEqual({
      ok: false,
      reason: 'Poste Italiane Poste Delivery Business Express does not serve IT to US',
      pointer: '/data/attributes/shipTo/country',
      outcome: {
        code: 'route.notServed',
        carrierName: 'Poste Italiane',
        serviceName: 'Poste Delivery Business Express',
        from: 'IT',
        to: 'US',
      },
    });
  });

  it("estimates delivery in working days: over the weekend, and over the station's holidays", async () => {
    const friday = setClock('2026-11-20 10:00', 'Europe/Rome').today();
    expect(weekdayOf(friday)).toBe(5);
    const monday = addDays(friday, 3);
    const ups = rateCardCarrier(card('ups.json'), 0);
    const estimates = async (holidays: string[]) => {
      const outcomes = await ups.rate({
        from: 'IT',
        to: 'DE',
        shipDate: friday,
        holidays,
        packages: [pkg('1')],
        insuredCents: null,
        attributes: {} as never,
        sandbox: false,
      });
      return outcomes.flatMap((outcome) => (outcome.ok ? [[outcome.quote.transitDays, outcome.quote.estimatedDeliveryDate] as const] : []));
    };
    const plain = await estimates([]);
    const overHoliday = await estimates([monday]);
    expect(plain.length).toBeGreaterThan(0);
    for (const [days, date] of plain) {
      expect(date).toBe(addWorkingDays(friday, days, []));
      expect([0, 6]).not.toContain(weekdayOf(date!));
    }
    // The holiday pushes every estimate a working day on: none falls on it.
    overHoliday.forEach(([days, date], index) => {
      expect(date).toBe(addWorkingDays(friday, days, [monday]));
      expect(date).not.toBe(monday);
      expect(date! > plain[index]![1]!).toBe(true);
    });
    // Spelt out: one day's transit from a Friday arrives on Monday, or on Tuesday when Monday is a holiday.
    expect(addWorkingDays(friday, 1, [])).toBe(monday);
    expect(addWorkingDays(friday, 1, [monday])).toBe(addDays(monday, 1));
  });
});

describe('the data folder overrides and adds rate cards, and surcharges apply at once', () => {
  it('replaces a bundled card with the same carrier choice, adds new ones and reports broken ones', async () => {
    const overrideDir = join(tempDir(), 'carriers');
    mkdirSync(overrideDir);
    const own = { ...card('dhl.json'), carrierName: 'DHL Express (our contract)' };
    writeFileSync(join(overrideDir, 'dhl.json'), JSON.stringify(own));
    writeFileSync(
      join(overrideDir, 'gls.json'),
      JSON.stringify({ ...card('tnt.json'), choiceCode: 'GLS', carrierCode: 'GLS', carrierName: 'GLS' }),
    );
    writeFileSync(join(overrideDir, 'broken.json'), '{"choiceCode": "X"}');
    const registry = createCarrierRegistry({ bundledDir: BUNDLED, overrideDir, surcharges: noSurcharges });
    const dhl = (await registry.cards()).find((entry) => entry.card.choiceCode === 'DHL')!;
    expect(dhl.card.carrierName).toBe('DHL Express (our contract)');
    expect(dhl.source).toBe('data folder');
    expect(registry.choiceCodes()).toContain('GLS');
    expect(registry.problems()).toHaveLength(1);
    expect(registry.problems()[0]).toContain('broken.json');
  });

  it('notices an added, edited or removed card file when it refreshes, and its watch does so by itself', async () => {
    const overrideDir = join(tempDir(), 'carriers');
    mkdirSync(overrideDir);
    const registry = createCarrierRegistry({ bundledDir: BUNDLED, overrideDir, surcharges: noSurcharges });
    expect(registry.choiceCodes()).not.toContain('GLS');
    const gls = { ...card('tnt.json'), choiceCode: 'GLS', carrierCode: 'GLS', carrierName: 'GLS' };
    writeFileSync(join(overrideDir, 'gls.json'), JSON.stringify(gls));
    // Nothing on the request path looks at the folder: the card arrives with the next refresh.
    expect(registry.choiceCodes()).not.toContain('GLS');
    registry.refresh();
    expect(registry.choiceCodes()).toContain('GLS');
    const stop = registry.watch(20);
    try {
      writeFileSync(join(overrideDir, 'gls.json'), JSON.stringify({ ...gls, carrierName: 'GLS Italy' }));
      utimesSync(join(overrideDir, 'gls.json'), new Date(), new Date(Date.now() + 5000));
      await expect
        .poll(async () => (await registry.carriers()).find((carrier) => carrier.choiceCode === 'GLS')?.carrierName)
        .toBe('GLS Italy');
      rmSync(join(overrideDir, 'gls.json'));
      await expect.poll(() => registry.choiceCodes()).not.toContain('GLS');
    } finally {
      stop();
    }
  });

  it('reads the surcharge override on every call', async () => {
    const surcharges = new Map<string, number>();
    const registry = createCarrierRegistry({
      bundledDir: BUNDLED,
      overrideDir: join(tempDir(), 'x'),
      surcharges: { all: () => Promise.resolve(surcharges) },
    });
    const original = (await registry.cards()).find((entry) => entry.card.choiceCode === 'DHL')!.fuelSurchargePercent;
    surcharges.set('DHL', 30);
    expect((await registry.cards()).find((entry) => entry.card.choiceCode === 'DHL')!.fuelSurchargePercent).toBe(30);
    expect(original).toBe(card('dhl.json').fuelSurchargePercent);
  });
});
