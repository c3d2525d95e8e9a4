// `data.attributes` of a shipment request, member by member, as the field rules read them (spec section 2,
// field-rules.md): parcels, the export declaration and the shipment's own members, with their counts; and the
// defaults applied to what passed. The rules that tie members together are cross-field.ts.
import { z } from 'zod';
import { isEori, isIoss } from '../customs.ts';
import { component, said } from '../json-schema-words.ts';
import { EXPORT_REASON_TYPES, PACKAGE_TYPES, SHIPMENT_PURPOSES, type ShipmentAttributes } from '../shipment.ts';
import { makeAddressSchema } from './addresses.ts';
import { normalisePackageOptions, normaliseServices, packageOptionRules, servicesRule } from './services.ts';
import {
  code,
  commodityCode,
  country,
  email,
  flag,
  incoTerms,
  isoDate,
  measure,
  money,
  nullableText,
  optional,
  optionalText,
  positiveMoney,
  quantity,
  requiredText,
  textInput,
  units,
} from './fields.ts';

/** Carriers take at most 99 pieces per shipment; more is a data error, not a shipment. */
export const MAX_PACKAGES = 99;
export const MAX_LINE_ITEMS = 999;

const packageSchema = z.object({
  weight: z.object({ value: measure, units }),
  dimensions: z.object({ length: measure, width: measure, height: measure, units }),
  type: code(PACKAGE_TYPES),
  irregular: optional(flag),
  ...packageOptionRules,
});

const exportDeclarationSchema = z.object({
  exportReasonType: code(EXPORT_REASON_TYPES),
  invoiceDate: isoDate,
  invoiceReference: requiredText(35),
  invoiceFreight: optional(money.transform(Number)),
  shipmentPurpose: code(SHIPMENT_PURPOSES),
  /** The exporter's EORI, for commercial goods leaving the EU (else an EORI-shaped shipFrom.taxIdentification serves). */
  exporterEori: optional(
    said(
      textInput.pipe(
        z
          .string()
          .transform((value) => value.toUpperCase().replace(/\s/g, ''))
          .refine(isEori),
      ),
      { type: 'string', pattern: '^\\s*(?:[A-Za-z]\\s*){2}(?:[A-Za-z0-9]\\s*){1,15}$' },
    ),
  ),
  /** The seller's IOSS number, for low-value commercial goods sold into the EU. */
  iossNumber: optional(
    said(
      textInput.pipe(
        z
          .string()
          .transform((value) => value.toUpperCase().replace(/\s/g, ''))
          .refine(isIoss),
      ),
      { type: 'string', pattern: '^\\s*[Ii]\\s*[Mm]\\s*(?:[0-9]\\s*){10}$' },
    ),
  ),
  lineItems: z
    .array(
      z.object({
        reference: optionalText(35),
        productId: optionalText(35),
        description: requiredText(75),
        originCountry: country,
        commodityCode: optional(commodityCode),
        quantity,
        unitPrice: money,
        unitWeight: measure,
      }),
    )
    .min(1)
    .max(MAX_LINE_ITEMS),
});

/**
 * The shipment's members, each as it is read; the rules that tie them together (checkCrossFieldRules) are the
 * description's ShipmentRules, which src-main/api/openapi/request-schemas.ts writes out beside it.
 */
const shipmentMembers = z.object({
  shipDate: optional(isoDate),
  shipFrom: makeAddressSchema(true),
  collectionLocation: makeAddressSchema(false).nullable().optional(),
  shipTo: makeAddressSchema(false, true),
  packages: optional(z.array(packageSchema).max(MAX_PACKAGES)),
  goodsDescription: nullableText(255),
  insuranceDescription: nullableText(255),
  insuranceValue: z
    .union([z.literal(''), positiveMoney])
    .nullable()
    .optional(),
  customerReference: optionalText(50),
  specialInstructions: optionalText(255),
  confirmationEmail: optional(z.union([z.literal(''), email])),
  invoiceSubtotal: z
    .object({ amount: money, currency: code(['EUR']) })
    .nullable()
    .optional(),
  booking: optional(flag),
  documentsOnly: optional(flag),
  incoTerms: optional(incoTerms),
  exportDeclaration: exportDeclarationSchema.nullable().optional(),
  services: servicesRule,
});
export const shipmentRequestSchema = said(shipmentMembers, (rendered) => ({ ...rendered, allOf: [component('ShipmentRules')] }));

type ParsedAttributes = z.infer<typeof shipmentRequestSchema>;

/** Drops empty optional values and applies the defaults of field-rules.md. */
export function normaliseAttributes(input: ParsedAttributes): ShipmentAttributes {
  const documentsOnly = input.documentsOnly === true;
  const blankToNull = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : value);
  const attributes: ShipmentAttributes = {
    shipFrom: input.shipFrom,
    shipTo: input.shipTo,
    packages: (input.packages ?? []).map(({ dangerousGoods, lithiumBatteries, dryIceKg, ...pkg }) => ({
      ...pkg,
      ...normalisePackageOptions({ dangerousGoods, lithiumBatteries, dryIceKg }),
    })) as ShipmentAttributes['packages'],
    goodsDescription: documentsOnly ? 'DOCUMENTS' : blankToNull(input.goodsDescription),
    // The insurance may be said in services.insurance instead of the spec's members (both agree, checkCrossFieldRules).
    insuranceDescription: documentsOnly
      ? null
      : (blankToNull(input.insuranceDescription) ?? input.services?.insurance?.description ?? null),
    insuranceValue: documentsOnly ? null : (blankToNull(input.insuranceValue) ?? input.services?.insurance?.value ?? null),
    booking: input.booking ?? true,
  };
  if (input.shipDate !== undefined) attributes.shipDate = input.shipDate;
  if (input.collectionLocation !== undefined)
    attributes.collectionLocation = input.collectionLocation as ShipmentAttributes['collectionLocation'];
  if (input.customerReference !== undefined) attributes.customerReference = input.customerReference;
  if (input.specialInstructions !== undefined) attributes.specialInstructions = input.specialInstructions;
  if (input.confirmationEmail !== undefined) attributes.confirmationEmail = input.confirmationEmail;
  if (input.invoiceSubtotal !== undefined) attributes.invoiceSubtotal = input.invoiceSubtotal;
  if (input.documentsOnly !== undefined) attributes.documentsOnly = input.documentsOnly;
  if (input.incoTerms !== undefined) attributes.incoTerms = input.incoTerms;
  if (input.exportDeclaration !== undefined)
    attributes.exportDeclaration = input.exportDeclaration as ShipmentAttributes['exportDeclaration'];
  const insured =
    attributes.insuranceValue === null || attributes.insuranceDescription === null
      ? null
      : { value: attributes.insuranceValue, description: attributes.insuranceDescription };
  const services = normaliseServices(input.services, insured);
  if (services !== undefined) attributes.services = services;
  return attributes;
}
