// Shipment, rate, summary, documents, tracking and address resources, shaped as spec section 2 and the examples.
import type { ResourceObject } from '../../../src-shared/jsonapi.ts';
import { STATUS, type Address, type Money } from '../../../src-shared/shipment.ts';
import type { Quote } from '../../carriers/carrier.ts';
import type { SavedAddress, ShipmentRecord, SummaryRow, TrackingEvent } from '../../store/index.ts';

const money = (cents: number | null, currency: string | null): Money | null =>
  cents === null ? null : { amount: cents / 100, currency: currency ?? 'EUR' };

function address(input: Address): Record<string, unknown> {
  const output: Record<string, unknown> = { name: input.name, address1: input.address1 };
  if (input.address2 !== undefined) output.address2 = input.address2;
  output.city = input.city;
  output.postalCode = String(input.postalCode);
  if (input.state !== undefined) output.state = input.state;
  output.country = input.country;
  output.contact = input.contact;
  for (const key of ['phone', 'email', 'taxIdentification', 'isResidential'] as const) {
    if (input[key] !== undefined) output[key] = input[key];
  }
  return output;
}

/** Whether the reference may be shown: a scheduled shipment keeps it hidden until processed. */
function visibleReference(record: { reference: string | null; scheduled: boolean; status: number }): string | null {
  return record.scheduled && record.status === STATUS.created ? null : record.reference;
}

export function shipmentResource(record: ShipmentRecord, apiBase: string, trackingBase: string): ResourceObject<'shipment'> {
  const a = record.attributes;
  const oneStep = record.origin === 'create';
  const attributes: Record<string, unknown> = { shipDate: record.shipDate, shipFrom: address(a.shipFrom) };
  if (oneStep || a.collectionLocation !== undefined) attributes.collectionLocation = a.collectionLocation ? address(a.collectionLocation) : null;
  attributes.shipTo = address(a.shipTo);
  attributes.packages = a.packages;
  attributes.goodsDescription = a.goodsDescription;
  attributes.insuranceDescription = a.insuranceDescription;
  attributes.insuranceValue = a.insuranceValue;
  for (const key of ['customerReference', 'specialInstructions', 'confirmationEmail', 'invoiceSubtotal'] as const) {
    if (a[key] !== undefined) attributes[key] = a[key];
  }
  attributes.booking = a.booking;
  if (oneStep || a.documentsOnly !== undefined) attributes.documentsOnly = a.documentsOnly ?? false;
  if (a.incoTerms !== undefined) attributes.incoTerms = a.incoTerms;
  if (a.exportDeclaration !== undefined) attributes.exportDeclaration = a.exportDeclaration;

  const self = `${apiBase}/shipments/${record.id}`;
  const links: Record<string, string> = { self };
  if (record.status === STATUS.processed && record.trackingHash) links.tracking = `${trackingBase}/${record.trackingHash}`;

  const meta: Record<string, unknown> = { scheduledProcessing: record.scheduled };
  if (oneStep && record.service !== null) meta.service = record.service;
  if (record.carrierChoice !== null) meta.carrierChoice = record.carrierChoice;
  meta.status = record.status;
  meta.reference = visibleReference(record);
  meta.carrierName = record.carrierName;
  meta.finalCost = money(record.finalCents, record.currency);
  meta.insuranceCost = money(record.insuranceCents, record.currency);
  meta.trackingNumber = record.trackingNumber;
  if (record.status === STATUS.failed) meta.error = record.error;

  return { type: 'shipment', id: record.id, attributes, links, meta };
}

export function rateResource(quote: Quote): ResourceObject<'rate'> {
  return {
    type: 'rate',
    id: `t2-${quote.carrierCode}-${quote.serviceCode}`,
    attributes: {
      carrierCode: quote.carrierCode,
      carrierName: quote.carrierName,
      serviceCode: quote.serviceCode,
      serviceName: quote.serviceName,
      serviceDefinitionCode: quote.serviceDefinitionCode,
      accountId: quote.accountId,
      finalCost: money(quote.finalCents, quote.currency),
      prepaidCost: money(quote.prepaidCents, quote.currency),
      vatValue: quote.vatPercent,
      estimatedDeliveryDate: quote.estimatedDeliveryDate,
    },
  };
}

export function summaryResource(row: SummaryRow): ResourceObject<'shipmentSummary'> {
  return {
    type: 'shipmentSummary',
    id: row.id,
    attributes: {
      reference: visibleReference(row),
      shipDate: row.shipDate,
      shipFromName: row.attributes.shipFrom.name,
      shipFromCountry: row.attributes.shipFrom.country,
      shipToName: row.attributes.shipTo.name,
      shipToCountry: row.attributes.shipTo.country,
      status: row.status,
      trackingStatus: row.trackingStatus,
      trackingDate: row.trackingDate,
    },
  };
}

export function documentsResource(id: string, document: { contentType: string; fileName: string; data: Buffer }): ResourceObject<'documents'> {
  return {
    type: 'documents',
    id,
    attributes: { contentType: document.contentType, fileName: document.fileName, fileData: document.data.toString('base64') },
  };
}

export function trackingResource(record: ShipmentRecord, latest: TrackingEvent | undefined): ResourceObject<'tracking'> {
  return {
    type: 'tracking',
    id: record.id,
    attributes: {
      carrierShipmentId: record.trackingNumber,
      trackingHash: record.trackingHash,
      trackingStatus: latest?.status ?? null,
      trackingDate: latest?.occurredAt ?? null,
    },
  };
}

export function addressResource(saved: SavedAddress): ResourceObject<'address'> {
  const { id, ...attributes } = saved;
  return { type: 'address', id, attributes };
}
