// The shipment endpoints of spec 4.1: save, rate, confirm, one-step create, retrieve, delete, documents, tracking,
// plus shipment summaries and the address book. Requests are validated with the shared rules, then handed to services.
import { ALL_SITES } from '../../../src-shared/warehouses.ts';
import { isCountryCode } from '../../../src-shared/countries.ts';
import { placeId } from '../../../src-shared/places.ts';
import { checkPostalCode, postalCodeExpectation } from '../../../src-shared/postal-codes.ts';
import type { WarehouseService } from '../../services/warehouses.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import {
  asFlag,
  shipmentRequestWarnings,
  validateConfirmMeta,
  validateCreateMeta,
  validateShipmentDocument,
  type Operation,
} from '../../../src-shared/shipment-validation.ts';
import { unavailableEntry } from '../../services/processing.ts';
import { orderNumberOf } from '../../../src-shared/orders.ts';
import { DOCUMENT_FORMATS, LABEL_STOCKS, LABELS_PER_SHEET, type LabelStock } from '../../../src-shared/printing.ts';
import { validateVerification } from '../../../src-shared/verification.ts';
import type { RateListMeta } from '../../../src-shared/resources.ts';
import { DOCUMENT_PARTS, type DocumentPart, type ShipmentAttributes } from '../../../src-shared/shipment.ts';
import type { Caller } from '../../domain/caller.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import type { AddressService } from '../../services/addresses.ts';
import type { RecordedTrackingEvent, TrackingEventService } from '../../services/tracking-events.ts';
import { validateTrackingEvent } from '../../../src-shared/tracking-events.ts';
import type { DocumentFormat, ShipmentService } from '../../services/shipments.ts';
import type { SummaryKey } from '../../domain/shipment.ts';
import { callerOf, requestBody, type ApiContext } from '../context.ts';
import { pageRequest, respondPage, text, type KeyReader } from '../paging.ts';
import { parameterError } from '../query.ts';
import { respondData, respondText, warningsMeta } from '../respond.ts';
import type { ApiRouter, QueryOf } from '../router.ts';
import type { IdempotencyService } from '../../services/idempotency.ts';
import type { IdempotencyKeyRecord } from '../../domain/idempotency.ts';
import { idempotencyTicket, idempotent } from '../middleware/idempotency.ts';
import {
  addressResource,
  documentsResource,
  rateResource,
  shipmentDocumentText,
  summaryResource,
  trackingEventResource,
  trackingResource,
} from '../serializers/shipment.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export interface ShipmentRoutesDeps {
  shipments: ShipmentService;
  addresses: AddressService;
  /** Tracking events recorded through the API (supervisors, a carrier feed). */
  trackingEvents: TrackingEventService;
  idempotency: IdempotencyService;
  /** The account's sites: a list of one site's shipments. */
  warehouses: WarehouseService;
  /** Base of links.tracking; when unset, the station's own public tracking page at <origin>/track. */
  trackingBaseUrl?: string;
}

export const SUMMARY_LIMIT = { default: 100, max: 1000 } as const;
export const ADDRESS_SEARCH_LIMIT = 50;

function caller(ctx: ApiContext): Caller {
  return callerOf(ctx);
}

function fail(errors: ErrorObject[]): never {
  throw StationError.many(errors);
}

/** A member the request sent that nothing reads, or that looks wrong: answered in meta.warnings. */
type RequestWarning = ReturnType<typeof shipmentRequestWarnings>[number];

function validShipment(raw: unknown, operation: Operation, metaErrors: ErrorObject[] = []): ShipmentAttributes {
  const result = validateShipmentDocument(raw, operation);
  const errors = [...metaErrors, ...(result.ok ? [] : result.errors)];
  if (errors.length > 0 || !result.ok) fail(errors);
  return result.value;
}

/** A shipment operation's body, checked: its attributes, and the members it sent that nothing reads (meta.warnings). */
function shipmentRequest(
  raw: unknown,
  operation: Operation,
  metaErrors: ErrorObject[] = [],
): { attributes: ShipmentAttributes; warnings: RequestWarning[] } {
  const attributes = validShipment(raw, operation, metaErrors);
  return { attributes, warnings: shipmentRequestWarnings(raw, operation) };
}

/** `data.id` of the request when it is a string: confirm uses it to find a saved shipment; other ids are ignored. */
function documentId(raw: unknown): string | undefined {
  const id = (raw as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** A tracking event's body, checked: what the service records. */
function trackingEventBody(raw: unknown) {
  const request = validateTrackingEvent(raw);
  if (!request.ok) fail(request.errors);
  const { status, occurredAt, text, location } = request.value;
  return { status, at: occurredAt, text, location };
}

/** A summary's place: its ship date, when it was made, its id (the cursor of the page after it). */
const bySummary: KeyReader<SummaryKey> = ([shipDate, createdAt, id, ...rest]) =>
  rest.length === 0 && text(shipDate) && isCalendarDate(shipDate) && text(createdAt) && text(id) ? [shipDate, createdAt, id] : undefined;

/** The filters of the summaries, and the page: the spec's `limit` as before, or `page[size]`, and `page[after]`. */
function summaryQuery(ctx: ApiContext, parameters: QueryOf<typeof ROUTES.shipmentSummaries>) {
  const errors: ErrorObject[] = [];
  const date = (name: 'dateFrom' | 'dateTo') => {
    const value = parameters[name];
    if (value === undefined) return null;
    if (!isCalendarDate(value)) errors.push(parameterError(ERROR_TEXT.invalidDateFilter(name, value), name, 'a date as YYYY-MM-DD', value));
    return value;
  };
  const dateFrom = date('dateFrom');
  const dateTo = date('dateTo');
  // Only returns, or none of them (an extension): filter[return]=true|false, or return=true|false.
  const returnText = parameters.return?.trim().toLowerCase();
  const returns = returnText === undefined || returnText === '' ? null : (asFlag(returnText) ?? undefined);
  if (returns === undefined)
    errors.push(
      parameterError(
        ERROR_TEXT.invalidOrEmptyParameter('return'),
        'return',
        'true (only returns) or false (none of them)',
        returnText ?? '',
      ),
    );
  const page = pageRequest(ctx, SUMMARY_LIMIT, bySummary, { sizeAliases: ['limit'], errors });
  const search = parameters.search?.trim() || null;
  // Only one person's shipments (an extension): filter[createdBy]=<username>, or createdBy=<username>.
  const createdBy = parameters.createdBy?.trim() || null;
  return { page, query: { dateFrom, dateTo, search, createdBy, returns: returns ?? null, after: page.after, limit: page.size + 1 } };
}

/** `format` (pdf, the default, zpl, epl2 or png), for ZPL, EPL2 and PNG `dpi` (203, the default, or 300), and for PDF `document` (one on its own), `size` (the label pages' stock) and `start` (a sheet's first free place) of the documents endpoint. */
function documentFormat(query: QueryOf<typeof ROUTES.documents>): DocumentFormat {
  const format = (query.format ?? 'pdf').trim().toLowerCase();
  const dpiText = query.dpi;
  const errors: ErrorObject[] = [];
  if (!(DOCUMENT_FORMATS as readonly string[]).includes(format))
    errors.push(
      parameterError(ERROR_TEXT.invalidOrEmptyParameter('format'), 'format', `${DOCUMENT_FORMATS.join(', ')} (pdf is the default)`, format),
    );
  const atDots = format === 'zpl' || format === 'epl2' || format === 'png';
  if (dpiText !== undefined && (!atDots || !['203', '300'].includes(dpiText.trim()))) {
    errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('dpi'), 'dpi', '203 or 300, with format=zpl, epl2 or png', dpiText));
  }
  const documentText = query.document?.trim().toLowerCase();
  if (documentText !== undefined && (format !== 'pdf' || !(DOCUMENT_PARTS as readonly string[]).includes(documentText))) {
    errors.push(
      parameterError(
        ERROR_TEXT.invalidOrEmptyParameter('document'),
        'document',
        `${DOCUMENT_PARTS.join(', ')} (one document of the PDF on its own), with format=pdf`,
        documentText,
      ),
    );
  }
  const sizeText = query.size?.trim().toLowerCase();
  const labelPagesOnly = documentText === undefined || documentText === 'labels' || documentText === 'cn22';
  if (sizeText !== undefined && (format !== 'pdf' || !labelPagesOnly || !(LABEL_STOCKS as readonly string[]).includes(sizeText))) {
    errors.push(
      parameterError(
        ERROR_TEXT.invalidOrEmptyParameter('size'),
        'size',
        `${LABEL_STOCKS.join(', ')}, with format=pdf and the label pages (document labels, cn22 or none)`,
        query.size ?? '',
      ),
    );
  }
  const startText = query.start?.trim();
  const places =
    sizeText !== undefined && (LABEL_STOCKS as readonly string[]).includes(sizeText) ? LABELS_PER_SHEET[sizeText as LabelStock] : 0;
  if (startText !== undefined && !(places > 1 && /^[1-4]$/.test(startText) && Number(startText) <= places)) {
    errors.push(
      parameterError(
        ERROR_TEXT.invalidOrEmptyParameter('start'),
        'start',
        '1 or 2 with size=a4-2, 1 to 4 with size=a4-4',
        query.start ?? '',
      ),
    );
  }
  if (errors.length > 0) fail(errors);
  const dpi = Number(dpiText ?? 203) as 203 | 300;
  if (format === 'zpl' || format === 'epl2' || format === 'png') return { format, dpi };
  return {
    format: 'pdf',
    ...(documentText ? { document: documentText as DocumentPart } : {}),
    ...(sizeText ? { stock: { size: sizeText as LabelStock, start: Number(startText ?? 1) } } : {}),
  };
}

export function shipmentRoutes(router: ApiRouter, deps: ShipmentRoutesDeps): void {
  const trackingBase = (ctx: ApiContext) => deps.trackingBaseUrl?.replace(/\/$/, '') ?? `${ctx.state.origin}/track`;

  /**
   * Creates answer with a Location header; retrieval does not. `warnings`: the members the request sent that nothing
   * reads (its parse step found them), in meta.warnings before the shipment's own notices.
   */
  const respondShipment = (
    ctx: ApiContext,
    status: number,
    record: ShipmentRecord,
    created = true,
    warnings: readonly RequestWarning[] = [],
  ) => {
    const answer = shipmentDocumentText(
      record,
      ctx.state.apiBase,
      trackingBase(ctx),
      warningsMeta([...warnings, ...(record.notices ?? [])]),
    );
    if (created) ctx.set('Location', answer.self);
    respondText(ctx, status, answer.text);
  };

  /** The answer to a request whose shipment was committed with its key, made again: 201 for an immediate create, else 202. */
  const answerAgain = async (ctx: ApiContext, record: IdempotencyKeyRecord) => {
    const shipment = await deps.shipments.acknowledged(caller(ctx), record.subjectId);
    if (!shipment) throw new StationError('idempotency.recordGone', ERROR_TEXT.idempotencyKeyRecordGone(record.key));
    respondShipment(ctx, shipment.origin === 'create' && !shipment.scheduled ? 201 : 202, shipment);
  };
  const withKey = idempotent(deps.idempotency, answerAgain);

  router.on(ROUTES.saveShipment, withKey, {
    parse: (raw) => shipmentRequest(raw, 'save'),
    handle: async (ctx, { body: { attributes, warnings } }) => {
      respondShipment(ctx, 202, await deps.shipments.save(caller(ctx), attributes, idempotencyTicket(ctx)), true, warnings);
    },
  });

  router.on(ROUTES.rateShipment, {
    parse: (raw) => shipmentRequest(raw, 'rate'),
    handle: async (ctx, { body: { attributes, warnings } }) => {
      const list = await deps.shipments.rate(caller(ctx), attributes);
      const meta: RateListMeta = { unavailable: list.unavailable.map(unavailableEntry) };
      const listMeta = { ...(meta.unavailable.length > 0 ? meta : {}), ...warningsMeta([...warnings, ...list.warnings]) };
      respondData(
        ctx,
        202,
        list.quotes.map((quote) => rateResource(quote, list.documentHash)),
        Object.keys(listMeta).length > 0 ? listMeta : undefined,
      );
    },
  });

  router.on(ROUTES.confirmShipment, withKey, {
    parse: (raw) => {
      const meta = validateConfirmMeta(raw);
      const order = orderNumberOf(raw);
      const metaErrors = [...(meta.ok ? [] : meta.errors), ...(order.ok ? [] : order.errors)];
      const request = shipmentRequest(raw, 'confirm', metaErrors);
      if (!meta.ok || !order.ok) fail(metaErrors);
      return { ...request, meta: { ...meta.value, orderNumber: order.value }, savedId: documentId(raw) };
    },
    handle: async (ctx, { body: { attributes, meta, savedId, warnings } }) => {
      respondShipment(
        ctx,
        202,
        await deps.shipments.confirm(caller(ctx), attributes, meta, savedId, idempotencyTicket(ctx)),
        true,
        warnings,
      );
    },
  });

  // The carrier choice is checked against the station's carriers, with the document, once, before anything is booked.
  router.on(ROUTES.createShipment, withKey, {
    parse: async (raw) => {
      const meta = validateCreateMeta(raw, await deps.shipments.carrierChoices());
      const order = orderNumberOf(raw);
      const metaErrors = [...(meta.ok ? [] : meta.errors), ...(order.ok ? [] : order.errors)];
      const request = shipmentRequest(raw, 'create', metaErrors);
      if (!meta.ok || !order.ok) fail(metaErrors);
      return { ...request, meta: { ...meta.value, orderNumber: order.value } };
    },
    handle: async (ctx, { body: { attributes, meta, warnings } }) => {
      const record = await deps.shipments.create(caller(ctx), attributes, meta, idempotencyTicket(ctx));
      respondShipment(ctx, meta.scheduledProcessing ? 202 : 201, record, true, warnings);
    },
  });

  router.on(ROUTES.shipment, async (ctx, { params }) => {
    respondShipment(ctx, 200, await deps.shipments.get(caller(ctx), params.id), false);
  });

  router.on(ROUTES.deleteShipment, async (ctx, { params }) => {
    await deps.shipments.remove(caller(ctx), params.id);
    ctx.status = 204;
  });

  router.on(ROUTES.documents, async (ctx, { params, query }) => {
    const { record, ...document } = await deps.shipments.documents(caller(ctx), params.id, documentFormat(query));
    respondData(ctx, 200, documentsResource(record.id, document));
  });

  router.on(ROUTES.verifyShipment, {
    parse: (raw) => {
      const scanned = validateVerification(raw);
      if (!scanned.ok) fail(scanned.errors);
      return scanned.value;
    },
    handle: async (ctx, { body: { scanned }, params }) => {
      respondData(ctx, 200, {
        type: 'verification',
        id: params.id,
        attributes: await deps.shipments.verify(caller(ctx), params.id, scanned),
      });
    },
  });

  router.on(ROUTES.tracking, async (ctx, { params }) => {
    const { record, latest } = await deps.shipments.tracking(caller(ctx), params.id);
    respondData(ctx, 200, trackingResource(record, latest));
  });

  router.on(ROUTES.trackingEvents, async (ctx, { params }) => {
    const history = await deps.shipments.trackingHistory(caller(ctx), params.id);
    respondData(
      ctx,
      200,
      history.map((event, index) => trackingEventResource(index + 1, event)),
    );
  });

  /** A recorded tracking event: 201, the event as the history lists it, and Location the history it is listed in. */
  const respondTrackingEvent = (ctx: ApiContext, recorded: RecordedTrackingEvent) => {
    ctx.set('Location', `${ctx.state.apiBase}/shipments/${recorded.shipment.id}/tracking/events`);
    respondData(ctx, 201, trackingEventResource(recorded.position, recorded.event));
  };
  // The key is committed with the event (naming its shipment): a repeat after a stop before the answer finds the
  // event again, by the event its body describes (parsed as the route's parse step does).
  const withTrackingKey = idempotent(deps.idempotency, async (ctx, record) => {
    const recorded = await deps.trackingEvents.recorded(caller(ctx), record.subjectId, trackingEventBody(requestBody(ctx)));
    if (!recorded) throw new StationError('idempotency.recordGone', ERROR_TEXT.idempotencyKeyRecordGone(record.key));
    respondTrackingEvent(ctx, recorded);
  });

  router.on(ROUTES.addTrackingEvent, withTrackingKey, {
    parse: trackingEventBody,
    handle: async (ctx, { body: event, params }) => {
      respondTrackingEvent(ctx, await deps.trackingEvents.addFor(caller(ctx), params.id, event, idempotencyTicket(ctx)));
    },
  });

  router.on(ROUTES.shipmentSummaries, async (ctx, { query: parameters }) => {
    const { page, query } = summaryQuery(ctx, parameters);
    // Every site's unless one is named (the spec's list is the account's).
    const site = parameters.site?.trim().toLowerCase() || ALL_SITES;
    const rows = await deps.shipments.summaries(caller(ctx), {
      ...query,
      site: site === ALL_SITES ? null : (await deps.warehouses.get(caller(ctx), site, { parameter: 'site' })).number,
    });
    respondPage(ctx, page, rows, (row) => [row.shipDate, row.createdAt, row.id], summaryResource);
  });

  router.on(ROUTES.addresses, async (ctx, { query }) => {
    const searchString = query.searchString;
    if (searchString === undefined || searchString.trim() === '') {
      throw new StationError('parameter.invalid', ERROR_TEXT.invalidOrEmptyParameter('searchString'), {
        parameter: 'searchString',
        meta: { reason: `Expected text to look for in the address book; got ${JSON.stringify(searchString ?? '')}.` },
      });
    }
    respondData(ctx, 200, (await deps.addresses.search(caller(ctx), searchString, ADDRESS_SEARCH_LIMIT)).map(addressResource));
  });

  router.on(ROUTES.places, async (ctx, { query }) => {
    const given = { country: query.country ?? '', postalCode: query.postalCode ?? '' };
    const country = given.country.trim().toUpperCase();
    if (!isCountryCode(country)) {
      const expected = 'a country’s ISO 3166-1 alpha-2 code, such as IT or US';
      throw StationError.many([parameterError(ERROR_TEXT.invalidOrEmptyParameter('country'), 'country', expected, given.country)]);
    }
    const postalCode = given.postalCode.trim() === '' ? undefined : checkPostalCode(country, given.postalCode);
    if (!postalCode?.ok) {
      const expected = postalCodeExpectation(country);
      throw StationError.many([parameterError(ERROR_TEXT.invalidOrEmptyParameter('postalCode'), 'postalCode', expected, given.postalCode)]);
    }
    const places = await deps.addresses.places(caller(ctx), country, postalCode.postalCode);
    respondData(
      ctx,
      200,
      places.map((attributes) => ({ type: 'place' as const, id: placeId(attributes), attributes })),
    );
  });
}
