// The rules of spec section 2 and field-rules.md for a shipment request, shared by the station and the desk UI.
// zod checks each field's shape; the rules that tie fields together follow in a second pass over the raw input.
// Every violation is reported at once, in the words of spec section 7, with its JSON pointer.
import { isCalendarDate } from './calendar.ts';
import { z } from 'zod';
import { COUNTRY_CODES, STATE_REQUIRED, isCountryCode } from './countries.ts';
import { IOSS_LIMIT_CENTS, customsRoute, isEori, isHsCode, isIoss, type CustomsRoute } from './customs.ts';
import { STATE_CODES, checkPhone, checkUsPhone, isWrittenPhone, phoneAsDigits, receiverWarnings, type LikelyWrongWarning } from './address-checks.ts';
import { checkPostalCode } from './postal-codes.ts';
import { ERROR_TEXT, errorObject } from './errors.ts';
import { apiReason } from './field-expectations.ts';
import { unknownMember, unknownMembers, type UnknownMemberWarning } from './unknown-members.ts';
import { CALENDAR_DATE, FLAG, MEASURE_TEXT, MONEY_TEXT, POSITIVE_MONEY_TEXT, anyCase, codesAnyCase, component, entryText, listSaid, said, textInput as textSaid } from './json-schema-words.ts';
import { parseRateId } from './rates.ts';
import { jsonPointer, type ErrorObject } from './jsonapi.ts';
import { MONEY_MAX_CENTS, formatCents, multiplyCents, parseCents } from './money.ts';
import {
  DOCUMENTS_MAX,
  EXPORT_REASON_TYPES,
  PACKAGE_TYPES,
  SERVICES,
  SHIPMENT_PURPOSES,
  type ServiceLevel,
  type ShipmentAttributes,
} from './shipment.ts';

export type Operation = 'save' | 'rate' | 'confirm' | 'create';

/** A failure lists its errors; `expected` holds, by pointer, a rule's own words where the field's table has none (the desk shows them). */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: ErrorObject[]; expected?: Record<string, string> };

type Path = readonly (string | number)[];

/** Carriers take at most 99 pieces per shipment; more is a data error, not a shipment. */
export const MAX_PACKAGES = 99;
export const MAX_LINE_ITEMS = 999;

const DECIMAL = /^\d+(\.\d+)?$/;

// Be liberal in what is accepted: clients written in PHP or Python send null for an optional member they leave
// empty, numbers as strings and strings as numbers. Every value is normalised to the one type answered.

/** An optional member: null means absent, as if it were not sent. */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** Text, given as a string or (e.g. an order number) as a JSON number; kept trimmed. */
const textInput = z.union([z.string(), z.number().finite()]).transform((value) => String(value).trim());
const requiredText = (max: number) => said(textInput.pipe(z.string().min(1).max(max)), textSaid(max, true));
const optionalText = (max: number) => optional(said(textInput.pipe(z.string().max(max)), textSaid(max, false)));

/** A decimal given as a string with "." or as a JSON number (kept to six decimals, a milligram), kept as its decimal string. */
const decimal = z
  .union([z.string().trim(), z.number().finite().nonnegative()])
  .transform((value) => (typeof value === 'number' ? String(Number(value.toFixed(6))) : value))
  .refine((value) => DECIMAL.test(value));

/** The largest weight (kg) or length (cm) the station reads: far above any carrier's limit, far below overflow. */
export const MEASURE_MAX = 100_000;
/** A weight or a length: above zero, at most MEASURE_MAX; how heavy or long a carrier takes is the carrier's rule. */
const measure = said(
  decimal.refine((value) => value.length <= 16 && Number(value) > 0 && Number(value) <= MEASURE_MAX),
  { anyOf: [{ type: 'string', maxLength: 16, pattern: MEASURE_TEXT }, { type: 'number', minimum: 0.000001, maximum: MEASURE_MAX }] },
);

/**
 * An amount of money, at most two decimals and within MONEY_MAX_CENTS, kept as its decimal string. A JSON number
 * that floating point put a hair off a whole cent (64.50000000000001, as PHP and Python sums make them) is taken
 * at that cent.
 */
const moneyRule = z
  .union([z.string().trim(), z.number().finite().nonnegative()])
  .transform((value, context) => {
    if (typeof value === 'string' || parseCents(String(value)) !== undefined) return String(value);
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) > 1e-6) context.addIssue({ code: 'custom', message: 'more than two decimals' });
    return formatCents(cents);
  })
  .refine((value) => parseCents(value) !== undefined);
const MONEY_NUMBER = { type: 'number', minimum: 0, maximum: MONEY_MAX_CENTS / 100, multipleOf: 0.01 };
const money = said(moneyRule, { anyOf: [{ type: 'string', pattern: MONEY_TEXT }, MONEY_NUMBER] });
const positiveMoney = said(moneyRule.refine((value) => parseCents(value)! > 0), { anyOf: [{ type: 'string', pattern: POSITIVE_MONEY_TEXT }, { ...MONEY_NUMBER, minimum: 0.01 }] });

/** true/false, and the spellings form-minded clients send: "true"/"false", 1/0, "1"/"0". */
export function asFlag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}
const flag = said(
  z.unknown().transform((value, context) => {
    const parsed = asFlag(value);
    if (parsed === undefined) context.addIssue({ code: 'custom', message: 'a boolean' });
    return parsed ?? false;
  }),
  FLAG,
);

const units = z.union([z.literal('1'), z.literal(1)]).transform(() => '1' as const);
const isoDate = said(z.string().trim().refine(isCalendarDate), { type: 'string', pattern: CALENDAR_DATE });
/** A country code in any case: the description's CountryCode lists them (src-main/api/openapi/request-schemas.ts). */
const country = said(
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode),
  component('CountryCode'),
);
const email = said(z.string().trim().max(50).pipe(z.email()), { type: 'string', maxLength: 50, pattern: `^\\s*(?:${z.regexes.email.source.replace(/^\^|\$$/g, '')})\\s*$` });
const digitsText = z.union([z.string(), z.number().int().nonnegative()]).transform((value) => String(value).trim());
/** A phone as people write it ("(212) 736-3100"); kept with digits, spaces and a plus (canonicalAddress). */
const phone = said(digitsText.refine(isWrittenPhone), {
  anyOf: [{ type: 'string', pattern: '^(?=(?:[^0-9]*[0-9]){0,25}[^0-9]*$)\\s*\\+?[0-9 ().\\/-]*\\s*$' }, { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }],
});
/** One of a few codes, matched without regard to case. */
const code = <const T extends readonly [string, ...string[]]>(values: T) =>
  said(z.string().trim().transform((value) => value.toUpperCase()).pipe(z.enum(values)), { type: 'string', pattern: anyCase(values) });
/** Incoterms 1 (DDP), 2 (DAP) or 3 (EXW), as a number or its text. */
const incoTerms = z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])]).transform((value) => Number(value) as 1 | 2 | 3);
/** A customs commodity (HS) code: letters, digits, spaces, dots or dashes, as carriers print them. */
const commodityCode = said(textInput.pipe(z.string().regex(/^[A-Za-z0-9 .\-]{0,20}$/)), {
  anyOf: [{ type: 'string', pattern: '^\\s*[A-Za-z0-9 .\\-]{0,20}\\s*$' }, { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }],
});

/**
 * An address as the station keeps it: its postal code written as the country writes it, state codes in capitals,
 * and a receiver's phone (and a US sender's) as E.164 digits; any other phone without its dashes, dots and brackets.
 * A value the checks refuse is left as given: checkAddressRules reports it.
 */
function canonicalAddress<T extends { country: string; postalCode: string; state?: string | undefined; phone?: string | undefined }>(address: T, receiver: boolean): T {
  const postal = checkPostalCode(address.country, address.postalCode);
  const written = { ...address, postalCode: postal.ok ? postal.postalCode : address.postalCode };
  if (address.state !== undefined && STATE_CODES[address.country]) written.state = address.state.toUpperCase();
  if (address.phone) {
    const phone = address.country === 'US' ? checkUsPhone(address.phone) : receiver ? checkPhone(address.country, address.phone) : undefined;
    written.phone = phone?.ok ? phone.phone : phoneAsDigits(address.phone);
  }
  return written;
}

function addressSchema(emailRequired: boolean, receiver = false) {
  const schema = z.object({
    name: requiredText(35),
    address1: requiredText(30),
    address2: optionalText(30),
    city: requiredText(30),
    postalCode: requiredText(30),
    state: optionalText(20),
    country,
    contact: requiredText(35),
    phone: optional(phone),
    email: emailRequired ? email : optional(z.union([z.literal(''), email])),
    taxIdentification: optionalText(45),
    isResidential: optional(flag),
  }).transform((address) => canonicalAddress(address, receiver));
  // The postal code in the country's format, and its state where the country needs one (checkAddressRules).
  return said(schema, (rendered) => ({ ...rendered, allOf: [component('AddressRules')] }));
}

const packageSchema = z.object({
  weight: z.object({ value: measure, units }),
  dimensions: z.object({ length: measure, width: measure, height: measure, units }),
  type: code(PACKAGE_TYPES),
  irregular: optional(flag),
});

/** A count of pieces: 1 to 9,999,999, as a number or its text. */
const quantity = said(digitsText.refine((value) => /^[1-9][0-9]{0,6}$/.test(value)), {
  anyOf: [{ type: 'string', pattern: '^\\s*[1-9][0-9]{0,6}\\s*$' }, { type: 'integer', minimum: 1, maximum: 9_999_999 }],
});

const exportDeclarationSchema = z.object({
  exportReasonType: code(EXPORT_REASON_TYPES),
  invoiceDate: isoDate,
  invoiceReference: requiredText(35),
  invoiceFreight: optional(money.transform(Number)),
  shipmentPurpose: code(SHIPMENT_PURPOSES),
  /** The exporter's EORI, for commercial goods leaving the EU (else an EORI-shaped shipFrom.taxIdentification serves). */
  exporterEori: optional(said(textInput.pipe(z.string().transform((value) => value.toUpperCase().replace(/\s/g, '')).refine(isEori)), { type: 'string', pattern: '^\\s*(?:[A-Za-z]\\s*){2}(?:[A-Za-z0-9]\\s*){1,15}$' })),
  /** The seller's IOSS number, for low-value commercial goods sold into the EU. */
  iossNumber: optional(said(textInput.pipe(z.string().transform((value) => value.toUpperCase().replace(/\s/g, '')).refine(isIoss)), { type: 'string', pattern: '^\\s*[Ii]\\s*[Mm]\\s*(?:[0-9]\\s*){10}$' })),
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

const nullableText = (max: number) => textInput.pipe(z.string().max(max)).nullable().optional();

/**
 * The shipment's members, each as it is read; the rules that tie them together (checkCrossFieldRules) are the
 * description's ShipmentRules, which src-main/api/openapi/request-schemas.ts writes out beside it.
 */
const shipmentMembers = z.object({
  shipDate: optional(isoDate),
  shipFrom: addressSchema(true),
  collectionLocation: addressSchema(false).nullable().optional(),
  shipTo: addressSchema(false, true),
  packages: optional(z.array(packageSchema).max(MAX_PACKAGES)),
  goodsDescription: nullableText(255),
  insuranceDescription: nullableText(255),
  insuranceValue: z.union([z.literal(''), positiveMoney]).nullable().optional(),
  customerReference: optionalText(50),
  specialInstructions: optionalText(255),
  confirmationEmail: optional(z.union([z.literal(''), email])),
  invoiceSubtotal: z.object({ amount: money, currency: code(['EUR']) }).nullable().optional(),
  booking: optional(flag),
  documentsOnly: optional(flag),
  incoTerms: optional(incoTerms),
  exportDeclaration: exportDeclarationSchema.nullable().optional(),
});
export const shipmentRequestSchema = said(shipmentMembers, (rendered) => ({ ...rendered, allOf: [component('ShipmentRules')] }));

function valueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Collects violations, one per field, in the spec's words. */
export class Violations {
  private readonly byPath = new Map<string, ErrorObject>();
  /** What a rule said the field expects, by pointer, where the caller gave its own words. */
  readonly expectedByPointer: Record<string, string> = {};
  private readonly document: unknown;

  constructor(document: unknown) {
    this.document = document;
  }

  /** `expected`: what the field takes, when the table of field-expectations.ts does not know (this station's codes). */
  missing(path: Path, expected?: string): void {
    this.add(path, ERROR_TEXT.missingRequiredData(path.join('.')), true, expected);
  }

  invalid(path: Path, expected?: string): void {
    this.add(path, ERROR_TEXT.invalidData(path.join('.')), false, expected);
  }

  /** Missing when nothing is there, invalid otherwise. */
  fault(path: Path, expected?: string): void {
    if (isAbsent(valueAt(this.document, path))) this.missing(path, expected);
    else this.invalid(path, expected);
  }

  get errors(): ErrorObject[] {
    return [...this.byPath.values()];
  }

  private add(path: Path, detail: string, missing: boolean, expected: string | undefined): void {
    const key = path.join('.');
    // A field is reported once; the first rule that fails it wins.
    if (this.byPath.has(key)) return;
    const pointer = jsonPointer(path);
    // The spec's detail word for word; what would pass, in meta.
    const error = errorObject(missing ? 'field.missing' : 'field.invalid', detail, pointer);
    error.meta = { reason: apiReason(pointer, missing, valueAt(this.document, path), expected) };
    if (expected) this.expectedByPointer[pointer] = expected;
    this.byPath.set(key, error);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shipment of a request document (`data.type`, `data.attributes`) checked for one operation. */
export function validateShipmentDocument(document: unknown, operation: Operation): Validation<ShipmentAttributes> {
  const violations = new Violations(document);
  const data = valueAt(document, ['data']);
  if (!isObject(data)) {
    violations.fault(['data']);
    return { ok: false, errors: violations.errors };
  }
  if (data.type !== 'shipment') violations.fault(['data', 'type']);
  const attributes = data.attributes;
  if (!isObject(attributes)) {
    violations.fault(['data', 'attributes']);
    return { ok: false, errors: violations.errors };
  }

  const base = ['data', 'attributes'] as const;
  const parsed = shipmentRequestSchema.safeParse(attributes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) violations.fault([...base, ...(issue.path as (string | number)[])]);
  }
  checkCrossFieldRules(attributes, operation, violations);

  if (!parsed.success || violations.errors.length > 0) return { ok: false, errors: violations.errors, expected: violations.expectedByPointer };
  return { ok: true, value: normalise(parsed.data) };
}

/** The members `data.meta` is read for, by operation: any other is unknown. */
const META_MEMBERS: Record<Operation, readonly string[]> = {
  save: ['orderNumber'],
  rate: [],
  confirm: ['rate', 'orderNumber'],
  create: ['service', 'carrierChoice', 'scheduledProcessing', 'orderNumber'],
};
const DATA_MEMBERS = ['type', 'id', 'attributes', 'meta', 'links', 'relationships'];

/** What the answer's meta.warnings holds: members nothing reads, and fields that are likely wrong. */
export type RequestWarning = UnknownMemberWarning | LikelyWrongWarning;

/** The members of a shipment request the station does not read, and the receiver's likely errors, for the answer's meta.warnings. */
export function shipmentRequestWarnings(document: unknown, operation: Operation): RequestWarning[] {
  const data = valueAt(document, ['data']);
  if (!isObject(data)) return [];
  const warnings: RequestWarning[] = Object.keys(data).filter((name) => !DATA_MEMBERS.includes(name)).map((name) => unknownMember(['data', name]));
  if (isObject(data.attributes)) {
    warnings.push(...unknownMembers(data.attributes, shipmentRequestSchema, ['data', 'attributes']));
    warnings.push(...receiverWarnings(data.attributes.shipTo, ['data', 'attributes', 'shipTo']));
    warnings.push(...commodityCodeWarnings(data.attributes));
  }
  if (isObject(data.meta)) {
    const known = META_MEMBERS[operation];
    warnings.push(...Object.keys(data.meta).filter((name) => !known.includes(name)).map((name) => unknownMember(['data', 'meta', name])));
  }
  return warnings;
}

/**
 * Through customs, a commodity code that is not an HS code (6 to 10 digits) on personal goods, which need none and
 * are taken with it (the upstream's own sample sends COM01): customs may still ask, so it is said, not refused.
 */
function commodityCodeWarnings(attributes: Record<string, unknown>): LikelyWrongWarning[] {
  const declaration = attributes.exportDeclaration;
  if (!isObject(declaration) || !Array.isArray(declaration.lineItems) || !isObject(attributes.shipFrom) || !isObject(attributes.shipTo)) return [];
  const { shipFrom, shipTo } = attributes;
  if (typeof shipFrom.country !== 'string' || typeof shipTo.country !== 'string') return [];
  const route = customsRoute({ country: shipFrom.country, postalCode: postalCodeOf(shipFrom) }, { country: shipTo.country, postalCode: postalCodeOf(shipTo) });
  if (!route.needed) return [];
  return declaration.lineItems.flatMap((item, index) => {
    const code = isObject(item) && (typeof item.commodityCode === 'string' || typeof item.commodityCode === 'number') ? String(item.commodityCode).trim() : '';
    if (code === '' || isHsCode(code)) return [];
    return [{ code: 'likelyWrong' as const, pointer: jsonPointer(['data', 'attributes', 'exportDeclaration', 'lineItems', index, 'commodityCode']), detail: `${code} is not an HS code of 6 to 10 digits (such as 691200): ${route.why}, and customs may hold the parcel to classify it.` }];
  });
}

/**
 * The rules of an address that tie its fields to its country: a postal code of the country's format, a state where
 * the country needs one (and one that exists, where the station knows them all), a US phone of the North American
 * plan, and a receiver's phone that can be dialled there: each read as people write it, "(212) 736-3100".
 */
export function checkAddressRules(address: unknown, path: Path, violations: Violations, receiver = false): void {
  if (!isObject(address)) return;
  const code = typeof address.country === 'string' ? address.country.trim().toUpperCase() : undefined;
  if (!code || !isCountryCode(code)) return;
  const postalCode = address.postalCode;
  if ((typeof postalCode === 'string' && postalCode.trim() !== '' && postalCode.length <= 30) || typeof postalCode === 'number') {
    const checked = checkPostalCode(code, postalCode);
    if (!checked.ok) violations.invalid([...path, 'postalCode'], checked.expected);
  }
  if (STATE_REQUIRED.has(code) && isAbsent(address.state)) violations.missing([...path, 'state']);
  const states = STATE_CODES[code];
  if (states && typeof address.state === 'string' && address.state.trim() !== '' && !states.codes.has(address.state.trim().toUpperCase())) {
    violations.invalid([...path, 'state'], states.expected);
  }
  const given = isAbsent(address.phone) ? '' : String(address.phone);
  // A phone written with letters is refused by its format rule, which says what one is.
  if (given.replace(/\D/g, '') === '' || !isWrittenPhone(given)) return;
  const checked = code === 'US' ? checkUsPhone(given) : receiver ? checkPhone(code, given) : undefined;
  if (checked && !checked.ok) violations.invalid([...path, 'phone'], checked.expected);
}

function checkCrossFieldRules(attributes: Record<string, unknown>, operation: Operation, violations: Violations): void {
  const at = (...path: (string | number)[]) => ['data', 'attributes', ...path];
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : undefined);
  const documentsOnly = asFlag(attributes.documentsOnly) === true;

  for (const role of ['shipFrom', 'shipTo', 'collectionLocation'] as const) checkAddressRules(attributes[role], at(role), violations, role === 'shipTo');

  const packages = attributes.packages;
  if (operation !== 'save' && (!Array.isArray(packages) || packages.length === 0)) {
    if (Array.isArray(packages)) violations.invalid(at('packages'));
    else violations.missing(at('packages'));
  }

  if (!documentsOnly) {
    if (isAbsent(attributes.goodsDescription)) violations.missing(at('goodsDescription'));
    if (isAbsent(attributes.invoiceSubtotal)) violations.missing(at('invoiceSubtotal'));
    const hasDescription = !isAbsent(attributes.insuranceDescription);
    const hasValue = !isAbsent(attributes.insuranceValue);
    if (hasDescription && !hasValue) violations.missing(at('insuranceValue'));
    if (hasValue && !hasDescription) violations.missing(at('insuranceDescription'));
  }

  const declaration = attributes.exportDeclaration;
  const lineItems = isObject(declaration) && Array.isArray(declaration.lineItems) ? declaration.lineItems : [];
  lineItems.forEach((item, index) => {
    if (!isObject(item)) return;
    const price = typeof item.unitPrice === 'number' ? Math.round(item.unitPrice * 100) : typeof item.unitPrice === 'string' ? parseCents(item.unitPrice.trim()) : undefined;
    const quantity = Number(item.quantity);
    if (price !== undefined && Number.isSafeInteger(quantity) && quantity > 0 && multiplyCents(price, quantity) === undefined) {
      violations.invalid(at('exportDeclaration', 'lineItems', index, 'unitPrice'));
    }
  });

  const from = isObject(attributes.shipFrom) ? text(attributes.shipFrom.country) : undefined;
  const to = isObject(attributes.shipTo) ? text(attributes.shipTo.country) : undefined;
  if (!from || !to || !isCountryCode(from) || !isCountryCode(to)) return;
  const route = customsRoute({ country: from, postalCode: postalCodeOf(attributes.shipFrom) }, { country: to, postalCode: postalCodeOf(attributes.shipTo) });
  const customs = route.needed;

  if (documentsOnly) {
    if (!customs) violations.invalid(at('documentsOnly'));
    if (Array.isArray(packages)) {
      packages.forEach((pkg, index) => {
        if (!isObject(pkg)) return;
        const weight = Number(valueAt(pkg, ['weight', 'value']));
        if (weight > DOCUMENTS_MAX.weightKg) violations.invalid(at('packages', index, 'weight', 'value'));
        const sides = ['length', 'width', 'height'].map((side) => Number(valueAt(pkg, ['dimensions', side])));
        if (sides.every(Number.isFinite)) {
          const sorted = [...sides].sort((a, b) => b - a);
          if (sorted.some((side, i) => side > DOCUMENTS_MAX.dimensionsCm[i]!)) violations.invalid(at('packages', index, 'dimensions'));
        }
      });
    }
  } else if (customs && isAbsent(attributes.exportDeclaration)) {
    violations.missing(at('exportDeclaration'), `an export declaration (exportReasonType, invoiceDate, invoiceReference, shipmentPurpose, lineItems): ${route.why}`);
  } else if (customs && isObject(declaration)) {
    checkCustomsData(attributes, declaration, route, violations);
  }
}

const postalCodeOf = (address: unknown) => (isObject(address) && (typeof address.postalCode === 'string' || typeof address.postalCode === 'number') ? address.postalCode : undefined);

/** Reasons that bring goods back, for which no sale into the EU (and no IOSS) is involved. */
const RETURN_REASONS = new Set(['RETURN', 'RETURN_TO_ORIGIN', 'WARRANTY_REPLACEMENT']);

/**
 * What customs will ask of commercial goods on a route that needs a declaration, beyond the declaration's own
 * required members: every item's HS code; the exporter's EORI when goods leave the EU; the seller's IOSS number
 * when low-value goods are sold into it. Personal goods need none of them (UPU: HS codes "for commercial items").
 */
function checkCustomsData(attributes: Record<string, unknown>, declaration: Record<string, unknown>, route: CustomsRoute, violations: Violations): void {
  const at = (...path: (string | number)[]) => ['data', 'attributes', 'exportDeclaration', ...path];
  if (String(declaration.shipmentPurpose ?? '').trim().toUpperCase() !== 'COMMERCIAL') return;
  const lineItems = Array.isArray(declaration.lineItems) ? declaration.lineItems : [];
  let valueCents = 0;
  lineItems.forEach((item, index) => {
    if (!isObject(item)) return;
    valueCents += (parseCents(String(item.unitPrice ?? '').trim()) ?? 0) * (Number(item.quantity) || 0);
    const code = item.commodityCode;
    const hs = `the item’s HS code, 6 to 10 digits such as 691200 (dots and spaces allowed): ${route.why}, and customs classifies commercial goods by it`;
    if (isAbsent(code)) violations.missing(at('lineItems', index, 'commodityCode'), hs);
    else if (!isHsCode(String(code))) violations.invalid(at('lineItems', index, 'commodityCode'), hs);
  });
  if (route.exportFromEu && isAbsent(declaration.exporterEori)) {
    const taxId = isObject(attributes.shipFrom) ? attributes.shipFrom.taxIdentification : undefined;
    if (!isEori(typeof taxId === 'string' ? taxId.replace(/\s/g, '') : undefined)) {
      violations.missing(at('exporterEori'), `the exporter’s EORI number, such as IT01234567890 (or an EORI as shipFrom.taxIdentification): ${route.why}, and commercial goods leave the EU under the exporter’s EORI`);
    }
  }
  const reason = String(declaration.exportReasonType ?? '').trim().toUpperCase();
  if (route.importIntoEu && valueCents <= IOSS_LIMIT_CENTS && !RETURN_REASONS.has(reason) && isAbsent(declaration.iossNumber)) {
    violations.missing(at('iossNumber'), `the seller’s IOSS number, IM and 10 digits such as IM3960000001: ${route.why}, and goods of up to 150 EUR sold into the EU are declared with the seller’s IOSS number`);
  }
}

/**
 * A list given as a JSON array or as one comma-separated text ("DE, AT"): entries trimmed, empty ones and repeats
 * dropped; none is absent. `entry`, the pattern of one entry (with commas in it or not), makes the description say
 * the list exactly (listSaid); without it, it says text or an array.
 */
const list = (item: z.ZodType<string, string>, max: number, entry?: { pattern: (commas: boolean) => string; numbers: boolean }) => {
  const read = z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))])
    .transform((value) => (typeof value === 'string' ? value.split(',') : value.map(String)).map((entry) => entry.trim()).filter((entry) => entry !== ''))
    .pipe(z.array(item).max(max))
    .transform((entries) => (entries.length > 0 ? [...new Set(entries)] : undefined));
  return optional(entry ? said(read, listSaid(entry.pattern, max, entry.numbers)) : read);
};
/** A list's entries as text of at most `max` characters (numbers taken as their text). */
const textEntries = (max: number) => ({ pattern: (commas: boolean) => entryText(max, commas), numbers: true });
/** A list's entries as country codes, in any case. */
const countryEntries = { pattern: () => codesAnyCase([...COUNTRY_CODES]), numbers: false };

/** The field rules an order (src-shared/orders.ts) and the packing setup share with a shipment: one set of rules. */
export const SHARED_FIELDS = { optional, requiredText, optionalText, country, money, measure, quantity, commodityCode, list, textEntries, countryEntries, address: addressSchema, service: code(['EXPRESS', 'ECONOMY']) };

type ParsedAttributes = z.infer<typeof shipmentRequestSchema>;

/** Drops empty optional values and applies the defaults of field-rules.md. */
function normalise(input: ParsedAttributes): ShipmentAttributes {
  const documentsOnly = input.documentsOnly === true;
  const blankToNull = (value: string | null | undefined) => (value === undefined || value === null || value === '' ? null : value);
  const attributes: ShipmentAttributes = {
    shipFrom: input.shipFrom,
    shipTo: input.shipTo,
    packages: (input.packages ?? []) as ShipmentAttributes['packages'],
    goodsDescription: documentsOnly ? 'DOCUMENTS' : blankToNull(input.goodsDescription),
    insuranceDescription: documentsOnly ? null : blankToNull(input.insuranceDescription),
    insuranceValue: documentsOnly ? null : blankToNull(input.insuranceValue),
    booking: input.booking ?? true,
  };
  if (input.shipDate !== undefined) attributes.shipDate = input.shipDate;
  if (input.collectionLocation !== undefined) attributes.collectionLocation = input.collectionLocation as ShipmentAttributes['collectionLocation'];
  if (input.customerReference !== undefined) attributes.customerReference = input.customerReference;
  if (input.specialInstructions !== undefined) attributes.specialInstructions = input.specialInstructions;
  if (input.confirmationEmail !== undefined) attributes.confirmationEmail = input.confirmationEmail;
  if (input.invoiceSubtotal !== undefined) attributes.invoiceSubtotal = input.invoiceSubtotal;
  if (input.documentsOnly !== undefined) attributes.documentsOnly = input.documentsOnly;
  if (input.incoTerms !== undefined) attributes.incoTerms = input.incoTerms;
  if (input.exportDeclaration !== undefined) attributes.exportDeclaration = input.exportDeclaration as ShipmentAttributes['exportDeclaration'];
  return attributes;
}

export interface CreateMeta {
  service: ServiceLevel;
  carrierChoice?: string;
  scheduledProcessing: boolean;
}

/**
 * `data.meta` of a shipment request as the API description shows it: the one-step create reads `service`,
 * `carrierChoice` and `scheduledProcessing`; confirm reads `rate` (a rate of the rate list, sent back) and any of
 * them `orderNumber`. validateCreateMeta and validateConfirmMeta below read it member by member, to name each fault.
 */
export const shipmentRequestMetaSchema = z
  .object({
    service: said(z.string().nullish(), { anyOf: [{ type: 'string', pattern: anyCase(SERVICES) }, { type: 'null' }] }).meta({ description: 'Create: express or economy (any case); required there.' }),
    carrierChoice: z.string().nullish().meta({ description: 'Create: one of the station’s carrier choices (GET /carriers; any case), or absent for any. Which choices a station has is its own setting: another is refused (field.invalid at this member).' }),
    scheduledProcessing: said(z.unknown().optional(), { anyOf: [FLAG, { type: 'null' }] }).meta({ description: 'Create: false processes now (201); true or absent schedules (202).' }),
    rate: z
      .object({
        id: said(z.string().optional(), { type: 'string', pattern: '^t2-.+-[^-]+$' }),
        attributes: z
          .object({ carrierCode: z.string().min(1), serviceCode: z.string().min(1), finalCost: z.object({ amount: money, currency: z.string().optional() }).nullish() })
          .partial()
          .nullish(),
        meta: z.object({ documentHash: z.string().nullish() }).nullish(),
      })
      .meta({
        description: 'Confirm: the rate chosen, as the rate list answered it (its id, or attributes.carrierCode and serviceCode; meta.documentHash to book exactly what was rated); required there.',
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          // Its id names the carrier and service, or its attributes do.
          jsonSchema.anyOf = [{ required: ['id'] }, { required: ['attributes'], properties: { attributes: { type: 'object', required: ['carrierCode', 'serviceCode'], properties: { carrierCode: { type: 'string' }, serviceCode: { type: 'string' } } } } }];
        },
      })
      .optional(),
    orderNumber: said(z.unknown().optional(), { anyOf: [textSaid(50, true), { type: 'null' }] }).meta({ description: 'The order the shipment ships (GET /orders/{number}): its number, text of at most 50 characters (or a number).' }),
  })
  .meta({ id: 'ShipmentRequestMeta' });

/** What `data.meta.carrierChoice` takes at this station, as a refusal says it. */
export const carrierChoiceExpectation = (carrierChoices: readonly string[]) =>
  `one of this station’s carriers, ${carrierChoices.join(', ')} (case does not matter), or no carrierChoice for any`;

/** `data.meta` of the one-step create: service required, carrier choice among the known ones. */
export function validateCreateMeta(document: unknown, carrierChoices: readonly string[]): Validation<CreateMeta> {
  const violations = new Violations(document);
  const meta = valueAt(document, ['data', 'meta']);
  const given = (name: string) => (isObject(meta) && meta[name] !== null ? meta[name] : undefined);
  const serviceText = given('service');
  const service = typeof serviceText === 'string' ? serviceText.trim().toLowerCase() : undefined;
  const choiceText = given('carrierChoice');
  const carrierChoice = typeof choiceText === 'string' ? carrierChoices.find((choice) => choice.toUpperCase() === choiceText.trim().toUpperCase()) : undefined;
  const scheduled = given('scheduledProcessing');
  if (service === undefined || !(SERVICES as readonly string[]).includes(service)) violations.fault(['data', 'meta', 'service']);
  if (choiceText !== undefined && carrierChoice === undefined) {
    violations.invalid(['data', 'meta', 'carrierChoice'], carrierChoiceExpectation(carrierChoices));
  }
  if (scheduled !== undefined && asFlag(scheduled) === undefined) violations.invalid(['data', 'meta', 'scheduledProcessing']);
  if (violations.errors.length > 0) return { ok: false, errors: violations.errors };
  const value: CreateMeta = { service: service as ServiceLevel, scheduledProcessing: asFlag(scheduled) !== false };
  if (carrierChoice !== undefined) value.carrierChoice = carrierChoice;
  return { ok: true, value };
}

export interface ConfirmMeta {
  carrierCode: string;
  serviceCode: string;
  /** The price the client saw, when it sent one. */
  finalCost?: number;
  /** The rate's `meta.documentHash`, when sent back: the document that was rated. */
  documentHash?: string;
}

/** `data.meta.rate` of confirm: a rate object from the rate list; its finalCost is optional. */
export function validateConfirmMeta(document: unknown): Validation<ConfirmMeta> {
  const violations = new Violations(document);
  const rate = valueAt(document, ['data', 'meta', 'rate']);
  if (!isObject(rate)) {
    violations.fault(['data', 'meta', 'rate']);
    return { ok: false, errors: violations.errors };
  }
  const attributes = isObject(rate.attributes) ? rate.attributes : {};
  const fromId = typeof rate.id === 'string' ? parseRateId(rate.id) : undefined;
  const carrierCode = typeof attributes.carrierCode === 'string' ? attributes.carrierCode : fromId?.carrierCode;
  const serviceCode = typeof attributes.serviceCode === 'string' ? attributes.serviceCode : fromId?.serviceCode;
  if (!carrierCode || !serviceCode) violations.fault(['data', 'meta', 'rate', 'id']);
  let finalCost: number | undefined;
  const cost = attributes.finalCost;
  if (cost !== undefined && cost !== null) {
    const amount = isObject(cost) ? money.safeParse(cost.amount) : undefined;
    if (!amount?.success) violations.fault(['data', 'meta', 'rate', 'attributes', 'finalCost', 'amount']);
    else finalCost = parseCents(amount.data)! / 100;
  }
  const hash = isObject(rate.meta) ? rate.meta.documentHash : undefined;
  if (hash !== undefined && hash !== null && typeof hash !== 'string') violations.fault(['data', 'meta', 'rate', 'meta', 'documentHash']);
  if (violations.errors.length > 0) return { ok: false, errors: violations.errors };
  const value: ConfirmMeta = { carrierCode: carrierCode!, serviceCode: serviceCode! };
  if (finalCost !== undefined) value.finalCost = finalCost;
  if (typeof hash === 'string') value.documentHash = hash;
  return { ok: true, value };
}
