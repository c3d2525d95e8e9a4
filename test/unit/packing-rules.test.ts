// The shared packing rules: for each choice (box, service, carrier) the order's own wish first, then the first
// rule that matches and makes it, each explained in words; weight bands from "from" up to under "under"; and the
// Settings dry run, which shows where edited rules would pack an order differently from the saved ones.
import { describe, expect, it } from 'vitest';
import { validateOrderDocument, type OrderAttributes } from '../../src-shared/orders.ts';
import { decidePacking, describeConditions, dryRunRules, type PackingRule } from '../../src-shared/packing-rules.ts';
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
});
