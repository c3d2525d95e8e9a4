// The label of a processed shipment, drawn again from its record: what the stored PDF's labels show, for a print
// job (PDF or ZPL) or for the documents endpoint in another format than the one stored.
import type { ShipmentDocumentInput } from '../documents/shipment-pdf.ts';
import type { ShipmentRecord } from '../domain/shipment.ts';

export const labelInput = (record: ShipmentRecord): ShipmentDocumentInput => ({
  reference: record.reference!,
  trackingNumber: record.trackingNumber!,
  carrierName: record.carrierName!,
  serviceName: record.serviceName!,
  shipDate: record.shipDate,
  sandbox: record.sandbox,
  attributes: record.attributes,
  createdAt: new Date(record.processedAt ?? record.createdAt),
  ...(record.finalCents !== null && record.currency !== null ? { postage: { cents: record.finalCents, currency: record.currency } } : {}),
  ...(record.returnOf ? { returnLabel: { payOnUse: record.payOnUse === true } } : {}),
});
