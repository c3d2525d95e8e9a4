// The shared packing rules: for each choice (box, service, carrier) the order's own wish first, then the first
// rule that matches and makes it, each explained in words; weight bands from "from" up to under "under"; and the
// Settings dry run, which shows where edited rules would pack an order differently from the saved ones; the rate a
// decision takes (the cheapest, the fastest, or the least CO2e within a margin over them).
import { describe, expect, it } from 'vitest';
import { validateOrderDocument, type OrderAttributes } from '../../src-shared/orders.ts';
import {
  chooseRate,
  decidePacking,
  describeConditions,
  dryRunRules,
  skuMatches,
  type PackingRule,
} from '../../src-shared/packing-rules.ts';
import { validatePackingSetup } from '../../src-shared/packing-setup.ts';
import { DEFAULT_PACKING_SETUP } from '../../src-shared/packing-setup.ts';
import { shipTo, shipToIn } from '../helpers/shipments.ts';

const order = (number: string, overrides: Record<string, unknown> = {}): OrderAttributes => {
  const checked = validateOrderDocument({
    data: {
      type: 'order',
      attributes: {
        number,
        shipTo: shipTo(),
        lines: [{ sku: 'CUP-6', description: 'Cup', quantity: 2, unitWeight: '0.35', unitPrice: 10 }],
        ...overrides,
      },
    },
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.value;
};

const RULES: PackingRule[] = [
  { when: { countries: ['de'], maxWeightKg: 2 }, then: { service: 'economy', carrier: 'DHL' } },
  { when: { minWeightKg: 1, maxWeightKg: 5 }, then: { box: 'Medium box' } },
  { when: { skus: ['WINE-6'] }, then: { box: 'Bottle box' } },
  { when: { tags: ['fragile'] }, then: { box: 'Padded box', service: 'express' } },
  { when: {}, then: { box: 'Large box', service: 'economy' } },
];

describe('packing rules', () => {
  it('puts the order’s own service and carrier first, then the first rule that makes each choice, and says why', () => {
    expect(decidePacking(RULES, order('A'), 0.7)).toEqual({
      service: 'economy',
      carrier: 'DHL',
      box: 'Large box',
      reasons: ['Economy because DE under 2 kg', 'DHL because DE under 2 kg', 'Large box because any order'],
    });
    expect(decidePacking(RULES, order('B', { service: 'express', carrierChoice: 'ups', tags: 'fragile' }), 0.7)).toEqual({
      service: 'express',
      carrier: 'UPS',
      box: 'Padded box',
      reasons: ['Express because the order asks for it', 'UPS because the order asks for it', 'Padded box because tagged fragile'],
    });
  });

  it('weighs from "from" up to under "under", and leaves weight rules out while the weight is unknown', () => {
    expect(decidePacking(RULES, order('C', { shipTo: shipToIn('AT') }), 1).box).toBe('Medium box');
    expect(decidePacking(RULES, order('C'), 0.999).box).toBe('Large box');
    expect(decidePacking(RULES, order('C'), 5).box).toBe('Large box');
    expect(decidePacking(RULES, order('C'), 2).carrier).toBeUndefined();
    const unweighed = decidePacking(RULES, order('D'), undefined);
    expect(unweighed).toMatchObject({ box: 'Large box', service: 'economy' });
    expect(unweighed).not.toHaveProperty('carrier');
  });

  it('matches any of its SKUs and any of its tags', () => {
    const wine = order('E', {
      lines: [
        { sku: 'CUP-6', description: 'Cup', quantity: 1, unitPrice: 1 },
        { sku: 'WINE-6', description: 'Wine', quantity: 1, unitPrice: 30 },
      ],
    });
    expect(decidePacking(RULES, wine, 9).reasons).toContain('Bottle box because with WINE-6');
    expect(
      describeConditions({ when: { countries: ['DE', 'AT'], minWeightKg: 1, maxWeightKg: 5, skus: ['A', 'B'], tags: ['gift'] }, then: {} }),
    ).toBe('DE or AT from 1 kg to under 5 kg with A or B tagged gift');
    expect(describeConditions({ when: { minWeightKg: 30 }, then: {} })).toBe('30 kg or more');
  });

  it('dry-runs edited rules on orders by their goods’ weight, and marks each order they would pack differently', () => {
    const orders = [
      order('SO-1'),
      order('SO-2', { shipTo: shipToIn('AT') }),
      order('SO-3', { lines: [{ sku: 'X', description: 'Unweighed', quantity: 1, unitPrice: 1 }] }),
    ];
    const edited: PackingRule[] = [{ when: { countries: ['AT'] }, then: { service: 'express' } }, ...DEFAULT_PACKING_SETUP.rules];
    const rows = dryRunRules(DEFAULT_PACKING_SETUP.rules, edited, orders);
    expect(rows.map((row) => [row.number, row.country, row.weightKg, row.changed, row.saved.box, row.draft.service])).toEqual([
      ['SO-1', 'DE', 0.7, false, 'Small box', 'economy'],
      ['SO-2', 'AT', 0.7, true, 'Small box', 'express'],
      ['SO-3', 'DE', undefined, false, 'Large box', 'economy'],
    ]);
    expect(rows[1]!.draft.reasons).toEqual(['Express because AT', 'Small box because under 1 kg']);
  });

  it('takes * in a rule’s SKU for any characters, case aside, and an exact SKU only as itself', () => {
    expect(skuMatches('WINE-*', 'WINE-RED-75')).toBe(true);
    expect(skuMatches('wine-*', 'WINE-RED-75')).toBe(true);
    expect(skuMatches('WINE-*', 'WINE-')).toBe(true);
    expect(skuMatches('WINE-*', 'SPARKLING-WINE-1')).toBe(false);
    expect(skuMatches('*-GIFT', 'MUG-GIFT')).toBe(true);
    expect(skuMatches('W*-R*D-75', 'WINE-RED-75')).toBe(true);
    expect(skuMatches('WINE-6', 'WINE-66')).toBe(false);
    // A pattern's other characters are themselves: a dot is no regular expression's any character.
    expect(skuMatches('A.B*', 'AXB-1')).toBe(false);
    expect(skuMatches('A.B*', 'A.B-1')).toBe(true);
  });

  it('sets special services by SKU pattern and tag, each with its reason; the order’s own services come first', () => {
    const rules: PackingRule[] = [
      { when: { skus: ['WINE-*'] }, then: { services: { deliveryConfirmation: 'adultSignature' } } },
      { when: { skus: ['SPIRIT-*'] }, then: { services: { deliveryConfirmation: 'adultSignature', minimumAge: 21 } } },
      { when: { tags: ['florist'] }, then: { services: { saturdayDelivery: true } } },
      { when: {}, then: { box: 'Large box', services: { deliveryConfirmation: 'signature' } } },
    ];
    const wine = order('W1', { lines: [{ sku: 'WINE-RED-75', description: 'Red wine', quantity: 1, unitPrice: 12 }], tags: 'florist' });
    expect(decidePacking(rules, wine, 1.2)).toEqual({
      box: 'Large box',
      services: { deliveryConfirmation: 'adultSignature', minimumAge: 18, saturdayDelivery: true },
      reasons: ['Adult signature 18+ because with WINE-*', 'Saturday delivery because tagged florist', 'Large box because any order'],
    });
    expect(
      decidePacking(rules, order('W2', { lines: [{ sku: 'spirit-gin', description: 'Gin', quantity: 1, unitPrice: 30 }] }), 1),
    ).toMatchObject({
      services: { deliveryConfirmation: 'adultSignature', minimumAge: 21 },
      reasons: ['Adult signature 21+ because with SPIRIT-*', 'Large box because any order'],
    });
    expect(decidePacking(rules, order('W3'), 1).services).toEqual({ deliveryConfirmation: 'signature' });
    // The order's own confirmation stands, and its cash on delivery is carried; a rule sets only what it leaves open.
    const own = order('W4', {
      lines: [{ sku: 'WINE-RED-75', description: 'Red wine', quantity: 1, unitPrice: 12 }],
      tags: 'florist',
      services: { deliveryConfirmation: 'direct', cashOnDelivery: { amount: '12.00', currency: 'EUR', method: 'cash' } },
    });
    expect(decidePacking(rules, own, 1)).toEqual({
      box: 'Large box',
      services: {
        deliveryConfirmation: 'direct',
        cashOnDelivery: { amount: '12.00', currency: 'EUR', method: 'cash' },
        saturdayDelivery: true,
      },
      reasons: [
        'Direct signature because the order asks for it',
        'Saturday delivery because tagged florist',
        'Large box because any order',
      ],
    });
    // A rule's "none" decides too: no later rule asks for a signature, and none is kept.
    const none: PackingRule[] = [{ when: { countries: ['DE'] }, then: { services: { deliveryConfirmation: 'none' } } }, ...rules];
    const decided = decidePacking(none, order('W5'), 1);
    expect(decided.services).toBeUndefined();
    expect(decided.reasons[0]).toBe('No signature because DE');
  });

  it('dry-runs a change of special services as a change', () => {
    const wine = order('W6', { lines: [{ sku: 'WINE-RED-75', description: 'Red wine', quantity: 1, unitPrice: 12 }] });
    const saved: PackingRule[] = [{ when: {}, then: { box: 'Large box' } }];
    const draft: PackingRule[] = [{ when: { skus: ['WINE-*'] }, then: { services: { deliveryConfirmation: 'adultSignature' } } }, ...saved];
    const [row] = dryRunRules(saved, draft, [wine]);
    expect(row!.changed).toBe(true);
    expect(row!.draft.services).toEqual({ deliveryConfirmation: 'adultSignature', minimumAge: 18 });
  });

  it('prefers the lowest CO2e within a margin over the cheapest, says why, and dry-runs the margin as a change', () => {
    const rules: PackingRule[] = [{ when: { countries: ['DE'] }, then: { lowestCo2eWithinPercent: 10 } }, ...RULES];
    const decided = decidePacking(rules, order('G1'), 0.7);
    expect(decided).toMatchObject({ lowestCo2eWithinPercent: 10, service: 'economy', carrier: 'DHL' });
    expect(decided.reasons[0]).toBe('Lowest CO2e within 10 % of the cheapest because DE');
    expect(dryRunRules(RULES, rules, [order('G2')])[0]!.changed).toBe(true);
  });
});

describe('choosing a rate', () => {
  // Delivery dates compare as the text they are (YYYY-MM-DD): day 1 comes before day 2.
  const rate = (id: string, amount: number, co2eKg: number | null, date = 'day 2') => ({
    id,
    attributes: { finalCost: { amount }, estimatedDeliveryDate: date },
    meta: { emissions: co2eKg === null ? null : { co2eKg } },
  });
  const rates = [
    rate('air', 14.2, 7.5, 'day 1'),
    rate('road', 10.0, 0.12),
    rate('road-greener', 10.8, 0.08),
    rate('road-greenest', 11.5, 0.05),
    rate('unknown', 10.5, null),
  ];

  it('takes the cheapest, or for express the fastest (the cheaper of equals), as the desk always has', () => {
    expect(chooseRate(rates, null)?.id).toBe('road');
    expect(chooseRate(rates, { service: 'express' })?.id).toBe('air');
    expect(chooseRate([], null)).toBeUndefined();
  });

  it('with a margin, takes the least CO2e of the rates that far above the cheapest, never one without a figure for it', () => {
    expect(chooseRate(rates, { lowestCo2eWithinPercent: 10 })?.id).toBe('road-greener');
    expect(chooseRate(rates, { lowestCo2eWithinPercent: 15 })?.id).toBe('road-greenest');
    expect(chooseRate(rates, { lowestCo2eWithinPercent: 0 })?.id).toBe('road');
    expect(chooseRate([rate('a', 10, null), rate('b', 10.5, null)], { lowestCo2eWithinPercent: 50 })?.id).toBe('a');
    // Express keeps to the fastest day: a greener rate that arrives later is not taken.
    expect(chooseRate(rates, { service: 'express', lowestCo2eWithinPercent: 100 })?.id).toBe('air');
  });

  it('is a rule the station checks: 0 to 100 percent, text with a comma read, anything else refused naming the field', () => {
    const checked = validatePackingSetup(
      { data: { type: 'packingSetup', attributes: { rules: [{ when: {}, then: { lowestCo2eWithinPercent: '7,5' } }] } } },
      DEFAULT_PACKING_SETUP,
    );
    expect(checked.ok && checked.value.rules[0]!.then.lowestCo2eWithinPercent).toBe(7.5);
    const refused = validatePackingSetup(
      { data: { type: 'packingSetup', attributes: { rules: [{ when: {}, then: { lowestCo2eWithinPercent: 150 } }] } } },
      DEFAULT_PACKING_SETUP,
    );
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.errors[0]!.source?.pointer).toBe('/data/attributes/rules/0/then/lowestCo2eWithinPercent');
  });
});
