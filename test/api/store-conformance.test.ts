// The store's conformance suite: every method of every table group, run against the back end of this run (SQLite in
// the sqlite project, PostgreSQL in the postgres one) from this one file, so both answer alike. The last test fails
// when a group has a method no test here ran. Claims are taken by two stores on one database at once, as two desks
// (or a station and its admin command) take them, and the address search ranks names with accents as the desk
// expects.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src-main/store/index.ts';
import { openPostgresStore } from '../../src-main/store/postgres/index.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { NewShipment } from '../../src-main/store/shipment-rows.ts';
import type { ProcessedResult } from '../../src-main/domain/shipment.ts';
import type { Emissions } from '../../src-shared/emissions.ts';
import type { NewAuditEvent } from '../../src-main/domain/audit.ts';
import { openTables } from '../../src-main/store/tables.ts';
import { openPostgres } from '../../src-main/store/postgres/database.ts';
import { postgresSql } from '../../src-main/store/sql/postgres.ts';
import type { Sql } from '../../src-main/store/sql/executor.ts';
import { groupTable } from '../../src-main/store/groups.ts';
import { POSTGRES } from '../../src-main/store/sql/dialect.ts';
import { waitFor } from '../helpers/wait.ts';
import { asStoreFault } from '../../src-main/store/faults.ts';
import { StoreFaultError } from '../../src-main/domain/store-fault.ts';
import { setClock } from '../helpers/clock.ts';
import { desktopIntegration, waitingCount } from '../helpers/store-reads.ts';
import { attributes as shipmentAttributes, shipFrom, shipTo } from '../helpers/shipments.ts';
import { tempDir, testDatabaseFor } from '../helpers/station.ts';

const clock = setClock('2026-11-23 09:00', 'Europe/Rome', { running: false });
const TODAY = clock.today();

/** Which methods of which groups this file ran: the coverage the last test checks. */
const ran = new Set<string>();
/** The store, each method call noted by its group and name (a recorder: every call goes on to the store itself). */
function recorded(store: Store): Store {
  return new Proxy(store, {
    get(target, group: string) {
      const table = (target as unknown as Record<string, unknown>)[group];
      if (typeof table !== 'object' || table === null || group === 'db') return table;
      return new Proxy(table, {
        get(inner, method: string) {
          const value = (inner as Record<string, unknown>)[method];
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            ran.add(`${group}.${method}`);
            return (value as (...values: unknown[]) => unknown).apply(inner, args);
          };
        },
      });
    },
  });
}

let dataDir: string;
let databaseUrl: string | undefined;
let raw: Store;
let store: Store;
const open = async () => (databaseUrl ? openPostgresStore(databaseUrl, { clock }) : openStore(join(dataDir, 'station.sqlite'), { clock }));

beforeAll(async () => {
  dataDir = tempDir('conformance-');
  databaseUrl = await testDatabaseFor(dataDir);
  raw = await open();
  store = recorded(raw);
});
afterAll(() => raw?.close());

/** The receiver as the API leaves it after its checks: every field text. */
const RECEIVER: Record<string, unknown> = { ...shipTo(), postalCode: '80331' };
const attributes = (overrides: Record<string, unknown> = {}) =>
  shipmentAttributes({ shipDate: TODAY, shipTo: RECEIVER, ...overrides }) as unknown as ShipmentAttributes;
let shipmentCount = 0;
const newShipment = (clientId: string, overrides: Partial<NewShipment> = {}): NewShipment => ({
  id: `shp_conformance_${++shipmentCount}`,
  clientId,
  sandbox: false,
  origin: 'create',
  scheduled: false,
  service: 'standard',
  carrierChoice: null,
  reference: null,
  shipDate: TODAY,
  attributes: attributes(),
  createdBy: 'packer',
  ...overrides,
});
const processed = (trackingNumber: string, overrides: Partial<ProcessedResult> = {}): ProcessedResult => ({
  carrierCode: 'DHL',
  carrierName: 'DHL Express',
  serviceCode: 'N',
  serviceName: 'Domestic Express',
  finalCents: 1290,
  insuranceCents: null,
  currency: 'EUR',
  trackingNumber,
  trackingHash: `hash-${trackingNumber}`,
  document: { contentType: 'application/pdf', fileName: `${trackingNumber}.pdf`, data: new Uint8Array([37, 80, 68, 70]) },
  booking: { collectionDate: TODAY, address: { name: 'Verdi', city: 'Milano' } },
  remote: null,
  ...overrides,
});
const logged = (clientId: string, subjectId: string): NewAuditEvent => ({
  desk: 'desk-1',
  via: 'api',
  actorClientId: clientId,
  actor: 'owner',
  actorRole: 'admin',
  action: 'shipment.voided',
  subjectType: 'shipment',
  subjectId,
  detail: { why: 'test' },
});

let client: string;
let other: string;

describe('accounts', () => {
  it('makes the station keys once, and the desk app’s integration with them', async () => {
    let made = 0;
    const secret = (bytes: number) => `secret-${bytes}-${++made}`;
    const keys = await store.stationKeys.ensure(secret, 'Desk app');
    expect(await store.stationKeys.ensure(secret, 'Desk app')).toEqual(keys);
    expect(made).toBe(3);
    const desktop = await desktopIntegration(store);
    expect(desktop).toMatchObject({ name: 'Desk app', integrationKey: keys.desktopIntegrationKey, isDesktop: true });
  });

  it('adds, lists, finds and revokes integration keys, never the desk app’s', async () => {
    const erp = await store.integrations.add({ name: 'ERP', integrationKey: 'erp-key-0001' });
    expect((await store.integrations.all()).map((integration) => integration.name)).toEqual(['Desk app', 'ERP']);
    expect(await store.integrations.active(erp.id)).toMatchObject({ name: 'ERP' });
    expect(await store.integrations.active('not-an-id')).toBeUndefined();
    expect(await store.integrations.revoke(erp.id)).toBe(true);
    expect(await store.integrations.revoke(erp.id)).toBe(false);
    expect(await store.integrations.revoke((await desktopIntegration(store))!.id)).toBe(false);
    expect(await store.integrations.active(erp.id)).toBeUndefined();
  });

  it('adds an account with its first user, changes it, counts it, and removes it with its users', async () => {
    const profile = {
      name: 'Verdi Ceramiche',
      address1: 'Via Roma 1',
      address2: '',
      city: 'Milano',
      postalCode: '20121',
      state: '',
      country: 'IT',
      contact: 'Anna',
      phone: '',
      email: '',
      taxIdentification: '',
    };
    const made = await store.clients.add({
      username: 'verdi',
      credential: Buffer.from('hash-1'),
      clientKey: 'client-key-1',
      role: 'admin',
      profile,
    });
    client = made.client.id;
    expect(made.user).toMatchObject({ username: 'verdi', role: 'admin', name: 'Anna', clientId: client });
    other = (
      await store.clients.add({
        username: 'rossi',
        credential: Buffer.from('hash-2'),
        clientKey: 'client-key-2',
        role: 'admin',
        profile: { ...profile, name: 'Rossi' },
      })
    ).client.id;
    await store.clients.setClientKey(client, 'client-key-3');
    await store.clients.setProfile(client, { ...profile, city: 'Torino' });
    expect(await store.clients.byId(client)).toMatchObject({ clientKey: 'client-key-3', profile: { city: 'Torino' } });
    expect((await store.clients.byUsername('verdi'))?.id).toBe(client);
    expect(await store.clients.byUsername('nobody\u0000')).toBeUndefined();
    expect((await store.clients.all()).map((found) => found.username)).toEqual(['verdi', 'rossi']);
    const gone = (await store.clients.add({ username: 'gone', credential: Buffer.from('x'), clientKey: 'k', role: 'admin', profile }))
      .client.id;
    expect(await store.clients.count()).toBe(3);
    expect(await store.clients.remove(gone)).toBe(true);
    expect(await store.clients.remove(gone)).toBe(false);
    expect(await store.clients.byId(gone)).toBeUndefined();
    expect(await store.users.byUsername('gone')).toBeUndefined();
    expect(await store.users.usernameTaken('gone')).toBe(true);
    expect(await store.clients.count()).toBe(3);
  });

  it('adds users, changes their credential, role and name, and removes one', async () => {
    const packer = await store.users.add({
      clientId: client,
      username: 'packer',
      credential: Buffer.from('p'),
      role: 'packer',
      name: 'Paolo',
    });
    await store.users.setCredential(packer.id, Buffer.from('p2'));
    await store.users.setRole(packer.id, 'supervisor');
    await store.users.setName(packer.id, 'Paolo B.');
    expect(await store.users.byId(packer.id)).toMatchObject({ role: 'supervisor', name: 'Paolo B.' });
    expect((await store.users.list(client)).map((user) => user.username)).toEqual(['verdi', 'packer']);
    expect((await store.users.list()).length).toBe(3);
    expect((await store.users.credentials()).find((entry) => entry.id === packer.id)?.credential.toString()).toBe('p2');
    const temp = await store.users.add({ clientId: client, username: 'temp', credential: Buffer.from('t'), role: 'packer', name: 'Temp' });
    expect(await store.users.remove(temp.id)).toBe(true);
    expect(await store.users.byId(temp.id)).toBeUndefined();
    expect(await store.users.byUsername('packer')).toMatchObject({ name: 'Paolo B.' });
  });
});

describe('shipments', () => {
  let booked: string;
  it('gives references that are never the same twice', async () => {
    const references = await Promise.all(Array.from({ length: 10 }, () => store.shipments.allocateReference()));
    expect(new Set(references).size).toBe(10);
    for (const reference of references) expect(reference).toMatch(/^\d{12}$/);
  });

  it('reserves blocks of references apart from each other and from every reference drawn one by one (consecutive on SQLite)', async () => {
    const [block, other] = await Promise.all([store.shipments.reserveReferences(5), store.shipments.reserveReferences(5)]);
    const single = await store.shipments.allocateReference();
    for (const reserved of [block!, other!]) {
      // SQLite reserves a block in one write; PostgreSQL's sequence draws each, so two blocks drawn at once interleave.
      if (store.backend === 'sqlite') expect(reserved.map(Number)).toEqual(reserved.map((_, i) => Number(reserved[0]) + i));
      for (const reference of reserved) expect(reference).toMatch(/^\d{12}$/);
    }
    expect(new Set([...block!, ...other!, single]).size).toBe(11);
  });

  it('records a create in one transaction: the shipment, its processing, audit, event, addresses and key', async () => {
    const latest = await store.events.latestId();
    const shipment = newShipment(client, { reference: await store.shipments.allocateReference(), orderNumber: 'ORD-1' });
    const key = { clientId: client, key: 'create-1', fingerprint: 'f1', subjectType: 'shipment' as const, subjectId: shipment.id };
    const record = await store.shipments.insert(shipment, processed('TRK0001'), logged(client, shipment.id), key);
    booked = record.id;
    expect(record).toMatchObject({ status: 3, trackingNumber: 'TRK0001', orderNumber: 'ORD-1', createdBy: 'packer' });
    expect(await store.shipments.get(record.id, client, false)).toMatchObject({ id: record.id, status: 3 });
    expect(await store.shipments.get(record.id, other, false)).toBeUndefined();
    expect((await store.shipments.document(record.id))?.fileName).toBe('TRK0001.pdf');
    expect(await store.shipments.trackingNumberTaken('TRK0001')).toBe(true);
    expect((await store.shipments.findForAdmin('TRK0001'))?.id).toBe(record.id);
    expect((await store.shipments.byTrackingHash('hash-TRK0001'))?.id).toBe(record.id);
    expect((await store.shipments.audit(record.id)).map((entry) => entry.action)).toEqual(['created', 'processed']);
    const events = await store.events.list({ after: latest, clientId: client, sandbox: false, types: null, limit: 10 });
    expect(events.map((event) => event.type)).toEqual(['shipment.created', 'shipment.processed']);
    expect((await store.idempotencyKeys.find(client, 'create-1'))?.subjectId).toBe(record.id);
    expect((await store.addresses.search(client, false, shipTo().name as string, 5)).map((found) => found.name)).toContain(shipTo().name);
    // The same key again, live: nothing of the second create is kept.
    await expect(store.shipments.insert(newShipment(client), undefined, undefined, key)).rejects.toThrow(/Idempotency-Key/);
    expect(await store.shipments.get(`shp_conformance_${shipmentCount}`, client, false)).toBeUndefined();
  });

  it('lists summaries by date, maker and key, a page at a time', async () => {
    const summaries = await store.shipments.summaries({
      clientId: client,
      sandbox: false,
      dateFrom: TODAY,
      dateTo: TODAY,
      search: null,
      limit: 10,
    });
    expect(summaries.map((summary) => summary.id)).toEqual([booked]);
    expect(
      await store.shipments.summaries({ clientId: client, sandbox: false, dateFrom: null, dateTo: null, search: 'ORDER-7781', limit: 10 }),
    ).toHaveLength(1);
    expect(
      await store.shipments.summaries({
        clientId: client,
        sandbox: false,
        dateFrom: null,
        dateTo: null,
        search: 'TRK0001',
        createdBy: 'someone-else',
        limit: 10,
      }),
    ).toHaveLength(0);
    const [first] = summaries;
    expect(
      await store.shipments.summaries({
        clientId: client,
        sandbox: false,
        dateFrom: null,
        dateTo: null,
        search: null,
        after: [first!.shipDate, first!.createdAt, first!.id],
        limit: 10,
      }),
    ).toHaveLength(0);
  });

  it('saves, claims, confirms and releases a saved shipment under its claim only', async () => {
    const saved = await store.shipments.insert(newShipment(client, { origin: 'save' }));
    expect(await store.shipments.claimSaved(saved.id, 'confirm-1')).toBe(true);
    expect(await store.shipments.claimSaved(saved.id, 'confirm-2')).toBe(false);
    await store.shipments.releaseClaim(saved.id, 'confirm-1');
    expect(await store.shipments.claimSaved(saved.id, 'confirm-2')).toBe(true);
    const confirmed = { attributes: attributes({ customerReference: 'EDITED' }), shipDate: TODAY, orderNumber: null };
    expect(await store.shipments.confirmSaved(saved.id, 'confirm-1', confirmed, processed('TRK0002'))).toBe(false);
    expect(await store.shipments.confirmSaved(saved.id, 'confirm-2', confirmed, processed('TRK0002'))).toBe(true);
    expect((await store.shipments.get(saved.id, client, false))?.attributes.customerReference).toBe('EDITED');
  });

  it('queues scheduled shipments, claims them, completes and fails them, and lists the outbox', async () => {
    const waiting = [];
    for (let index = 0; index < 3; index++) waiting.push(await store.shipments.insert(newShipment(client, { scheduled: true })));
    expect(await waitingCount(store)).toBe(3);
    const claimed = await store.shipments.claimWaiting({ limit: 2, token: 'run-1' });
    expect(claimed.map((shipment) => shipment.id)).toEqual(waiting.slice(0, 2).map((shipment) => shipment.id));
    for (const shipment of claimed) expect(shipment.reference).toMatch(/^\d{12}$/);
    const outbox = await store.shipments.outbox({ clientId: client, sandbox: false, failedSince: TODAY, limit: 10 });
    expect(outbox.map((row) => row.sending)).toEqual([true, true, false]);
    expect(await store.shipments.complete(claimed[0]!.id, 'run-1', processed('TRK0003'))).toBe(true);
    expect(await store.shipments.complete(claimed[0]!.id, 'run-1', processed('TRK0004'))).toBe(false);
    expect(await store.shipments.fail(claimed[1]!.id, 'run-1', 'the carrier said no')).toBe(true);
    expect((await store.shipments.get(claimed[1]!.id, client, false))?.error).toBe('the carrier said no');
    expect(await store.shipments.claimWaiting({ limit: 5, token: 'run-2' })).toHaveLength(1);
    expect(await store.shipments.releaseRunClaims('run-2')).toBe(1);
    expect(await store.shipments.claimWaiting({ limit: 5, token: 'run-3' })).toHaveLength(1);
    // Past any desk's lease (PostgreSQL's 60 s): a claim no run frees itself is freed by another.
    clock.advance(120_000);
    expect(await store.shipments.releaseWaitingClaims()).toBe(1);
    expect(await store.shipments.claimWaiting({ limit: 5, token: 'run-4' })).toHaveLength(1);
    clock.advance(120_000);
    expect(await store.shipments.releaseClaims(clock().toISOString())).toBe(1);
  });

  it('keeps tracking events, newest first, the latest on the shipment, with their event', async () => {
    const older = { status: 1, occurredAt: `${TODAY}T10:00:00.000Z`, location: 'Milano', text: 'Picked up' };
    const newer = { status: 2, occurredAt: `${TODAY}T12:00:00.000Z`, location: 'Bologna', text: 'In transit' };
    await store.shipments.addEvent(booked, newer);
    await store.shipments.addEvent(booked, older);
    expect(await store.shipments.latestEvent(booked)).toEqual(newer);
    expect((await store.shipments.trackingHistory(booked)).map((event) => event.text)).toEqual(['In transit', 'Picked up']);
    const [event] = await store.events.list({ after: 0, clientId: client, sandbox: false, types: ['tracking.updated'], limit: 1 });
    expect(event?.subjectId).toBe(booked);
  });

  it('answers the upstream bookings to refresh, least recently refreshed first', async () => {
    const upstream = await store.shipments.insert(
      newShipment(client),
      processed('TRK0005', { remote: { carrierChoice: 'PV.UPS', id: 'remote-1', reference: 'R1' } }),
    );
    expect((await store.shipments.upstreamBookings(TODAY, 10)).map((booking) => booking.shipmentId)).toEqual([upstream.id]);
    await store.shipments.markRefreshed(upstream.id);
    expect(await store.shipments.upstreamBookings(TODAY, 10)).toHaveLength(1);
  });

  it('reports the days, the people and their hours, and the Today counts', async () => {
    const report = await store.shipments.report({ clientId: client, sandbox: false, dateFrom: TODAY, dateTo: TODAY });
    expect(report.days).toEqual([
      { ship_date: TODAY, carrier_code: 'DHL', shipments: 4, packages: 4, weight_g: expect.any(Number), cost_cents: 4 * 1290 },
    ]);
    expect(report.countries).toEqual([{ country: RECEIVER.country as string, shipments: 4 }]);
    const person = await store.shipments.report({ clientId: client, sandbox: false, dateFrom: TODAY, dateTo: TODAY, createdBy: 'packer' });
    expect(person.days[0]).toMatchObject({ shipments: 4, cost_cents: 4 * 1290 });
    expect(
      (await store.shipments.personHours({ clientId: client, sandbox: false, dateFrom: TODAY, dateTo: TODAY })).reduce(
        (total, row) => total + row.shipments,
        0,
      ),
    ).toBe(4);
    const today = await store.shipments.dayCounts({ clientId: client, sandbox: false, date: TODAY });
    expect(today.filter((row) => row.status === 3).reduce((total, row) => total + row.shipments, 0)).toBe(4);
    expect(today.filter((row) => row.status === -1).reduce((total, row) => total + row.shipments, 0)).toBe(1);
  });

  it('voids a processed shipment with its audit entry and takes it off the day', async () => {
    const record = (await store.shipments.get(booked, client, false))!;
    await store.shipments.markDeleted(record, logged(client, booked));
    expect(await store.shipments.get(booked, client, false)).toBeUndefined();
    expect((await store.shipments.report({ clientId: client, sandbox: false, dateFrom: TODAY, dateTo: TODAY })).days[0]?.shipments).toBe(3);
    expect((await store.audit.list({ before: null, action: 'shipment.voided', desk: null, actor: null, limit: 5 }))[0]?.subjectId).toBe(
      booked,
    );
  });

  it('links a return both ways, counts it per reason, filters the list by it, and knows a voided shipment', async () => {
    expect(await store.shipments.voided(booked, client, false)).toBe(true);
    const original = await store.shipments.insert(newShipment(client), processed('TRK0R00'));
    expect(await store.shipments.voided(original.id, client, false)).toBe(false);
    const made = await store.shipments.insert(
      { ...newShipment(client), returnOf: original.id, returnReason: 'DAMAGED', returnNote: 'Cracked', payOnUse: true },
      processed('TRK0R01'),
    );
    expect(made).toMatchObject({ returnOf: original.id, returnReason: 'DAMAGED', returnNote: 'Cracked', payOnUse: true, returns: [] });
    const again = await store.shipments.insert({ ...newShipment(client), returnOf: original.id, returnReason: 'WRONG_ITEM' });
    expect((await store.shipments.get(original.id, client, false))?.returns).toEqual([made.id, again.id]);
    expect(await store.shipments.returnCounts({ clientId: client, sandbox: false, dateFrom: TODAY, dateTo: TODAY })).toEqual([
      { reason: 'DAMAGED', returns: 1 },
    ]);
    const list = (returns: boolean | null) =>
      store.shipments.summaries({ clientId: client, sandbox: false, dateFrom: null, dateTo: null, search: null, limit: 100, returns });
    expect((await list(true)).map((row) => row.id).sort()).toEqual([made.id, again.id].sort());
    expect((await list(false)).map((row) => row.id)).toContain(original.id);
    expect((await list(false)).map((row) => row.id)).not.toContain(made.id);
    expect((await list(null)).map((row) => row.id)).toContain(made.id);
  });

  it('keeps a processed shipment’s emissions as they were worked out, and adds them up per month, site, carrier and service', async () => {
    const place = { precision: 'country' as const, key: 'IT', latitude: 42.8333, longitude: 12.8333 };
    const figure = (co2eKg: number): Emissions => ({
      co2eKg,
      method: 'ISO 14083:2023',
      factors: 'test',
      massKg: 1.4,
      mode: 'road',
      modeAssumed: false,
      from: place,
      to: place,
      legs: [{ mode: 'road', distanceKm: 100, distanceBasis: 'test', intensity: 116, intensityId: 'road-europe', co2eKg }],
      dataQuality: 'test',
    });
    const inserted = await store.shipments.insert(newShipment(client), processed('TRK0E01', { serviceCode: 'E', emissions: figure(0.25) }));
    // Kept as the text it was written as: a read answers it as it is.
    expect(inserted.emissionsJson).toBe(JSON.stringify(figure(0.25)));
    expect((await store.shipments.get(inserted.id, client, false))?.emissionsJson).toBe(JSON.stringify(figure(0.25)));
    await store.shipments.insert(newShipment(client), processed('TRK0E02', { serviceCode: 'E', emissions: null }));
    const waiting = await store.shipments.insert(newShipment(client, { scheduled: false }));
    expect(waiting.emissionsJson).toBeNull();
    const totals = await store.shipments.emissionTotals({ clientId: client, sandbox: false, dateFrom: TODAY, dateTo: TODAY });
    expect(totals.filter((row) => row.serviceCode === 'E')).toEqual([
      {
        month: TODAY.slice(0, 7),
        site: 1,
        carrierCode: 'DHL',
        serviceCode: 'E',
        serviceName: 'Domestic Express',
        shipments: 2,
        withFigure: 1,
        co2eKg: 0.25,
      },
    ]);
    expect(await store.shipments.emissionTotals({ clientId: client, sandbox: true, dateFrom: TODAY, dateTo: TODAY })).toEqual([]);
  });

  it('counts a shipment’s first delivery on its lane, once, in the hour it was delivered', async () => {
    const lane = async () =>
      (await store.shipments.deliveredLanes({ clientId: client, sandbox: false, since: TODAY })).filter(
        (group) => group.lane.serviceCode === 'D',
      );
    const parcel = await store.shipments.insert(newShipment(client), processed('TRK0D01', { serviceCode: 'D' }));
    const at = clock().toISOString();
    await store.shipments.addEvent(parcel.id, { status: 4, occurredAt: at, location: 'München', text: 'Out for delivery' });
    expect(await lane()).toEqual([]);
    await store.shipments.addEvent(parcel.id, { status: 5, occurredAt: at, location: 'München', text: 'Delivered' });
    // A second delivery event (a carrier's correction) counts nothing more.
    await store.shipments.addEvent(parcel.id, { status: 5, occurredAt: at, location: 'München', text: 'Delivered' });
    expect(await lane()).toEqual([
      {
        lane: { carrierCode: 'DHL', serviceCode: 'D', fromCountry: 'IT', fromPrefix: '20', toCountry: 'DE', toPrefix: '80' },
        shipDate: TODAY,
        deliveredAt: `${at.slice(0, 13)}:00:00.000Z`,
        parcels: 1,
      },
    ]);
    expect(await store.shipments.deliveredLanes({ clientId: client, sandbox: true, since: TODAY })).toEqual([]);
  });

  it('imports shipments in bulk, their days summed again', async () => {
    const imported = Array.from({ length: 3 }, (_, index) => ({
      ...newShipment(other, { scheduled: false }),
      status: 3 as const,
      carrierCode: 'UPS',
      carrierName: 'UPS',
      serviceCode: '11',
      serviceName: 'Standard',
      finalCents: 500,
      insuranceCents: null,
      currency: 'EUR',
      trackingNumber: `BULK${index}`,
      trackingHash: `bulk-${index}`,
      error: null,
      createdAt: clock().toISOString(),
      processedAt: clock().toISOString(),
      trackingEvents: [{ status: 2, occurredAt: clock().toISOString(), location: 'Hub', text: 'In transit' }],
    }));
    expect(await store.shipments.bulkInsert(imported)).toBe(3);
    expect((await store.shipments.report({ clientId: other, sandbox: false, dateFrom: TODAY, dateTo: TODAY })).days[0]).toMatchObject({
      carrier_code: 'UPS',
      shipments: 3,
      cost_cents: 1500,
    });
    expect((await store.shipments.latestEvent(imported[0]!.id))?.text).toBe('In transit');
  });

  it('lets two stores on one database claim at once, each shipment by one of them only', async () => {
    const secondRaw = await open();
    const second = recorded(secondRaw);
    // Each writes as a running station does: on SQLite through a writer thread of its own, so the two wait for
    // each other's write lock as two processes do.
    for (const each of [raw, secondRaw]) each.writeInBackground(() => undefined);
    try {
      for (let index = 0; index < 24; index++) await store.shipments.insert(newShipment(other, { scheduled: true }));
      const waiting = await waitingCount(store);
      expect(waiting).toBeGreaterThanOrEqual(24);
      const runs = await Promise.all(
        [store, second, store, second, store, second].map((each, index) =>
          each.shipments.claimWaiting({ limit: 5, token: `together-${index}` }),
        ),
      );
      const ids = runs.flat().map((shipment) => shipment.id);
      expect(ids).toHaveLength(new Set(ids).size);
      expect(ids.length).toBe(waiting);
      const references = runs.flat().map((shipment) => shipment.reference);
      expect(new Set(references).size).toBe(waiting);
    } finally {
      await second.close();
    }
  });
});

describe('the rest of the tables', () => {
  it('remembers addresses, ensures one, imports many, and ranks the search as the desk expects', async () => {
    const address = (name: string, city = 'Köln') => ({
      name,
      address1: 'Hohe Straße 1',
      city,
      postalCode: '50667',
      country: 'DE',
      contact: '',
      phone: '',
      email: '',
    });
    await store.addresses.remember(other, false, address('Müller Feinkost'));
    await store.addresses.remember(other, false, address('Müller Feinkost'));
    await store.addresses.ensure(other, false, address('Atelier Mueller', 'München'));
    await store.addresses.remember(other, false, address('Mueller Bau', 'Bonn'));
    expect(await store.addresses.bulkRemember(other, false, [address('Zoë Café', 'Lyon'), address('Señora Núñez', 'Sevilla')])).toBe(2);
    const names = async (text: string) => (await store.addresses.search(other, false, text, 5)).map((found) => found.name);
    expect(await names('muller')).toEqual(['Müller Feinkost']);
    expect(await names('MÜLL')).toEqual(['Müller Feinkost']);
    // A name that starts with the text comes before one that only contains it; two letters find names' starts only.
    expect(await names('mueller')).toEqual(['Mueller Bau', 'Atelier Mueller']);
    // The one difference left: two letters search names' starts only, and SQLite's (its NOCASE index) do not fold
    // accents, so "mü" does not find Mueller there; PostgreSQL's folded names do.
    expect(await names('mü')).toEqual(databaseUrl ? ['Mueller Bau', 'Müller Feinkost'] : ['Müller Feinkost']);
    expect(await names('nunez')).toEqual(['Señora Núñez']);
    expect(await names('M_ller')).toEqual([]);
    expect(await store.addresses.search(client, false, 'muller', 5)).toEqual([]);
    // The places at the code: Köln's twice-used address first (on PostgreSQL its second use is folded in first).
    const places = await store.addresses.places(other, false, 'DE', '50667', 10);
    expect(places[0]).toEqual({ postalCode: '50667', city: 'Köln', state: '', uses: 2 });
    expect(places.map((place) => place.city).sort()).toEqual(['Bonn', 'Köln', 'Lyon', 'München', 'Sevilla']);
    expect(await store.addresses.places(other, false, 'DE', '50668', 10)).toEqual([]);
    expect(await store.addresses.places(client, false, 'DE', '50667', 10)).toEqual([]);
  });

  it('keeps settings and fuel surcharges', async () => {
    await store.settings.set('printing:client:1', { printer: 'Zebra', format: 'zpl' });
    expect(await store.settings.get('printing:client:1')).toEqual({ printer: 'Zebra', format: 'zpl' });
    expect(await store.settings.get('nothing')).toBeUndefined();
    await store.carrierSettings.setFuelSurcharge('DHL', 12.5);
    expect(await store.carrierSettings.fuelSurcharges()).toEqual(new Map([['DHL', 12.5]]));
    // A value saved with an event commits with it (the watched orders folder's note of a file it announced).
    const latest = await store.events.latestId();
    await store.settings.setWithEvent(
      'orders-folder:announced:desk-1',
      { file: 'a.csv' },
      {
        type: 'orders.imported',
        clientId: client,
        sandbox: false,
        subjectType: 'orderImport',
        subjectId: 'a.csv',
        snapshot: { kind: 'other', resource: { type: 'orderImport', id: 'a.csv' } } as never,
      },
    );
    expect(await store.settings.get('orders-folder:announced:desk-1')).toEqual({ file: 'a.csv' });
    expect(
      (await store.events.list({ after: latest, clientId: client, sandbox: false, types: ['orders.imported'], limit: 5 })).length,
    ).toBe(1);
    await store.settings.remove('orders-folder:announced:desk-1');
    await store.settings.remove('orders-folder:announced:desk-1');
    expect(await store.settings.get('orders-folder:announced:desk-1')).toBeUndefined();
    // A compare-and-set saves only over the value its caller read (none: only where none is), else answers what is.
    const sites = 'sites:client:conformance';
    expect(await store.settings.setIf(sites, undefined, [{ number: 2, name: 'Verona' }])).toEqual({ written: true });
    expect(await store.settings.setIf(sites, undefined, [{ number: 2, name: 'Padova' }])).toEqual({
      written: false,
      now: [{ number: 2, name: 'Verona' }],
    });
    expect(await store.settings.setIf(sites, [{ number: 2, name: 'Padova' }], [])).toEqual({
      written: false,
      now: [{ number: 2, name: 'Verona' }],
    });
    const both = [
      { number: 2, name: 'Verona' },
      { number: 3, name: 'Padova' },
    ];
    expect(await store.settings.setIf(sites, [{ number: 2, name: 'Verona' }], both)).toEqual({ written: true });
    expect(await store.settings.get(sites)).toEqual(both);
    await store.settings.remove(sites);
    expect(await store.settings.setIf(sites, both, [])).toEqual({ written: false, now: undefined });
  });

  it('records print jobs, adopts the deskless, and finishes them with their event', async () => {
    const shipment = await store.shipments.insert(newShipment(client), processed('TRK0100'));
    const job = {
      id: 'pj_conformance_1',
      shipmentId: shipment.id,
      clientId: client,
      desk: 'desk-1',
      printer: 'Zebra',
      format: 'zpl' as const,
      dpi: 203 as const,
      copies: 1,
      documents: 'labels' as const,
    };
    const key = { clientId: client, key: 'print-1', fingerprint: 'p1', subjectType: 'printJob' as const, subjectId: job.id };
    expect(await store.shipments.trackingNumberTaken('TRK0100')).toBe(true);
    expect(await store.printJobs.printedBefore(shipment.id)).toBe(false);
    await store.printJobs.add(job, key);
    expect(await store.printJobs.printedBefore(shipment.id)).toBe(true);
    await store.printJobs.add({
      ...job,
      id: 'pj_conformance_2',
      desk: null as unknown as string,
      batch: { shipmentIds: [shipment.id], layout: '4x6' },
    });
    expect(await store.printJobs.adoptDeskless('desk-1')).toBe(1);
    expect((await store.printJobs.open('desk-1')).map((open) => open.id)).toEqual(['pj_conformance_1', 'pj_conformance_2']);
    await store.printJobs.markPrinting(job.id, 'cups-17');
    await store.printJobs.finish(job.id, 'done', null);
    expect(await store.printJobs.get(job.id)).toMatchObject({ status: 'done', backendJobId: 'cups-17', failure: null });
    expect((await store.printJobs.list({ clientId: client, after: null, limit: 1 })).map((listed) => listed.id)).toEqual([
      'pj_conformance_2',
    ]);
    expect(
      (await store.printJobs.list({ clientId: client, after: null, limit: 5, shipmentId: shipment.id })).map((listed) => listed.id).sort(),
    ).toEqual(['pj_conformance_1', 'pj_conformance_2']);
    expect(await store.printJobs.list({ clientId: client, after: null, limit: 5, shipmentId: 'FFFF' })).toEqual([]);
    const [done] = await store.events.list({ after: 0, clientId: client, sandbox: false, types: ['print.done'], limit: 5 });
    expect(done?.subjectId).toBe(job.id);
    await store.idempotencyKeys.saveResponse(client, 'print-1', { status: 201, headers: {}, body: '{}' });
    expect((await store.idempotencyKeys.find(client, 'print-1'))?.response?.status).toBe(201);
    await store.printJobs.add({ ...job, id: 'pj_conformance_3' });
    await store.printJobs.finish('pj_conformance_3', 'failed', 'The printer is paused.', {
      code: 'printerDisabled',
      problem: 'Out of labels',
    });
    expect(await store.printJobs.get('pj_conformance_3')).toMatchObject({
      status: 'failed',
      reason: 'The printer is paused.',
      failure: { code: 'printerDisabled', problem: 'Out of labels' },
    });
  });

  it('appends audit entries and events, counts and purges', async () => {
    const before = await store.audit.count();
    await store.audit.append(logged(client, 'anything'));
    expect(await store.audit.count()).toBe(before + 1);
    expect(await store.audit.list({ before: null, action: null, desk: 'desk-1', actor: null, limit: 50, account: other })).toEqual([]);
    await store.events.append({
      type: 'day.closed',
      clientId: client,
      sandbox: false,
      subjectType: 'manifest',
      subjectId: 'm-0',
      snapshot: { kind: 'other', resource: { type: 'manifest', id: 'm-0' } } as never,
    });
    const latest = await store.events.latestId();
    expect((await store.events.list({ after: latest - 1, clientId: null, sandbox: null, types: null, limit: 1 }))[0]?.type).toBe(
      'day.closed',
    );
    clock.advance(40 * 86_400_000);
    expect(await store.events.purge(clock().toISOString(), 2)).toBe(2);
    expect(await store.idempotencyKeys.purge(clock().toISOString())).toBeGreaterThan(0);
    await store.idempotencyKeys.record({ clientId: client, key: 'after-purge', fingerprint: 'x', subjectType: 'shipment', subjectId: 's' });
    clock.advance(-40 * 86_400_000);
  });

  it('delivers webhooks: queues once, records attempts, gives up and replays', async () => {
    const hook = await store.webhooks.add({
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['shipment.created'],
      clientId: client,
      secret: 's',
      cursor: 0,
      environment: 'both',
    });
    expect(await store.webhooks.get(hook.id)).toMatchObject({ url: hook.url, status: 'active', environment: 'both' });
    expect(await store.webhooks.change(hook.id, { environment: 'sandbox' })).toBe(true);
    expect(await store.webhooks.get(hook.id)).toMatchObject({ url: hook.url, eventTypes: ['shipment.created'], environment: 'sandbox' });
    expect(await store.webhooks.change(hook.id, { url: 'http://127.0.0.1:9/moved', environment: 'both' })).toBe(true);
    expect(await store.webhooks.get(hook.id)).toMatchObject({ url: 'http://127.0.0.1:9/moved', environment: 'both' });
    expect((await store.webhooks.list({ clientId: client })).map((listed) => listed.id)).toEqual([hook.id]);
    const queued = await store.webhooks.enqueueNew(hook.id, 1000);
    expect(queued).toBeGreaterThan(0);
    expect(await store.webhooks.enqueueNew(hook.id, 1000)).toBe(0);
    expect(await store.webhooks.pendingCount(hook.id)).toBe(queued);
    const first = (await store.webhooks.nextPending(hook.id))!;
    await store.webhooks.recordAttempt(first.id, { delivered: false, status: 500, error: 'down', nextAttemptAt: clock().toISOString() });
    await store.webhooks.recordAttempt(first.id, { delivered: true, status: 200 });
    await store.webhooks.giveUp(
      (await store.webhooks.nextPending(hook.id))?.id ?? first.id,
      { status: null, error: 'gone' },
      'a day of failures',
    );
    expect(await store.webhooks.get(hook.id)).toMatchObject({ status: 'paused', pausedReason: 'a day of failures' });
    expect(
      (await store.webhooks.deliveries(hook.id, { before: null, status: 'delivered', limit: 5 })).map((delivery) => delivery.attempts),
    ).toEqual([2]);
    expect(await store.webhooks.enqueueRange(hook.id, 0, Number(first.eventId), 10)).toBe(1);
    expect(await store.webhooks.setStatus(hook.id, 'active', null)).toBe(true);
    expect(await store.webhooks.remove(hook.id)).toBe(true);
    expect(await store.webhooks.get(hook.id)).toBeUndefined();
  });

  it('closes a day into a manifest once, reopens it, and sends it upstream with retries', async () => {
    const day = { clientId: other, sandbox: false, carrierCode: 'UPS', date: TODAY, site: 1 };
    const shipments = (await store.manifests.dayShipments(day)).filter((shipment) => shipment.status === 3 && !shipment.deletedAt);
    expect(shipments.length).toBe(3);
    expect(await store.manifests.countFor(day)).toBe(0);
    const manifest = {
      number: 'M-1',
      clientId: other,
      sandbox: false,
      carrierCode: 'UPS',
      shipDate: TODAY,
      site: 1,
      totals: { shipments: 3 } as never,
      closedBy: 'rossi',
      document: new Uint8Array([1, 2]),
      transmit: true,
    };
    const event = {
      type: 'day.closed' as const,
      clientId: other,
      sandbox: false,
      subjectType: 'manifest',
      subjectId: '',
      snapshot: { kind: 'other', resource: { type: 'manifest', id: '' } } as never,
    };
    const closed = await store.manifests.close(
      manifest,
      shipments.map((shipment) => shipment.id),
      event,
      logged(other, ''),
    );
    expect(closed.created).toBe(true);
    expect((await store.manifests.close({ ...manifest, number: 'M-2' }, [], event, logged(other, ''))).manifest.id).toBe(
      closed.manifest.id,
    );
    expect(await store.manifests.closedIn(shipments[0]!.id)).toBe('M-1');
    expect(await store.manifests.document(closed.manifest.id)).toEqual(new Uint8Array([1, 2]));
    expect(
      (await store.manifests.list({ clientId: other, sandbox: false, date: TODAY, carrierCode: 'UPS', limit: 5 })).map(
        (listed) => listed.number,
      ),
    ).toEqual(['M-1']);
    expect((await store.manifests.dueTransmissions(clock().toISOString(), 5)).map((due) => due.id)).toEqual([closed.manifest.id]);
    await store.manifests.transmitFailed(closed.manifest.id, 'refused', null);
    expect(await store.manifests.transmitAgain(closed.manifest.id, logged(other, closed.manifest.id))).toBe(true);
    expect(await store.manifests.transmitted(closed.manifest.id, 'REMOTE-1')).toBe(true);
    expect((await store.manifests.get(closed.manifest.id, other, false))?.transmission).toMatchObject({
      status: 'sent',
      remoteNumber: 'REMOTE-1',
      attempts: 2,
    });
    expect(await store.manifests.reopen(closed.manifest.id, logged(other, closed.manifest.id))).toBe(false);
    const second = await store.manifests.close(
      { ...manifest, number: 'M-3', carrierCode: 'DHL', transmit: false },
      [],
      event,
      logged(other, ''),
    );
    expect(await store.manifests.reopen(second.manifest.id, logged(other, second.manifest.id))).toBe(true);
  });

  it('lists pickups and cancels a collection, all of it or none', async () => {
    const [pickup] = await store.pickups.list({ clientId: client, sandbox: false, date: TODAY, carrierCode: null, limit: 10 });
    expect(pickup).toMatchObject({ carrierCode: 'DHL', status: 'booked' });
    expect(await store.pickups.get(pickup!.shipmentId, client, false)).toMatchObject({ shipmentId: pickup!.shipmentId });
    expect(await store.pickups.cancel([pickup!.shipmentId], logged(client, pickup!.shipmentId))).toBe(true);
    expect(await store.pickups.cancel([pickup!.shipmentId], logged(client, pickup!.shipmentId))).toBe(false);
  });

  it('keeps orders, their status read from their live shipment', async () => {
    const order = (number: string) => ({
      clientId: other,
      sandbox: false,
      source: 'api' as const,
      attributes: { number, shipTo: shipTo(), lines: [], tags: [] } as never,
    });
    expect(await store.orders.insertMany([order('A-1'), order('A-2'), order('A-1')])).toEqual(['A-1', 'A-2']);
    // Which numbers are known: the client's own, in any number of them (more than one query's worth).
    const asked = ['A-2', 'Z-9', ...Array.from({ length: 600 }, (_, index) => `N-${index}`), 'A-1'];
    expect((await store.orders.known(other, false, asked)).sort()).toEqual(['A-1', 'A-2']);
    expect(await store.orders.known(other, true, ['A-1'])).toEqual([]);
    expect(await store.orders.known(other, false, [])).toEqual([]);
    await store.shipments.insert(newShipment(other, { orderNumber: 'A-2' }));
    expect((await store.orders.get(other, false, 'A-2'))?.shipment).not.toBeNull();
    expect(
      (await store.orders.list({ clientId: other, sandbox: false, status: 'open', search: 'a-', limit: 10 })).map((found) => found.number),
    ).toEqual(['A-1']);
    expect(await store.orders.remove(other, false, 'A-2')).toBe(false);
    expect(await store.orders.remove(other, false, 'A-1')).toBe(true);
  });

  it('merges one account into another, or says what keeps it', async () => {
    const profile = {
      name: 'Shop',
      address1: '',
      address2: '',
      city: '',
      postalCode: '',
      state: '',
      country: 'IT',
      contact: '',
      phone: '',
      email: '',
      taxIdentification: '',
    };
    const into = (
      await store.clients.add({ username: 'merge-into', credential: Buffer.from('a'), clientKey: 'ka', role: 'admin', profile })
    ).client.id;
    const from = (
      await store.clients.add({ username: 'merge-from', credential: Buffer.from('b'), clientKey: 'kb', role: 'admin', profile })
    ).client.id;
    await store.shipments.insert(newShipment(from), processed('TRK0200'));
    const result = await store.clients.merge(into, from);
    expect(result).toEqual({ merged: true, moved: { users: 1, shipments: 1, orders: 0, addresses: 2 } });
    expect(await store.clients.byId(from)).toBeUndefined();
    expect((await store.users.byUsername('merge-from'))?.clientId).toBe(into);
    // The leaving account closed UPS's day while the other has a parcel of that day on no manifest: refused, named.
    const closer = (
      await store.clients.add({
        username: 'merge-closer',
        credential: Buffer.from('c'),
        clientKey: 'kc',
        role: 'admin',
        profile: { ...profile, name: 'Verona' },
      })
    ).client.id;
    await store.shipments.insert(newShipment(into), processed('TRK0201', { carrierCode: 'UPS' }));
    const closedDay = await store.manifests.close(
      {
        number: 'M-MERGE',
        clientId: closer,
        sandbox: false,
        carrierCode: 'UPS',
        shipDate: TODAY,
        site: 1,
        totals: { shipments: 0 } as never,
        closedBy: 'rossi',
        document: new Uint8Array([1]),
        transmit: false,
      },
      [],
      {
        type: 'day.closed',
        clientId: closer,
        sandbox: false,
        subjectType: 'manifest',
        subjectId: '',
        snapshot: { kind: 'other', resource: { type: 'manifest', id: '' } } as never,
      },
      logged(closer, ''),
    );
    expect(await store.clients.merge(into, closer)).toEqual({
      merged: false,
      problems: [
        `UPS's day ${TODAY} is closed in Verona while Shop has shipments of that day on no manifest: reopen that manifest, merge, then close the day again`,
      ],
    });
    // Reopened, the day merges.
    expect(await store.manifests.reopen(closedDay.manifest.id, logged(closer, closedDay.manifest.id))).toBe(true);
    expect(await store.clients.merge(into, closer)).toMatchObject({ merged: true });
    // The account with a queued print job and a shipment being booked stays, each named.
    const refused = await store.clients.merge(other, client);
    expect(refused.merged).toBe(false);
    expect(refused.merged ? [] : refused.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^print job pj_conformance_2 is still queued$/)]),
    );
  });
});

/** An executor of this run's database on a connection (a pool) of its own, as the store's table groups get. */
const withExecutor = async (work: (sql: Sql) => Promise<void>) => {
  if (databaseUrl) {
    const pool = await openPostgres(databaseUrl);
    try {
      await work(postgresSql(pool));
    } finally {
      await pool.end();
    }
    return;
  }
  const tables = openTables(join(dataDir, 'station.sqlite'), () => clock().toISOString());
  try {
    await work(tables.sql);
  } finally {
    tables.db.close();
  }
};

describe('desks creating at once', () => {
  const event = (subjectId: string) => ({
    type: 'orders.imported' as const,
    clientId: other,
    sandbox: false,
    subjectType: 'orderImport',
    subjectId,
    snapshot: { kind: 'other', resource: { type: 'orderImport', id: subjectId } } as never,
  });

  it('count every day summary, address use and event once, whichever desk made it', async () => {
    const secondRaw = await open();
    const second = recorded(secondRaw);
    for (const each of [raw, secondRaw]) each.writeInBackground(() => undefined);
    try {
      const before = await store.events.latestId();
      // One sender for all, its phone as each create gives it: the book keeps the latest.
      const sender = (phone: string) => ({ ...shipFrom(), name: 'Lager Verona', phone });
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 === 0 ? store : second).shipments.insert(
            newShipment(other, { attributes: attributes({ shipFrom: sender(`045 000 ${index}`) }) }),
            processed(`TOGETHER${index}`, { carrierCode: 'GLS', carrierName: 'GLS', finalCents: 100 }),
          ),
        ),
      );
      await second.shipments.markDeleted(made[0]!, logged(other, made[0]!.id));
      const gls = (await store.shipments.report({ clientId: other, sandbox: false, dateFrom: TODAY, dateTo: TODAY })).days.find(
        (day) => day.carrier_code === 'GLS',
      );
      expect(gls).toMatchObject({ shipments: 19, packages: 19, cost_cents: 1900 });
      const person = await second.shipments.report({
        clientId: other,
        sandbox: false,
        dateFrom: TODAY,
        dateTo: TODAY,
        createdBy: 'packer',
      });
      expect(person.days.find((day) => day.carrier_code === 'GLS')).toMatchObject({ shipments: 19, cost_cents: 1900 });
      // The events of both desks, each once and in id order, the newest of them settled once every desk committed.
      const events = await store.events.list({ after: before, clientId: other, sandbox: false, types: null, limit: 100 });
      expect(events.map((each) => Number(each.id))).toEqual(events.map((each) => Number(each.id)).sort((a, b) => a - b));
      const count = (type: string) => events.filter((each) => each.type === type).length;
      expect([count('shipment.created'), count('shipment.processed')]).toEqual([20, 20]);
      expect(await store.events.newestId()).toBe(await store.events.latestId());
      // The sender is one entry of the book, used by every create, with the phone its latest use gave.
      await store.shipments.insert(newShipment(other, { attributes: attributes({ shipFrom: sender('045 999') }) }));
      const found = await second.addresses.search(other, false, 'Lager Verona', 5);
      expect(found.map((address) => [address.name, address.phone])).toEqual([['Lager Verona', '045 999']]);
      await withExecutor(async (sql) => {
        const row = await sql.one<{ use_count: number }>('SELECT use_count FROM addresses WHERE client_id = $1 AND name = $2', [
          Number(other),
          'Lager Verona',
        ]);
        expect(row?.use_count).toBe(21);
      });
    } finally {
      await secondRaw.close();
    }
  });

  it('never hand a reader an event id while a smaller one may still commit', async () => {
    // SQLite has one writer at a time: ids commit in the order they are drawn, and nothing is waited for.
    if (!databaseUrl) return;
    const { default: pg } = await import('pg');
    const desk = new pg.Client({ connectionString: databaseUrl });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await desk.connect();
    await watcher.connect();
    try {
      const before = await store.events.latestId();
      // Another desk at its commit: it has drawn its event's id under the event-order lock and not committed yet.
      await desk.query('BEGIN');
      await desk.query(POSTGRES.eventOrderLock!);
      const late = (
        await desk.query<{ id: string }>(
          `INSERT INTO events (type, client_id, sandbox, subject_type, subject_id, data, at)
           VALUES ('orders.imported', $1, 0, 'orderImport', 'late.csv', '{}', $2) RETURNING id`,
          [Number(other), clock().toISOString()],
        )
      ).rows[0]!.id;
      // This desk's event commits meanwhile, with the larger id: writers never wait for each other.
      await store.events.append(event('early.csv'));
      expect(await store.events.newestId()).toBeGreaterThan(Number(late));
      // A reader after the smaller id waits for that desk to commit, then reads both, in order.
      const read = store.events.list({ after: before, clientId: other, sandbox: false, types: ['orders.imported'], limit: 10 });
      await waitFor(
        'the reader to wait for the desk that drew the smaller id',
        async () =>
          (await watcher.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query = $1", [POSTGRES.eventsSettled]))
            .rows.length > 0,
      );
      // A webhook's queue, too, moves its cursor past neither.
      const hook = await store.webhooks.add({
        url: 'http://127.0.0.1:9/late',
        eventTypes: ['orders.imported'],
        clientId: other,
        secret: 's',
        cursor: before,
        environment: 'both',
      });
      const queued = store.webhooks.enqueueNew(hook.id, 10);
      await waitFor(
        'the queue to wait for the desk that drew the smaller id',
        async () =>
          (
            await watcher.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query = $1", [
              POSTGRES.eventsSettled,
            ])
          ).rows[0].n === 2 || undefined,
      );
      await desk.query('COMMIT');
      expect((await read).map((each) => each.subjectId)).toEqual(['late.csv', 'early.csv']);
      expect(await queued).toBe(2);
      expect((await store.webhooks.nextPending(hook.id))?.eventId).toBe(String(late));
      await store.webhooks.remove(hook.id);
      expect(await store.events.latestId()).toBe(await store.events.newestId());
    } finally {
      await desk.end();
      await watcher.end();
    }
  });
});

describe('a transaction inside another', () => {
  const setting = async (sql: Sql, name: string) =>
    (await sql.one<{ value: string }>('SELECT value FROM station_settings WHERE name = $1', [name]))?.value;
  const save = (sql: Sql, name: string) =>
    sql.run('INSERT INTO station_settings (name, value, updated_at) VALUES ($1, $2, $3)', [name, '"kept"', clock().toISOString()]);

  it('is a savepoint: its failure takes back its own changes only, and the outer one commits', async () => {
    await withExecutor(async (sql) => {
      await sql.tx(async (tx) => {
        await save(tx, 'nested:before');
        // A nested transaction that throws after its statement, and one whose statement fails in the database.
        await expect(
          tx.tx(async (inner) => {
            await save(inner, 'nested:thrown');
            throw new Error('taken back');
          }),
        ).rejects.toThrow('taken back');
        await expect(tx.tx((inner) => save(inner, 'nested:before'))).rejects.toThrow();
        // A nested one that returns stays, and so does its own nested part that returned.
        await tx.tx(async (inner) => {
          await save(inner, 'nested:kept');
          await inner.tx((deeper) => save(deeper, 'nested:deeper'));
        });
        await save(tx, 'nested:after');
      });
      expect(await setting(sql, 'nested:before')).toBe('"kept"');
      expect(await setting(sql, 'nested:thrown')).toBeUndefined();
      expect(await setting(sql, 'nested:kept')).toBe('"kept"');
      expect(await setting(sql, 'nested:deeper')).toBe('"kept"');
      expect(await setting(sql, 'nested:after')).toBe('"kept"');
    });
  });

  it('keeps what was sent unanswered: its failure is the failure of what follows, its savepoint, or the commit', async () => {
    const send = (sql: Sql, name: string) =>
      sql.send('INSERT INTO station_settings (name, value, updated_at) VALUES ($1, $2, $3)', [name, '"kept"', clock().toISOString()]);
    const unique = /unique|UNIQUE|duplicate/;
    await withExecutor(async (sql) => {
      // Sent ones commit with their transaction, read back inside it in the order sent.
      await sql.tx(async (tx) => {
        await send(tx, 'sent:one');
        await send(tx, 'sent:two');
        expect(await setting(tx, 'sent:two')).toBe('"kept"');
      });
      expect(await setting(sql, 'sent:one')).toBe('"kept"');
      // A sent one that fails: the next statement awaited throws its error (not PostgreSQL's "transaction is
      // aborted"), and nothing of the transaction stays.
      await expect(
        sql.tx(async (tx) => {
          await send(tx, 'sent:lost');
          await send(tx, 'sent:one');
          await tx.one('SELECT 1 AS one');
        }),
      ).rejects.toThrow(unique);
      // … and when nothing is awaited after it, the commit throws it.
      await expect(
        sql.tx(async (tx) => {
          await send(tx, 'sent:lost');
          await send(tx, 'sent:one');
        }),
      ).rejects.toThrow(unique);
      expect(await setting(sql, 'sent:lost')).toBeUndefined();
      // Inside a savepoint, a sent one that fails takes back the savepoint only; the outer transaction commits.
      await sql.tx(async (tx) => {
        await send(tx, 'sent:outer');
        await expect(
          tx.tx(async (inner) => {
            await send(inner, 'sent:inner');
            await send(inner, 'sent:one');
          }),
        ).rejects.toThrow(unique);
        await send(tx, 'sent:after');
      });
      expect(await setting(sql, 'sent:outer')).toBe('"kept"');
      expect(await setting(sql, 'sent:inner')).toBeUndefined();
      expect(await setting(sql, 'sent:after')).toBe('"kept"');
    });
  });

  it('prepares a statement once per connection, and prepares it again when another station changes the schema under it', async () => {
    // SQLite prepares every statement once per connection, and one station alone changes its schema.
    if (!databaseUrl) return;
    const { default: pg } = await import('pg');
    const pool = await openPostgres(databaseUrl);
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      const sql = postgresSql(pool);
      await other.query('CREATE TABLE stale_plan (id integer PRIMARY KEY)');
      await other.query('INSERT INTO stale_plan VALUES (1)');
      const read = () => sql.one<Record<string, unknown>>('SELECT * FROM stale_plan WHERE id = $1', [1]);
      for (let run = 0; run < 5; run++) expect(await read()).toEqual({ id: 1 });
      const prepared = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT * FROM stale_plan%'",
      );
      expect(prepared.rows[0]!.n).toBe(1);
      // Another station's migration adds a column under the prepared statement: the read answers the new row type.
      await other.query("ALTER TABLE stale_plan ADD COLUMN note text NOT NULL DEFAULT 'new'");
      expect(await read()).toEqual({ id: 1, note: 'new' });
      // Inside transactions under way on every connection (creates, each with its INSERT … RETURNING *), the refusal
      // ends each; nothing of it committed, and each runs once more, prepared afresh: none fails.
      const insert = (id: number) =>
        sql.tx(async (tx) => {
          await tx.send('INSERT INTO stale_plan (id) VALUES ($1)', [id + 1000]);
          return tx.one<Record<string, unknown>>('INSERT INTO stale_plan (id) VALUES ($1) RETURNING *', [id]);
        });
      for (let id = 10; id < 30; id++) await insert(id);
      await Promise.all(Array.from({ length: 8 }, (_, index) => insert(100 + index)));
      await other.query('ALTER TABLE stale_plan DROP COLUMN note');
      const after = await Promise.all(Array.from({ length: 8 }, (_, index) => insert(200 + index)));
      expect(after).toEqual(Array.from({ length: 8 }, (_, index) => ({ id: 200 + index })));
      expect((await other.query('SELECT count(*)::int AS n FROM stale_plan WHERE id >= 1200')).rows[0].n).toBe(8);
      // A connection that no longer knows a statement it prepared (a pooler in transaction mode, a session reset):
      // the statement runs unprepared, and nothing is prepared from then on.
      for (let run = 0; run < 5; run++) expect(await read()).toEqual({ id: 1 });
      await sql.run('DEALLOCATE ALL');
      expect(await read()).toEqual({ id: 1 });
      for (let run = 0; run < 5; run++) await sql.one('SELECT id AS unprepared FROM stale_plan WHERE id = $1', [1]);
      // (The pool hands out the connection used last: this runs on the one that ran the statement.)
      const left = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%unprepared%'",
      );
      expect(left.rows[0]!.n).toBe(0);
      // A refusal that stays after the try again is a passing fault (503), not a bug.
      expect(asStoreFault(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }))).toBeInstanceOf(
        StoreFaultError,
      );
    } finally {
      await other.query('DROP TABLE IF EXISTS stale_plan');
      await other.end();
      await pool.end();
    }
  });

  it('lets a pickup cancel inside another transaction cancel all of its collections or none', async () => {
    const booked = await store.shipments.insert(newShipment(client), processed('TRK0300'));
    await withExecutor(async (sql) => {
      const context = { now: () => clock().toISOString(), claimLeaseMs: 0 };
      const outcome = await sql.tx(async (tx) => {
        await save(tx, 'nested:around-cancel');
        // The second shipment has no collection: the cancel says false, and the first stays booked.
        return groupTable('pickups', tx, context).cancel([booked.id, 'shp_without_pickup'], logged(client, booked.id));
      });
      expect(outcome).toBe(false);
      expect(await setting(sql, 'nested:around-cancel')).toBe('"kept"');
    });
    expect(await store.pickups.get(booked.id, client, false)).toMatchObject({ status: 'booked' });
  });
});

describe('coverage', () => {
  it('ran every method of every table group', () => {
    const offered = Object.entries(raw)
      .filter(([group, table]) => typeof table === 'object' && table !== null && group !== 'db')
      .flatMap(([group, table]) =>
        Object.keys(table as object)
          .filter((method) => method !== 'localVersion')
          .map((method) => `${group}.${method}`),
      );
    expect(offered.length).toBeGreaterThan(100);
    expect(offered.filter((method) => !ran.has(method))).toEqual([]);
  });
});
