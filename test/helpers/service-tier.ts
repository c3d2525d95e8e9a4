// The service tier without HTTP: the station's services wired over a real SQLite store in a temp folder, as
// createStation wires them (station/data-folder.ts sets the store up, station/services.ts wires the services), with
// the clock the test sets. Tests call the use cases as the routes do, with a Caller of the role they name.
import { join } from 'node:path';
import { StationError } from '../../src-shared/errors.ts';
import type { Role } from '../../src-shared/roles.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import { validateCreateMeta, validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import type { Caller } from '../../src-main/domain/caller.ts';
import type { ClientRecord } from '../../src-main/domain/client.ts';
import type { ShipmentRecord } from '../../src-main/domain/shipment.ts';
import { silentLogger } from '../../src-main/logger.ts';
import type { PrintBackend } from '../../src-main/printing/backend.ts';
import { ensureTokenSettings } from '../../src-main/services/authentication.ts';
import { ensureCalendar } from '../../src-main/services/calendar.ts';
import { ensureStationKeys, type StationKeys } from '../../src-main/services/station-keys.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import { wireServices, type ServiceOptions, type Services } from '../../src-main/station/services.ts';
import { openStore, type Store } from '../../src-main/store/index.ts';
import { runningClock, type TestClock } from './clock.ts';
import { attributes, document } from './shipments.ts';
import { OPERATOR, SMITH, tempDir } from './station.ts';

export interface ServiceTierOptions {
  /** The station's clock (test/helpers/clock.ts); the real now in the operating system's zone when not given. */
  clock?: TestClock;
  /** This station's desk: its print jobs are its own. */
  desk?: string;
  /** The data folder of a tier closed before: its store opened again, as a restart does (its callers stay good); a new temp folder when not given. */
  dataDir?: string;
  /** How labels reach printers; CUPS (as on a Linux station) when not given. */
  printBackend?: PrintBackend;
  printPollMs?: number;
  printTimeoutMs?: number;
  /** Writes go to the writer thread, as in a running station (true), or run at once on the one connection (false). */
  writerThread?: boolean;
  /** Other knobs of the wiring (timeouts of the upstream gateway, document workers…). */
  wiring?: Partial<Omit<ServiceOptions, 'dataDir' | 'resourcesDir' | 'desk' | 'clock' | 'logger' | 'ownUrl'>>;
}

export interface ServiceTier extends Services {
  store: Store;
  keys: StationKeys;
  dataDir: string;
  desk: string;
  clock: TestClock;
  /** The one account of the tier (Bottega Verdi, username smith), made on first use. */
  client(): Promise<ClientRecord>;
  /** A person of that account with the role, made on first use of the role, as the API would see them. */
  caller(role?: Role): Promise<Caller>;
  /** A shipment booked and processed at once by a one-step create (economy), as the route hands it to the service. */
  processedShipment(caller: Caller, overrides?: Record<string, unknown>): Promise<ShipmentRecord>;
  /** Stops the print monitor and the webhook deliverer, closes the document workers and the store. */
  close(): Promise<void>;
}

const PROFILE = {
  name: 'Bottega Verdi',
  address1: 'Via Roma 12',
  city: 'Milano',
  postalCode: '20129',
  state: 'MI',
  country: 'IT',
  contact: 'Anna Verdi',
  phone: '3331234567',
  email: 'anna@verdi.example',
  taxIdentification: 'IT01234567890',
};

export async function openServiceTier(options: ServiceTierOptions = {}): Promise<ServiceTier> {
  const clock = options.clock ?? runningClock();
  const desk = options.desk ?? 'desk-1';
  const dataDir = options.dataDir ?? tempDir('station-services-');
  // As openDataDir sets a new station up: the store, its keys, its time zone and token settings.
  const store = openStore(join(dataDir, 'station.sqlite'), { clock });
  const keys = await ensureStationKeys(store);
  await ensureCalendar(store, clock.timeZone);
  await ensureTokenSettings(store, clock());
  if (!(await store.holdDesk(desk))) throw new Error(`desk ${desk} is held already`);
  if (options.writerThread ?? true) store.writeInBackground((message) => console.error(message));
  const services = wireServices(store, keys, {
    ...options.wiring,
    dataDir,
    resourcesDir: DEFAULT_RESOURCES_DIR,
    desk,
    clock,
    logger: silentLogger,
    ownUrl: () => 'http://127.0.0.1:0',
    printBackend: options.printBackend,
    printPollMs: options.printPollMs,
    printTimeoutMs: options.printTimeoutMs,
  });

  let account: Promise<ClientRecord> | undefined;
  const client = () =>
    (account ??= services.clients
      .add(OPERATOR, { username: SMITH.username, password: SMITH.password, role: 'admin', profile: PROFILE })
      .then(({ role: _role, ...record }) => record));
  const callers = new Map<Role, Promise<Caller>>();
  const makeCaller = async (role: Role): Promise<Caller> => {
    const record = await client();
    const username = role === 'admin' ? SMITH.username : `${role}-${desk}`;
    if (role !== 'admin') await services.users.add(OPERATOR, { clientId: record.id, username, password: SMITH.password, role });
    const user = await store.users.byUsername(username);
    if (!user) throw new Error(`user ${username} was not made`);
    return { client: (await store.clients.byId(record.id)) ?? record, user, sandbox: false };
  };

  return {
    ...services,
    store,
    keys,
    dataDir,
    desk,
    clock,
    client,
    caller: (role = 'admin') => {
      let caller = callers.get(role);
      if (!caller) callers.set(role, (caller = makeCaller(role)));
      return caller;
    },
    processedShipment: async (caller, overrides = {}) => {
      const body = document(attributes(overrides), { service: 'economy', scheduledProcessing: false });
      const meta = validateCreateMeta(body, await services.shipments.carrierChoices());
      if (!meta.ok) throw new Error(`the test's create is refused: ${JSON.stringify(meta.errors)}`);
      const record = await services.shipments.create(caller, checkedShipment(overrides), meta.value);
      if (record.status !== 3) throw new Error(`the test's create left shipment ${record.id} at status ${record.status}`);
      return record;
    },
    close: async () => {
      await Promise.all([services.printing.stop(), services.deliverer.stop()]);
      services.events.stop();
      await services.documents.close();
      await store.close();
    },
  };
}

/** A shipment's attributes as a create's route hands them to the service: the request's, checked by the shared rules. */
export function checkedShipment(overrides: Record<string, unknown> = {}): ShipmentAttributes {
  const checked = validateShipmentDocument(document(attributes(overrides)), 'create');
  if (!checked.ok) throw new Error(`the test's shipment is refused: ${JSON.stringify(checked.errors)}`);
  return checked.value;
}

/** The refusal a use case threw (its code, status, pointer, and meta in errors[0]), as the API's error object carries it. */
export async function refusalOf(work: Promise<unknown>): Promise<StationError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof StationError)) throw new Error(`expected a refusal, got ${error instanceof Error ? error.stack : String(error)}`);
  return error;
}
