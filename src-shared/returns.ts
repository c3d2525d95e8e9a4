// A return label for a shipment that was sent: the request (why, which packages, how it is made and printed) and
// the return shipment itself, the original's addresses swapped and its customs data reversed with the reason
// RETURN. Shared by the station, which makes it, and the desk, which shows what it will be before it is made.
import { z } from 'zod';
import { jsonPointer, type ErrorObject } from './jsonapi.ts';
import type { ExportDeclaration, Package, ShipmentAttributes } from './shipment.ts';
import { FLAG, anyCase, said } from './json-schema-words.ts';
import { Violations, asFlag } from './shipment-validation.ts';

/** Why a parcel comes back: a short list for reports, and free words in the note. */
export const RETURN_REASONS = [
  'DAMAGED',
  'WRONG_ITEM',
  'NOT_AS_DESCRIBED',
  'NO_LONGER_NEEDED',
  'SIZE_OR_FIT',
  'ARRIVED_LATE',
  'OTHER',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export interface ReturnRequest {
  reason: ReturnReason;
  note?: string;
  /** The original's packages that come back, by index; all of them when absent. */
  packages?: number[];
  /** Print the return label now, in one job with the outbound label when that has not been printed yet: it goes in the box. */
  printWithOutbound: boolean;
  /** Paid only once the carrier scans it first, where the rate card offers it. */
  payOnUse: boolean;
  service: 'economy' | 'express';
  carrierChoice?: string;
  scheduledProcessing: boolean;
}

const flag = said(
  z
    .unknown()
    .optional()
    .transform((value, context) => {
      const parsed = value === undefined || value === null ? false : asFlag(value);
      if (parsed === undefined) context.addIssue({ code: 'custom', message: 'a boolean' });
      return parsed ?? false;
    }),
  { anyOf: [FLAG, { type: 'null' }] },
);

export const returnRequestSchema = z.object({
  data: z.object({
    type: z.literal('return'),
    attributes: z.object({
      reason: said(
        z
          .string()
          .trim()
          .transform((value) => value.toUpperCase())
          .pipe(z.enum(RETURN_REASONS)),
        { type: 'string', pattern: anyCase(RETURN_REASONS) },
      ),
      note: z
        .string()
        .trim()
        .max(255)
        .nullish()
        .transform((value) => value || undefined),
      packages: z
        .array(
          z.union([
            z.number().int().nonnegative(),
            z
              .string()
              .regex(/^[0-9]+$/)
              .transform(Number),
          ]),
        )
        .min(1)
        .nullish()
        .transform((value) => value ?? undefined),
      printWithOutbound: flag,
      payOnUse: flag,
    }),
    meta: z
      .object({
        service: said(
          z
            .string()
            .trim()
            .toLowerCase()
            .pipe(z.enum(['economy', 'express']))
            .nullish(),
          { anyOf: [{ type: 'string', pattern: anyCase(['economy', 'express']) }, { type: 'null' }] },
        ),
        carrierChoice: z.string().trim().toUpperCase().nullish(),
        scheduledProcessing: flag,
      })
      .nullish(),
  }),
});

const EXPECTED: Record<string, string> = {
  '/data/type': '"return"',
  '/data/attributes/reason': `one of ${RETURN_REASONS.join(', ')}`,
  '/data/attributes/note': 'the reason in words, at most 255 characters',
  '/data/attributes/packages': 'the indexes of the packages that come back, such as [0] (all of them when absent)',
  '/data/attributes/printWithOutbound': 'true or false',
  '/data/attributes/payOnUse': 'true or false',
  '/data/meta/service': 'economy (the default) or express',
  '/data/meta/scheduledProcessing': 'true or false (false, the default, makes the label during the call)',
};

/** A return request, read liberally: reason codes in any case, numbers as text, null for absent. */
export function validateReturnRequest(document: unknown): { ok: true; value: ReturnRequest } | { ok: false; errors: ErrorObject[] } {
  const parsed = returnRequestSchema.safeParse(document);
  if (!parsed.success) {
    // Each field refused once, in the spec's words, with what it takes and what came (the shipment rules' collector).
    const violations = new Violations(document);
    for (const issue of parsed.error.issues) {
      const path =
        issue.path.length > 0 ? issue.path.slice(0, 3).map((part) => (typeof part === 'symbol' ? String(part) : part)) : ['data'];
      violations.invalid(path, EXPECTED[jsonPointer(path)] ?? 'a return request {"data": {"type": "return", "attributes": {"reason": …}}}');
    }
    return { ok: false, errors: violations.errors };
  }
  const { attributes, meta } = parsed.data.data;
  const value: ReturnRequest = {
    reason: attributes.reason,
    printWithOutbound: attributes.printWithOutbound,
    payOnUse: attributes.payOnUse,
    service: meta?.service ?? 'economy',
    scheduledProcessing: meta?.scheduledProcessing === true,
  };
  if (attributes.note) value.note = attributes.note;
  if (attributes.packages) value.packages = [...new Set(attributes.packages)];
  if (meta?.carrierChoice) value.carrierChoice = meta.carrierChoice;
  return { ok: true, value };
}

/** The original's customs data reversed: the same goods, coming back for the reason RETURN. */
function reversedDeclaration(declaration: ExportDeclaration): ExportDeclaration {
  const { exporterEori: _eori, iossNumber: _ioss, ...rest } = declaration;
  return { ...rest, exportReasonType: 'RETURN', lineItems: declaration.lineItems.map((item) => ({ ...item })) };
}

/**
 * A package as it comes back: the same goods, so the same lithium batteries and dangerous goods declared, but no dry
 * ice (the refrigerant is spent; a customer does not repack with it).
 */
function returnedPackage(pkg: Package): Package {
  const { dryIceKg: _spent, ...returned } = pkg;
  return returned;
}

/**
 * The return shipment of `original`: from its receiver back to its sender, with the packages that come back, no
 * collection booking (the customer hands it in), no insurance, none of its special services (no cash to collect, no
 * signature), and its customs data reversed. The receiver's email
 * is the sender's where the receiver has none, as a sender needs one. `returnTo`: where the original's site takes its
 * returns, when that is not the address it shipped from.
 */
export function returnAttributes(
  original: ShipmentAttributes,
  packages: readonly number[] | undefined,
  returnTo?: ShipmentAttributes['shipTo'],
): ShipmentAttributes {
  const customer = original.shipTo;
  const shop = returnTo ?? original.shipFrom;
  const attributes: ShipmentAttributes = {
    shipFrom: { ...customer, email: customer.email || shop.email },
    shipTo: { ...shop },
    packages: (packages ? packages.map((index) => original.packages[index]!) : original.packages).map(returnedPackage),
    goodsDescription: original.goodsDescription === null ? null : `Return: ${original.goodsDescription}`.slice(0, 255),
    insuranceDescription: null,
    insuranceValue: null,
    booking: false,
  };
  if (original.customerReference) attributes.customerReference = `RETURN ${original.customerReference}`.slice(0, 50);
  if (original.confirmationEmail) attributes.confirmationEmail = original.confirmationEmail;
  if (original.invoiceSubtotal) attributes.invoiceSubtotal = { ...original.invoiceSubtotal };
  if (original.documentsOnly !== undefined) attributes.documentsOnly = original.documentsOnly;
  if (original.incoTerms !== undefined) attributes.incoTerms = original.incoTerms;
  if (original.exportDeclaration) attributes.exportDeclaration = reversedDeclaration(original.exportDeclaration);
  return attributes;
}
