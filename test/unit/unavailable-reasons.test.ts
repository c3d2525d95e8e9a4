// Why a service cannot carry a shipment, as outcome codes: the refusal of a shipment no carrier is configured for
// says so with its own code, and an upstream's reason passes on only with a code and figures this station knows.
import { describe, expect, it } from 'vitest';
import { noServiceMeta, noServiceReason } from '../../src-main/services/processing.ts';
import { knownReason } from '../../src-shared/unavailable-reasons.ts';

describe('outcome codes of carriers and rate cards', () => {
  it('a shipment no carrier is configured for is refused with carrier.notConfigured as its one reason', () => {
    const list = { quotes: [], unavailable: [] };
    expect(noServiceMeta(list)).toMatchObject({
      unavailable: [],
      reasons: [{ code: 'carrier.notConfigured', reason: noServiceReason(list) }],
    });
  });

  it('gives each distinct reason once, in the order the sentence gives them', () => {
    const overWeight = {
      code: 'package.overWeight',
      carrierName: 'UPS',
      serviceName: 'Standard',
      packageIndex: 0,
      weightKg: 80,
      limitKg: 70,
    } as const;
    const entry = (serviceCode: string) => ({
      carrierCode: 'UPS',
      serviceCode,
      reason: 'UPS Standard: package 1 weighs 80 kg, over the 70 kg limit',
      outcome: overWeight,
    });
    const meta = noServiceMeta({ quotes: [], unavailable: [entry('STD'), entry('EXP')] });
    expect(meta.reasons).toEqual([{ ...overWeight, reason: 'UPS Standard: package 1 weighs 80 kg, over the 70 kg limit' }]);
    expect(meta.unavailable.map((one) => one.id)).toEqual(['t2-UPS-STD', 't2-UPS-EXP']);
  });

  it('takes an upstream’s reason only with a known code and its figures', () => {
    expect(
      knownReason({
        id: 't2-UPS-STD',
        reason: 'x',
        code: 'route.notServed',
        carrierName: 'UPS',
        serviceName: 'Standard',
        from: 'IT',
        to: 'JP',
      }),
    ).toEqual({
      code: 'route.notServed',
      carrierName: 'UPS',
      serviceName: 'Standard',
      from: 'IT',
      to: 'JP',
    });
    expect(knownReason({ code: 'route.notServed', carrierName: 'UPS' })).toBeUndefined();
    expect(knownReason({ code: 'parcel.tooSad' })).toBeUndefined();
    expect(knownReason('route.notServed')).toBeUndefined();
  });
});
