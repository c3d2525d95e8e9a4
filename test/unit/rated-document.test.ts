// The rated document's hash is written in one pass (src-main/services/rated-document.ts): it must be the text, and
// so the hash, that JSON.stringify(canonical(...)) made before, or every rate handed out would stop confirming.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../src-shared/canonical-json.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import { canonicalJson, ratedDocumentHash } from '../../src-main/services/rated-document.ts';
import { benchAttributes } from '../bench/seed.ts';

const hashAsBefore = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('base64url')
    .slice(0, 22);

describe('the hash of a rated document', () => {
  it('is made of the canonical copy’s text, byte for byte, for values of every kind', () => {
    const values: unknown[] = [
      null,
      0,
      -0,
      1.5e300,
      'text "quoted" \\ \u2028 é \ud83d\udce6',
      true,
      [],
      {},
      [1, undefined, null, () => 1, Symbol('s'), [{ b: 1, a: 2 }]],
      { b: 1, a: { d: [3, { z: 1, y: undefined }], c: undefined }, '': 0, 'quote"d': 1, é: 2, Z: 3 },
      // An object lists index-like names first, in number order, whatever order they were added in.
      { b: 1, 10: 'ten', 9: 'nine', '01': 'not an index', a: 0, 4294967295: 'not an index either', 4294967294: 'an index' },
      { nested: { when: new Date(0), fn: () => 1, symbol: Symbol('s') } },
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(JSON.stringify(canonical(value)));
  });

  it('is the hash it was for validated shipments', () => {
    for (let i = 0; i < 20; i++) {
      const checked = validateShipmentDocument({ data: { type: 'shipment', attributes: benchAttributes(i) } }, 'rate');
      if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
      expect(ratedDocumentHash(checked.value)).toBe(hashAsBefore(checked.value));
    }
  });
});
