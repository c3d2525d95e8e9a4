// The desk UI's typed client for the station's JSON:API. Every failure becomes an ApiError carrying the
// station's errors[], so screens can show the station's own words.
import type { ReturnRequest } from '../../src-shared/returns.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { JSONAPI_MEDIA_TYPE, type DataDocument, type ErrorObject } from '../../src-shared/jsonapi.ts';
import type { ErrorCode } from '../../src-shared/error-codes.ts';
import { ROUTES, pathOf, type PathParameterNames, type PathParameters, type QueryValue, type RouteSpec } from '../../src-shared/routes.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { BulkPrintMeta, BulkPrintRequest } from '../../src-shared/printing.ts';
import type { HealthAttributes, RateListMeta, RateUnavailable, StationConfigResource } from '../../src-shared/resources.ts';
import type {
  AuditEvent,
  Client,
  ClientMeta,
  PrintJob,
  Rate,
  Shipment,
  StationConfig,
  OutboxEntry,
  UpstreamHealth,
  Manifest,
  ReportDay,
  ReportMeta,
  EmissionsReportMeta,
} from './types.ts';
import type { OrderAttributes } from '../../src-shared/orders.ts';
import type { ShippedFormat } from '../../src-shared/shipped-orders.ts';
import type { ScaleReading } from '../../src-shared/scale.ts';
import type { CarrierDayClosedWarning } from '../../src-shared/closed-day.ts';

/** A carrier whose day is closed, as an answer's meta.warnings name it (carrierDayClosed): the desk words it from these figures. */
export type ClosedDay = CarrierDayClosedWarning['meta'];

/** The carriers an answer says are closed for today, with the day their parcels ship instead (never its English detail). */
export function closedDaysOf(meta: unknown): ClosedDay[] {
  const warnings = (meta as { warnings?: unknown } | undefined)?.warnings;
  if (!Array.isArray(warnings)) return [];
  return warnings.flatMap((warning: { code?: unknown; meta?: Partial<ClosedDay> }) => {
    const figures = warning?.meta;
    return warning?.code === 'carrierDayClosed' &&
      typeof figures?.carrier === 'string' &&
      typeof figures.carrierName === 'string' &&
      typeof figures.shipDate === 'string'
      ? [
          {
            carrier: figures.carrier,
            carrierName: figures.carrierName,
            manifest: String(figures.manifest ?? ''),
            shipDate: figures.shipDate,
          },
        ]
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
  'shipment.dayClosed',
  'shipment.trackingStarted',
  'shipment.shipDatePassed',
  'shipment.returnBooked',
  'shipment.confirmedAlready',
  'shipment.notAwaitingConfirm',
  'shipment.confirmInProgress',
  'order.shipped',
  'order.inProgress',
  'account.lastAdmin',
  'print.printerPaused',
  'print.reprintNeedsSupervisor',
  'print.reprintsToConfirm',
  'print.onlyReprints',
  'return.ofVoided',
  'return.ofReturn',
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

/** Any route of the table, whatever its types. */
type AnyRoute = RouteSpec<any, any, any, string, any>;
/** What a route of the table answers in `data` and the top-level `meta`, and what its body and query take. */
type TypesOf<S> = NonNullable<S extends AnyRoute ? S['types'] : never>;
type DataOf<S> = TypesOf<S>['data'];
type MetaOf<S> = TypesOf<S>['meta'];
export type BodyOf<S> = TypesOf<S>['body'];
type QueryOf<S> = TypesOf<S>['query'];

/** What a call of one route sends, typed by its entry: its path's parameters, its query and its body, each when it has them. */
type RouteRequest<S extends AnyRoute> = ([PathParameterNames<S['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParameters<S['path']> }) &
  ([QueryOf<S>] extends [undefined] ? { query?: undefined } : {} extends QueryOf<S> ? { query?: QueryOf<S> } : { query: QueryOf<S> }) &
  ([BodyOf<S>] extends [undefined] ? { body?: undefined } : { body: BodyOf<S> });

/** How a call is sent, beside what the route takes. */
interface CallOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** A call of one route: what its entry types, and how it is sent. */
export type CallOf<S extends AnyRoute> = RouteRequest<S> & CallOptions;

/** The arguments of `call` after the route: none needed when the route takes nothing it requires. */
type CallArguments<S extends AnyRoute> = {} extends RouteRequest<S> ? [init?: CallOf<S>] : [init: CallOf<S>];

/** A route's JSON:API answer: `data`, the top-level `meta`, and a list's links.next. */
export type AnswerOf<S> = Document<DataOf<S>, MetaOf<S>>;

export interface ApiClient {
  /**
   * One call of a route of the table (ROUTES.x): its path's parameters, query and body typed by the route's entry,
   * its answer too. A 204 answers `data: undefined`.
   */
  call<S extends AnyRoute>(spec: S, ...init: CallArguments<S>): Promise<AnswerOf<S>>;
  signIn(username: string, password: string): Promise<{ client: Client; token: string; who: ClientMeta | undefined }>;
  /** Exchanges the session's token, while it still works, for a fresh one (POST /clients/authentication/renewal). */
  renewToken(): Promise<{ client: Client; token: string; who: ClientMeta | undefined }>;
  currentClient(): Promise<{ client: Client; who: ClientMeta | undefined }>;
  /**
   * The rates, why each service left out cannot carry the shipment (with the member it is about), and the carriers
   * whose day is closed (their rates ship on the next working day).
   */
  rateList(attributes: ShipmentAttributes): Promise<{ rates: Rate[]; unavailable: RateUnavailable[]; closedDays: ClosedDay[] }>;
  /** Whether the desk can work now: its database answers, or since when it has not (a 503 is answered, not thrown). */
  health(): Promise<HealthAttributes>;
  /** The serial ports the station sees. */
  scalePorts(): Promise<string[]>;
  /** Each reading of the scale as it changes, until `signal` aborts; rejects when the stream breaks. */
  watchScale(onReading: (reading: ScaleReading) => void, signal: AbortSignal): Promise<void>;
  /** Makes the return label of a processed shipment; its print job when it was printed with the outbound label. */
  /** `printRefusal`: a print refused (printError), as an ApiError the desk words like any refusal. */
  createReturn(
    shipmentId: string,
    attributes: Partial<ReturnRequest> & { reason: string },
    meta?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<{ shipment: Shipment; printJob?: PrintJob; printError?: string; printRefusal?: ApiError }>;
  /** Bulk print: the labels of many processed shipments as one job, in one layout and order. */
  /** The job, and the listed shipments it left out (labels printed before that the caller may not reprint, or skipped). */
  printMany(request: Partial<BulkPrintRequest> & { shipments: string[] }): Promise<{ job: PrintJob; meta: BulkPrintMeta }>;
  /** Scheduled shipments still to be sent, being sent, or failed, and each upstream service's state. */
  outbox(): Promise<{ entries: OutboxEntry[]; upstreams: UpstreamHealth[]; manifests: Manifest[] }>;
  manifestPdf(id: string): Promise<Uint8Array>;
  /** Shipments per day and carrier over a range, with per-carrier totals and top destinations in meta. */
  report(dateFrom: string, dateTo: string, createdBy?: string, site?: string): Promise<{ days: ReportDay[]; meta: ReportMeta }>;
  /** The same report as the station's CSV export. */
  reportCsv(dateFrom: string, dateTo: string, createdBy?: string, site?: string): Promise<string>;
  /** The processed shipments' CO2e per carrier over a range (GET /reports/emissions): its totals. */
  emissionsReport(dateFrom: string, dateTo: string, site?: string): Promise<EmissionsReportMeta>;
  /** The same, per month, site, carrier and service, as CSV for the browser to save. */
  emissionsCsv(dateFrom: string, dateTo: string, site?: string): Promise<string>;
  /** The orders shipped from `from` to `to` as the file a shop uploads (GET /orders/shipped): its text and the station's name for it. */
  shippedOrders(format: ShippedFormat, from: string, to: string): Promise<{ text: string; fileName: string; type: string }>;
  /** The audit log, newest first (supervisors and admins): a page, and the id to ask for the next one before. */
  auditEvents(query: { before?: string; action?: string; size?: number }): Promise<{ events: AuditEvent[]; next: string | null }>;
}

/** A booking's answer (create or confirm): the shipment, and the closed day its meta.warnings name. */
export function bookedOf(answer: { data: Shipment; meta?: unknown }): Booked {
  return { shipment: answer.data, closedDay: closedDaysOf(answer.meta)[0] ?? null };
}

/** A shipment's attributes as its requests (rate, confirm, create) take them, typed by the route table. */
export type ShipmentRequestAttributes = NonNullable<BodyOf<typeof ROUTES.createShipment>>['data']['attributes'];
/** An address of a request with its email optional. */
type EmailOptional<A> = A extends object ? Omit<A, 'email'> & { email?: string | null } : A;
/**
 * The desk's form attributes as a request's: the same members, checked member by member, but each address's email.
 * The request schema's type says every address's email is required (its addressSchema(emailRequired) cannot tell
 * the sender's, which is, from the others', which are not); the desk's own type leaves all optional, and the station
 * refuses a sender without one (field.missing at that member).
 */
type AddressEmailsOptional<T> = { [K in keyof T]: K extends 'shipFrom' | 'shipTo' | 'collectionLocation' ? EmailOptional<T[K]> : T[K] };
export function shipmentRequest(attributes: ShipmentAttributes): ShipmentRequestAttributes {
  const checked: AddressEmailsOptional<ShipmentRequestAttributes> = attributes;
  return checked as ShipmentRequestAttributes;
}

/** An order's attributes as POST /orders and /orders/batch take them, typed by the route table. */
export type OrderRequestAttributes = NonNullable<BodyOf<typeof ROUTES.addOrder>>['data']['attributes'];
/** The desk's order as a request's: the same members, checked member by member, but each address's email (as above). */
export function orderRequest(attributes: OrderAttributes): OrderRequestAttributes {
  const checked: AddressEmailsOptional<OrderRequestAttributes> = attributes;
  return checked as OrderRequestAttributes;
}

/** A report's query: its dates, and the person and the site (an id, or all) when one is chosen. */
function reportQuery(dateFrom: string, dateTo: string, createdBy: string | undefined, site: string | undefined) {
  return { dateFrom, dateTo, 'filter[createdBy]': createdBy, site };
}

/** Fetches the station's configuration in headless mode; Electron's preload provides it instead. */
export async function fetchStationConfig(fetchImpl: Fetch = fetch, origin = ''): Promise<StationConfig> {
  const response = await fetchImpl(`${origin}${pathOf(ROUTES.stationConfig)}`, { headers: { Accept: JSONAPI_MEDIA_TYPE } });
  if (!response.ok) throw new ApiError(response.status, []);
  const body = (await response.json()) as Document<StationConfigResource>;
  return body.data.attributes;
}

/**
 * The station's health before the desk has its configuration: what a station that waits for its database answers
 * (503, with the health in its meta), or a working one (200).
 */
export async function fetchStationHealth(fetchImpl: Fetch = fetch, origin = ''): Promise<HealthAttributes> {
  const response = await fetchImpl(`${origin}${pathOf(ROUTES.health)}`, { headers: { Accept: JSONAPI_MEDIA_TYPE } });
  const body = (await response.json()) as { data?: { attributes: HealthAttributes }; meta?: { health?: HealthAttributes } };
  const health = body.data?.attributes ?? body.meta?.health;
  if (!health) throw new ApiError(response.status, []);
  return health;
}

/** A call as sent: the route's path parameters, query and body, and how it goes (another media type too). */
interface Sent extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  authorization?: string;
  /** Another media type than JSON:API: CSV, or the server-sent events of a stream. */
  accept?: string;
}

/** The query string of a call, without the members it leaves empty. */
function queryOf(query: Sent['query']): string {
  if (!query) return '';
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]])),
  );
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
  async function send(spec: AnyRoute, init: Sent = {}): Promise<Response> {
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
      throw new ApiError(0, [
        { status: 0, code: 'station.unreachable', title: 'Offline', detail: 'The station cannot be reached. Is it running?' },
      ]);
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
  async function request<S extends AnyRoute>(spec: S, init: Sent = {}): Promise<AnswerOf<S>> {
    const response = await send(spec, init);
    if (response.status === 204) return { data: undefined as DataOf<S> };
    const text = await response.text();
    return (text ? JSON.parse(text) : { data: undefined }) as AnswerOf<S>;
  }
  /** The typed call: what it sends is what the route's entry types. */
  const call = <S extends AnyRoute>(spec: S, ...init: CallArguments<S>): Promise<AnswerOf<S>> => request(spec, init[0] as Sent | undefined);

  return {
    call,
    async signIn(username, password) {
      const authorization = serviceApiAuthorization(authenticationHash(username, password), options.config.integrationKey, username);
      const body = await request(ROUTES.signIn, { authorization });
      const meta = body.meta;
      return {
        client: body.data,
        token: meta?.token ?? '',
        who: meta ? { username: meta.username, role: meta.role, ...(meta.user ? { user: meta.user } : {}) } : undefined,
      };
    },
    async renewToken() {
      const body = await request(ROUTES.renewToken);
      const meta = body.meta;
      return {
        client: body.data,
        token: meta?.token ?? '',
        who: meta ? { username: meta.username, role: meta.role, ...(meta.user ? { user: meta.user } : {}) } : undefined,
      };
    },
    currentClient: async () => {
      const body = await call(ROUTES.currentClient);
      return { client: body.data, who: body.meta };
    },
    rateList: async (attributes) => {
      const body = await call(ROUTES.rateShipment, {
        body: { data: { type: 'shipment', attributes: shipmentRequest(attributes), meta: {} } },
      });
      // The schema's union over outcome codes reads as plain records: RateListMeta is what it holds.
      return {
        rates: body.data,
        unavailable: (body.meta?.unavailable ?? []) as RateListMeta['unavailable'],
        closedDays: closedDaysOf(body.meta),
      };
    },
    health: async () => {
      try {
        return (await call(ROUTES.health)).data.attributes;
      } catch (error) {
        const health = error instanceof ApiError ? (error.meta?.health as HealthAttributes | undefined) : undefined;
        if (health) return health;
        throw error;
      }
    },
    scalePorts: async () => (await call(ROUTES.scalePorts)).data.map((port) => port.id),
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
    printMany: async (attributes) => {
      const body = await call(ROUTES.printMany, { body: { data: { type: 'printJob', attributes } } });
      return { job: body.data, meta: body.meta ?? {} };
    },
    createReturn: async (shipmentId, attributes, meta = {}, idempotencyKey) => {
      const body = await call(ROUTES.createReturn, {
        params: { id: shipmentId },
        body: { data: { type: 'return', attributes, meta } },
        idempotencyKey,
      });
      const refusal = body.meta?.printRefusal;
      return {
        shipment: body.data,
        ...(body.meta?.printJob ? { printJob: body.meta.printJob } : {}),
        ...(body.meta?.printError ? { printError: body.meta.printError } : {}),
        ...(refusal ? { printRefusal: new ApiError(refusal.status, [refusal]) } : {}),
      };
    },
    auditEvents: async ({ before, action, size = 50 }) => {
      const body = await call(ROUTES.auditEvents, { query: { 'page[size]': size, 'page[before]': before, 'filter[action]': action } });
      return { events: body.data, next: body.links?.next ? (body.data.at(-1)?.id ?? null) : null };
    },
    outbox: async () => {
      const body = await call(ROUTES.outbox);
      return { entries: body.data, upstreams: body.meta?.upstreams ?? [], manifests: body.meta?.manifests ?? [] };
    },
    manifestPdf: async (id) => {
      const file = (await call(ROUTES.manifestDocument, { params: { id } })).data.attributes.fileData;
      return Uint8Array.from(atob(file), (character) => character.charCodeAt(0));
    },
    report: async (dateFrom, dateTo, createdBy, site) => {
      const body = await call(ROUTES.dailyReport, { query: reportQuery(dateFrom, dateTo, createdBy, site) });
      return { days: body.data.map((day) => day.attributes), meta: body.meta! };
    },
    async reportCsv(dateFrom, dateTo, createdBy, site) {
      return (
        await send(ROUTES.dailyReport, { query: { ...reportQuery(dateFrom, dateTo, createdBy, site), format: 'csv' }, accept: 'text/csv' })
      ).text();
    },
    async emissionsReport(dateFrom, dateTo, site) {
      return (await call(ROUTES.emissionsReport, { query: { dateFrom, dateTo, site } })).meta!;
    },
    async emissionsCsv(dateFrom, dateTo, site) {
      return (await send(ROUTES.emissionsReport, { query: { dateFrom, dateTo, site, format: 'csv' }, accept: 'text/csv' })).text();
    },
    async shippedOrders(format, from, to) {
      const response = await send(ROUTES.shippedOrders, { query: { format, from, to }, accept: 'text/tab-separated-values, text/csv' });
      const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `shipped-orders-${format}.csv`;
      return { text: await response.text(), fileName, type: response.headers.get('Content-Type') ?? 'text/csv' };
    },
  };
}
