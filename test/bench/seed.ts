// The benchmark's data: shipments over 5 clients and two years of ship dates, with tracking events on some, and an
// address book, written through the store's bulk path (not HTTP) and timed.
import type { Actor } from '../../src-main/domain/caller.ts';
import { createAuditLog } from '../../src-main/services/audit-log.ts';
import { randomBytes } from 'node:crypto';
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import { createClientService } from '../../src-main/services/clients.ts';
import { openDataDir } from '../../src-main/station.ts';
import { BULK_SHIPMENT_COLUMNS, bulkShipmentValues, type BulkShipment } from '../../src-main/store/shipment-rows.ts';
import { fingerprint } from '../../src-main/store/addresses.ts';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import BetterSqlite from 'better-sqlite3';
import pg from 'pg';
import { postgresBinaries } from '../helpers/postgres.ts';

export const BENCH_CLIENTS = 5;
export const benchUser = (index: number) => ({ username: `bench${index}`, password: `bench-password-${index}` });

const FIRST_NAMES = ['Anna', 'Jonas', 'Marie', 'Luca', 'Sofia', 'Piotr', 'Eleni', 'Hiro', 'Lars', 'Carmen'];
const LAST_NAMES = ['Becker', 'Rossi', 'Dubois', 'García', 'Smith', 'Kowalski', 'Papadopoulos', 'Müller', 'Yamada', 'Jensen'];
const STREETS = [
  'Via Roma',
  'Marienplatz',
  'Rue de Rivoli',
  'Calle Mayor',
  'Main Street',
  'Ulica Długa',
  'Kärntner Straße',
  'Nørrebrogade',
];
/** Each city with its country, a postal code of that city's own for the i-th address, and the state where one is needed. */
const CITIES: [string, string, (i: number) => string, string?][] = [
  ['München', 'DE', (i) => String(80331 + (i % 1600))],
  ['Paris', 'FR', (i) => String(75001 + (i % 20))],
  ['Madrid', 'ES', (i) => String(28001 + (i % 50))],
  ['Wien', 'AT', (i) => String(1010 + (i % 23) * 10)],
  ['Warszawa', 'PL', (i) => `0${i % 5}-${String(100 + (i % 900))}`],
  ['København', 'DK', (i) => String(1050 + (i % 900))],
  ['Milano', 'IT', (i) => String(20121 + (i % 40)), 'MI'],
  ['Lyon', 'FR', (i) => String(69001 + (i % 9))],
];
const CARRIERS: [string, string, string, string][] = [
  ['DHL_EXPRESS', 'DHL Express', 'ECO', 'DHL Economy Select'],
  ['UPS', 'UPS', 'STD', 'UPS Standard'],
  ['FEDEX', 'FedEx', 'IPE', 'FedEx International Priority'],
  ['TNT', 'TNT', 'EX', 'TNT Express'],
];

/** Words the seeded address book contains: address searches pick fragments of them. */
export const SEARCH_WORDS = [...LAST_NAMES, ...STREETS.flatMap((street) => street.split(' ')), ...CITIES.map(([city]) => city)].filter(
  (word) => word.length >= 4,
);

export interface SeedResult {
  shipments: number;
  addresses: number;
  shipmentSeconds: number;
  addressSeconds: number;
  firstShipDate: string;
  lastShipDate: string;
  /** [id, client index] of processed shipments, for random retrieval. */
  ids: [string, number][];
}

const DAY = 86_400_000;

/** The benchmark's seeding acts as the station's operator. */
const SEEDER: Actor = { via: 'cli', user: 'bench seed' };

export async function seed(
  dataDir: string,
  counts: { shipments: number; addresses: number; waiting?: number; days?: number },
  databaseUrl?: string,
): Promise<SeedResult> {
  const opened = await openDataDir(dataDir, { databaseUrl });
  const { store } = opened;
  try {
    const clientIds = await benchClients(opened);

    const last = new Date();
    // Ship dates spread over two years unless told otherwise (the large benchmark: six years of a 5,000-a-day site).
    const days = counts.days ?? 730;
    const first = new Date(last.getTime() - days * DAY);
    const ids: [string, number][] = [];
    const started = performance.now();
    function* rows(): Generator<BulkShipment> {
      for (let i = 0; i < counts.shipments; i++) {
        const clientIndex = i % BENCH_CLIENTS;
        const row = shipmentRow(i, clientIds[clientIndex]!, new Date(first.getTime() + Math.floor((i / counts.shipments) * days) * DAY));
        if (row.status === 3 && ids.length < 200_000 && i % 5 === 0) ids.push([row.id, clientIndex]);
        yield row;
      }
    }
    await store.shipments.bulkInsert(rows());
    const shipmentSeconds = (performance.now() - started) / 1000;

    const addressesStarted = performance.now();
    await store.addresses.bulkRemember(
      clientIds[0]!,
      false,
      (function* () {
        for (let i = 0; i < counts.addresses; i++) yield addressOf(i);
      })(),
    );
    const addressSeconds = (performance.now() - addressesStarted) / 1000;

    if (counts.waiting) await queueWaiting(store, clientIds, counts.waiting);
    return {
      shipments: counts.shipments,
      addresses: counts.addresses,
      shipmentSeconds,
      addressSeconds,
      firstShipDate: isoDate(first),
      lastShipDate: isoDate(last),
      ids,
    };
  } finally {
    await store.close();
  }
}

/** Adds scheduled shipments waiting for the timer, as one-step creates with scheduledProcessing leave them. */
export async function queueWaiting(
  store: Awaited<ReturnType<typeof openDataDir>>['store'],
  clientIds: string[],
  count: number,
): Promise<void> {
  const today = isoDate(new Date());
  const rows: BulkShipment[] = Array.from({ length: count }, (_, i) => ({
    ...shipmentRow(10_000_000 + i, clientIds[i % clientIds.length]!, new Date()),
    origin: 'create',
    status: 0,
    scheduled: true,
    service: 'economy',
    reference: null,
    shipDate: today,
    carrierCode: null,
    carrierName: null,
    serviceCode: null,
    serviceName: null,
    finalCents: null,
    insuranceCents: null,
    currency: null,
    trackingNumber: null,
    trackingHash: null,
    processedAt: null,
    trackingEvents: [],
  }));
  await store.shipments.bulkInsert(rows);
}

export async function queueWaitingIn(dataDir: string, count: number, databaseUrl?: string): Promise<void> {
  const { store } = await openDataDir(dataDir, { databaseUrl });
  try {
    const clientIds: string[] = [];
    for (let index = 0; index < BENCH_CLIENTS; index++) clientIds.push((await store.clients.byUsername(benchUser(index).username))!.id);
    await queueWaiting(store, clientIds, count);
  } finally {
    await store.close();
  }
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Random bytes drawn a megabyte at a time: one system call per 20,000 ids instead of one each. */
let pool = Buffer.alloc(0);
let poolAt = 0;
function random(bytes: number): Buffer {
  if (poolAt + bytes > pool.length) {
    pool = randomBytes(1 << 20);
    poolAt = 0;
  }
  poolAt += bytes;
  return pool.subarray(poolAt - bytes, poolAt);
}

function addressOf(i: number) {
  const [city, country, postalCode, state] = CITIES[i % CITIES.length]!;
  return {
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i >> 3) % LAST_NAMES.length]} ${i}`,
    contact: `${FIRST_NAMES[(i >> 2) % FIRST_NAMES.length]} ${LAST_NAMES[i % LAST_NAMES.length]}`,
    address1: `${STREETS[i % STREETS.length]} ${i % 300}`,
    city,
    postalCode: postalCode(i),
    ...(state ? { state } : {}),
    country,
    email: `customer${i}@example.com`,
  };
}

export function benchAttributes(i: number): ShipmentAttributes {
  const receiver = addressOf(i);
  return {
    shipFrom: {
      name: 'Bottega Verdi',
      address1: 'Via Roma 12',
      city: 'Milano',
      postalCode: '20129',
      state: 'MI',
      country: 'IT',
      contact: 'Anna Verdi',
      email: 'anna@verdi.example',
    },
    shipTo: receiver,
    packages: [
      {
        weight: { value: String(1 + (i % 20) / 4), units: '1' },
        dimensions: { length: '30', width: '20', height: '15', units: '1' },
        type: 'CARTON',
      },
    ],
    goodsDescription: 'Ceramic cups',
    insuranceDescription: null,
    insuranceValue: null,
    customerReference: `ORDER-${i}`,
    invoiceSubtotal: { amount: '64.50', currency: 'EUR' },
    booking: true,
  };
}

function shipmentRow(i: number, clientId: string, shipDay: Date): BulkShipment {
  const shipDate = isoDate(shipDay);
  const status: ShipmentStatus = i % 20 === 7 ? -1 : i % 20 === 13 ? 0 : 3;
  const [carrierCode, carrierName, serviceCode, serviceName] = CARRIERS[i % CARRIERS.length]!;
  const processed = status === 3;
  const at = `${shipDate}T09:00:00.000Z`;
  return {
    id: random(32).toString('hex').toUpperCase(),
    clientId,
    sandbox: false,
    origin: status === 0 ? 'save' : 'create',
    status,
    scheduled: false,
    service: status === 0 ? null : 'economy',
    carrierChoice: null,
    reference: String(900_000_000_000 + i),
    shipDate,
    attributes: benchAttributes(i),
    carrierCode: processed ? carrierCode : null,
    carrierName: processed ? carrierName : null,
    serviceCode: processed ? serviceCode : null,
    serviceName: processed ? serviceName : null,
    finalCents: processed ? 1500 + (i % 3000) : null,
    insuranceCents: null,
    currency: processed ? 'EUR' : null,
    trackingNumber: processed ? `SEED${String(i).padStart(10, '0')}` : null,
    trackingHash: processed ? random(18).toString('base64url') : null,
    error: status === -1 ? 'No carrier service can carry this shipment.' : null,
    createdAt: at,
    processedAt: processed ? at : null,
    // Three in ten processed shipments have been picked up, some also delivered.
    trackingEvents:
      processed && i % 10 < 3
        ? [
            { status: 2, occurredAt: `${shipDate} 16:00:00`, location: 'Milano', text: 'Picked up' },
            ...(i % 10 === 0 ? [{ status: 5, occurredAt: `${shipDate} 23:00:00`, location: receiverCity(i), text: 'Delivered' }] : []),
          ]
        : [],
  };
}

const receiverCity = (i: number) => CITIES[i % CITIES.length]![0];

// ---------------------------------------------------------------------------------------------------------------
// The large benchmark's seed (`npm run bench -- --large`): the same rows as `seed` (shipmentRow, addressOf), written
// straight into the database rather than through the store's bulk path, which at ten million rows is the run's
// longest part (PostgreSQL: 2,060 shipments a second by multi-row INSERTs). SQLite: prepared INSERTs, 100,000 rows
// to a transaction, in the station's write-ahead log, not waiting for the disk (synchronous off: a bench copy);
// PostgreSQL: COPY … FROM STDIN through psql, 100,000 shipments to a transaction, foreign keys not checked
// (session_replication_role = replica: the seed's rows are whole), then VACUUM (ANALYZE). On both, the tables'
// secondary indexes (and SQLite's address search index) are dropped first and built once at the end. The day
// summaries are then rebuilt by the store itself (`bulkInsert` of no rows, as an import ends). Resumable: each
// transaction's end is noted in `progressFile`, and a seed started again with the same counts goes on from there.
// ---------------------------------------------------------------------------------------------------------------

/** The shipments' columns the large seed writes: the store's bulk path's. */
const LARGE_SHIPMENT_COLUMNS = [...BULK_SHIPMENT_COLUMNS];
const LARGE_EVENT_COLUMNS = ['shipment_id', 'status', 'occurred_at', 'location', 'text', 'created_at'];
const LARGE_ADDRESS_COLUMNS = [
  'client_id',
  'sandbox',
  'fingerprint',
  'name',
  'contact',
  'address1',
  'address2',
  'city',
  'postal_code',
  'state',
  'country',
  'phone',
  'email',
  'tax_identification',
  'use_count',
  'last_used_at',
];
/** The tables the large seed loads: their secondary indexes are built after the load. */
const LOADED_TABLES = ['shipments', 'tracking_events', 'addresses'];
const SEED_BATCH = 100_000;

type Cell = string | number | null;

/** An address-book row as `remember` writes an address's first use. */
function addressValuesOf(clientId: string, address: ReturnType<typeof addressOf>, at: string): Cell[] {
  return [
    Number(clientId),
    0,
    fingerprint(address),
    address.name,
    address.contact,
    address.address1,
    '',
    address.city,
    address.postalCode,
    address.state ?? '',
    address.country,
    '',
    address.email,
    '',
    1,
    at,
  ];
}

/** Where a large seed stands: written after each committed transaction, so a stopped seed goes on from there. */
export interface LargeSeedProgress {
  shipments: number;
  addresses: number;
  days: number;
  firstShipDate: string;
  lastShipDate: string;
  /** Rows committed so far. */
  shipmentsDone: number;
  addressesDone: number;
  /** Wall time spent so far on each part (over every run that worked on it). */
  shipmentSeconds: number;
  addressSeconds: number;
  /** The secondary indexes and triggers dropped for the load, to be made again at its end. */
  dropped: { name: string; sql: string }[] | null;
  finished: boolean;
}

/** What the large seed does to one database. */
interface LargeLoader {
  /** The secondary indexes (and SQLite's insert trigger) of the loaded tables, dropped; their definitions. */
  dropSecondary(): Promise<{ name: string; sql: string }[]>;
  /** Makes the dropped indexes and triggers again; `timed` is told each one's seconds. */
  restore(dropped: { name: string; sql: string }[], timed: (name: string, seconds: number) => void): Promise<void>;
  /** One transaction: shipments and their tracking events. */
  shipments(rows: Cell[][], events: Cell[][]): Promise<void>;
  addresses(rows: Cell[][]): Promise<void>;
  /** After the indexes and the day summaries: what makes the database as a station's after a while (PostgreSQL's VACUUM). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

function sqliteLoader(dataDir: string): LargeLoader {
  const db = new BetterSqlite(join(dataDir, 'station.sqlite'));
  // The station's write-ahead log stays (a seed killed part-way keeps its committed transactions whole, so it can go
  // on); nothing waits for the disk (a power cut loses the bench copy, never a station's data).
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1048576');
  const insert = (table: string, columns: string[]) =>
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const shipment = insert('shipments', LARGE_SHIPMENT_COLUMNS);
  const event = insert('tracking_events', LARGE_EVENT_COLUMNS);
  const address = insert('addresses', LARGE_ADDRESS_COLUMNS);
  const inserts = db.transaction((rows: Cell[][], events: Cell[][]) => {
    for (const row of rows) shipment.run(...row);
    for (const row of events) event.run(...row);
  });
  const addresses = db.transaction((rows: Cell[][]) => {
    for (const row of rows) address.run(...row);
  });
  return {
    dropSecondary: async () => {
      const found = db
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
           AND tbl_name IN (${LOADED_TABLES.map((table) => `'${table}'`).join(', ')})`,
        )
        .all() as { name: string; sql: string }[];
      for (const { name, sql } of found) db.exec(`DROP ${sql.startsWith('CREATE TRIGGER') ? 'TRIGGER' : 'INDEX'} ${name}`);
      return found;
    },
    restore: async (dropped, timed) => {
      // The address search's trigram index is made again from the table at once, its insert trigger after.
      let began = performance.now();
      db.exec("INSERT INTO addresses_search (addresses_search) VALUES ('rebuild')");
      timed('addresses_search (FTS5 rebuild)', (performance.now() - began) / 1000);
      for (const { name, sql } of dropped) {
        began = performance.now();
        db.exec(sql.replace(/^CREATE (UNIQUE )?(INDEX|TRIGGER) /, 'CREATE $1$2 IF NOT EXISTS '));
        timed(name, (performance.now() - began) / 1000);
      }
    },
    shipments: async (rows, events) => void inserts(rows, events),
    addresses: async (rows) => void addresses(rows),
    settle: async () => {},
    close: async () => void db.close(),
  };
}

/** COPY's text format: tabs between columns, \N for null, backslash escapes. */
const copyLine = (row: Cell[]) =>
  `${row
    .map((cell) =>
      cell === null
        ? '\\N'
        : typeof cell === 'number'
          ? String(cell)
          : cell.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!),
    )
    .join('\t')}\n`;

async function postgresLoader(databaseUrl: string): Promise<LargeLoader> {
  const found = postgresBinaries();
  if ('missing' in found) throw new Error(found.missing);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // One psql reads the load as a script on its standard input: each transaction COPYs its rows FROM STDIN.
  const psql = spawn(join(found.dir, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-f', '-'], {
    env: { ...process.env, PGOPTIONS: '-c session_replication_role=replica -c synchronous_commit=off' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let failure = '';
  psql.stderr!.on('data', (chunk: Buffer) => (failure += chunk.toString()));
  const exited = new Promise<number>((resolve) => psql.on('exit', (code) => resolve(code ?? 1)));
  const write = async (text: string) => {
    if (psql.exitCode !== null) throw new Error(`psql stopped: ${failure}`);
    if (!psql.stdin!.write(text)) await new Promise<void>((resolve) => psql.stdin!.once('drain', () => resolve()));
  };
  const copy = async (table: string, columns: string[], rows: Cell[][]) => {
    await write(`COPY ${table} (${columns.join(', ')}) FROM STDIN;\n`);
    for (let at = 0; at < rows.length; at += 1000)
      await write(
        rows
          .slice(at, at + 1000)
          .map(copyLine)
          .join(''),
      );
    await write('\\.\n');
  };
  // psql echoes a numbered line once it has run what came before it: a transaction's end is then known committed.
  let echoed = '';
  const waiting = new Map<string, () => void>();
  psql.stdout!.on('data', (chunk: Buffer) => {
    echoed += chunk.toString();
    for (let end = echoed.indexOf('\n'); end >= 0; end = echoed.indexOf('\n')) {
      const line = echoed.slice(0, end);
      echoed = echoed.slice(end + 1);
      waiting.get(line)?.();
      waiting.delete(line);
    }
  });
  let marks = 0;
  const committed = async () => {
    const mark = `committed ${++marks}`;
    const done = new Promise<void>((resolve, reject) => {
      waiting.set(mark, resolve);
      void exited.then((code) => reject(new Error(`psql exited with ${code}: ${failure}`)));
    });
    await write(`\\echo ${mark}\n`);
    await done;
  };
  return {
    dropSecondary: async () => {
      const { rows } = await client.query<{ name: string; sql: string }>(
        `SELECT i.indexname AS name, i.indexdef AS sql FROM pg_indexes i
         WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
        [LOADED_TABLES],
      );
      for (const { name } of rows) await client.query(`DROP INDEX ${name}`);
      return rows;
    },
    restore: async (dropped, timed) => {
      await client.query("SET maintenance_work_mem = '1GB'");
      for (const { name, sql } of dropped) {
        const began = performance.now();
        await client.query(sql.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
        timed(name, (performance.now() - began) / 1000);
      }
    },
    shipments: async (rows, events) => {
      await write('BEGIN;\n');
      await copy('shipments', LARGE_SHIPMENT_COLUMNS, rows);
      await copy('tracking_events', LARGE_EVENT_COLUMNS, events);
      await write('COMMIT;\n');
      await committed();
    },
    addresses: async (rows) => {
      await copy('addresses', LARGE_ADDRESS_COLUMNS, rows);
      await committed();
    },
    settle: async () => {
      await client.query('VACUUM (ANALYZE) shipments, tracking_events, addresses, shipment_days, destination_days, person_days');
    },
    close: async () => {
      psql.stdin!.end();
      const code = await exited;
      await client.end();
      if (code !== 0) throw new Error(`psql exited with ${code}: ${failure}`);
    },
  };
}

/** The bench accounts, made if missing; their ids in order. */
async function benchClients(opened: Awaited<ReturnType<typeof openDataDir>>): Promise<string[]> {
  const { store, keys } = opened;
  const clients = createClientService(store, keys, createAuditLog(store, 'bench'));
  const clientIds: string[] = [];
  for (let index = 0; index < BENCH_CLIENTS; index++) {
    const existing = (await clients.list(SEEDER)).find((client) => client.username === benchUser(index).username);
    const client =
      existing ??
      (await clients.add(SEEDER, {
        ...benchUser(index),
        profile: {
          name: `Bench desk ${index}`,
          address1: 'Via Roma 12',
          city: 'Milano',
          postalCode: '20129',
          state: 'MI',
          country: 'IT',
          contact: 'Desk',
          email: 'desk@bench.example',
        },
      }));
    clientIds.push(client.id);
  }
  return clientIds;
}

/**
 * Seeds (or goes on seeding) a large station: `counts` as `seed`'s, written as the header above says. `progressFile`
 * holds where it stands; `log` is told each step. Gives the seeding's figures once done.
 */
export async function seedLarge(
  dataDir: string,
  counts: { shipments: number; addresses: number; days: number },
  progressFile: string,
  log: (message: string) => void,
  databaseUrl?: string,
): Promise<LargeSeedProgress> {
  let progress: LargeSeedProgress;
  const save = () => writeFileSync(progressFile, JSON.stringify(progress, null, 2));
  const known = existsSync(progressFile) ? (JSON.parse(readFileSync(progressFile, 'utf8')) as LargeSeedProgress) : undefined;
  if (known && (known.shipments !== counts.shipments || known.addresses !== counts.addresses || known.days !== counts.days))
    throw new Error(`${progressFile} is a seeding of other counts (${known.shipments} shipments): remove it and the data`);
  if (known?.finished) return known;

  const opened = await openDataDir(dataDir, { databaseUrl });
  let clientIds: string[];
  try {
    clientIds = await benchClients(opened);
  } finally {
    await opened.store.close();
  }
  if (known) {
    progress = known;
    log(`going on from ${progress.shipmentsDone} shipments and ${progress.addressesDone} addresses`);
  } else {
    const last = new Date();
    progress = {
      ...counts,
      firstShipDate: isoDate(new Date(last.getTime() - counts.days * DAY)),
      lastShipDate: isoDate(last),
      shipmentsDone: 0,
      addressesDone: 0,
      shipmentSeconds: 0,
      addressSeconds: 0,
      dropped: null,
      finished: false,
    };
    save();
  }
  const first = Date.parse(progress.firstShipDate);
  const loader = databaseUrl ? await postgresLoader(databaseUrl) : sqliteLoader(dataDir);
  try {
    if (!progress.dropped) {
      progress.dropped = await loader.dropSecondary();
      save();
      log(`dropped ${progress.dropped.length} secondary indexes and triggers for the load`);
    }
    let began = performance.now();
    let reported = performance.now();
    while (progress.shipmentsDone < counts.shipments) {
      const end = Math.min(counts.shipments, progress.shipmentsDone + SEED_BATCH);
      const rows: Cell[][] = [];
      const events: Cell[][] = [];
      for (let i = progress.shipmentsDone; i < end; i++) {
        const row = shipmentRow(i, clientIds[i % BENCH_CLIENTS]!, new Date(first + Math.floor((i / counts.shipments) * counts.days) * DAY));
        rows.push(bulkShipmentValues(row));
        for (const event of row.trackingEvents ?? [])
          events.push([row.id, event.status, event.occurredAt, event.location, event.text, row.createdAt]);
      }
      await loader.shipments(rows, events);
      progress.shipmentsDone = end;
      const now = performance.now();
      progress.shipmentSeconds += (now - began) / 1000;
      began = now;
      save();
      if (now - reported > 30_000 || end === counts.shipments) {
        reported = now;
        // The machine's load and this process's CPU say how much of the wall time was the seed's own work.
        const cpu = process.cpuUsage();
        log(
          `${end} shipments (${Math.round(end / progress.shipmentSeconds)}/s so far; this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s, load average ${loadavg()[0]!.toFixed(1)})`,
        );
      }
    }
    began = performance.now();
    const at = new Date().toISOString();
    while (progress.addressesDone < counts.addresses) {
      const end = Math.min(counts.addresses, progress.addressesDone + SEED_BATCH);
      const rows: Cell[][] = [];
      for (let i = progress.addressesDone; i < end; i++) rows.push(addressValuesOf(clientIds[0]!, addressOf(i), at));
      await loader.addresses(rows);
      progress.addressesDone = end;
      const now = performance.now();
      progress.addressSeconds += (now - began) / 1000;
      began = now;
      save();
    }
    log(`${progress.addressesDone} addresses loaded (load average ${loadavg()[0]!.toFixed(1)}); building the indexes`);
    // Each index's time counts with its table's seeding: the address book's (its name starts so) with the addresses.
    let indexSeconds = 0;
    await loader.restore(progress.dropped, (name, seconds) => {
      log(`  ${name}: ${seconds.toFixed(1)} s`);
      indexSeconds += seconds;
      if (name.startsWith('addresses')) progress.addressSeconds += seconds;
      else progress.shipmentSeconds += seconds;
    });
    log(`indexes built in ${indexSeconds.toFixed(0)} s`);
  } finally {
    await loader.close();
  }
  // The day summaries, made again from the shipments by the store, as an import ends (and PostgreSQL's ANALYZE).
  const summariesBegan = performance.now();
  const again = await openDataDir(dataDir, { databaseUrl });
  try {
    await again.store.shipments.bulkInsert([]);
  } finally {
    await again.store.close();
  }
  const settle = databaseUrl ? await postgresLoader(databaseUrl) : undefined;
  try {
    await settle?.settle();
  } finally {
    await settle?.close();
  }
  const summarySeconds = (performance.now() - summariesBegan) / 1000;
  progress.shipmentSeconds += summarySeconds;
  log(`day summaries rebuilt${databaseUrl ? ' and VACUUM (ANALYZE) run' : ''} in ${summarySeconds.toFixed(0)} s`);
  progress.dropped = [];
  progress.finished = true;
  save();
  return progress;
}
