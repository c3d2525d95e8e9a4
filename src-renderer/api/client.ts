// The desk UI's typed client for the station's JSON:API. Every failure becomes an ApiError carrying the
// station's errors[], so screens can show the station's own words.
import type { ReturnRequest } from '../../src-shared/returns.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { JSONAPI_MEDIA_TYPE, type DataDocument, type ErrorObject } from '../../src-shared/jsonapi.ts';
import type { ErrorCode } from '../../src-shared/error-codes.ts';
import { ROUTES, pathOf, type RouteSpec } from '../../src-shared/routes.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { ClientProfileChange } from '../../src-shared/client.ts';
import type { BulkPrintMeta, BulkPrintRequest, PrintRequest, PrintSettings } from '../../src-shared/printing.ts';
import type { HealthAttributes, RateListMeta, RateUnavailable, StationConfigResource } from '../../src-shared/resources.ts';
import type { AuditEvent, Client, ClientMeta, Documents, Printer, PrintJob, Rate, SavedAddress, Shipment, ShipmentSummary, StationConfig, Tracking, Webhook, OutboxEntry, UpstreamHealth, Carrier, Manifest, ManifestPreview, Pickup, Today, ReportDay, ReportMeta, User } from './types.ts';
import type { NewWebhookRequest } from '../../src-shared/webhooks.ts';
import type { NewUserRequest, UserChangeRequest } from '../../src-shared/administration.ts';
import type { OrderAttributes, OrderBatchResult, OrderResource as Order } from '../../src-shared/orders.ts';
import type { PackingSetup } from '../../src-shared/packing-setup.ts';
import type { CalendarAttributes, CalendarChange } from '../../src-shared/calendar-settings.ts';
import type { ScaleReading, ScaleResource, ScaleSettings } from '../../src-shared/scale.ts';
import type { VerificationAttributes } from '../../src-shared/verification.ts';
import type { CarrierDayClosedWarning } from '../../src-shared/closed-day.ts';

/** A carrier whose day is closed, as an answer's meta.warnings name it (carrierDayClosed): the desk words it from these figures. */
export type ClosedDay = CarrierDayClosedWarning['meta'];

/** The carriers an answer says are closed for today, with the day their parcels ship instead (never its English detail). */
export function closedDaysOf(meta: unknown): ClosedDay[] {
  const warnings = (meta as { warnings?: unknown } | undefined)?.warnings;
  if (!Array.isArray(warnings)) return [];
  return warnings.flatMap((warning: { code?: unknown; meta?: Partial<ClosedDay> }) => {
    const figures = warning?.meta;
    return warning?.code === 'carrierDayClosed' && typeof figures?.carrier === 'string' && typeof figures.carrierName === 'string' && typeof figures.shipDate === 'string'
      ? [{ carrier: figures.carrier, carrierName: figures.carrierName, manifest: String(figures.manifest ?? ''), shipDate: figures.shipDate }]
      : [];
  });
}

/** A shipment booked or scheduled, and its carrier's closed day when it ships on the next working day instead of today. */
export interface Booked {
  shipment: Shipment;
  closedDay: ClosedDay | null;
}

/**
 * Codes whose meta.reason is the older code of the refusal (`dayClosed`, `orderShipped`…), kept for old clients: for
 * programs, not people. Every other code's meta.reason says in words what was expected.
 */
const REASON_IS_A_CODE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'shipment.dayClosed', 'shipment.trackingStarted', 'shipment.shipDatePassed', 'shipment.returnBooked',
  'shipment.confirmedAlready', 'shipment.notAwaitingConfirm', 'shipment.confirmInProgress', 'order.shipped', 'order.inProgress',
  'account.lastAdmin', 'print.printerPaused', 'print.reprintNeedsSupervisor', 'print.reprintsToConfirm', 'print.onlyReprints',
  'return.ofVoided', 'return.ofReturn',
]);

/** The refusal's text and, when its code's meta.reason is words, why ("Invalid data: '…'." says where, the reason why). */
function withReason(error: ErrorObject): string {
  const reason = error.meta?.reason;
  const inWords = typeof reason === 'string' && reason !== '' && !REASON_IS_A_CODE.has(error.code) && !error.detail.includes(reason);
  return inWords ? `${error.detail} ${reason}${/[.!?]$/.test(reason) ? '' : '.'}` : error.detail;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: ErrorObject[];
  /** The error document's own meta, when the station gave one (e.g. the health of a 503 from /health). */
  readonly meta: Record<string, unknown> | undefined;

  constructor(status: number, errors: ErrorObject[], meta?: Record<string, unknown>) {
    // Each refusal with its reason, when the station gave one beyond its text: "Invalid data: '…'." says where,
    // meta.reason says why.
    super(errors.map(withReason).join(' ') || `The station answered ${status}.`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.meta = meta;
  }

  get detail(): string {
    return this.message;
  }
}

/** A list's links.next: the next page, or null after the last (every list pages this way). */
type Document<T, TMeta = Record<string, unknown>> = Pick<DataDocument<T, TMeta>, 'data' | 'meta'> & { links?: { next?: string | null } };

export type Fetch = typeof fetch;

/** What a create asks besides the shipment: its service or carrier, and whether the station books it later. */
type CreateMeta = { service: string; carrierChoice?: string; scheduledProcessing: boolean; orderNumber?: string };

export interface ApiClient {
  signIn(username: string, password: string): Promise<{ client: Client; token: string; who: ClientMeta | undefined }>;
  /** Exchanges the session's token, while it still works, for a fresh one (POST /clients/authentication/renewal). */
  renewToken(): Promise<{ client: Client; token: string; who: ClientMeta | undefined }>;
  currentClient(): Promise<{ client: Client; who: ClientMeta | undefined }>;
  /** Changes the account's name, address and contact details (admins): its sender address. */
  updateCurrentClient(change: ClientProfileChange): Promise<Client>;
  rate(attributes: ShipmentAttributes): Promise<Rate[]>;
  /**
   * The rates, why each service left out cannot carry the shipment (with the member it is about), and the carriers
   * whose day is closed (their rates ship on the next working day).
   */
  rateList(attributes: ShipmentAttributes): Promise<{ rates: Rate[]; unavailable: RateUnavailable[]; closedDays: ClosedDay[] }>;
  /** `idempotencyKey`: the same for a repeat of the same confirm, so a double Enter or a retry never books twice. */
  confirm(attributes: ShipmentAttributes, rate: Rate, idempotencyKey?: string, orderNumber?: string): Promise<Shipment>;
  /** The same confirm, with its carrier's closed day when the parcel ships on the next working day. */
  confirmBooked(attributes: ShipmentAttributes, rate: Rate, idempotencyKey?: string, orderNumber?: string): Promise<Booked>;
  /** Whether the desk can work now: its database answers, or since when it has not (a 503 is answered, not thrown). */
  health(): Promise<HealthAttributes>;
  /** An order by its number, e.g. as scanned. */
  order(number: string): Promise<Order>;
  /** The scale's settings and latest reading. */
  scale(): Promise<ScaleResource['attributes']>;
  /** Changes the desk's scale settings (supervisor). */
  updateScale(change: Partial<ScaleSettings>): Promise<ScaleResource['attributes']>;
  /** The serial ports the station sees. */
  scalePorts(): Promise<string[]>;
  /** The station's box presets, packing rules and weight check, shared by its desks. */
  packingSetup(): Promise<PackingSetup>;
  /** The station's time zone, its clock and today, and its holidays. */
  calendar(): Promise<CalendarAttributes>;
  /** Admins: a new time zone, or the whole list of holidays. */
  changeCalendar(change: CalendarChange): Promise<CalendarAttributes>;
  /** Changes any of them (supervisor); the answer is the whole setup. */
  updatePackingSetup(change: Partial<PackingSetup>): Promise<PackingSetup>;
  /** Each reading of the scale as it changes, until `signal` aborts; rejects when the stream breaks. */
  watchScale(onReading: (reading: ScaleReading) => void, signal: AbortSignal): Promise<void>;
  /** Records the scan that checks a printed parcel: matched or not. */
  verify(shipmentId: string, scanned: string): Promise<VerificationAttributes>;
  create(attributes: ShipmentAttributes, meta: CreateMeta, idempotencyKey?: string): Promise<Shipment>;
  /** The same create, with its carrier's closed day when the parcel ships on the next working day. */
  createBooked(attributes: ShipmentAttributes, meta: CreateMeta, idempotencyKey?: string): Promise<Booked>;
  /** Up to 500 orders in one request: which were made, and which numbers the client had already. */
  importOrders(orders: OrderAttributes[]): Promise<OrderBatchResult>;
  /** The client's orders by status, newest first. */
  orders(query: { status?: string; limit?: number }): Promise<Order[]>;
  shipment(id: string): Promise<Shipment>;
  deleteShipment(id: string): Promise<void>;
  documents(id: string): Promise<Documents>;
  tracking(id: string): Promise<Tracking>;
  /** createdBy: one person's shipments (a username); return: only returns (true) or none of them (false). */
  summaries(query: { dateFrom?: string; dateTo?: string; limit?: number; search?: string; createdBy?: string; return?: boolean }): Promise<ShipmentSummary[]>;
  /** Makes the return label of a processed shipment; its print job when it was printed with the outbound label. */
  /** `printRefusal`: a print refused (printError), as an ApiError the desk words like any refusal. */
  createReturn(
    shipmentId: string,
    attributes: Partial<ReturnRequest> & { reason: string },
    meta?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<{ shipment: Shipment; printJob?: PrintJob; printError?: string; printRefusal?: ApiError }>;
  addresses(searchString: string, signal?: AbortSignal): Promise<SavedAddress[]>;
  printers(): Promise<Printer[]>;
  printSettings(): Promise<PrintSettings>;
  updatePrintSettings(change: Partial<PrintSettings>): Promise<PrintSettings>;
  print(shipmentId: string, request?: PrintRequest): Promise<PrintJob>;
  printJob(id: string): Promise<PrintJob>;
  /** Bulk print: the labels of many processed shipments as one job, in one layout and order. */
  /** The job, and the listed shipments it left out (labels printed before that the caller may not reprint, or skipped). */
  printMany(request: Partial<BulkPrintRequest> & { shipments: string[] }): Promise<{ job: PrintJob; meta: BulkPrintMeta }>;
  /** One shipment's print jobs, newest first (the latest 50). */
  printJobsOf(shipmentId: string): Promise<PrintJob[]>;
  /** Scheduled shipments still to be sent, being sent, or failed, and each upstream service's state. */
  outbox(): Promise<{ entries: OutboxEntry[]; upstreams: UpstreamHealth[]; manifests: Manifest[] }>;
  carriers(): Promise<Carrier[]>;
  manifestPreview(carrier: string, date: string): Promise<ManifestPreview>;
  /** Closes the carrier's day: the manifest (made now, or by another desk a moment ago). */
  closeDay(carrier: string, date: string): Promise<Manifest>;
  manifests(date: string): Promise<Manifest[]>;
  manifestPdf(id: string): Promise<Uint8Array>;
  reopenManifest(id: string): Promise<Manifest>;
  /** Sends a manifest its upstream service refused again. */
  transmitManifest(id: string): Promise<Manifest>;
  pickups(date: string): Promise<Pickup[]>;
  /** One ship date at a glance (the station's date when none is given): the Today screen. */
  today(date?: string, createdBy?: string): Promise<Today>;
  /** Shipments per day and carrier over a range, with per-carrier totals and top destinations in meta. */
  report(dateFrom: string, dateTo: string, createdBy?: string): Promise<{ days: ReportDay[]; meta: ReportMeta }>;
  /** The same report as the station's CSV export. */
  reportCsv(dateFrom: string, dateTo: string, createdBy?: string): Promise<string>;
  cancelPickup(id: string): Promise<void>;
  webhooks(): Promise<Webhook[]>;
  /** Answers the new webhook with its secret, which is shown this once. */
  addWebhook(request: NewWebhookRequest): Promise<Webhook>;
  setWebhookStatus(id: string, status: 'active' | 'paused'): Promise<Webhook>;
  removeWebhook(id: string): Promise<void>;
  /** The account's people (admins): Settings → Team. */
  users(): Promise<User[]>;
  addUser(request: NewUserRequest): Promise<User>;
  changeUser(id: string, change: UserChangeRequest): Promise<User>;
  removeUser(id: string): Promise<void>;
  /** The audit log, newest first (supervisors and admins): a page, and the id to ask for the next one before. */
  auditEvents(query: { before?: string; action?: string; size?: number }): Promise<{ events: AuditEvent[]; next: string | null }>;
}

/** A report's query: its dates, and the person when one is chosen. */
function reportQuery(dateFrom: string, dateTo: string, createdBy: string | undefined): URLSearchParams {
  const params = new URLSearchParams({ dateFrom, dateTo });
  if (createdBy) params.set('filter[createdBy]', createdBy);
  return params;
}

/** Fetches the station's configuration in headless mode; Electron's preload provides it instead. */
export async function fetchStationConfig(fetchImpl: Fetch = fetch, origin = ''): Promise<StationConfig> {
  const response = await fetchImpl(`${origin}${pathOf(ROUTES.stationConfig)}`, { headers: { Accept: JSONAPI_MEDIA_TYPE } });
  if (!response.ok) throw new ApiError(response.status, []);
  const body = (await response.json()) as Document<StationConfigResource>;
  return body.data.attributes;
}

/** What a route of the table answers in `data` and the top-level `meta`. */
type DataOf<S> = S extends RouteSpec<infer Data, unknown, unknown> ? Data : never;
type MetaOf<S> = S extends RouteSpec<unknown, infer Meta, unknown> ? Meta : never;

/** A call of one route: its path's parameters, its query, and what goes with it. */
interface Call {
  params?: Record<string, string>;
  query?: URLSearchParams | Record<string, string | undefined>;
  body?: unknown;
  authorization?: string;
  signal?: AbortSignal;
  idempotencyKey?: string;
  /** Another media type than JSON:API: CSV, or the server-sent events of a stream. */
  accept?: string;
}

/** The query string of a call, without the members it leaves empty. */
function queryOf(query: Call['query']): string {
  if (!query) return '';
  const params = query instanceof URLSearchParams ? query : new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  return params.size > 0 ? `?${params}` : '';
}

/**
 * `onSignedOut`: the station refused the session's token (the user was removed, the account's key rotated): the
 * desk goes back to sign-in instead of showing the refusal on every screen. `onUnavailable`: the station answered
 * 503 (its database may be away): the desk asks its health and shows a banner while it lasts.
 */
export function createApiClient(options: {
  config: StationConfig;
  token: () => string | null;
  fetch?: Fetch;
  onSignedOut?: () => void;
  onUnavailable?: () => void;
  /** Awaited before each call with the session's token (not sign-in, not the renewal itself): the session renews a token near its end first. */
  beforeCall?: () => Promise<void>;
}): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.config.apiBase.replace(/\/$/, '');

  /** Sends one call of a route of the table; its response when it succeeded, else an ApiError with the station's errors. */
  async function send(spec: RouteSpec<unknown, unknown, unknown>, init: Call = {}): Promise<Response> {
    if (init.authorization === undefined && spec !== ROUTES.renewToken) await options.beforeCall?.();
    const headers: Record<string, string> = { Accept: init.accept ?? JSONAPI_MEDIA_TYPE };
    const authorization = init.authorization ?? (options.token() ? `Bearer ${options.token()}` : undefined);
    if (authorization) headers.Authorization = authorization;
    if (init.body !== undefined) headers['Content-Type'] = JSONAPI_MEDIA_TYPE;
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
    let response: Response;
    try {
      response = await fetchImpl(`${base}${pathOf(spec, init.params)}${queryOf(init.query)}`, {
        method: spec.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, [{ status: 0, code: 'station.unreachable', title: 'Offline', detail: 'The station cannot be reached. Is it running?' }]);
    }
    if (response.status === 401 && init.authorization === undefined && options.token()) options.onSignedOut?.();
    if (response.status === 503 && spec !== ROUTES.health) options.onUnavailable?.();
    if (response.ok) return response;
    let body: { errors?: ErrorObject[]; meta?: Record<string, unknown> } | undefined;
    try {
      body = JSON.parse(await response.text());
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, body?.errors ?? [], body?.meta);
  }

  /** A JSON:API call of a route: its document, typed by the route table. */
  async function request<S extends RouteSpec<unknown, unknown, unknown>>(spec: S, init: Call = {}): Promise<Document<DataOf<S>, MetaOf<S>>> {
    const response = await send(spec, init);
    if (response.status === 204) return { data: undefined as DataOf<S> };
    const text = await response.text();
    return (text ? JSON.parse(text) : { data: undefined }) as Document<DataOf<S>, MetaOf<S>>;
  }

  const shipmentBody = (attributes: ShipmentAttributes, meta: Record<string, unknown>) => ({ data: { type: 'shipment', attributes, meta } });
  const resource = (type: string, attributes: unknown) => ({ body: { data: { type, attributes } } });
  /** A booking's answer: the shipment, and the closed day its meta.warnings name. */
  const booked = (body: { data: Shipment; meta?: unknown }): Booked => ({ shipment: body.data, closedDay: closedDaysOf(body.meta)[0] ?? null });
  const confirmBooked: ApiClient['confirmBooked'] = async (attributes, rate, idempotencyKey, orderNumber) =>
    booked(await request(ROUTES.confirmShipment, { body: shipmentBody(attributes, orderNumber ? { rate, orderNumber } : { rate }), idempotencyKey }));
  const createBooked: ApiClient['createBooked'] = async (attributes, meta, idempotencyKey) => booked(await request(ROUTES.createShipment, { body: shipmentBody(attributes, meta), idempotencyKey }));

  return {
    async signIn(username, password) {
      const authorization = serviceApiAuthorization(authenticationHash(username, password), options.config.integrationKey);
      const body = await request(ROUTES.signIn, { authorization });
      const meta = body.meta;
      return { client: body.data, token: meta?.token ?? '', who: meta ? { username: meta.username, role: meta.role, ...(meta.user ? { user: meta.user } : {}) } : undefined };
    },
    async renewToken() {
      const body = await request(ROUTES.renewToken);
      const meta = body.meta;
      return { client: body.data, token: meta?.token ?? '', who: meta ? { username: meta.username, role: meta.role, ...(meta.user ? { user: meta.user } : {}) } : undefined };
    },
    updateCurrentClient: async (change) => (await request(ROUTES.changeCurrentClient, resource('client', change))).data,
    currentClient: async () => {
      const body = await request(ROUTES.currentClient);
      return { client: body.data, who: body.meta };
    },
    rate: async (attributes) => (await request(ROUTES.rateShipment, { body: shipmentBody(attributes, {}) })).data,
    rateList: async (attributes) => {
      const body = await request(ROUTES.rateShipment, { body: shipmentBody(attributes, {}) });
      // The schema's union over outcome codes reads as plain records: RateListMeta is what it holds.
      return { rates: body.data, unavailable: (body.meta?.unavailable ?? []) as RateListMeta['unavailable'], closedDays: closedDaysOf(body.meta) };
    },
    confirm: async (attributes, rate, idempotencyKey, orderNumber) => (await confirmBooked(attributes, rate, idempotencyKey, orderNumber)).shipment,
    confirmBooked,
    importOrders: async (orders) => (await request(ROUTES.addOrders, { body: { data: orders.map((attributes) => ({ type: 'order', attributes })) } })).meta!,
    orders: async ({ status, limit = 200 }) => (await request(ROUTES.orders, { query: { status, limit: String(limit) } })).data,
    health: async () => {
      try {
        return (await request(ROUTES.health)).data.attributes;
      } catch (error) {
        const health = error instanceof ApiError ? (error.meta?.health as HealthAttributes | undefined) : undefined;
        if (health) return health;
        throw error;
      }
    },
    order: async (number) => (await request(ROUTES.order, { params: { number } })).data,
    scale: async () => (await request(ROUTES.scale)).data.attributes,
    updateScale: async (change) => (await request(ROUTES.changeScale, resource('scale', change))).data.attributes,
    scalePorts: async () => (await request(ROUTES.scalePorts)).data.map((port) => port.id),
    packingSetup: async () => (await request(ROUTES.packing)).data.attributes,
    calendar: async () => (await request(ROUTES.calendar)).data.attributes,
    changeCalendar: async (change) => (await request(ROUTES.changeCalendar, resource('calendar', change))).data.attributes,
    updatePackingSetup: async (change) => (await request(ROUTES.changePacking, resource('packingSetup', change))).data.attributes,
    async watchScale(onReading, signal) {
      const response = await send(ROUTES.scaleStream, { accept: 'text/event-stream', signal });
      if (!response.body) throw new ApiError(response.status, []);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) throw new ApiError(0, [{ status: 0, code: 'station.unreachable', title: 'Offline', detail: 'The scale stream ended.' }]);
        buffered += value;
        const frames = buffered.split('\n\n');
        buffered = frames.pop() ?? '';
        for (const frame of frames) {
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data && /^event: reading$/m.test(frame)) onReading(JSON.parse(data) as ScaleReading);
        }
      }
    },
    verify: async (shipmentId, scanned) => (await request(ROUTES.verifyShipment, { params: { id: shipmentId }, ...resource('verification', { scanned }) })).data.attributes,
    create: async (attributes, meta, idempotencyKey) => (await createBooked(attributes, meta, idempotencyKey)).shipment,
    createBooked,
    shipment: async (id) => (await request(ROUTES.shipment, { params: { id } })).data,
    deleteShipment: async (id) => {
      await request(ROUTES.deleteShipment, { params: { id } });
    },
    documents: async (id) => (await request(ROUTES.documents, { params: { id } })).data,
    tracking: async (id) => (await request(ROUTES.tracking, { params: { id } })).data,
    summaries: async (query) => (await request(ROUTES.shipmentSummaries, { query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value === undefined ? undefined : String(value)])) })).data,
    addresses: async (searchString, signal) => (await request(ROUTES.addresses, { query: { searchString }, signal })).data,
    printers: async () => (await request(ROUTES.printers)).data,
    printSettings: async () => (await request(ROUTES.printSettings)).data.attributes,
    updatePrintSettings: async (change) => (await request(ROUTES.changePrintSettings, resource('printSettings', change))).data.attributes,
    printMany: async (attributes) => {
      const body = await request(ROUTES.printMany, resource('printJob', attributes));
      return { job: body.data, meta: body.meta ?? {} };
    },
    printJobsOf: async (shipmentId) => (await request(ROUTES.printJobs, { query: { 'filter[shipment]': shipmentId } })).data,
    createReturn: async (shipmentId, attributes, meta = {}, idempotencyKey) => {
      const body = await request(ROUTES.createReturn, { params: { id: shipmentId }, body: { data: { type: 'return', attributes, meta } }, idempotencyKey });
      const refusal = body.meta?.printRefusal;
      return {
        shipment: body.data,
        ...(body.meta?.printJob ? { printJob: body.meta.printJob } : {}),
        ...(body.meta?.printError ? { printError: body.meta.printError } : {}),
        ...(refusal ? { printRefusal: new ApiError(refusal.status, [refusal]) } : {}),
      };
    },
    print: async (shipmentId, attributes = {}) => (await request(ROUTES.printShipment, { params: { id: shipmentId }, ...resource('printJob', attributes) })).data,
    auditEvents: async ({ before, action, size = 50 }) => {
      const body = await request(ROUTES.auditEvents, { query: { 'page[size]': String(size), 'page[before]': before, 'filter[action]': action } });
      return { events: body.data, next: body.links?.next ? body.data.at(-1)?.id ?? null : null };
    },
    outbox: async () => {
      const body = await request(ROUTES.outbox);
      return { entries: body.data, upstreams: body.meta?.upstreams ?? [], manifests: body.meta?.manifests ?? [] };
    },
    carriers: async () => (await request(ROUTES.carriers)).data,
    manifestPreview: async (carrier, date) => (await request(ROUTES.manifestPreview, { query: { carrier, date } })).data.attributes,
    closeDay: async (carrier, date) => (await request(ROUTES.closeDay, resource('manifest', { carrier, date }))).data,
    manifests: async (date) => (await request(ROUTES.manifests, { query: { date } })).data,
    manifestPdf: async (id) => {
      const file = (await request(ROUTES.manifestDocument, { params: { id } })).data.attributes.fileData;
      return Uint8Array.from(atob(file), (character) => character.charCodeAt(0));
    },
    reopenManifest: async (id) => (await request(ROUTES.reopenManifest, { params: { id } })).data,
    transmitManifest: async (id) => (await request(ROUTES.transmitManifest, { params: { id } })).data,
    pickups: async (date) => (await request(ROUTES.pickups, { query: { date } })).data,
    today: async (date, createdBy) => (await request(ROUTES.today, { query: { date, 'filter[createdBy]': createdBy } })).data.attributes,
    report: async (dateFrom, dateTo, createdBy) => {
      const body = await request(ROUTES.dailyReport, { query: reportQuery(dateFrom, dateTo, createdBy) });
      return { days: body.data.map((day) => day.attributes), meta: body.meta! };
    },
    async reportCsv(dateFrom, dateTo, createdBy) {
      const query = reportQuery(dateFrom, dateTo, createdBy);
      query.set('format', 'csv');
      return (await send(ROUTES.dailyReport, { query, accept: 'text/csv' })).text();
    },
    cancelPickup: async (id) => {
      await request(ROUTES.cancelPickup, { params: { id } });
    },
    webhooks: async () => (await request(ROUTES.webhooks)).data,
    addWebhook: async (attributes) => (await request(ROUTES.addWebhook, resource('webhook', attributes))).data,
    setWebhookStatus: async (id, status) => (await request(ROUTES.changeWebhook, { params: { id }, ...resource('webhook', { status }) })).data,
    removeWebhook: async (id) => {
      await request(ROUTES.removeWebhook, { params: { id } });
    },
    users: async () => (await request(ROUTES.users)).data,
    addUser: async (attributes) => (await request(ROUTES.addUser, resource('user', attributes))).data,
    changeUser: async (id, attributes) => (await request(ROUTES.changeUser, { params: { id }, ...resource('user', attributes) })).data,
    removeUser: async (id) => {
      await request(ROUTES.removeUser, { params: { id } });
    },
    printJob: async (id) => (await request(ROUTES.printJob, { params: { id } })).data,
  };
}
