// The station reads shipments with zod's compiled copy of their schema (useCompiledShipmentRules in
// src-shared/shipment-validation.ts), the desk's page with the schema as written. Both must read every document
// alike: the same verdict, the same values in the same member order, the same faults at the same members. Here
// both read thousands of documents drawn from the API description's own schema (allowed values, near misses,
// junk), and good shipments with one member changed to another allowed value, to junk, or left out.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { shipmentRequestSchema } from '../../src-shared/shipment-validation.ts';
import { arbitraryFor, mutated, varied } from '../helpers/schema-arbitrary.ts';
import { attributes } from '../helpers/shipments.ts';
import { benchAttributes } from '../bench/seed.ts';

const description = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as Record<string, any>;
const membersSchema = description.components.schemas.ShipmentRequestAttributes as object;
const compiled = z.compile(shipmentRequestSchema, { strict: true });
/**
 * Documents per drawing: each is read twice through every address check (about 5 ms a document on a busy 2-core
 * machine), so 1,500 each keeps the file under a minute there; the seeds are fixed, so a run reads the same ones.
 */
const RUNS = 1_500;

/** What a reading says: its verdict, its values as JSON (member order included), and the members it faults. */
function readingOf(schema: Pick<typeof shipmentRequestSchema, 'safeParse'>, input: unknown) {
  const result = schema.safeParse(structuredClone(input));
  return result.success
    ? { ok: true, value: JSON.stringify(result.data) }
    : { ok: false, faults: result.error.issues.map((issue) => `${issue.path.join('/')} ${issue.code}`) };
}

function readAlike(input: unknown): void {
  expect(readingOf(compiled, input), JSON.stringify(input)).toEqual(readingOf(shipmentRequestSchema, input));
}

describe('the compiled shipment schema', () => {
  it('compiles whole, with no part left to the schema as written', () => {
    // strict: a part zod cannot compile would throw here rather than be read step by step.
    expect(typeof compiled.safeParse).toBe('function');
  });

  it('reads the shipments of the tests and of the benchmark as the schema does', () => {
    const goods = [attributes(), attributes({ shipDate: undefined }), ...Array.from({ length: 20 }, (_, index) => benchAttributes(index))];
    for (const good of goods) {
      readAlike(good);
      expect(compiled.safeParse(good).success).toBe(true);
    }
  });

  it('reads documents drawn from the description (allowed, near misses, junk) as the schema does', () => {
    fc.assert(fc.property(arbitraryFor(description, membersSchema), readAlike), { numRuns: RUNS, seed: 49 });
  }, 120_000);

  it('reads good shipments with one member changed, to an allowed value, to junk, or left out, as the schema does', () => {
    const good = attributes();
    fc.assert(fc.property(fc.oneof(varied(description, membersSchema, good), mutated(good)), readAlike), { numRuns: RUNS, seed: 50 });
  }, 120_000);
});
