// Shipment, rate, summary, documents, tracking and address resources, shaped as spec section 2 and the examples.
// Each builds a value that satisfies the src-shared response type the desk UI reads too.
import { customsForms, customsRoute } from '../../../src-shared/customs.ts';
import { rateId } from '../../../src-shared/rates.ts';
import type {
  AddressResource,
  DocumentsResource,
  RateResource,
  ShipmentLinks,
  ShipmentMeta,
  ShipmentResource,
  ShipmentResponseAttributes,
  SummaryResource,
  TrackingEventAttributes,
  TrackingEventResource,
  TrackingResource,
} from '../../../src-shared/resources.ts';
import { trackingStatusLabel } from '../../../src-shared/tracking-status.ts';
import type { Emissions } from '../../../src-shared/emissions.ts';
import { JSONAPI_VERSION } from '../../../src-shared/jsonapi.ts';
import { STATUS, type Address, type Money } from '../../../src-shared/shipment.ts';
import type { SavedAddress } from '../../domain/address.ts';
import type { Quote } from '../../domain/rating.ts';
import type { ShipmentRecord, SummaryRow, TrackingEvent } from '../../domain/shipment.ts';

const money = (cents: number | null, currency: string | null): Money | null =>
  cents === null ? null : { amount: cents / 100, currency: currency ?? 'EUR' };

/** The address in the spec's member order, optional members only when present. */
function address(input: Address): Address {
  const output: Address = { name: input.name, address1: input.address1 } as Address;
  if (input.address2 !== undefined) output.address2 = input.address2;
  output.city = input.city;
  output.postalCode = String(input.postalCode);
  if (input.state !== undefined) output.state = input.state;
  output.country = input.country;
  output.contact = input.contact;
  if (input.phone !== undefined) output.phone = input.phone;
  if (input.email !== undefined) output.email = input.email;
  if (input.taxIdentification !== undefined) output.taxIdentification = input.taxIdentification;
  if (input.isResidential !== undefined) output.isResidential = input.isResidential;
  return output;
}

/** Whether the reference may be shown: a scheduled shipment keeps it hidden until processed. */
function visibleReference(record: { reference: string | null; scheduled: boolean; status: number }): string | null {
  return record.scheduled && record.status === STATUS.created ? null : record.reference;
}

function shipmentAttributes(record: ShipmentRecord): ShipmentResponseAttributes {
  const a = record.attributes;
  const oneStep = record.origin === 'create';
  const documentsOnly = a.documentsOnly === true;
  const attributes = { shipDate: record.shipDate, shipFrom: address(a.shipFrom) } as ShipmentResponseAttributes;
  if (oneStep || a.collectionLocation !== undefined)
    attributes.collectionLocation = a.collectionLocation ? address(a.collectionLocation) : null;
  attributes.shipTo = address(a.shipTo);
  attributes.packages = a.packages;
  attributes.goodsDescription = a.goodsDescription;
  // A documents shipment has no insurance and no invoice: upstream answers empty strings and a zero amount.
  attributes.insuranceDescription = documentsOnly ? '' : a.insuranceDescription;
  attributes.insuranceValue = documentsOnly ? '' : a.insuranceValue;
  if (a.customerReference !== undefined) attributes.customerReference = a.customerReference;
  if (a.specialInstructions !== undefined) attributes.specialInstructions = a.specialInstructions;
  if (a.confirmationEmail !== undefined) attributes.confirmationEmail = a.confirmationEmail;
  if (documentsOnly) attributes.invoiceSubtotal = { amount: 0, currency: a.invoiceSubtotal?.currency ?? 'EUR' };
  else if (a.invoiceSubtotal !== undefined) attributes.invoiceSubtotal = a.invoiceSubtotal;
  attributes.booking = a.booking;
  if (oneStep || a.documentsOnly !== undefined) attributes.documentsOnly = documentsOnly;
  if (a.incoTerms !== undefined) attributes.incoTerms = a.incoTerms;
  if (a.exportDeclaration !== undefined) attributes.exportDeclaration = a.exportDeclaration;
  if (a.services !== undefined) attributes.services = a.services;
  return attributes;
}

/**
 * A shipment as an event or a list shows it: its figures, and its emissions (processed) parsed from their stored text.
 * A shipment's own answer is shipmentDocumentText, which writes that text in as it is.
 */
export function shipmentResource(record: ShipmentRecord, apiBase: string, trackingBase: string): ShipmentResource {
  const resource = shipmentWithoutEmissions(record, apiBase, trackingBase);
  if (record.status === STATUS.processed)
    resource.meta.emissions = record.emissionsJson ? (JSON.parse(record.emissionsJson) as Emissions) : null;
  return resource;
}

/**
 * A shipment's answer as its JSON text, with `meta` (meta.warnings) beside it. Its processed emissions are written in
 * from the text stored with it, with no parse and no new JSON: they are a third of a read's bytes. The resource's
 * `meta` is its last member, so they go in just before its two closing braces.
 */
export function shipmentDocumentText(
  record: ShipmentRecord,
  apiBase: string,
  trackingBase: string,
  documentMeta: Record<string, unknown> | undefined,
): { text: string; self: string } {
  const resource = shipmentWithoutEmissions(record, apiBase, trackingBase);
  let data = JSON.stringify(resource);
  if (record.status === STATUS.processed) data = `${data.slice(0, -2)},"emissions":${record.emissionsJson ?? 'null'}}}`;
  const meta = documentMeta === undefined ? '' : `,"meta":${JSON.stringify(documentMeta)}`;
  return { text: `{"jsonapi":${JSONAPI_VERSION_TEXT},"data":${data}${meta}}`, self: resource.links.self };
}

const JSONAPI_VERSION_TEXT = JSON.stringify(JSONAPI_VERSION);

function shipmentWithoutEmissions(record: ShipmentRecord, apiBase: string, trackingBase: string): ShipmentResource {
  const links: ShipmentLinks = { self: `${apiBase}/shipments/${record.id}` };
  if (record.status === STATUS.processed && record.trackingHash) links.tracking = `${trackingBase}/${record.trackingHash}`;

  const meta = { scheduledProcessing: record.scheduled } as ShipmentMeta;
  if (record.origin === 'create' && record.service !== null) meta.service = record.service;
  if (record.carrierChoice !== null) meta.carrierChoice = record.carrierChoice;
  meta.status = record.status;
  meta.reference = visibleReference(record);
  meta.carrierName = record.carrierName;
  meta.finalCost = money(record.finalCents, record.currency);
  meta.insuranceCost = money(record.insuranceCents, record.currency);
  meta.trackingNumber = record.trackingNumber;
  if (record.status === STATUS.failed) meta.error = record.error;
  meta.createdBy = record.createdBy ?? null;
  meta.desk = record.desk ?? null;
  meta.site = String(record.site ?? 1);
  const route = customsRoute(record.attributes.shipFrom, record.attributes.shipTo);
  if (route.needed) {
    const documents =
      record.status === STATUS.processed && record.trackingNumber ? customsForms(record.attributes, record.trackingNumber) : null;
    meta.customs = { why: route.why, documents, data: record.customsData ?? null };
  }
  if (record.returnOf) {
    meta.returnOf = record.returnOf;
    meta.returnReason = record.returnReason ?? 'OTHER';
    meta.returnNote = record.returnNote ?? null;
    meta.payOnUse = record.payOnUse === true;
  }
  if (record.returns && record.returns.length > 0) meta.returns = record.returns;

  return { type: 'shipment', id: record.id, attributes: shipmentAttributes(record), links, meta } satisfies ShipmentResource;
}

export function rateResource(quote: Quote, documentHash: string): RateResource {
  return {
    type: 'rate',
    id: rateId(quote.carrierCode, quote.serviceCode),
    attributes: {
      carrierCode: quote.carrierCode,
      carrierName: quote.carrierName,
      serviceCode: quote.serviceCode,
      serviceName: quote.serviceName,
      serviceDefinitionCode: quote.serviceDefinitionCode,
      accountId: quote.accountId,
      finalCost: money(quote.finalCents, quote.currency)!,
      prepaidCost: money(quote.prepaidCents, quote.currency)!,
      vatValue: quote.vatPercent,
      estimatedDeliveryDate: quote.estimatedDeliveryDate,
      ...(quote.breakdown
        ? {
            breakdown: {
              freight: money(quote.breakdown.freightCents, quote.currency)!,
              fuelSurcharge: money(quote.breakdown.fuelCents, quote.currency)!,
              options: quote.breakdown.options.map((entry) => ({
                option: entry.option,
                amount: money(entry.cents, quote.currency)!,
                ...(entry.asked ? { asked: entry.asked } : {}),
              })),
            },
          }
        : {}),
    },
    meta: {
      documentHash,
      ...(quote.emissions === undefined ? {} : { emissions: quote.emissions }),
      ...(quote.delivery === undefined ? {} : { delivery: quote.delivery }),
    },
  } satisfies RateResource;
}

export function summaryResource(row: SummaryRow): SummaryResource {
  return {
    type: 'shipmentSummary',
    id: row.id,
    attributes: {
      reference: visibleReference(row),
      shipDate: row.shipDate,
      shipFromName: row.shipFromName,
      shipFromCountry: row.shipFromCountry,
      shipToName: row.shipToName,
      shipToCountry: row.shipToCountry,
      status: row.status,
      trackingStatus: row.trackingStatus,
      trackingDate: row.trackingDate,
    },
    meta: { scheduledProcessing: row.scheduled, createdBy: row.createdBy },
  } satisfies SummaryResource;
}

export function documentsResource(id: string, document: { contentType: string; fileName: string; data: Buffer }): DocumentsResource {
  return {
    type: 'documents',
    id,
    attributes: { contentType: document.contentType, fileName: document.fileName, fileData: document.data.toString('base64') },
  } satisfies DocumentsResource;
}

/** `event`: the event that just arrived, in a tracking.updated event's resource (meta.event). */
export function trackingResource(record: ShipmentRecord, latest: TrackingEvent | undefined, event?: TrackingEvent): TrackingResource {
  const resource: TrackingResource = {
    type: 'tracking',
    id: record.id,
    attributes: {
      carrierShipmentId: record.trackingNumber,
      trackingHash: record.trackingHash,
      trackingStatus: latest?.status ?? null,
      trackingDate: latest?.occurredAt ?? null,
    },
  };
  if (event) resource.meta = { event: trackingEventAttributes(event) };
  return resource;
}

function trackingEventAttributes(event: TrackingEvent): TrackingEventAttributes {
  return {
    status: event.status,
    statusText: trackingStatusLabel(event.status),
    date: event.occurredAt,
    location: event.location,
    text: event.text,
  };
}

/** One event of a shipment's tracking history; its id is its place in the history, from 1, oldest first. */
export function trackingEventResource(position: number, event: TrackingEvent): TrackingEventResource {
  return { type: 'trackingEvent', id: String(position), attributes: trackingEventAttributes(event) } satisfies TrackingEventResource;
}

export function addressResource(saved: SavedAddress): AddressResource {
  const { id, ...attributes } = saved;
  return { type: 'address', id, attributes } satisfies AddressResource;
}
