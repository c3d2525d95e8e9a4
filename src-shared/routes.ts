// Every route of the station's API, once: its method, its path (under /v3), who may call it, what it does, and
// the zod schemas of its answer, its query and its body. The server registers its routes from this table (a route
// missing from it, or one it lists that the server does not serve, fails the tests), the desk's client builds every
// path from it and reads the types inferred from its schemas, and the OpenAPI description (src-main/api/openapi/)
// is generated from it: one contract, described once.
import { z } from 'zod';
import {
  carrierChangeSchema,
  clientChangeSchema,
  newClientSchema,
  newIntegrationSchema,
  newUserSchema,
  userChangeSchema,
} from './administration.ts';
import { calendarChangeSchema, calendarResourceSchema } from './calendar-settings.ts';
import { ordersFolderChangeSchema, ordersFolderResourceSchema } from './watched-folder.ts';
import { clientProfileChangeSchema } from './client.ts';
import { EVENT_TYPES, eventResourceSchema } from './events.ts';
import { DATE_PARAMETER, anyCase } from './json-schema-words.ts';
import { ORDER_BATCH_MAX, ORDER_STATUSES } from './orders.ts';
import { DOCUMENT_PARTS } from './shipment.ts';
import { closeDaySchema, manifestPreviewAttributesSchema, manifestResourceSchema, pickupResourceSchema } from './manifests.ts';
import { orderBatchResultSchema, orderRequestSchema, orderResourceSchema } from './orders.ts';
import { SHIPPED_FORMATS, SHIPPED_MAX_DAYS } from './shipped-orders.ts';
import { ORDER_FILE_TYPES, orderFileImportSchema, orderTemplateRequestSchema, orderTemplateResourceSchema } from './order-files.ts';
import { ORDER_FORMAT_IDS } from './order-reading.ts';
import { packingSetupChangeSchema, packingSetupResourceSchema } from './packing-setup.ts';
import {
  DOCUMENT_FORMATS,
  LABEL_STOCKS,
  bulkPrintMetaSchema,
  bulkPrintSchema,
  printRequestSchema,
  printSettingsChangeSchema,
} from './printing.ts';
import { dailyReportMetaSchema, dailyReportResourceSchema, emissionsReportMetaSchema, emissionsReportResourceSchema } from './reports.ts';
import { resourceSchema } from './resource-schema.ts';
import { SITE_PARAMETER, SITE_PARAMETER_WORDS, newWarehouseSchema, warehouseChangeSchema, warehouseResourceSchema } from './warehouses.ts';
import { errorObjectSchema } from './jsonapi.ts';
import {
  addressResourceSchema,
  AUDIT_ACTIONS,
  auditEventResourceSchema,
  carrierResourceSchema,
  clientMetaSchema,
  clientResourceSchema,
  documentsAttributesSchema,
  documentsResourceSchema,
  healthResourceSchema,
  integrationResourceSchema,
  printerResourceSchema,
  printJobResourceSchema,
  printSettingsResourceSchema,
  rateListMetaSchema,
  rateResourceSchema,
  shipmentResourceSchema,
  signInMetaSchema,
  stationConfigResourceSchema,
  summaryResourceSchema,
  trackingEventResourceSchema,
  trackingResourceSchema,
  userResourceSchema,
} from './resources.ts';
import { placeResourceSchema } from './places.ts';
import { returnRequestSchema } from './returns.ts';
import { trackingEventRequestSchema } from './tracking-events.ts';
import type { Role } from './roles.ts';
import { scaleResourceSchema, scaleSettingsChangeSchema } from './scale.ts';
import { countryCodeSchema, shipmentRequestMetaSchema, shipmentRequestSchema, type Operation } from './shipment-validation.ts';
import { todayResourceSchema } from './today.ts';
import { outboxEntryResourceSchema, upstreamHealthMetaSchema } from './upstream.ts';
import { verificationAttributesSchema, verificationRequestSchema } from './verification.ts';
import {
  REPLAY_LIMIT,
  deliveryResourceSchema,
  newWebhookSchema,
  webhookChangeSchema,
  webhookReplaySchema,
  webhookResourceSchema,
} from './webhooks.ts';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `open` needs no token (sign-in, the public tracking page, the desk's configuration, the
 * health check, Electron's print view); otherwise a signed-in user of at least this role. Some actions need more
 * for some subjects (voiding a processed shipment, reprinting a label): `note` says so, and the service decides.
 */
export type RouteAccess = 'open' | Role;

/** What a route answers with: its format, and for JSON:API its `data` and top-level `meta`. */
export type RouteAnswer = 'json:api' | 'pdf' | 'csv' | 'event-stream' | 'html' | 'none';

/** What a route's answer and request hold, as schemas: the description is generated from them, the types inferred. */
export interface RouteSchemas {
  /** The answer's `data`. */
  readonly data?: z.ZodType;
  /** The answer's top-level `meta`, beside `warnings` and `page`, which any answer may carry. */
  readonly meta?: z.ZodType;
  /** The request's body: a whole JSON:API document. */
  readonly body?: z.ZodType;
  /** The query parameters the route reads. */
  readonly query?: z.ZodObject;
  /** The success statuses it answers, when not the method's usual one (GET and PATCH 200, POST 201, DELETE 204). */
  readonly ok?: readonly number[];
  /** A list answered page by page (meta.page, links.next). */
  readonly paged?: boolean;
  /** Also answers text/csv when asked (Accept: text/csv). */
  readonly csv?: boolean;
  /** The request's body is a file of one of these media types, taken as it is (its bytes, not JSON). */
  readonly file?: readonly string[];
}

export interface RouteSpec<
  Data = unknown,
  Meta = unknown,
  Body = unknown,
  Path extends string = string,
  Query = unknown,
> extends RouteSchemas {
  readonly method: RouteMethod;
  /** The path under the API base (/v3, /v3-testing, or none), with `:name` for each path parameter. */
  readonly path: Path;
  readonly access: RouteAccess;
  readonly summary: string;
  /** What more some subjects need, beyond `access`. */
  readonly note?: string;
  /**
   * The refusals of a well-formed request that only the station's state decides (a stale rate, a closed day, an id
   * that does not exist), or that a JSON schema cannot state (a phone in a numbering plan, one parameter that needs
   * another): their codes, `code@member` for a code at one member or parameter only (a JSON pointer, `*` for any
   * index of a list). The description lists them on the operation (x-stateRefusals); every other 400 is a rule the
   * request schema states.
   */
  readonly stateRefusals?: readonly string[];
  readonly answers: RouteAnswer;
  /** The creating routes take an Idempotency-Key. */
  readonly idempotent?: boolean;
  /** For a route of supervisors or admins: what a refusal calls its action (the services' own words). */
  readonly action?: string;
  /** Served by the desktop app only (the headless station has no print window). */
  readonly desktopOnly?: boolean;
  /** Types only, inferred from the schemas: what `data`, the top-level `meta`, the request's body and its query hold. Never set. */
  readonly types?: { data: Data; meta: Meta; body: Body; query: Query };
}

/** The names of a path's parameters: `:id` and `:number` of '/orders/:number/…'. */
export type PathParameterNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameterNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;
/** A path's parameters, each a text (pathOf encodes it). */
export type PathParameters<Path extends string> = { [Name in PathParameterNames<Path>]: string };
/** What a query parameter may be given as: the station reads it as text. */
export type QueryValue = string | number | boolean | undefined;
/** A query schema's parameters as a caller gives them: the required ones required, each a text, a number or a flag. */
type QueryInput<Shape> = { [K in keyof Shape as Shape[K] extends z.ZodOptional ? never : K]: Exclude<QueryValue, undefined> } & {
  [K in keyof Shape as Shape[K] extends z.ZodOptional ? K : never]?: QueryValue;
};

type Extra = Pick<RouteSpec, 'note' | 'idempotent' | 'action' | 'desktopOnly' | 'stateRefusals'> & { answers?: RouteAnswer } & RouteSchemas;
type Infer<S, Fallback = unknown> = S extends z.ZodType ? z.output<S> : Fallback;

/** A route of the table; the types of its answer and request are inferred from the schemas it is given. */
function route<const P extends string, const E extends Extra = {}>(
  method: RouteMethod,
  path: P,
  access: RouteAccess,
  summary: string,
  extra: E = {} as E,
): RouteSpec<
  Infer<E['data']>,
  Infer<E['meta']>,
  E['body'] extends z.ZodType ? z.input<E['body']> : undefined,
  P,
  E['query'] extends z.ZodObject<infer Shape> ? QueryInput<Shape> : undefined
> {
  return { method, path, access, summary, ...extra, answers: extra.answers ?? (method === 'DELETE' ? 'none' : 'json:api') };
}

/** `data.id` of a request: absent, null, or any id the client gives (a number too, spec 2.2); the station makes its own. */
const requestId = z.union([z.string(), z.number()]).nullish();
/** A request body: one resource of this type with these attributes (and what its `data.meta` may hold). */
function one<T extends string, A extends z.ZodType>(
  type: T,
  attributes: A,
): z.ZodObject<{ data: z.ZodObject<{ type: z.ZodLiteral<T>; id: typeof requestId; attributes: A }> }>;
function one<T extends string, A extends z.ZodType, M extends z.ZodType>(
  type: T,
  attributes: A,
  meta: M,
): z.ZodObject<{
  data: z.ZodObject<{ type: z.ZodLiteral<T>; id: typeof requestId; attributes: A; meta: z.ZodOptional<z.ZodNullable<M>> }>;
}>;
function one(type: string, attributes: z.ZodType, meta?: z.ZodType) {
  return z.object({ data: z.object({ type: z.literal(type), id: requestId, attributes, ...(meta ? { meta: meta.nullish() } : {}) }) });
}
const shipmentAttributes = shipmentRequestSchema.meta({
  id: 'ShipmentRequestAttributes',
  description:
    'A shipment as a request may send it (spec 2.2, read liberally: numbers as text or numbers, null for absent members). Beyond the members marked required: packages (but to save), and unless documentsOnly goodsDescription and invoiceSubtotal; state for IT, CA and US; an exportDeclaration through customs (ShipmentRules says each as a condition). Each member says what it takes.',
});
/** What each shipment operation asks beyond the shared attributes: packages but to save; the service to create; the rate to confirm. */
const SHIPMENT_OPERATION: Record<Operation, { packages: boolean; meta?: Record<string, unknown> }> = {
  save: { packages: false },
  rate: { packages: true },
  confirm: { packages: true, meta: { required: ['rate'], properties: { rate: {} } } },
  create: { packages: true, meta: { required: ['service'], properties: { service: { type: 'string' } } } },
};
/** The body of a shipment operation: its attributes and `data.meta`, with what this operation asks of them. */
function shipmentBody(operation: Operation) {
  const asked = SHIPMENT_OPERATION[operation];
  const data = z
    .object({ type: z.literal('shipment'), id: requestId, attributes: shipmentAttributes, meta: shipmentRequestMetaSchema.nullish() })
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, any> }) => {
        const properties = jsonSchema.properties as Record<string, unknown>;
        if (asked.packages)
          properties.attributes = {
            allOf: [properties.attributes, { required: ['packages'], properties: { packages: { type: 'array', minItems: 1 } } }],
          };
        if (asked.meta) {
          properties.meta = { allOf: [properties.meta, { type: 'object', ...asked.meta }] };
          jsonSchema.required = [...(jsonSchema.required as string[]), 'meta'];
        }
      },
    });
  return z.object({ data });
}
/**
 * What only the station's state decides of a shipment request, or what a JSON schema cannot say: the ship date
 * against today's date and the carriers' calendars, which services can carry it, the order it names, and whether a
 * phone can be dialled in its country (libphonenumber's numbering plans; a US phone in the North American plan).
 */
const SHIPMENT_NOTE =
  'Refusals the request schema cannot state: a shipDate before today or further ahead than the carriers take (shipment.shipDatePast, shipment.shipDateTooFar), no service able to carry the shipment (shipment.noService), an order the account does not have (order.unknown), a phone that cannot be dialled in its country (the receiver’s, and any US address’s: field.invalid at its phone), and the seller’s IOSS number for commercial goods of up to 150 EUR in all sold into the EU (field.missing at exportDeclaration/iossNumber).';
const SHIPMENT_STATE = [
  'shipment.shipDatePast',
  'shipment.shipDateTooFar',
  'shipment.noService',
  'order.unknown',
  'field.invalid@/data/attributes/shipTo/phone',
  'field.invalid@/data/attributes/shipFrom/phone',
  'field.invalid@/data/attributes/collectionLocation/phone',
  'field.missing@/data/attributes/exportDeclaration/iossNumber',
  // Dry ice weighs less than its package: a rule between two members the schema cannot state.
  'field.invalid@/data/attributes/packages/*/dryIceKg',
  // services.insurance agrees with insuranceValue and insuranceDescription where both say it.
  'field.invalid@/data/attributes/services/insurance',
] as const;
const list = <T extends z.ZodType>(item: T) => z.array(item);

/** A query parameter: a text described, or a typed schema (a number, a date, one of a few words). */
type Parameter = string | z.ZodType;
/** Query parameters, each optional but those named `required`. */
const query = <const P extends Record<string, Parameter>, const R extends keyof P & string = never>(
  parameters: P,
  required: readonly R[] = [],
) =>
  z.object(
    Object.fromEntries(
      Object.entries(parameters).map(([name, parameter]) => {
        const schema = typeof parameter === 'string' ? z.string().meta({ description: parameter }) : parameter;
        return [name, (required as readonly string[]).includes(name) ? schema : schema.optional()];
      }),
    ),
  ) as z.ZodObject<{ [K in keyof P]: K extends R ? z.ZodType : z.ZodOptional }>;
/** A date parameter, YYYY-MM-DD (a day that exists), as the station reads it. */
const date = (description: string) => z.string().regex(new RegExp(DATE_PARAMETER)).meta({ description });
/** A whole number from 1, as the station reads page sizes (more than a list's largest page is capped, not refused). */
const size = (description: string) => z.int().min(1).max(999_999_999).meta({ description });
/** true or false (also 1 and 0, any case), or empty for either. */
const flagParameter = (description: string) =>
  z.union([z.boolean(), z.string().regex(new RegExp(anyCase(['true', 'false', '1', '0', ''])))]).meta({ description });
/** Event types, comma-separated (white space and empty entries ignored). */
const EVENT_TYPE_ALTERNATIVES = EVENT_TYPES.map((type) => type.replace(/\./g, '\\.')).join('|');
const EVENT_TYPE_LIST = `^\\s*(?:${EVENT_TYPE_ALTERNATIVES})?\\s*(?:,\\s*(?:${EVENT_TYPE_ALTERNATIVES})?\\s*)*$`;
const PAGE = {
  'page[size]': size('Resources per page (limit is an alias); more than the list’s largest page gives that page.'),
  limit: size('Resources per page.'),
  'page[after]': 'The cursor of links.next: the page after it.',
};
const DATE_RANGE = {
  'filter[dateFrom]': date('The first ship date, YYYY-MM-DD.'),
  'filter[dateTo]': date('The last ship date, YYYY-MM-DD.'),
};
/** A cursor that is not one of the list's own, or past its end, only the list can tell. */
const CURSOR = ['parameter.invalid@page[after]', 'page.cursorPastEnd'] as const;
/** The site a day view or list covers (services/warehouses.ts): a site's id, all, or the desk's own when absent. */
const SITE = { site: z.string().regex(SITE_PARAMETER).meta({ description: SITE_PARAMETER_WORDS }) };
/** A site the account does not have, and another site (or all) asked by a packer. */
const SITE_REFUSALS = ['site.notFound', 'site.otherSite'] as const;

export const ROUTES = {
  // Sign-in and the account
  signIn: route(
    'POST',
    '/clients/authentication',
    'open',
    'Signs in with the authentication hash and an integration key; answers the account and a Bearer token in meta.token.',
    { data: clientResourceSchema, meta: signInMetaSchema, ok: [200] },
  ),
  renewToken: route(
    'POST',
    '/clients/authentication/renewal',
    'packer',
    'Exchanges a Bearer token that still works for a fresh one of the same user, expiring a token lifetime from now (meta.expiresAt): a desk renews its session this way, without the password.',
    { data: clientResourceSchema, meta: signInMetaSchema, ok: [200] },
  ),
  currentClient: route('GET', '/clients/current', 'packer', 'The signed-in account, and who is signed in (meta).', {
    data: clientResourceSchema,
    meta: clientMetaSchema,
  }),
  changeCurrentClient: route('PATCH', '/clients/current', 'admin', 'Changes the account’s name, address and contact: its sender address.', {
    action: 'Changing the account’s address',
    data: clientResourceSchema,
    meta: clientMetaSchema,
    body: one('client', clientProfileChangeSchema),
  }),
  clients: route('GET', '/clients', 'admin', 'The station’s client accounts.', {
    action: 'Managing clients',
    data: list(clientResourceSchema),
  }),
  addClient: route('POST', '/clients', 'admin', 'Adds a client account with its first user.', {
    action: 'Managing clients',
    data: clientResourceSchema,
    body: one('client', newClientSchema),
  }),
  changeClient: route(
    'PATCH',
    '/clients/:id',
    'admin',
    'Changes a client account: its name, address, or its first user’s password or role.',
    { action: 'Managing clients', data: clientResourceSchema, body: one('client', clientChangeSchema) },
  ),
  removeClient: route('DELETE', '/clients/:id', 'admin', 'Removes a client account; its shipments stay for the record.', {
    action: 'Managing clients',
  }),
  integrations: route('GET', '/integrations', 'admin', 'The integrations that call the API with keys of their own.', {
    action: 'Managing integrations',
    data: list(integrationResourceSchema),
  }),
  addIntegration: route('POST', '/integrations', 'admin', 'Adds an integration; its key is answered this once.', {
    action: 'Managing integrations',
    data: integrationResourceSchema,
    body: one('integration', newIntegrationSchema),
  }),
  removeIntegration: route('DELETE', '/integrations/:id', 'admin', 'Removes an integration: its key stops working.', {
    action: 'Managing integrations',
    note: 'The desk app’s own integration key stays: the desk signs in with it (integration.desktopKeyStays).',
    stateRefusals: ['integration.desktopKeyStays'],
  }),
  users: route('GET', '/users', 'admin', 'The account’s people (Settings → Team).', {
    action: 'Managing the team',
    data: list(userResourceSchema),
  }),
  user: route('GET', '/users/:id', 'admin', 'One person of the account.', { action: 'Managing the team', data: userResourceSchema }),
  addUser: route('POST', '/users', 'admin', 'Adds a person to the account.', {
    action: 'Managing the team',
    data: userResourceSchema,
    body: one('user', newUserSchema),
  }),
  changeUser: route('PATCH', '/users/:id', 'admin', 'Changes a person’s role, name or password.', {
    action: 'Managing the team',
    data: userResourceSchema,
    body: one('user', userChangeSchema),
  }),
  removeUser: route('DELETE', '/users/:id', 'admin', 'Removes a person: their sessions end; what they did stays in the audit log.', {
    action: 'Managing the team',
  }),
  auditEvents: route('GET', '/audit-events', 'supervisor', 'The audit log, newest first: who did what, from which desk.', {
    action: 'Reading the audit log',
    data: list(auditEventResourceSchema),
    meta: z.object({ count: z.number().meta({ description: 'The events on this page.' }) }),
    paged: true,
    stateRefusals: CURSOR,
    query: query({
      'filter[action]': z.enum(AUDIT_ACTIONS).meta({ description: 'One action, e.g. shipment.voided (as the log writes it).' }),
      'filter[actor]': 'One username.',
      'filter[desk]': 'One desk.',
      ...PAGE,
      'page[before]': z
        .string()
        .regex(/^\s*[1-9][0-9]{0,14}\s*$/)
        .meta({
          description:
            'The older cursor: the id of an audit event, the page starts at the one before it (page[after] wins when both are given).',
        }),
    }),
  }),

  // The echo of the spec's test endpoints
  test: route('GET', '/test', 'packer', 'Answers the caller’s request back (spec 4.4).', { data: z.unknown() }),
  testWithId: route('GET', '/test/:id', 'packer', 'Answers the caller’s request back, with the id (spec 4.4).', { data: z.unknown() }),

  // Shipments
  saveShipment: route('POST', '/shipments/save', 'packer', 'Saves a shipment to be rated and confirmed later (202).', {
    idempotent: true,
    note: SHIPMENT_NOTE,
    stateRefusals: SHIPMENT_STATE,
    data: shipmentResourceSchema,
    body: shipmentBody('save'),
    ok: [202],
  }),
  rateShipment: route(
    'POST',
    '/shipments/rate',
    'packer',
    'Prices a shipment: the rates, and why each service left out cannot carry it (meta.unavailable).',
    {
      note: SHIPMENT_NOTE,
      stateRefusals: SHIPMENT_STATE,
      data: list(rateResourceSchema),
      meta: rateListMetaSchema.partial(),
      body: shipmentBody('rate'),
      ok: [202],
    },
  ),
  confirmShipment: route(
    'POST',
    '/shipments/confirm',
    'packer',
    'Books a rated shipment at its rate (or at a changed price, with the new price shown).',
    {
      idempotent: true,
      note: `${SHIPMENT_NOTE} The rate must still be one the station offers for this shipment (rate.notAvailable), at its price (rate.priceChanged, 503); data.id, when given, a saved shipment still waiting for its confirm.`,
      stateRefusals: [
        ...SHIPMENT_STATE,
        'rate.notAvailable',
        'field.invalid@/data/meta/rate/id',
        'carrier.unknown@/data/meta/rate/id',
        'shipment.notTheRated',
      ],
      data: shipmentResourceSchema,
      body: shipmentBody('confirm'),
      ok: [202],
    },
  ),
  createShipment: route('POST', '/shipments', 'packer', 'Creates a shipment in one step: processed now (201), or scheduled (202).', {
    idempotent: true,
    note: `${SHIPMENT_NOTE} data.meta.carrierChoice must be one of this station’s carriers (GET /carriers).`,
    stateRefusals: [...SHIPMENT_STATE, 'field.invalid@/data/meta/carrierChoice'],
    data: shipmentResourceSchema,
    body: shipmentBody('create'),
    ok: [201, 202],
  }),
  shipment: route('GET', '/shipments/:id', 'packer', 'One shipment of the account.', { data: shipmentResourceSchema }),
  deleteShipment: route('DELETE', '/shipments/:id', 'packer', 'Deletes a saved shipment, or voids a processed one.', {
    note: 'Voiding a processed shipment needs a supervisor.',
  }),
  documents: route(
    'GET',
    '/shipments/:id/documents',
    'packer',
    'A processed shipment’s labels and customs documents (base64), one of them on its own (?document=labels|cn22|cn23|invoice), its ZPL or EPL2 labels (?format=zpl|epl2), its labels as a 1-bit PNG at the printer’s dots (?format=png), or its label pages for a stock (?size=4x6|4x8|a6|a5|a4-2|a4-4, &start=1..4 on a partly used A4 sheet).',
    {
      data: documentsResourceSchema,
      note: 'document goes with format=pdf only, and dpi with format=zpl, epl2 or png only (parameter.invalid otherwise). A PNG holds every label of the shipment (its packages, then a CN22) one under another, each 4×6 in at the dpi. size goes with format=pdf and document labels or cn22 (or none: the label pages), and start with size a4-2 (1 or 2) or a4-4 (1 to 4).',
      stateRefusals: ['parameter.invalid@document', 'parameter.invalid@dpi', 'parameter.invalid@size', 'parameter.invalid@start'],
      query: query({
        document: z
          .string()
          .regex(new RegExp(anyCase(DOCUMENT_PARTS)))
          .meta({ description: 'One document on its own (any case): labels, cn22, cn23 or invoice; with format=pdf only.' }),
        format: z
          .string()
          .regex(new RegExp(anyCase(DOCUMENT_FORMATS)))
          .meta({ description: 'pdf (the default), zpl, epl2, or png (a 1-bit PNG of the labels), in any case.' }),
        dpi: z
          .string()
          .regex(/^\s*(?:203|300)\s*$/)
          .meta({ description: 'For ZPL, EPL2 and PNG only: 203 (the default) or 300.' }),
        size: z
          .string()
          .regex(new RegExp(anyCase(LABEL_STOCKS)))
          .meta({
            description:
              'For PDF only: the label pages (labels and a CN22) for a stock, the 4×6 in label scaled to fit without distortion: 4x6, 4x8 (in), a6, a5, one a page; or a4-2, a4-4, A4 sheets of 2 or 4 (any case).',
          }),
        start: z
          .string()
          .regex(/^\s*[1-4]\s*$/)
          .meta({
            description:
              'With size=a4-2 (1 or 2) or a4-4 (1 to 4): the first free place on a partly used sheet, 1 the top left, across then down.',
          }),
      }),
    },
  ),
  createReturn: route(
    'POST',
    '/shipments/:id/returns',
    'packer',
    'Makes the return label of a processed shipment: the addresses swapped, rated and made like any shipment (201, or 202 when scheduled).',
    {
      idempotent: true,
      note: 'The shipment must be a processed outbound one of the caller’s, not voided (return.ofVoided, return.ofUnsent, return.ofReturn); packages name its own parcels (return.packageUnknown); payOnUse needs a carrier that offers it (return.payOnUseNotOffered), and printWithOutbound a label made now (return.printNeedsLabel).',
      stateRefusals: [
        'return.ofVoided',
        'return.ofUnsent',
        'return.ofReturn',
        'return.packageUnknown',
        'return.payOnUseNotOffered',
        'return.printNeedsLabel',
        'shipment.noService',
      ],
      data: shipmentResourceSchema,
      meta: z.object({
        printJob: printJobResourceSchema.optional(),
        printError: z.string().optional(),
        printRefusal: errorObjectSchema
          .optional()
          .meta({ description: 'The print refused (printError), as the print route answers it: its status, code and figures.' }),
      }),
      body: returnRequestSchema,
      ok: [201, 202],
    },
  ),
  verifyShipment: route(
    'POST',
    '/shipments/:id/verifications',
    'packer',
    'Records the scan that checks a printed parcel: matched or not.',
    { data: resourceSchema('verification', verificationAttributesSchema), body: one('verification', verificationRequestSchema), ok: [200] },
  ),
  tracking: route('GET', '/shipments/:id/tracking', 'packer', 'A shipment’s tracking status and events.', { data: trackingResourceSchema }),
  trackingEvents: route('GET', '/shipments/:id/tracking/events', 'packer', 'A shipment’s tracking events, oldest first.', {
    data: list(trackingEventResourceSchema),
  }),
  addTrackingEvent: route(
    'POST',
    '/shipments/:id/tracking/events',
    'supervisor',
    'Records a tracking event of a processed shipment, as staff or a carrier feed report it; audited, and announced as an event.',
    {
      action: 'Recording tracking events',
      idempotent: true,
      note: 'The event’s time may be no later than tomorrow on the station’s calendar (tracking.timeAhead).',
      stateRefusals: ['tracking.timeAhead'],
      data: trackingEventResourceSchema,
      body: one('trackingEvent', trackingEventRequestSchema),
    },
  ),
  shipmentSummaries: route(
    'GET',
    '/shipment-summaries',
    'packer',
    'The account’s shipments, newest first, paged and filtered by date, person or search.',
    {
      data: list(summaryResourceSchema),
      paged: true,
      note: 'Every site of the account unless site names one (GET /warehouses).',
      stateRefusals: [...CURSOR, 'site.notFound'],
      query: query({
        ...DATE_RANGE,
        dateFrom: date('The first ship date (spec 4.7), YYYY-MM-DD.'),
        dateTo: date('The last ship date (spec 4.7), YYYY-MM-DD.'),
        searchString: 'Text in a reference, name, tracking or order number.',
        search: 'The same as searchString.',
        'filter[createdBy]': 'One person’s username.',
        'filter[return]': flagParameter('true: returns only; false: no returns.'),
        site: z
          .string()
          .regex(SITE_PARAMETER)
          .meta({ description: 'One site’s shipments, by its id (all, or absent: every site of the account).' }),
        ...PAGE,
      }),
    },
  ),
  addresses: route('GET', '/addresses', 'packer', 'The address book, searched (diacritics and case ignored).', {
    data: list(addressResourceSchema),
    query: query(
      { searchString: z.string().regex(/\\S/).meta({ description: 'Text in the name, city or contact (required, not blank).' }) },
      ['searchString'],
    ),
  }),
  places: route(
    'GET',
    '/places',
    'packer',
    'The cities (and states) a postal code names: from the account’s address book, the most used first, then from the station’s postal data (US ZIP codes).',
    {
      data: list(placeResourceSchema),
      note: 'An empty list when nothing is known of the code: the packer types the city.',
      query: query(
        {
          country: countryCodeSchema,
          postalCode: z
            .string()
            .regex(/\S/)
            .max(30)
            .meta({ description: 'The postal code as typed (required): checked, and written in its country’s form, as a shipment’s is.' }),
        },
        ['country', 'postalCode'],
      ),
      stateRefusals: ['parameter.invalid@postalCode'],
    },
  ),

  // Printing
  printShipment: route('POST', '/shipments/:id/print', 'packer', 'Prints a processed shipment’s label on a printer of the station.', {
    idempotent: true,
    note: 'Printing a label again needs a supervisor.',
    data: printJobResourceSchema,
    body: one('printJob', printRequestSchema).partial(),
    ok: [202],
  }),
  printJobs: route('GET', '/print-jobs', 'packer', 'The account’s print jobs, newest first, paged.', {
    data: list(printJobResourceSchema),
    paged: true,
    stateRefusals: CURSOR,
    query: query({ 'filter[shipment]': 'One shipment’s jobs: those that print it alone or in a bulk job.', ...PAGE }),
  }),
  printMany: route('POST', '/print-jobs', 'packer', 'Bulk print: the labels of many processed shipments as one job.', {
    idempotent: true,
    note: 'Printing labels again needs a supervisor: a packer’s are left out, named in meta.leftOut. start goes with the A4 layouts and their places (field.invalid otherwise).',
    stateRefusals: ['field.invalid@/data/attributes/start'],
    data: printJobResourceSchema,
    meta: bulkPrintMetaSchema,
    body: one('printJob', bulkPrintSchema),
    ok: [202],
  }),
  printJob: route('GET', '/print-jobs/:id', 'packer', 'One print job and its outcome.', { data: printJobResourceSchema }),
  printers: route('GET', '/printers', 'packer', 'The printers the station sees.', { data: list(printerResourceSchema) }),
  printSettings: route('GET', '/print-settings', 'packer', 'The caller’s own print settings.', { data: printSettingsResourceSchema }),
  changePrintSettings: route('PATCH', '/print-settings', 'packer', 'Changes the caller’s own print settings.', {
    note: 'A printer must be one the station’s computer has (GET /printers; print.printerUnknown).',
    stateRefusals: ['print.printerUnknown'],
    data: printSettingsResourceSchema,
    body: one('printSettings', printSettingsChangeSchema),
  }),

  // The station's set-up
  carriers: route('GET', '/carriers', 'packer', 'The station’s carriers and their settings.', { data: list(carrierResourceSchema) }),
  changeCarrier: route('PATCH', '/carriers/:code', 'supervisor', 'Changes a carrier’s surcharge or enables it.', {
    note: 'Configuring an upstream service needs an admin.',
    action: 'Changing carrier settings',
    data: carrierResourceSchema,
    body: one('carrier', carrierChangeSchema),
  }),
  calendar: route('GET', '/calendar', 'packer', 'The station’s time zone, its clock and today, and its holidays.', {
    data: calendarResourceSchema,
  }),
  changeCalendar: route('PATCH', '/calendar', 'admin', 'A new time zone, or the whole list of holidays.', {
    action: 'Changing the station calendar',
    data: calendarResourceSchema,
    body: one('calendar', calendarChangeSchema),
  }),
  warehouses: route(
    'GET',
    '/warehouses',
    'packer',
    'The account’s sites (warehouses), the main one first; meta.thisDesk marks the desk’s.',
    {
      data: list(warehouseResourceSchema),
      meta: z.object({
        desk: z.object({
          name: z.string().meta({ description: 'The desk that answered.' }),
          site: z.string().meta({ description: 'The id of the site it stands at.' }),
          chosen: z
            .boolean()
            .meta({ description: 'Whether its site was chosen (at the desk, or serve --site), not the main site by default.' }),
        }),
      }),
    },
  ),
  warehouse: route('GET', '/warehouses/:id', 'packer', 'One site of the account.', {
    data: warehouseResourceSchema,
    stateRefusals: ['site.notFound'],
  }),
  addWarehouse: route(
    'POST',
    '/warehouses',
    'admin',
    'Adds a site: its name, and its address, returns address, calendar and its desks’ print defaults where they differ.',
    {
      action: 'Managing the sites',
      data: warehouseResourceSchema,
      body: one('warehouse', newWarehouseSchema),
      stateRefusals: ['site.nameTaken', 'site.tooMany', 'carrier.unknown', 'print.printerUnknown'],
    },
  ),
  changeWarehouse: route(
    'PATCH',
    '/warehouses/:id',
    'admin',
    'Changes a site; null sets a member back to the account’s or the station’s.',
    {
      action: 'Managing the sites',
      data: warehouseResourceSchema,
      body: one('warehouse', warehouseChangeSchema),
      stateRefusals: ['site.notFound', 'site.nameTaken', 'carrier.unknown', 'print.printerUnknown'],
    },
  ),
  chooseDeskSite: route(
    'POST',
    '/warehouses/:id/desk',
    'supervisor',
    'This desk stands at the site: its shipments, close and Today are that site’s.',
    {
      action: 'Choosing the desk’s site',
      data: warehouseResourceSchema,
      stateRefusals: ['site.notFound'],
      ok: [200],
    },
  ),
  ordersFolder: route(
    'GET',
    '/orders-folder',
    'packer',
    'The watched orders folder: the folder and user set, and whether the station watches it now.',
    {
      data: ordersFolderResourceSchema,
    },
  ),
  changeOrdersFolder: route(
    'PATCH',
    '/orders-folder',
    'admin',
    'Sets, moves or clears the watched orders folder, or the user its files are imported as.',
    {
      note: 'The folder must be there and writable by the station, which makes imported/, failed/ and .importing/ in it (order.folderNotUsable); the user must be one of the caller’s account (order.folderUserUnknown); without a user, the station must have one account with an admin (order.folderUserNeeded). A folder given to station serve (--orders-folder) wins over the setting while it runs.',
      stateRefusals: ['order.folderNotUsable', 'order.folderUserUnknown', 'order.folderUserNeeded'],
      action: 'Changing the watched orders folder',
      data: ordersFolderResourceSchema,
      body: one('ordersFolder', ordersFolderChangeSchema),
    },
  ),
  packing: route('GET', '/packing', 'packer', 'The station’s box presets, packing rules and weight check.', {
    data: packingSetupResourceSchema,
  }),
  changePacking: route('PATCH', '/packing', 'supervisor', 'Changes the box presets, packing rules or weight check.', {
    note: 'Rules between members, over the setup as it would be (a member not sent keeps its current value), which the request schema cannot state: preset names unique, case ignored (field.invalid at the later name); a rule’s box one of the presets, so a preset a rule still uses cannot be removed (field.invalid at the rule’s then/box); a rule’s minWeightKg below its maxWeightKg (field.invalid at maxWeightKg); varianceWarnPercent at most varianceBlockPercent (field.invalid at varianceWarnPercent).',
    stateRefusals: [
      'field.invalid@/data/attributes/boxPresets/*/name',
      'field.invalid@/data/attributes/rules/*/then/box',
      'field.invalid@/data/attributes/rules/*/when/maxWeightKg',
      'field.invalid@/data/attributes/varianceWarnPercent',
    ],
    action: 'Changing the packing rules and box presets',
    data: packingSetupResourceSchema,
    body: one('packingSetup', packingSetupChangeSchema),
  }),
  scale: route('GET', '/scale', 'packer', 'The desk’s scale: its settings and latest reading.', { data: scaleResourceSchema }),
  changeScale: route('PATCH', '/scale', 'supervisor', 'Sets up the desk’s scale.', {
    action: 'Setting up the scale',
    data: scaleResourceSchema,
    body: one('scale', scaleSettingsChangeSchema),
  }),
  scalePorts: route('GET', '/scale/ports', 'packer', 'The serial ports the station sees.', {
    data: list(resourceSchema('serialPort', z.object({ path: z.string() }))),
  }),
  scaleStream: route('GET', '/scale/stream', 'packer', 'Each reading of the scale as it changes (server-sent events).', {
    answers: 'event-stream',
  }),

  // Orders
  orders: route('GET', '/orders', 'packer', 'The account’s orders by status, newest first, paged.', {
    data: list(orderResourceSchema),
    paged: true,
    stateRefusals: CURSOR,
    query: query({
      status: z.enum(ORDER_STATUSES).meta({ description: 'open, inProgress or closed.' }),
      search: 'Text in the order number or the receiver’s name.',
      ...PAGE,
    }),
  }),
  addOrder: route('POST', '/orders', 'packer', 'Adds an order.', {
    note: 'The receiver’s phone must be a number of its country (libphonenumber).',
    stateRefusals: ['field.invalid@/data/attributes/shipTo/phone'],
    data: orderResourceSchema,
    body: one('order', orderRequestSchema),
  }),
  addOrders: route('POST', '/orders/batch', 'packer', 'Adds up to 500 orders in one request; says which numbers were there already.', {
    data: z.tuple([]),
    meta: orderBatchResultSchema,
    body: z.object({
      data: z
        .array(z.object({ type: z.literal('order'), attributes: orderRequestSchema }))
        .min(1)
        .max(ORDER_BATCH_MAX),
    }),
    ok: [200],
  }),
  shippedOrders: route(
    'GET',
    '/orders/shipped',
    'packer',
    'The account’s orders shipped over a range of ship dates, as the file a shop uploads: Amazon’s shipping confirmation, a Shopify-friendly CSV, or a generic CSV.',
    {
      answers: 'csv',
      note: `A row per processed shipment of an order (Amazon’s: a row per order line), oldest first; voided shipments and returns are left out. The answer is the file (Content-Disposition: attachment), UTF-8: Amazon’s tab-separated, the others CSV. to is from or later, at most ${SHIPPED_MAX_DAYS} days on.`,
      stateRefusals: ['parameter.invalid@to'],
      query: query({
        format: z.enum(SHIPPED_FORMATS).meta({
          description:
            'amazon: Seller Central’s shipping confirmation; shopify: a Shopify-friendly CSV; generic (when absent): a CSV of every shipment’s fields.',
        }),
        from: date('The first ship date, YYYY-MM-DD; the station’s today when absent.'),
        to: date('The last ship date, YYYY-MM-DD; when absent, from (or today, when from is before it).'),
      }),
    },
  ),
  importOrders: route(
    'POST',
    '/orders/import',
    'packer',
    'Reads a file of orders as it is (a shop’s export, or a table a saved template maps) and says what it holds; with commit=true imports its orders.',
    {
      note: 'The body is the file itself: CSV, tab-separated text (Amazon’s reports) or an Excel workbook (.xlsx). Shopify’s, Amazon’s, Etsy’s, WooCommerce’s and eBay’s exports are recognised by their header row; a file whose header row is a saved template’s is read with it. With commit=true the ready orders are imported in one transaction, all or nothing: a file with a faulty order imports none (422, each fault by order, row and column). Numbers the account has already are left alone and listed as duplicates.',
      file: ORDER_FILE_TYPES,
      data: z.tuple([]),
      meta: orderFileImportSchema,
      query: query({
        format: z.enum(ORDER_FORMAT_IDS).meta({ description: 'Read the file as this shop’s export, whatever its header row.' }),
        template: z.string().min(1).max(60).meta({ description: 'Read the file with this saved column template.' }),
        commit: flagParameter('true: import the orders; otherwise only read and check them.'),
      }),
      stateRefusals: ['order.fileUnreadable', 'order.fileFaulty', 'order.templateNotFound@template'],
      ok: [200],
    },
  ),
  orderTemplates: route('GET', '/order-templates', 'packer', 'The account’s saved column templates for order files.', {
    data: list(orderTemplateResourceSchema),
  }),
  saveOrderTemplate: route('POST', '/order-templates', 'packer', 'Saves a column template under its name (replacing one of that name).', {
    data: orderTemplateResourceSchema,
    body: one('orderTemplate', orderTemplateRequestSchema),
    ok: [200],
  }),
  removeOrderTemplate: route('DELETE', '/order-templates/:name', 'packer', 'Removes a saved column template.', {
    stateRefusals: ['order.templateNotFound'],
  }),
  order: route('GET', '/orders/:number', 'packer', 'One order by its number, e.g. as scanned.', { data: orderResourceSchema }),
  removeOrder: route('DELETE', '/orders/:number', 'packer', 'Removes an order that has no live shipment.'),

  // The day
  today: route('GET', '/today', 'packer', 'One ship date at a glance: to do, done, per carrier, and the pickups.', {
    data: todayResourceSchema,
    query: query({
      date: z
        .string()
        .regex(new RegExp(`^\\s*(?:${DATE_PARAMETER.slice(1, -1)})?\\s*$`))
        .meta({ description: 'The ship date, YYYY-MM-DD; today on the station’s clock when absent or empty.' }),
      'filter[createdBy]': 'One person’s counts.',
      ...SITE,
    }),
    stateRefusals: SITE_REFUSALS,
  }),
  dailyReport: route(
    'GET',
    '/reports/daily',
    'packer',
    'Shipments per day and carrier over a range, with totals; or CSV (Accept: text/csv).',
    {
      data: list(dailyReportResourceSchema),
      meta: dailyReportMetaSchema,
      csv: true,
      note: 'dateTo is dateFrom or later, and the range at most a year (report.invalidRange).',
      stateRefusals: ['report.invalidRange', ...SITE_REFUSALS],
      query: query(
        {
          dateFrom: date('The first day, YYYY-MM-DD (or filter[dateFrom]).'),
          dateTo: date('The last day, YYYY-MM-DD (or filter[dateTo]).'),
          'filter[createdBy]': 'One person’s shipments.',
          format: 'csv for the CSV file; anything else answers JSON:API.',
          ...SITE,
        },
        ['dateFrom', 'dateTo'],
      ),
    },
  ),
  emissionsReport: route(
    'GET',
    '/reports/emissions',
    'packer',
    'Processed shipments’ CO2e per month, site, carrier and service over a range, with the method; or CSV (Accept: text/csv).',
    {
      data: list(emissionsReportResourceSchema),
      meta: emissionsReportMetaSchema,
      csv: true,
      note: 'dateTo is dateFrom or later, and the range at most a year (report.invalidRange). Each shipment’s figure is the one worked out when it was processed (meta.emissions).',
      stateRefusals: ['report.invalidRange', ...SITE_REFUSALS],
      query: query(
        {
          dateFrom: date('The first ship date, YYYY-MM-DD (or filter[dateFrom]).'),
          dateTo: date('The last ship date, YYYY-MM-DD (or filter[dateTo]).'),
          format: 'csv for the CSV file; anything else answers JSON:API.',
          ...SITE,
        },
        ['dateFrom', 'dateTo'],
      ),
    },
  ),
  manifestPreview: route('GET', '/manifests/preview', 'packer', 'What closing a carrier’s day would put on its manifest.', {
    data: resourceSchema('manifestPreview', manifestPreviewAttributesSchema),
    note: 'The carrier must be one of the station’s (GET /carriers).',
    stateRefusals: ['parameter.invalid@carrier', 'parameter.invalid@date', ...SITE_REFUSALS],
    query: query(
      {
        carrier: z.string().regex(/\\S/).meta({ description: 'The carrier code (required).' }),
        date: date('The ship date, YYYY-MM-DD; today at the site when absent.'),
        site: z
          .string()
          .regex(/^\s*([1-9][0-9]{0,5})?\s*$/)
          .meta({ description: 'The site whose day it previews, by its id; the desk’s own site when absent.' }),
      },
      ['carrier'],
    ),
  }),
  closeDay: route('POST', '/manifests', 'supervisor', 'Closes a carrier’s day: its manifest (made now, or by another desk a moment ago).', {
    idempotent: true,
    note: 'A day with no shipment of the carrier ready to close is refused (manifest.nothingToClose). A close is of one site’s day (data.attributes.site, the desk’s own when absent).',
    stateRefusals: ['manifest.nothingToClose', ...SITE_REFUSALS],
    action: 'Closing the day',
    data: manifestResourceSchema,
    meta: z.object({ alreadyClosed: z.literal(true).optional() }),
    body: one('manifest', closeDaySchema),
    ok: [201, 200],
  }),
  manifests: route('GET', '/manifests', 'packer', 'The manifests of a date, paged.', {
    data: list(manifestResourceSchema),
    paged: true,
    stateRefusals: [...CURSOR, ...SITE_REFUSALS],
    query: query({ date: date('The ship date, YYYY-MM-DD.'), carrier: 'The carrier code.', ...SITE, ...PAGE }),
  }),
  manifest: route('GET', '/manifests/:id', 'packer', 'One manifest.', { data: manifestResourceSchema }),
  manifestDocument: route('GET', '/manifests/:id/document', 'packer', 'A manifest and its driver sheet: the PDF, base64 in fileData.', {
    data: resourceSchema('manifestDocument', documentsAttributesSchema),
  }),
  reopenManifest: route('POST', '/manifests/:id/reopen', 'supervisor', 'Reopens a closed day.', {
    action: 'Reopening a closed day',
    data: manifestResourceSchema,
    ok: [200],
  }),
  transmitManifest: route('POST', '/manifests/:id/transmit', 'supervisor', 'Sends a manifest its upstream service refused again.', {
    action: 'Sending a manifest again',
    data: manifestResourceSchema,
    ok: [202],
  }),
  pickups: route('GET', '/pickups', 'packer', 'The pickups of a date, paged.', {
    data: list(pickupResourceSchema),
    paged: true,
    stateRefusals: [...CURSOR, ...SITE_REFUSALS],
    query: query({ date: date('The collection date, YYYY-MM-DD.'), carrier: 'The carrier code.', ...SITE, ...PAGE }),
  }),
  cancelPickup: route('DELETE', '/pickups/:id', 'packer', 'Cancels a pickup.'),
  outbox: route('GET', '/outbox', 'packer', 'Scheduled shipments still to be sent, and each upstream service’s state.', {
    data: list(outboxEntryResourceSchema),
    meta: z.object({ upstreams: z.array(upstreamHealthMetaSchema), manifests: z.array(manifestResourceSchema) }),
  }),

  // Events and webhooks
  events: route('GET', '/events', 'packer', 'The account’s event feed, oldest first after a given event.', {
    data: list(eventResourceSchema),
    meta: z.object({ lastEventId: z.string() }),
    paged: true,
    stateRefusals: [...CURSOR, 'event.cursorPastEnd'],
    query: query({
      after: z
        .string()
        .regex(/^\s*[0-9]{1,15}\s*$/)
        .meta({ description: 'The last event id processed: the events after it (0 for all).' }),
      'filter[type]': z.string().regex(new RegExp(EVENT_TYPE_LIST)).meta({ description: 'Event types, comma-separated.' }),
      ...PAGE,
    }),
  }),
  eventStream: route(
    'GET',
    '/events/stream',
    'packer',
    'The account’s events as they happen (server-sent events), resumable with Last-Event-ID.',
    {
      answers: 'event-stream',
      query: query({ after: 'Resume after this event id (or send Last-Event-ID).', 'filter[type]': 'Event types, comma-separated.' }),
    },
  ),
  webhooks: route('GET', '/webhooks', 'packer', 'The account’s webhooks.', {
    data: list(webhookResourceSchema),
    query: query({ status: 'active or paused.' }),
  }),
  addWebhook: route('POST', '/webhooks', 'packer', 'Adds a webhook; its signing secret is answered this once.', {
    note: 'A webhook for every client’s events, or another client’s, needs an admin.',
    data: webhookResourceSchema,
    body: one('webhook', newWebhookSchema),
  }),
  webhook: route('GET', '/webhooks/:id', 'packer', 'One webhook.', { data: webhookResourceSchema }),
  changeWebhook: route('PATCH', '/webhooks/:id', 'packer', 'Pauses or resumes a webhook, or changes what it receives.', {
    data: webhookResourceSchema,
    body: one('webhook', webhookChangeSchema),
  }),
  removeWebhook: route('DELETE', '/webhooks/:id', 'packer', 'Removes a webhook.'),
  webhookDeliveries: route('GET', '/webhooks/:id/deliveries', 'packer', 'A webhook’s deliveries, newest first, paged.', {
    data: list(deliveryResourceSchema),
    paged: true,
    stateRefusals: [...CURSOR, 'parameter.invalid@page[before]'],
    query: query({
      'filter[status]': z.enum(['pending', 'delivered', 'dead']).meta({ description: 'pending, delivered or dead.' }),
      ...PAGE,
    }),
  }),
  replayWebhook: route('POST', '/webhooks/:id/replay', 'packer', 'Delivers a range of past events to a webhook again.', {
    note: `toEventId may not be below fromEventId (field.invalid at toEventId): a rule between two members, which the request schema cannot state. At most ${REPLAY_LIMIT} events are queued by one replay.`,
    stateRefusals: ['field.invalid@/data/attributes/toEventId'],
    data: resourceSchema('webhookReplay', z.object({ fromEventId: z.number(), toEventId: z.number(), queued: z.number() })),
    body: one('webhookReplay', webhookReplaySchema),
    ok: [202],
  }),

  // Open routes
  health: route('GET', '/health', 'open', 'Whether the station and its database answer (503 with the health when not).', {
    data: healthResourceSchema,
  }),
  stationConfig: route(
    'GET',
    '/station-config',
    'open',
    'What the desk UI needs before sign-in: the API base, the desktop integration key, the desk.',
    { data: stationConfigResourceSchema },
  ),
  publicTracking: route('GET', '/track/:hash', 'open', 'The public tracking page of one shipment (HTML, or JSON:API).', {
    answers: 'html',
    data: trackingResourceSchema,
  }),
  printView: route('GET', '/print-view/:token', 'open', 'A label PDF handed to Electron’s print window, once.', {
    answers: 'pdf',
    desktopOnly: true,
  }),
} as const satisfies Record<string, RouteSpec>;

/** The route's path with its parameters filled in, each URL-encoded. */
export function pathOf(spec: Pick<RouteSpec, 'method' | 'path'>, params: Record<string, string> = {}): string {
  return spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${spec.method} ${spec.path} needs its ${name}`);
    return encodeURIComponent(value);
  });
}
