// The shipment resource of spec 2.2 as the station stores and returns it, after validation has normalised
// it: numbers as decimal strings, postal codes as strings, country codes in upper case.
export interface Address {
  name: string;
  address1: string;
  address2?: string;
  city: string;
  postalCode: string;
  state?: string;
  country: string;
  contact: string;
  phone?: string;
  email?: string;
  taxIdentification?: string;
  isResidential?: boolean;
}

/** An address-book entry as GET /addresses returns it (spec 2.8): every field a string, possibly empty. */
export interface SavedAddressAttributes {
  name: string;
  address1: string;
  address2: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  contact: string;
  phone: string;
  email: string;
}

export interface Package {
  weight: { value: string; units: '1' };
  dimensions: { length: string; width: string; height: string; units: '1' };
  type: 'CARTON' | 'PALLET';
  irregular?: boolean;
}

export interface ExportLineItem {
  reference?: string;
  productId?: string;
  description: string;
  originCountry: string;
  commodityCode?: string;
  quantity: string;
  unitPrice: string;
  unitWeight: string;
}

export interface ExportDeclaration {
  exportReasonType: (typeof EXPORT_REASON_TYPES)[number];
  invoiceDate: string;
  invoiceReference: string;
  invoiceFreight?: number;
  shipmentPurpose: (typeof SHIPMENT_PURPOSES)[number];
  /** The exporter's EORI (an extension): asked for commercial goods leaving the EU, unless shipFrom.taxIdentification is one. */
  exporterEori?: string;
  /** The seller's IOSS number (an extension): asked for commercial goods of up to 150 EUR sold into the EU. */
  iossNumber?: string;
  lineItems: ExportLineItem[];
}

export interface Money {
  amount: number;
  currency: string;
}

export interface ShipmentAttributes {
  shipDate?: string;
  shipFrom: Address;
  collectionLocation?: Address | null;
  shipTo: Address;
  packages: Package[];
  goodsDescription: string | null;
  insuranceDescription: string | null;
  insuranceValue: string | null;
  customerReference?: string;
  specialInstructions?: string;
  confirmationEmail?: string;
  invoiceSubtotal?: { amount: string; currency: string } | null;
  booking: boolean;
  documentsOnly?: boolean;
  incoTerms?: 1 | 2 | 3;
  exportDeclaration?: ExportDeclaration | null;
}

/** The documents of a processed shipment's PDF, each of which the documents endpoint answers on its own (?document=). */
export const DOCUMENT_PARTS = ['labels', 'cn22', 'cn23', 'invoice'] as const;
export type DocumentPart = (typeof DOCUMENT_PARTS)[number];

export const SERVICES = ['express', 'economy'] as const;
export type ServiceLevel = (typeof SERVICES)[number];

export const PACKAGE_TYPES = ['CARTON', 'PALLET'] as const;

export const EXPORT_REASON_TYPES = [
  'COMMERCIAL_PURPOSE_OR_SALE',
  'DEFENCE_MATERIAL',
  'DIPLOMATIC_GOODS',
  'GIFT',
  'INTERCOMPANY_USE',
  'PERMANENT',
  'PERSONAL_BELONGINGS_OR_PERSONAL_USE',
  'RETURN',
  'RETURN_TO_ORIGIN',
  'SAMPLE',
  'TEMPORARY',
  'USED_EXHIBITION_GOODS_TO_ORIGIN',
  'WARRANTY_REPLACEMENT',
] as const;

export const SHIPMENT_PURPOSES = ['COMMERCIAL', 'PERSONAL'] as const;

/** Shipment statuses of spec section 3. */
export const STATUS = { created: 0, processed: 3, failed: -1 } as const;
export type ShipmentStatus = (typeof STATUS)[keyof typeof STATUS];

/** The largest documents-only package (field-rules.md): 30 × 21 × 15 cm and 2.5 kg. */
export const DOCUMENTS_MAX = { dimensionsCm: [30, 21, 15], weightKg: 2.5 } as const;

/** Above this weight no service carries a package. */
export const MAX_PACKAGE_WEIGHT_KG = 1000;
