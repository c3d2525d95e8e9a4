// The benchmark's data: shipments over 5 clients and two years of ship dates, with tracking events on some, and an
// address book, written through the store's bulk path (not HTTP) and timed.
import type { Actor } from '../../src-main/domain/caller.ts';
import { createAuditLog } from '../../src-main/services/audit-log.ts';
import { randomBytes } from 'node:crypto';
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import { createClientService } from '../../src-main/services/clients.ts';
import { openDataDir } from '../../src-main/station.ts';
import type { BulkShipment } from '../../src-main/store/shipment-rows.ts';

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
  const { store, keys } = await openDataDir(dataDir, { databaseUrl });
  try {
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
