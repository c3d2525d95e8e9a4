// What a create costs the SQLite writer thread, counted: the store counts the writes it sends (each a commit of
// its own when it comes alone, as these do, one create after another). A create is one write: its reference comes
// from a block reserved in one write for many creates (store/reference-block.ts), and the shipment, its
// processing, documents, audit entries, events and addresses are one transaction. With an Idempotency-Key the key
// is committed in that same transaction. The service tier is SQLite's: PostgreSQL commits per desk, uncounted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPrinting } from '../../src-main/printing/backend.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import { REFERENCE_BLOCK } from '../../src-main/store/reference-block.ts';
import { setClock } from '../helpers/clock.ts';
import { openServiceTier, type ServiceTier } from '../helpers/service-tier.ts';
import { attributes, document } from '../helpers/shipments.ts';

let tier: ServiceTier;
let shipment: ShipmentAttributes;

beforeAll(async () => {
  // A Monday morning in Milan: every carrier ships today.
  tier = await openServiceTier({ clock: setClock('2026-11-23 09:00', 'Europe/Rome'), printBackend: noPrinting });
  const checked = validateShipmentDocument(document(attributes()), 'create');
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  shipment = checked.value;
});
afterAll(() => tier?.close());

/** The writes the store made while `work` ran, by table and method. */
async function writesDuring(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = tier.store.writesMade!();
  await work();
  const after = tier.store.writesMade!();
  return Object.fromEntries(
    Object.entries(after).flatMap(([name, count]) => (count - (before[name] ?? 0) > 0 ? [[name, count - (before[name] ?? 0)]] : [])),
  );
}

describe('a create on SQLite', () => {
  it('is one writer commit, its reference drawn from a block reserved once for many creates', async () => {
    const caller = await tier.caller('packer');
    const create = () => tier.shipments.create(caller, shipment, { service: 'economy', scheduledProcessing: false });
    // The first create of the station reserves the block its reference comes from.
    expect(await writesDuring(create)).toEqual({ 'shipments.reserveReferences': 1, 'shipments.insert': 1 });
    // The block's other references serve the next creates: each is one write, the shipment's own transaction.
    const creates = REFERENCE_BLOCK - 1;
    const references: string[] = [];
    expect(
      await writesDuring(async () => {
        for (let i = 0; i < creates; i++) references.push((await create()).reference!);
      }),
    ).toEqual({ 'shipments.insert': creates });
    // The block used up, the next create reserves the next one: one write more in REFERENCE_BLOCK creates.
    expect(await writesDuring(create)).toEqual({ 'shipments.reserveReferences': 1, 'shipments.insert': 1 });
    // References stay unique and rising, one after another within a block.
    expect(references.map(Number)).toEqual(references.map((_, i) => Number(references[0]) + i));
  });

  it('with an Idempotency-Key is one writer commit too: the key is committed with the shipment (the kept answer is the route’s own write after it)', async () => {
    const caller = await tier.caller('packer');
    const ticket = { key: 'a1b2c3d4-create-commits', clientId: caller.client.id, fingerprint: 'f'.repeat(64) };
    const writes = await writesDuring(() =>
      tier.shipments.create(caller, shipment, { service: 'economy', scheduledProcessing: false }, ticket),
    );
    expect(writes).toEqual({ 'shipments.insert': 1 });
  });

  it('draws references from blocks that never overlap, when many creates ask at once', async () => {
    const caller = await tier.caller('packer');
    const made = await Promise.all(
      Array.from({ length: 2 * REFERENCE_BLOCK + 7 }, () =>
        tier.shipments.create(caller, shipment, { service: 'economy', scheduledProcessing: false }),
      ),
    );
    expect(new Set(made.map((record) => record.reference)).size).toBe(made.length);
  });
});
