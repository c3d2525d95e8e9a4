// The shipment resource of spec 2.2 as the station stores and returns it, after validation has normalised
// it: numbers as decimal strings, postal codes as strings, country codes in upper case. The schemas are the
// answer's shape (the API description's components); the request's liberal rules are in shipment-validation.ts.
import { z } from 'zod';
import { packageOptionMembers, shipmentServicesSchema } from './shipment-options.ts';

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
export const shipmentStatusSchema = z
  .union([z.literal(0), z.literal(3), z.literal(-1)])
  .meta({ id: 'ShipmentStatus', description: 'Spec section 3: 0 created (saved, or scheduled), 3 processed, -1 failed.' });

export const addressSchema = z
  .object({
    name: z.string(),
    address1: z.string(),
    address2: z.string().optional(),
    city: z.string(),
    postalCode: z.string(),
    state: z.string().optional(),
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, upper case.' }),
    contact: z.string(),
    phone: z.string().optional(),
    email: z.string().optional(),
    taxIdentification: z.string().optional(),
    isResidential: z.boolean().optional(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/** An address-book entry as GET /addresses returns it (spec 2.8): every field a string, possibly empty. */
export const savedAddressAttributesSchema = z
  .object({
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    postalCode: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    contact: z.string(),
    phone: z.string(),
    email: z.string(),
  })
  .meta({ id: 'SavedAddressAttributes' });
export type SavedAddressAttributes = z.infer<typeof savedAddressAttributesSchema>;

const decimal = z.string().meta({ description: 'A decimal number as a string, e.g. "1.5".' });

export const packageSchema = z
  .object({
    weight: z.object({ value: decimal, units: z.literal('1').meta({ description: 'Kilograms.' }) }),
    dimensions: z.object({ length: decimal, width: decimal, height: decimal, units: z.literal('1').meta({ description: 'Centimetres.' }) }),
    type: z.enum(PACKAGE_TYPES),
    irregular: z.boolean().optional(),
    ...packageOptionMembers,
  })
  .meta({ id: 'Package' });
export type Package = z.infer<typeof packageSchema>;

export const exportLineItemSchema = z
  .object({
    reference: z.string().optional(),
    productId: z.string().optional(),
    description: z.string(),
    originCountry: z.string(),
    commodityCode: z
      .string()
      .optional()
      .meta({ description: 'The HS code: 6 to 10 digits (required for commercial goods through customs).' }),
    quantity: decimal,
    unitPrice: decimal,
    unitWeight: decimal,
  })
  .meta({ id: 'ExportLineItem' });
export type ExportLineItem = z.infer<typeof exportLineItemSchema>;

export const exportDeclarationSchema = z
  .object({
    exportReasonType: z.enum(EXPORT_REASON_TYPES),
    invoiceDate: z.string(),
    invoiceReference: z.string(),
    invoiceFreight: z.number().optional(),
    shipmentPurpose: z.enum(SHIPMENT_PURPOSES),
    exporterEori: z.string().optional().meta({
      description:
        'The exporter’s EORI (an extension): asked for commercial goods leaving the EU, unless shipFrom.taxIdentification is one.',
    }),
    iossNumber: z
      .string()
      .optional()
      .meta({ description: 'The seller’s IOSS number (an extension): asked for commercial goods of up to 150 EUR sold into the EU.' }),
    lineItems: z.array(exportLineItemSchema),
  })
  .meta({ id: 'ExportDeclaration' });
export type ExportDeclaration = z.infer<typeof exportDeclarationSchema>;

export const moneySchema = z.object({ amount: z.number(), currency: z.string() }).meta({ id: 'Money' });
export type Money = z.infer<typeof moneySchema>;

/** The members a shipment has both in a request (once normalised) and in an answer. */
const shipmentMembers = {
  shipFrom: addressSchema,
  collectionLocation: addressSchema.nullable().optional(),
  shipTo: addressSchema,
  packages: z.array(packageSchema),
  goodsDescription: z.string().nullable(),
  insuranceDescription: z.string().nullable(),
  insuranceValue: z.string().nullable(),
  customerReference: z.string().optional(),
  specialInstructions: z.string().optional(),
  confirmationEmail: z.string().optional(),
  booking: z.boolean(),
  documentsOnly: z.boolean().optional(),
  incoTerms: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  exportDeclaration: exportDeclarationSchema.nullable().optional(),
  services: shipmentServicesSchema.optional(),
};

/** A shipment's attributes once validated: what the station stores, and what the desk sends. */
export const shipmentAttributesSchema = z.object({
  shipDate: z.string().optional(),
  invoiceSubtotal: z.object({ amount: z.string(), currency: z.string() }).nullable().optional(),
  ...shipmentMembers,
});
export type ShipmentAttributes = z.infer<typeof shipmentAttributesSchema>;

/**
 * Shipment attributes as answered: the request's, normalised, with the ship date always set. Documents-only
 * shipments answer `""` insurance members and an `invoiceSubtotal.amount` of the number 0, as upstream does.
 */
export const shipmentResponseAttributesSchema = z
  .object({
    shipDate: z.string().meta({ description: 'YYYY-MM-DD.' }),
    invoiceSubtotal: z
      .object({ amount: z.union([z.string(), z.number()]), currency: z.string() })
      .nullable()
      .optional(),
    ...shipmentMembers,
  })
  .meta({ id: 'ShipmentAttributes' });
export type ShipmentResponseAttributes = z.infer<typeof shipmentResponseAttributesSchema>;

/** The largest documents-only package (field-rules.md): 30 × 21 × 15 cm and 2.5 kg. */
export const DOCUMENTS_MAX = { dimensionsCm: [30, 21, 15], weightKg: 2.5 } as const;

/** Above this weight no service carries a package. */
export const MAX_PACKAGE_WEIGHT_KG = 1000;
