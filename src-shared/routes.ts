// Every route of the station's API, once: its method, its path (under /v3), who may call it, what it does, and
// the types of its answer and body. The server registers its routes from this table (a route missing from it,
// or one it lists that the server does not serve, fails the tests), and the desk's client builds every path
// from it, so no path is written twice. The API description is generated from it too.
import type { CalendarAttributes, CalendarChange } from './calendar-settings.ts';
import type { ManifestPreviewAttributes, ManifestResource, PickupResource } from './manifests.ts';
import type { OrderAttributes, OrderBatchResult, OrderResource } from './orders.ts';
import type { PackingSetup, PackingSetupResource } from './packing-setup.ts';
import type { BulkPrintRequest, PrintRequest, PrintSettings } from './printing.ts';
import type { DailyReportMeta, DailyReportResource } from './reports.ts';
import type {
  AddressResource,
  AuditEventResource,
  CarrierResource,
  ClientMeta,
  ClientResource,
  DocumentsResource,
  HealthResource,
  PrinterResource,
  PrintJobResource,
  PrintSettingsResource,
  RateListMeta,
  RateResource,
  ShipmentResource,
  SignInMeta,
  StationConfigResource,
  SummaryResource,
  TrackingResource,
  UserResource,
} from './resources.ts';
import type { ScaleResource, ScaleSettings } from './scale.ts';
import type { ShipmentAttributes } from './shipment.ts';
import type { ReturnRequest } from './returns.ts';
import type { TodayResource } from './today.ts';
import type { OutboxEntryResource, UpstreamHealthMeta } from './upstream.ts';
import type { VerificationAttributes } from './verification.ts';
import type { NewWebhookRequest, WebhookResource } from './webhooks.ts';
import type { NewUserRequest, UserChangeRequest } from './administration.ts';
import type { ClientProfileChange } from './client.ts';
import type { Role } from './roles.ts';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `open` needs no token (sign-in, the public tracking page, the desk's configuration, the
 * health check, Electron's print view); otherwise a signed-in user of at least this role. Some actions need more
 * for some subjects (voiding a processed shipment, reprinting a label): `note` says so, and the service decides.
 */
export type RouteAccess = 'open' | Role;

/** What a route answers with: its format, and for JSON:API its `data` and top-level `meta`. */
export type RouteAnswer = 'json:api' | 'pdf' | 'csv' | 'event-stream' | 'html' | 'none';

export interface RouteSpec<Data = unknown, Meta = unknown, Body = unknown> {
  readonly method: RouteMethod;
  /** The path under the API base (/v3, /v3-testing, or none), with `:name` for each path parameter. */
  readonly path: string;
  readonly access: RouteAccess;
  readonly summary: string;
  /** What more some subjects need, beyond `access`. */
  readonly note?: string;
  readonly answers: RouteAnswer;
  /** The creating routes take an Idempotency-Key. */
  readonly idempotent?: boolean;
  /** For a route of supervisors or admins: what a refusal calls its action (the services' own words). */
  readonly action?: string;
  /** Served by the desktop app only (the headless station has no print window). */
  readonly desktopOnly?: boolean;
  /** Types only: what `data`, the top-level `meta` and the request's body hold. Never set. */
  readonly types?: { data: Data; meta: Meta; body: Body };
}

type Extra = Pick<RouteSpec, 'note' | 'idempotent' | 'action' | 'desktopOnly'> & { answers?: RouteAnswer };

/** A route of the table; `Data`, `Meta` and `Body` are its answer's and its request's types. */
function route<Data = unknown, Meta = unknown, Body = undefined>(method: RouteMethod, path: string, access: RouteAccess, summary: string, extra: Extra = {}): RouteSpec<Data, Meta, Body> {
  return { method, path, access, summary, answers: extra.answers ?? (method === 'DELETE' ? 'none' : 'json:api'), ...(extra.note ? { note: extra.note } : {}), ...(extra.idempotent ? { idempotent: true } : {}), ...(extra.action ? { action: extra.action } : {}), ...(extra.desktopOnly ? { desktopOnly: true } : {}) };
}

/** A shipment request's body: the shipment, and what the route reads from `data.meta`. */
type ShipmentBody = { attributes: ShipmentAttributes; meta: Record<string, unknown> };
/** A change of one resource's attributes. */
type Change<T> = Partial<T>;

export const ROUTES = {
  // Sign-in and the account
  signIn: route<ClientResource, SignInMeta>('POST', '/clients/authentication', 'open', 'Signs in with the authentication hash and an integration key; answers the account and a Bearer token in meta.token.'),
  currentClient: route<ClientResource, ClientMeta>('GET', '/clients/current', 'packer', 'The signed-in account, and who is signed in (meta).'),
  changeCurrentClient: route<ClientResource, unknown, ClientProfileChange>('PATCH', '/clients/current', 'admin', 'Changes the account’s name, address and contact: its sender address.', { action: 'Changing the account’s address' }),
  clients: route<ClientResource[]>('GET', '/clients', 'admin', 'The station’s client accounts.', { action: 'Managing clients' }),
  addClient: route<ClientResource>('POST', '/clients', 'admin', 'Adds a client account with its first user.', { action: 'Managing clients' }),
  changeClient: route<ClientResource>('PATCH', '/clients/:id', 'admin', 'Changes a client account: its name, address, or its first user’s password or role.', { action: 'Managing clients' }),
  removeClient: route('DELETE', '/clients/:id', 'admin', 'Removes a client account; its shipments stay for the record.', { action: 'Managing clients' }),
  integrations: route('GET', '/integrations', 'admin', 'The integrations that call the API with keys of their own.', { action: 'Managing integrations' }),
  addIntegration: route('POST', '/integrations', 'admin', 'Adds an integration; its key is answered this once.', { action: 'Managing integrations' }),
  removeIntegration: route('DELETE', '/integrations/:id', 'admin', 'Removes an integration: its key stops working.', { action: 'Managing integrations' }),
  users: route<UserResource[]>('GET', '/users', 'admin', 'The account’s people (Settings → Team).', { action: 'Managing the team' }),
  user: route<UserResource>('GET', '/users/:id', 'admin', 'One person of the account.', { action: 'Managing the team' }),
  addUser: route<UserResource, unknown, NewUserRequest>('POST', '/users', 'admin', 'Adds a person to the account.', { action: 'Managing the team' }),
  changeUser: route<UserResource, unknown, UserChangeRequest>('PATCH', '/users/:id', 'admin', 'Changes a person’s role, name or password.', { action: 'Managing the team' }),
  removeUser: route('DELETE', '/users/:id', 'admin', 'Removes a person: their sessions end; what they did stays in the audit log.', { action: 'Managing the team' }),
  auditEvents: route<AuditEventResource[]>('GET', '/audit-events', 'supervisor', 'The audit log, newest first: who did what, from which desk.', { action: 'Reading the audit log' }),

  // The echo of the spec's test endpoints
  test: route('GET', '/test', 'packer', 'Answers the caller’s request back (spec 4.4).'),
  testWithId: route('GET', '/test/:id', 'packer', 'Answers the caller’s request back, with the id (spec 4.4).'),

  // Shipments
  saveShipment: route<ShipmentResource, unknown, ShipmentBody>('POST', '/shipments/save', 'packer', 'Saves a shipment to be rated and confirmed later (202).', { idempotent: true }),
  rateShipment: route<RateResource[], Partial<RateListMeta>, ShipmentBody>('POST', '/shipments/rate', 'packer', 'Prices a shipment: the rates, and why each service left out cannot carry it (meta.unavailable).'),
  confirmShipment: route<ShipmentResource, unknown, ShipmentBody>('POST', '/shipments/confirm', 'packer', 'Books a rated shipment at its rate (or at a changed price, with the new price shown).', { idempotent: true }),
  createShipment: route<ShipmentResource, unknown, ShipmentBody>('POST', '/shipments', 'packer', 'Creates a shipment in one step: processed now (201), or scheduled (202).', { idempotent: true }),
  shipment: route<ShipmentResource>('GET', '/shipments/:id', 'packer', 'One shipment of the account.'),
  deleteShipment: route('DELETE', '/shipments/:id', 'packer', 'Deletes a saved shipment, or voids a processed one.', { note: 'Voiding a processed shipment needs a supervisor.' }),
  documents: route<DocumentsResource>('GET', '/shipments/:id/documents', 'packer', 'A processed shipment’s labels and customs documents (base64), one of them on its own (?document=labels|cn22|cn23|invoice), or its ZPL labels (?format=zpl).'),
  createReturn: route<ShipmentResource, { printJob?: PrintJobResource; printError?: string }, { attributes: ReturnRequest; meta: Record<string, unknown> }>('POST', '/shipments/:id/returns', 'packer', 'Makes the return label of a processed shipment: the addresses swapped, rated and made like any shipment (201, or 202 when scheduled).', { idempotent: true }),
  verifyShipment: route<{ attributes: VerificationAttributes }, unknown, { scanned: string }>('POST', '/shipments/:id/verifications', 'packer', 'Records the scan that checks a printed parcel: matched or not.'),
  tracking: route<TrackingResource>('GET', '/shipments/:id/tracking', 'packer', 'A shipment’s tracking status and events.'),
  trackingEvents: route('GET', '/shipments/:id/tracking/events', 'packer', 'A shipment’s tracking events, paged.'),
  shipmentSummaries: route<SummaryResource[]>('GET', '/shipment-summaries', 'packer', 'The account’s shipments, newest first, paged and filtered by date, person or search.'),
  addresses: route<AddressResource[]>('GET', '/addresses', 'packer', 'The address book, searched (diacritics and case ignored).'),

  // Printing
  printShipment: route<PrintJobResource, unknown, PrintRequest>('POST', '/shipments/:id/print', 'packer', 'Prints a processed shipment’s label on a printer of the station.', { idempotent: true, note: 'Printing a label again needs a supervisor.' }),
  printJobs: route<PrintJobResource[]>('GET', '/print-jobs', 'packer', 'The account’s print jobs, newest first, paged.'),
  printMany: route<PrintJobResource, unknown, Partial<BulkPrintRequest> & { shipments: string[] }>('POST', '/print-jobs', 'packer', 'Bulk print: the labels of many processed shipments as one job.', { idempotent: true, note: 'Printing labels again needs a supervisor.' }),
  printJob: route<PrintJobResource>('GET', '/print-jobs/:id', 'packer', 'One print job and its outcome.'),
  printers: route<PrinterResource[]>('GET', '/printers', 'packer', 'The printers the station sees.'),
  printSettings: route<PrintSettingsResource>('GET', '/print-settings', 'packer', 'The caller’s own print settings.'),
  changePrintSettings: route<PrintSettingsResource, unknown, Change<PrintSettings>>('PATCH', '/print-settings', 'packer', 'Changes the caller’s own print settings.'),

  // The station's set-up
  carriers: route<CarrierResource[]>('GET', '/carriers', 'packer', 'The station’s carriers and their settings.'),
  changeCarrier: route<CarrierResource>('PATCH', '/carriers/:code', 'supervisor', 'Changes a carrier’s surcharge or enables it.', { note: 'Configuring an upstream service needs an admin.', action: 'Changing carrier settings' }),
  calendar: route<{ attributes: CalendarAttributes }>('GET', '/calendar', 'packer', 'The station’s time zone, its clock and today, and its holidays.'),
  changeCalendar: route<{ attributes: CalendarAttributes }, unknown, CalendarChange>('PATCH', '/calendar', 'admin', 'A new time zone, or the whole list of holidays.', { action: 'Changing the station calendar' }),
  packing: route<PackingSetupResource>('GET', '/packing', 'packer', 'The station’s box presets, packing rules and weight check.'),
  changePacking: route<PackingSetupResource, unknown, Change<PackingSetup>>('PATCH', '/packing', 'supervisor', 'Changes the box presets, packing rules or weight check.', { action: 'Changing the packing rules and box presets' }),
  scale: route<ScaleResource>('GET', '/scale', 'packer', 'The desk’s scale: its settings and latest reading.'),
  changeScale: route<ScaleResource, unknown, Change<ScaleSettings>>('PATCH', '/scale', 'supervisor', 'Sets up the desk’s scale.', { action: 'Setting up the scale' }),
  scalePorts: route<{ id: string }[]>('GET', '/scale/ports', 'packer', 'The serial ports the station sees.'),
  scaleStream: route('GET', '/scale/stream', 'packer', 'Each reading of the scale as it changes (server-sent events).', { answers: 'event-stream' }),

  // Orders
  orders: route<OrderResource[]>('GET', '/orders', 'packer', 'The account’s orders by status, newest first, paged.'),
  addOrder: route<OrderResource, unknown, OrderAttributes>('POST', '/orders', 'packer', 'Adds an order.'),
  addOrders: route<[], OrderBatchResult, OrderAttributes[]>('POST', '/orders/batch', 'packer', 'Adds up to 500 orders in one request; says which numbers were there already.'),
  order: route<OrderResource>('GET', '/orders/:number', 'packer', 'One order by its number, e.g. as scanned.'),
  removeOrder: route('DELETE', '/orders/:number', 'packer', 'Removes an order that has no live shipment.'),

  // The day
  today: route<TodayResource>('GET', '/today', 'packer', 'One ship date at a glance: to do, done, per carrier, and the pickups.'),
  dailyReport: route<DailyReportResource[], DailyReportMeta>('GET', '/reports/daily', 'packer', 'Shipments per day and carrier over a range, with totals; or CSV (Accept: text/csv).'),
  manifestPreview: route<{ attributes: ManifestPreviewAttributes }>('GET', '/manifests/preview', 'packer', 'What closing a carrier’s day would put on its manifest.'),
  closeDay: route<ManifestResource, unknown, { carrier: string; date: string }>('POST', '/manifests', 'supervisor', 'Closes a carrier’s day: its manifest (made now, or by another desk a moment ago).', { idempotent: true, action: 'Closing the day' }),
  manifests: route<ManifestResource[]>('GET', '/manifests', 'packer', 'The manifests of a date, paged.'),
  manifest: route<ManifestResource>('GET', '/manifests/:id', 'packer', 'One manifest.'),
  manifestDocument: route<{ attributes: { contentType: string; fileName: string; fileData: string } }>('GET', '/manifests/:id/document', 'packer', 'A manifest and its driver sheet: the PDF, base64 in fileData.'),
  reopenManifest: route<ManifestResource>('POST', '/manifests/:id/reopen', 'supervisor', 'Reopens a closed day.', { action: 'Reopening a closed day' }),
  transmitManifest: route<ManifestResource>('POST', '/manifests/:id/transmit', 'supervisor', 'Sends a manifest its upstream service refused again.', { action: 'Sending a manifest again' }),
  pickups: route<PickupResource[]>('GET', '/pickups', 'packer', 'The pickups of a date, paged.'),
  cancelPickup: route('DELETE', '/pickups/:id', 'packer', 'Cancels a pickup.'),
  outbox: route<OutboxEntryResource[], { upstreams: UpstreamHealthMeta[]; manifests: ManifestResource[] }>('GET', '/outbox', 'packer', 'Scheduled shipments still to be sent, and each upstream service’s state.'),

  // Events and webhooks
  events: route('GET', '/events', 'packer', 'The account’s event feed, oldest first after a given event.'),
  eventStream: route('GET', '/events/stream', 'packer', 'The account’s events as they happen (server-sent events), resumable with Last-Event-ID.', { answers: 'event-stream' }),
  webhooks: route<WebhookResource[]>('GET', '/webhooks', 'packer', 'The account’s webhooks.'),
  addWebhook: route<WebhookResource, unknown, NewWebhookRequest>('POST', '/webhooks', 'packer', 'Adds a webhook; its signing secret is answered this once.', { note: 'A webhook for every client’s events, or another client’s, needs an admin.' }),
  webhook: route<WebhookResource>('GET', '/webhooks/:id', 'packer', 'One webhook.'),
  changeWebhook: route<WebhookResource, unknown, { status: 'active' | 'paused' }>('PATCH', '/webhooks/:id', 'packer', 'Pauses or resumes a webhook, or changes what it receives.'),
  removeWebhook: route('DELETE', '/webhooks/:id', 'packer', 'Removes a webhook.'),
  webhookDeliveries: route('GET', '/webhooks/:id/deliveries', 'packer', 'A webhook’s deliveries, newest first, paged.'),
  replayWebhook: route('POST', '/webhooks/:id/replay', 'packer', 'Delivers a range of past events to a webhook again.'),

  // Open routes
  health: route<HealthResource>('GET', '/health', 'open', 'Whether the station and its database answer (503 with the health when not).'),
  stationConfig: route<StationConfigResource>('GET', '/station-config', 'open', 'What the desk UI needs before sign-in: the API base, the desktop integration key, the desk.'),
  publicTracking: route('GET', '/track/:hash', 'open', 'The public tracking page of one shipment (HTML, or JSON:API).', { answers: 'html' }),
  printView: route('GET', '/print-view/:token', 'open', 'A label PDF handed to Electron’s print window, once.', { answers: 'pdf', desktopOnly: true }),
} as const satisfies Record<string, Omit<RouteSpec, 'types'>>;

/** The route's path with its parameters filled in, each URL-encoded. */
export function pathOf(spec: Pick<RouteSpec, 'method' | 'path'>, params: Record<string, string> = {}): string {
  return spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${spec.method} ${spec.path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
