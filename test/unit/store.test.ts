import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion, SchemaTooNewError } from '../../src-main/store/database.ts';
import { MIGRATIONS, type Migration } from '../../src-main/store/migrations/index.ts';
import { openStore } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { setClock } from '../helpers/clock.ts';

/** The day the shipments of these tests ship: the store keeps whatever day it is given. */
const DAY = setClock('2026-11-23 09:00', 'Europe/Rome', { running: false });

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

function freshFile(): string {
  return join(tempDir('store-test-'), 'station.sqlite');
}

const LATEST = Math.max(...MIGRATIONS.map((migration) => migration.version));

describe('openDatabase sets up SQLite the way the station relies on', () => {
  it('turns on WAL, foreign keys, a busy timeout and full sync', () => {
    const db = openDatabase(freshFile());
    opened.push(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('has FTS5, which address search needs', () => {
    const db = openDatabase(freshFile());
    opened.push(db);
    expect(() => db.exec('CREATE VIRTUAL TABLE probe USING fts5(text)')).not.toThrow();
  });
});

describe('migrations are numbered and applied once, in a transaction', () => {
  it('brings a new file to the latest version', () => {
    const db = openDatabase(freshFile());
    opened.push(db);
    expect(schemaVersion(db)).toBe(LATEST);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['clients', 'integrations', 'station_secrets']));
  });

  it('applies only the pending ones when a station is upgraded', () => {
    const file = freshFile();
    const first: Migration[] = [{ version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER);' }];
    openDatabase(file, first).close();
    const upgraded = [...first, { version: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER);' }];
    const db = openDatabase(file, upgraded);
    opened.push(db);
    expect(schemaVersion(db)).toBe(2);
    // Migration 1 was not run again: it would have failed on the existing table.
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('a', 'b')").pluck().get()).toBe(2);
  });

  it('rolls back every pending migration when one fails', () => {
    const file = freshFile();
    const broken: Migration[] = [
      { version: 1, name: 'good', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'bad', sql: 'CREATE TABLE b (y INTEGER); THIS IS NOT SQL;' },
    ];
    expect(() => openDatabase(file, broken)).toThrow();
    const raw = new Database(file);
    opened.push(raw);
    expect(raw.pragma('user_version', { simple: true })).toBe(0);
    expect(raw.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('a', 'b')").pluck().get()).toBe(0);
  });

  it('refuses a database written by a newer station, and leaves it untouched', () => {
    const file = freshFile();
    openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST + 1}`);
    raw.close();
    const before = readFileSync(file);
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
    expect(() => openDatabase(file)).toThrow(/newer Shipping Station/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('the store keeps secrets and clients', () => {
  it('creates the station keys once and returns the same ones afterwards', async () => {
    const store = openStore(freshFile());
    opened.push(store);
    let made = 0;
    const newSecret = (bytes: number) => `secret ${++made} of ${bytes} bytes`;
    const first = await store.stationKeys.ensure(newSecret, 'desk');
    const second = await store.stationKeys.ensure(newSecret, 'desk');
    expect(second).toEqual(first);
    expect(made).toBe(3);
  });

  it('refuses a second desk-app integration', async () => {
    const store = openStore(freshFile());
    opened.push(store);
    await store.integrations.add({ name: 'desk', integrationKey: 'k1', isDesktop: true });
    await expect(store.integrations.add({ name: 'desk 2', integrationKey: 'k2', isDesktop: true })).rejects.toThrow(/UNIQUE/);
  });

  it('treats a non-numeric client id as unknown', async () => {
    const store = openStore(freshFile());
    opened.push(store);
    expect(await store.clients.byId('1 OR 1=1')).toBeUndefined();
    expect(await store.clients.byId('abc')).toBeUndefined();
  });

  it('stamps records with the injected clock', async () => {
    const clock = setClock('2026-11-23 09:00', 'Europe/Rome', { running: false });
    const store = openStore(freshFile(), { clock });
    opened.push(store);
    expect((await store.integrations.add({ name: 'erp', integrationKey: 'k' })).createdAt).toBe(clock().toISOString());
    expect(clock().toISOString()).toMatch(/T08:00:00\.000Z$/);
  });

  // A shipment by id reads two pages (its id's index, then its row): from a map they are memory reads, with no
  // system call and no copy each (issue 49, docs/benchmarks.md).
  it.runIf(process.platform === 'linux')('reads its file through a memory map', async () => {
    const file = freshFile();
    const mapped = () =>
      readFileSync('/proc/self/maps', 'utf8')
        .split('\n')
        .some((line) => line.endsWith(` ${file}`));
    const plain = openDatabase(file);
    plain.prepare('SELECT count(*) FROM clients').get();
    expect(mapped()).toBe(false);
    plain.close();
    const store = openStore(file);
    opened.push(store);
    expect(await store.clients.byId('1')).toBeUndefined();
    expect(mapped()).toBe(true);
  });

  it('writes a file that exists where it was asked to', () => {
    const file = freshFile();
    const store = openStore(file);
    opened.push(store);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(0);
  });
});

describe('the shipment list reads one covering index, kept up to date', () => {
  const attributes = (name: string) => ({
    shipFrom: { name: 'Bottega Verdi', address1: 'Via Roma 12', city: 'Milano', postalCode: '20129', country: 'IT', contact: 'Anna' },
    shipTo: { name, address1: 'Marienplatz 8', city: 'München', postalCode: '80331', country: 'DE', contact: 'Jonas' },
    packages: [],
    goodsDescription: 'Cups',
    insuranceDescription: null,
    insuranceValue: null,
    booking: true,
  });
  const newShipment = (id: string, clientId: string) => ({
    id,
    clientId,
    sandbox: false,
    origin: 'save' as const,
    scheduled: false,
    service: null,
    carrierChoice: null,
    reference: `1002000000${id.slice(-2)}`,
    shipDate: DAY.today(),
    attributes: attributes(`Kunde ${id}`),
  });

  it('shows the latest tracking event by time; an event as late as the latest is the newer news', async () => {
    const store = openStore(freshFile());
    opened.push(store);
    const { client } = await store.clients.add({
      username: 'u',
      credential: Buffer.alloc(32),
      clientKey: 'k',
      role: 'packer',
      profile: {
        name: 'n',
        address1: '',
        address2: '',
        city: '',
        postalCode: '',
        state: '',
        country: '',
        contact: '',
        phone: '',
        email: '',
        taxIdentification: '',
      },
    });
    await store.shipments.insert(newShipment('A'.repeat(62) + '01', client.id));
    const summary = async () =>
      (await store.shipments.summaries({ clientId: client.id, sandbox: false, dateFrom: null, dateTo: null, search: null, limit: 10 }))[0]!;
    expect(await summary()).toMatchObject({
      shipToName: `Kunde ${'A'.repeat(62)}01`,
      shipToCountry: 'DE',
      trackingStatus: null,
      trackingDate: null,
    });
    const id = (await summary()).id;
    const nextMorning = `${DAY.day(1)} 10:00:00`;
    await store.shipments.addEvent(id, { status: 3, occurredAt: nextMorning, location: '', text: '' });
    await store.shipments.addEvent(id, { status: 2, occurredAt: `${DAY.today()} 18:00:00`, location: '', text: '' });
    expect(await summary()).toMatchObject({ trackingStatus: 3, trackingDate: nextMorning });
    await store.shipments.addEvent(id, { status: 8, occurredAt: nextMorning, location: '', text: '' });
    expect(await summary()).toMatchObject({ trackingStatus: 8, trackingDate: nextMorning });
    expect(await store.shipments.latestEvent(id)).toMatchObject({ status: 8 });
    const plan = store
      .db!.prepare(
        `EXPLAIN QUERY PLAN SELECT id, reference, ship_to_name, tracking_status FROM shipments WHERE client_id = 1 AND sandbox = 0 AND deleted_at IS NULL AND ship_date >= '${DAY.day(-30)}' AND ship_date <= '${DAY.day(30)}' ORDER BY ship_date DESC, created_at DESC, id DESC LIMIT 100`,
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual([
      'SEARCH shipments USING COVERING INDEX shipments_summaries (client_id=? AND sandbox=? AND ship_date>? AND ship_date<?)',
    ]);
  });

  it('fills the summary columns of shipments stored before migration 4', async () => {
    const file = freshFile();
    const before = openDatabase(
      file,
      MIGRATIONS.filter((migration) => migration.version < 4),
    );
    before.exec(
      `INSERT INTO clients (username, credential, client_key, name, created_at, updated_at) VALUES ('u', x'00', 'k', 'n', 'now', 'now')`,
    );
    before
      .prepare(
        `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, reference, ship_date, attributes, created_at) VALUES ('S1', 1, 0, 'save', 0, 0, '100200000001', ?, ?, 'now')`,
      )
      .run(DAY.today(), JSON.stringify(attributes('Kunde Becker')));
    before.exec(
      `INSERT INTO tracking_events (shipment_id, status, occurred_at, created_at) VALUES ('S1', 2, '${DAY.today()} 18:00:00', 'now'), ('S1', 5, '${DAY.day(2)} 09:00:00', 'now')`,
    );
    before.close();
    const store = openStore(file);
    opened.push(store);
    expect(
      await store.shipments.summaries({ clientId: '1', sandbox: false, dateFrom: null, dateTo: null, search: null, limit: 10 }),
    ).toEqual([
      expect.objectContaining({
        id: 'S1',
        shipFromName: 'Bottega Verdi',
        shipToName: 'Kunde Becker',
        shipToCountry: 'DE',
        trackingStatus: 5,
        trackingDate: `${DAY.day(2)} 09:00:00`,
      }),
    ]);
  });
});

describe("the store's writer thread", () => {
  /** Commits in the WAL file: frames whose header carries the database size after a commit (non-zero). */
  function commitsInWal(file: string): number {
    const wal = readFileSync(`${file}-wal`);
    const pageSize = wal.readUInt32BE(8);
    let commits = 0;
    for (let offset = 32; offset + 24 + pageSize <= wal.length; offset += 24 + pageSize) if (wal.readUInt32BE(offset + 4) !== 0) commits++;
    return commits;
  }

  it('commits writes that arrive together once; one that fails among them takes back only its own statements', async () => {
    const file = freshFile();
    const store = openStore(file);
    opened.push(store);
    const { client } = await store.clients.add({
      username: 'u',
      credential: Buffer.alloc(32),
      clientKey: 'k',
      role: 'packer',
      profile: {
        name: 'n',
        address1: '',
        address2: '',
        city: '',
        postalCode: '',
        state: '',
        country: '',
        contact: '',
        phone: '',
        email: '',
        taxIdentification: '',
      },
    });
    const shipment = (id: string) => ({
      id: id.padEnd(64, '0'),
      clientId: client.id,
      sandbox: false,
      origin: 'save' as const,
      scheduled: false,
      service: null,
      carrierChoice: null,
      reference: null,
      shipDate: DAY.today(),
      attributes: {
        shipFrom: { name: 'Bottega Verdi', address1: 'Via Roma 12', city: 'Milano', postalCode: '20129', country: 'IT', contact: 'Anna' },
        shipTo: { name: 'Kunde', address1: 'Marienplatz 8', city: 'München', postalCode: '80331', country: 'DE', contact: 'Jonas' },
        packages: [],
        goodsDescription: 'Cups',
        insuranceDescription: null,
        insuranceValue: null,
        booking: true,
      },
    });
    const key = (subjectId: string) => ({
      clientId: client.id,
      key: 'order-7',
      fingerprint: 'f',
      subjectType: 'shipment' as const,
      subjectId: subjectId.padEnd(64, '0'),
    });
    await store.shipments.insert(shipment('A'), undefined, undefined, key('A'));
    store.writeInBackground(() => undefined);
    const before = commitsInWal(file);

    // Sent in one go: the second insert writes its row, then finds the key taken and throws inside its savepoint.
    const settings = Array.from({ length: 20 }, (_, index) => store.settings.set(`probe:${index}`, { index }));
    const refused = store.shipments.insert(shipment('B'), undefined, undefined, key('B'));
    const after = store.shipments.insert(shipment('C'));
    await expect(refused).rejects.toThrow();
    await Promise.all([...settings, after]);

    expect(commitsInWal(file) - before).toBe(1);
    for (let index = 0; index < 20; index++) expect(await store.settings.get(`probe:${index}`)).toEqual({ index });
    expect(await store.shipments.get(shipment('B').id, client.id, false)).toBeUndefined();
    expect(await store.shipments.get(shipment('C').id, client.id, false)).toMatchObject({ id: shipment('C').id });
  });
});
