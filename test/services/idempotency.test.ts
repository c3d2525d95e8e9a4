// Idempotency keys at the service tier, without HTTP: the idempotency service's lookup and keep around the shipment
// service's create, in the order the API's Idempotency-Key handler calls them (api/middleware/idempotency.ts), over
// a real SQLite store in a temp folder (test/helpers/service-tier.ts), closed and opened again for a restart. SQLite
// only: test/api/idempotency.test.ts pins the same over HTTP on both databases, with the answers' codes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical } from '../../src-shared/canonical-json.ts';
import type { CreateMeta } from '../../src-shared/shipment-validation.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import type { Caller } from '../../src-main/domain/caller.ts';
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  IdempotencyKeyTakenError,
  type IdempotencyTicket,
  type StoredResponse,
} from '../../src-main/domain/idempotency.ts';
import type { ShipmentRecord } from '../../src-main/domain/shipment.ts';
import { createIdempotencyService, type KeyLookup } from '../../src-main/services/idempotency.ts';
import { setClock } from '../helpers/clock.ts';
import { openServiceTier, type ServiceTier } from '../helpers/service-tier.ts';
import { attributes, document } from '../helpers/shipments.ts';

// A Tuesday morning in Milan, before every carrier's cutoff.
const clock = setClock('2026-11-24 09:30', 'Europe/Rome');
let tier: ServiceTier;
let caller: Caller;
beforeAll(async () => {
  tier = await openServiceTier({ clock });
  caller = await tier.caller();
});
afterAll(() => tier.close());

const META: CreateMeta = { service: 'economy', scheduledProcessing: false };

/** A create's request body; `name` changes the receiver, so that two bodies differ. */
const body = (name = 'Kunde Becker') => document(attributes({ shipTo: { ...(attributes().shipTo as object), name } }), { ...META });

/** What makes two requests the same for a key, as the API fingerprints them: method, sandbox, route and body. */
const fingerprint = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(['POST', false, '/shipments', canonical(request)]))
    .digest('hex');

/** The attributes a route hands the service for a body: checked by the shared rules. */
function attributesOf(request: unknown) {
  const checked = validateShipmentDocument(request, 'create');
  if (!checked.ok) throw new Error(`the test's shipment is refused: ${JSON.stringify(checked.errors)}`);
  return checked.value;
}

/** The answer the API would keep for a shipment it made: what a repeat is sent again. */
const answerOf = (record: ShipmentRecord): StoredResponse => ({
  status: 201,
  headers: { 'content-type': 'application/vnd.api+json', location: `http://127.0.0.1/v3/shipments/${record.id}` },
  body: JSON.stringify({
    data: { type: 'shipment', id: record.id, meta: { reference: record.reference, trackingNumber: record.trackingNumber } },
  }),
  base: { origin: 'http://127.0.0.1', apiBase: 'http://127.0.0.1/v3' },
});

function expectKind<Kind extends KeyLookup['kind']>(found: KeyLookup, kind: Kind): asserts found is Extract<KeyLookup, { kind: Kind }> {
  expect(found.kind).toBe(kind);
}

/**
 * A create with a key, as the Idempotency-Key handler runs it: a new key's request is processed with its ticket,
 * its answer kept (unless `keep` is false: the station stopped before it answered), and the key let go.
 */
async function createWithKey(
  on: ServiceTier,
  key: string,
  request: unknown,
  options: { keep?: boolean; by?: Caller } = {},
): Promise<ShipmentRecord> {
  const by = options.by ?? caller;
  const found = await on.idempotency.lookup(by.client.id, key, fingerprint(request));
  expectKind(found, 'new');
  try {
    const record = await on.shipments.create(by, attributesOf(request), META, found.ticket);
    if (options.keep ?? true) await on.idempotency.keep(found.ticket, answerOf(record));
    return record;
  } finally {
    found.done();
  }
}

/** Shipments stored and labels booked, counted on the store's own SQLite connection. */
function counts(on: ServiceTier = tier): { shipments: number; documents: number } {
  const count = (table: string) => (on.store.db!.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number }).count;
  return { shipments: count('shipments'), documents: count('shipment_documents') };
}

describe('a repeat with the same key and body answers the first request’s shipment, booking nothing again', () => {
  it('replays the answer kept for the key, byte for byte', async () => {
    const request = body();
    const first = await createWithKey(tier, 'order-7781-a', request);
    const before = counts();
    const again = await tier.idempotency.lookup(caller.client.id, 'order-7781-a', fingerprint(request));
    expectKind(again, 'replay');
    expect(again.response).toEqual(answerOf(first));
    expect(counts()).toEqual(before);
  });

  it('answers again from the shipment the key names when its answer was never kept', async () => {
    const request = body();
    const first = await createWithKey(tier, 'order-7781-b', request, { keep: false });
    const again = await tier.idempotency.lookup(caller.client.id, 'order-7781-b', fingerprint(request));
    expectKind(again, 'recover');
    expect(again.record).toMatchObject({ key: 'order-7781-b', subjectType: 'shipment', subjectId: first.id, response: null });
    expect(await tier.shipments.acknowledged(caller, again.record.subjectId)).toMatchObject({
      id: first.id,
      reference: first.reference,
      trackingNumber: first.trackingNumber,
      status: 3,
    });
  });

  it('holds a repeat sent while the first request runs until it is answered, then replays that answer', async () => {
    const request = body();
    const first = await tier.idempotency.lookup(caller.client.id, 'order-7781-c', fingerprint(request));
    expectKind(first, 'new');
    const repeat = tier.idempotency.lookup(caller.client.id, 'order-7781-c', fingerprint(request));
    const record = await tier.shipments.create(caller, attributesOf(request), META, first.ticket);
    await tier.idempotency.keep(first.ticket, answerOf(record));
    const before = counts();
    first.done();
    const answered = await repeat;
    expectKind(answered, 'replay');
    expect(answered.response).toEqual(answerOf(record));
    expect(counts()).toEqual(before);
  });

  it('answers a repeat busy when the first request with its key outlasts the wait', async () => {
    const impatient = createIdempotencyService({ store: tier.store, clock, waitMs: 20 });
    const first = await impatient.lookup(caller.client.id, 'order-7781-d', fingerprint(body()));
    expectKind(first, 'new');
    try {
      expect((await impatient.lookup(caller.client.id, 'order-7781-d', fingerprint(body()))).kind).toBe('busy');
    } finally {
      first.done();
    }
  });

  it('stores no second shipment under a key another request recorded a moment ago (another desk’s)', async () => {
    const request = body();
    const first = await createWithKey(tier, 'order-7781-e', request, { keep: false });
    const before = counts();
    const ticket: IdempotencyTicket = { clientId: caller.client.id, key: 'order-7781-e', fingerprint: fingerprint(request) };
    await expect(tier.shipments.create(caller, attributesOf(request), META, ticket)).rejects.toBeInstanceOf(IdempotencyKeyTakenError);
    expect(counts()).toEqual(before);
    const found = await tier.idempotency.lookup(caller.client.id, 'order-7781-e', fingerprint(request));
    expectKind(found, 'recover');
    expect(found.record.subjectId).toBe(first.id);
  });
});

describe('the same key with another body is refused, and books nothing', () => {
  it('answers mismatch (the API’s idempotency.keyReused) for a kept key and for one whose answer was never kept', async () => {
    await createWithKey(tier, 'order-7781-f', body());
    await createWithKey(tier, 'order-7781-g', body(), { keep: false });
    const before = counts();
    for (const key of ['order-7781-f', 'order-7781-g']) {
      expect((await tier.idempotency.lookup(caller.client.id, key, fingerprint(body('Someone Else')))).kind).toBe('mismatch');
    }
    expect(counts()).toEqual(before);
  });

  it('keeps a key to its account: another account’s request with it is new', async () => {
    const request = body();
    await createWithKey(tier, 'order-7781-h', request);
    const other = await tier.clients.add(
      { via: 'cli', user: 'test operator' },
      {
        username: 'rossi',
        password: 'HowSoonIsNow?1985',
        profile: {
          name: 'Ferramenta Rossi',
          address1: 'Via Po 3',
          city: 'Torino',
          postalCode: '10123',
          state: 'TO',
          country: 'IT',
          contact: 'Luca Rossi',
          phone: '3337654321',
          email: 'luca@rossi.example',
        },
      },
    );
    const found = await tier.idempotency.lookup(other.id, 'order-7781-h', fingerprint(request));
    expectKind(found, 'new');
    found.done();
  });
});

describe('a kept key survives a restart, until its lifetime ends', () => {
  it('replays the kept answer, and recovers an unkept one, after the store is closed and opened again', async () => {
    const restartClock = setClock('2026-11-24 09:30', 'Europe/Rome');
    const before = await openServiceTier({ clock: restartClock });
    // The account's records outlive the restart: its caller is the same one after it.
    const by = await before.caller();
    const request = body();
    let kept: ShipmentRecord;
    let unkept: ShipmentRecord;
    try {
      kept = await createWithKey(before, 'restart-kept', request, { by });
      unkept = await createWithKey(before, 'restart-unkept', request, { keep: false, by });
    } finally {
      await before.close();
    }
    const after = await openServiceTier({ clock: restartClock, dataDir: before.dataDir });
    try {
      const stored = counts(after);
      const replay = await after.idempotency.lookup(by.client.id, 'restart-kept', fingerprint(request));
      expectKind(replay, 'replay');
      expect(replay.response).toEqual(answerOf(kept));
      const recover = await after.idempotency.lookup(by.client.id, 'restart-unkept', fingerprint(request));
      expectKind(recover, 'recover');
      expect(await after.shipments.acknowledged(by, recover.record.subjectId)).toMatchObject({
        id: unkept.id,
        reference: unkept.reference,
        status: 3,
      });
      expect((await after.idempotency.lookup(by.client.id, 'restart-kept', fingerprint(body('Someone Else')))).kind).toBe('mismatch');
      expect(counts(after)).toEqual(stored);

      // A day later the key is forgotten: the same request is a new one, and the purge removes what is left.
      restartClock.advance(IDEMPOTENCY_KEY_LIFETIME_MS + 1_000);
      const later = await after.idempotency.lookup(by.client.id, 'restart-kept', fingerprint(request));
      expectKind(later, 'new');
      later.done();
      expect(await after.idempotency.purgeExpired()).toBe(2);
      expect(await after.store.idempotencyKeys.find(by.client.id, 'restart-unkept')).toBeUndefined();
    } finally {
      await after.close();
    }
  });
});
