// The resources the desk UI reads from the station, as the station sends them (spec section 2).
import type { ClientAttributes } from '../../src-shared/client.ts';
import type { Money, SavedAddressAttributes, ShipmentAttributes } from '../../src-shared/shipment.ts';

export type { SavedAddressAttributes };

export interface Resource<TType extends string, TAttributes, TMeta = Record<string, unknown>> {
  type: TType;
  id: string;
  attributes: TAttributes;
  links?: Record<string, string>;
  meta?: TMeta;
}

export interface ShipmentMeta {
  scheduledProcessing: boolean;
  service?: string;
  carrierChoice?: string;
  status: 0 | 3 | -1;
  reference: string | null;
  carrierName: string | null;
  finalCost: Money | null;
  insuranceCost: Money | null;
  trackingNumber: string | null;
  error?: string;
}

export type Shipment = Resource<'shipment', ShipmentAttributes & { shipDate: string }, ShipmentMeta>;

export interface RateAttributes {
  carrierCode: string;
  carrierName: string;
  serviceCode: string;
  serviceName: string;
  serviceDefinitionCode: string;
  accountId: string;
  finalCost: Money;
  prepaidCost: Money;
  vatValue: number;
  estimatedDeliveryDate: string | null;
}
export type Rate = Resource<'rate', RateAttributes>;

export type Client = Resource<'client', ClientAttributes>;

export interface SummaryAttributes {
  reference: string | null;
  shipDate: string;
  shipFromName: string;
  shipFromCountry: string;
  shipToName: string;
  shipToCountry: string;
  status: 0 | 3 | -1;
  trackingStatus: number | null;
  trackingDate: string | null;
}
export type ShipmentSummary = Resource<'shipmentSummary', SummaryAttributes>;

export type SavedAddress = Resource<'address', SavedAddressAttributes>;

export type Tracking = Resource<
  'tracking',
  { carrierShipmentId: string; trackingHash: string; trackingStatus: number | null; trackingDate: string | null }
>;

export type Documents = Resource<'documents', { contentType: string; fileName: string; fileData: string }>;

export interface StationConfig {
  apiBase: string;
  integrationKey: string;
}

export type Printer = Resource<'printer', { name: string; description: string; isDefault: boolean; status: string; supportsRawZpl: boolean }>;

export type PrintJob = Resource<
  'printJob',
  { shipmentId: string; printer: string; format: 'pdf' | 'zpl'; dpi: 203 | 300; copies: number; status: 'queued' | 'printing' | 'done' | 'failed'; reason: string | null; createdAt: string; updatedAt: string }
>;
