// The orders extension (docs/shipments.md, "Orders"): the work a desk ships, as an integration or a file hands it over
// before packing. One set of rules for the station, the desk's import preview and its scan-to-ship: an order's
// fields follow the shipment's rules (src-shared/shipment-validation.ts), and shipmentFromOrder makes the shipment
// a desk confirms from it; orderCustomsGaps says what customs will ask of it that it does not give.
import { z } from 'zod';
import { customsRoute, type CustomsRoute } from './customs.ts';
import { jsonPointer } from './jsonapi.ts';
import { formatCents, multiplyCents, parseCents } from './money.ts';
import { SHARED_FIELDS, Violations, checkAddressRules, validateShipmentDocument, type Validation } from './shipment-validation.ts';
import { addressSchema, SERVICES, type Address, type Package, type ServiceLevel, type ShipmentAttributes } from './shipment.ts';
import { resourceSchema } from './resource-schema.ts';
import { shipmentServicesSchema } from './shipment-options.ts';
import { normaliseServices, servicesRule } from './shipment-validation/services.ts';
import { unknownMember, unknownMembers, type UnknownMemberWarning } from './unknown-members.ts';

const { optional, requiredText, optionalText, country, money, measure, quantity, commodityCode, list, address, service } = SHARED_FIELDS;

/** At most this many lines per order, as an export declaration takes at most 999 line items. */
export const ORDER_LINES_MAX = 999;
/** At most this many orders in one POST /orders/batch. */
export const ORDER_BATCH_MAX = 500;

export const orderLineSchema = z.object({
  sku: z.string(),
  description: z.string(),
  /** Pieces, as a decimal string. */
  quantity: z.string(),
  /** Kilograms per piece, as a decimal string; unknown when absent (no expected weight then). */
  unitWeight: z.string().optional(),
  /** Euros per piece, as a decimal string with at most two decimals. */
  unitPrice: z.string(),
  originCountry: z.string().optional(),
  hsCode: z.string().optional(),
  /** The shop's own id of the line (Amazon's order-item-id), at most 64 characters: its shipping confirmation names it. */
  itemId: z.string().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderAttributesSchema = z.object({
  /** The order number the desk scans: 1 to 50 characters, without spaces at either end. */
  number: z.string(),
  shipTo: addressSchema,
  /** The sender; the desk's own when absent. */
  shipFrom: addressSchema.optional(),
  service: z.enum(SERVICES).optional(),
  /** A carrier choice (e.g. DHL, or PV.UPS through an upstream service), checked when the order ships. */
  carrierChoice: z.string().optional(),
  lines: z.array(orderLineSchema),
  /** Labels the shop gives the order (e.g. fragile, gift), for the desk's rules. */
  tags: z.array(z.string()),
  /** The special services the order asks for (a signature, cash on delivery…), as a shipment's; its shipment gets them. */
  services: shipmentServicesSchema.optional(),
});
export type OrderAttributes = z.infer<typeof orderAttributesSchema>;

/** open: no live shipment; inProgress: a shipment waits (saved or scheduled); closed: its shipment was processed. */
export const ORDER_STATUSES = ['open', 'inProgress', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderTotalsSchema = z.object({
  quantity: z.number(),
  /** Kilograms of the goods, as a decimal string; null when a line has no unit weight. */
  weight: z.string().nullable(),
  /** Euros, as a decimal string with two decimals. */
  value: z.string(),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const orderShipmentLinkSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  status: z.number(),
  trackingNumber: z.string().nullable(),
});
export type OrderShipmentLink = z.infer<typeof orderShipmentLinkSchema>;

export const orderResourceSchema = resourceSchema(
  'order',
  orderAttributesSchema.extend({
    status: z.enum(ORDER_STATUSES),
    totals: orderTotalsSchema,
    /** The live shipment made from the order, if any. */
    shipment: orderShipmentLinkSchema.nullable(),
    source: z.enum(['api', 'import']),
    createdAt: z.string(),
  }),
  { links: z.object({ self: z.string() }) },
).meta({ id: 'Order' });
export type OrderResource = z.infer<typeof orderResourceSchema>;

/** The answer of POST /orders/batch (meta): which orders were made and which were there already. */
export const orderBatchResultSchema = z.object({
  created: z.array(z.string()),
  /** Order numbers the client has already (or sent twice in the batch): left as they are. */
  duplicates: z.array(z.string()),
});
export type OrderBatchResult = z.infer<typeof orderBatchResultSchema>;

/** Labels for the desk's rules, in lower case, at most 20 of at most 30 characters. */
const tags = list(
  z
    .string()
    .max(30)
    .transform((tag) => tag.toLowerCase()),
  20,
);

const lineSchema = z.object({
  sku: requiredText(35),
  description: requiredText(75),
  quantity,
  unitWeight: optional(measure),
  unitPrice: money,
  originCountry: optional(country),
  hsCode: optional(commodityCode),
  itemId: optionalText(64).transform((value) => value || undefined),
});

export const orderRequestSchema = z.object({
  number: requiredText(50),
  shipTo: address(false, true),
  shipFrom: optional(address(true)),
  service: optional(service.transform((value) => value.toLowerCase() as ServiceLevel)),
  carrierChoice: optional(optionalText(40).transform((value) => value?.toUpperCase() || undefined)),
  lines: z.array(lineSchema).min(1).max(ORDER_LINES_MAX),
  tags,
  services: servicesRule,
});

/** The members of the order at `at` (['data'], or ['data', i] in a batch) the station does not read: for meta.warnings. */
export function orderRequestWarnings(document: unknown, at: readonly (string | number)[]): UnknownMemberWarning[] {
  let data: unknown = document;
  for (const key of at) data = isObject(data) || Array.isArray(data) ? (data as Record<string | number, unknown>)[key] : undefined;
  if (!isObject(data)) return [];
  const warnings = Object.keys(data)
    .filter((name) => !['type', 'id', 'attributes', 'meta', 'links'].includes(name))
    .map((name) => unknownMember([...at, name]));
  return [...warnings, ...unknownMembers(data.attributes, orderRequestSchema, [...at, 'attributes'])];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Drops the members a parse left undefined, so answers carry no empty keys. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;
}

/**
 * One order resource at `at` (['data'] for POST /orders, ['data', i] in a batch) checked with the shared rules:
 * every field at fault is named once, missing or invalid, by its pointer.
 */
export function validateOrderAt(document: unknown, at: readonly (string | number)[]): Validation<OrderAttributes> {
  const violations = new Violations(document);
  let data: unknown = document;
  for (const key of at) data = isObject(data) || Array.isArray(data) ? (data as Record<string | number, unknown>)[key] : undefined;
  if (!isObject(data)) {
    violations.fault(at);
    return { ok: false, errors: violations.errors };
  }
  if (data.type !== 'order') violations.fault([...at, 'type']);
  if (!isObject(data.attributes)) {
    violations.fault([...at, 'attributes']);
    return { ok: false, errors: violations.errors };
  }
  const parsed = orderRequestSchema.safeParse(data.attributes);
  if (!parsed.success)
    for (const issue of parsed.error.issues) violations.fault([...at, 'attributes', ...(issue.path as (string | number)[])]);
  for (const role of ['shipTo', 'shipFrom'] as const)
    checkAddressRules(data.attributes[role], [...at, 'attributes', role], violations, role === 'shipTo');
  // A minimum age belongs to an adult signature only, as a shipment's does.
  const services = data.attributes.services;
  if (
    isObject(services) &&
    services.minimumAge !== undefined &&
    services.minimumAge !== null &&
    (typeof services.deliveryConfirmation !== 'string' || services.deliveryConfirmation.trim().toLowerCase() !== 'adultsignature')
  )
    violations.invalid([...at, 'attributes', 'services', 'minimumAge']);
  if (!parsed.success || violations.errors.length > 0)
    return { ok: false, errors: violations.errors, expected: violations.expectedByPointer };
  const order = parsed.data;
  return {
    ok: true,
    value: compact({
      number: order.number,
      shipTo: compact(order.shipTo) as Address,
      shipFrom: order.shipFrom && (compact(order.shipFrom) as Address),
      service: order.service,
      carrierChoice: order.carrierChoice,
      lines: order.lines.map((line) => compact(line) as OrderLine),
      tags: order.tags ?? [],
      services: normaliseServices(order.services ?? undefined, order.services?.insurance ?? null),
    }),
  };
}

export function validateOrderDocument(document: unknown): Validation<OrderAttributes> {
  return validateOrderAt(document, ['data']);
}

/** `data.meta.orderNumber` of a shipment request: the order it ships (optional; null is absent). */
export function orderNumberOf(document: unknown): Validation<string | undefined> {
  const meta = isObject(document) && isObject(document.data) ? document.data.meta : undefined;
  const given = isObject(meta) ? meta.orderNumber : undefined;
  if (given === undefined || given === null) return { ok: true, value: undefined };
  const text = typeof given === 'string' || typeof given === 'number' ? String(given).trim() : '';
  if (text === '' || text.length > 50) {
    const violations = new Violations(document);
    violations.fault(['data', 'meta', 'orderNumber']);
    return { ok: false, errors: violations.errors };
  }
  return { ok: true, value: text };
}

/** Kilograms with at most three decimals, as the shipment's weights are written. */
export function kilograms(value: number): string {
  return String(Math.max(0.001, Math.round(value * 1000) / 1000));
}

export function orderTotals(lines: readonly OrderLine[]): OrderTotals {
  let pieces = 0;
  let grams: number | null = 0;
  let cents = 0;
  for (const line of lines) {
    const count = Number(line.quantity);
    pieces += count;
    grams = grams === null || line.unitWeight === undefined ? null : grams + Math.round(Number(line.unitWeight) * 1000) * count;
    cents += multiplyCents(parseCents(line.unitPrice) ?? 0, count) ?? 0;
  }
  return { quantity: pieces, weight: grams === null ? null : kilograms(grams / 1000), value: formatCents(cents) };
}

export interface PackingChoice {
  /** The sender when the order names none: the desk's own address. */
  shipFrom: Address;
  /** The box packed, in cm, with its own weight (tare) in kg. */
  box?: { length: string; width: string; height: string; tareKg: string };
  /** The weight of the packed box, e.g. from the scale; else the goods' weight plus the box's tare. */
  weightKg?: string;
  /** Today, YYYY-MM-DD: the export declaration's invoice date. */
  today: string;
}

/** The expected weight of an order packed in a box: its goods plus the box's tare; undefined when a line has no weight. */
export function expectedWeightKg(lines: readonly OrderLine[], tareKg = '0'): number | undefined {
  const goods = orderTotals(lines).weight;
  return goods === null ? undefined : Number(goods) + Number(tareKg);
}

/** The shipment's attributes for an order: receiver, package, description, value and export declaration from its lines. */
export function shipmentFromOrder(order: OrderAttributes, choice: PackingChoice): ShipmentAttributes {
  const shipFrom = order.shipFrom ?? choice.shipFrom;
  const totals = orderTotals(order.lines);
  const expected = expectedWeightKg(order.lines, choice.box?.tareKg);
  const weight = choice.weightKg ?? (expected === undefined ? undefined : kilograms(expected));
  const packages: Package[] =
    choice.box && weight !== undefined
      ? [
          {
            weight: { value: weight, units: '1' },
            dimensions: { length: choice.box.length, width: choice.box.width, height: choice.box.height, units: '1' },
            type: 'CARTON',
          },
        ]
      : [];
  const descriptions = [...new Set(order.lines.map((line) => line.description))].join(', ');
  const attributes: ShipmentAttributes = {
    shipFrom,
    shipTo: order.shipTo,
    packages,
    goodsDescription: descriptions.length > 255 ? `${descriptions.slice(0, 252)}...` : descriptions,
    insuranceDescription: null,
    insuranceValue: null,
    customerReference: order.number,
    invoiceSubtotal: { amount: totals.value, currency: 'EUR' },
    booking: true,
  };
  if (order.services) {
    attributes.services = order.services;
    // An insured order is insured as the shipment's own members say it too (both places agree).
    if (order.services.insurance) {
      attributes.insuranceValue = order.services.insurance.value;
      attributes.insuranceDescription = order.services.insurance.description;
    }
  }
  if (customsRoute(shipFrom, order.shipTo).needed) {
    // A line without its own weight gets its share of the goods' weight: the measured parcel less its box's own.
    const goods = weight === undefined ? undefined : Number(weight) - Number(choice.box?.tareKg ?? 0);
    const share = weight === undefined ? 0.1 : (goods! > 0 ? goods! : Number(weight)) / Math.max(1, totals.quantity);
    attributes.exportDeclaration = {
      exportReasonType: 'COMMERCIAL_PURPOSE_OR_SALE',
      invoiceDate: choice.today,
      invoiceReference: order.number.slice(0, 35),
      shipmentPurpose: 'COMMERCIAL',
      lineItems: order.lines.map((line) =>
        compact({
          productId: line.sku,
          description: line.description,
          originCountry: line.originCountry ?? shipFrom.country,
          commodityCode: line.hsCode,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          unitWeight: line.unitWeight ?? kilograms(share),
        }),
      ),
    };
  }
  return attributes;
}

/**
 * What customs will ask of an order's parcel that the order does not give. hsCode: a line without an HS code, or
 * with one that is not one (customs classifies commercial goods by it); exporterEori: the sender's EORI, as goods leave
 * the EU; iossNumber: the seller's IOSS number, for a sale of up to 150 EUR into the EU; declaration: any other member
 * of the export declaration the order's lines make.
 */
export interface OrderCustomsGap {
  need: 'hsCode' | 'exporterEori' | 'iossNumber' | 'declaration';
  /** The order's line the need is about, counted from 0. */
  line?: number;
  /** Where in the order it goes, from its attributes: ['lines', 0, 'hsCode'], ['shipFrom', 'taxIdentification']; [] for the order. */
  path: (string | number)[];
  /** What customs expects there, and why, in the station's words. */
  expected: string;
}

export interface OrderCustoms {
  route: CustomsRoute;
  gaps: OrderCustomsGap[];
}

const DECLARATION = '/data/attributes/exportDeclaration/';

/**
 * An order on a route through customs (customs.ts), checked as the shipment made from it will be when it ships
 * (shipmentFromOrder, with the shipment's own customs rules): what is missing is said now, at the import, rather than
 * at the desk with the parcel in hand. An order is still taken: a packer may complete the declaration at the desk.
 * `sender`: the desk's own address, the sender of an order that names none. Undefined off customs routes.
 */
export function orderCustomsGaps(order: OrderAttributes, sender: Address, today: string): OrderCustoms | undefined {
  const shipFrom = order.shipFrom ?? sender;
  const route = customsRoute(shipFrom, order.shipTo);
  if (!route.needed) return undefined;
  // Any box and weight: customs asks nothing of the package.
  const attributes = shipmentFromOrder(order, {
    shipFrom,
    box: { length: '30', width: '20', height: '15', tareKg: '0' },
    weightKg: '1',
    today,
  });
  const checked = validateShipmentDocument({ data: { type: 'shipment', attributes } }, 'rate');
  if (checked.ok) return { route, gaps: [] };
  const gaps = checked.errors.flatMap((error): OrderCustomsGap[] => {
    const pointer = error.source?.pointer ?? '';
    if (!pointer.startsWith(DECLARATION)) return [];
    const expected = checked.expected?.[pointer] ?? String(error.meta?.reason ?? error.detail);
    const [member, index, field] = pointer.slice(DECLARATION.length).split('/');
    if (member === 'lineItems' && index !== undefined) {
      const line = Number(index);
      if (field === 'commodityCode') return [{ need: 'hsCode', line, path: ['lines', line, 'hsCode'], expected }];
      return [{ need: 'declaration', line, path: ['lines', line, ...(field ? [field] : [])], expected }];
    }
    if (member === 'exporterEori') return [{ need: 'exporterEori', path: ['shipFrom', 'taxIdentification'], expected }];
    if (member === 'iossNumber') return [{ need: 'iossNumber', path: [], expected }];
    return [{ need: 'declaration', path: [], expected }];
  });
  return { route, gaps };
}

/** A warning of meta.warnings: an order taken that customs will stop until what it needs is given. */
export interface OrderCustomsWarning {
  code: 'customsData';
  pointer: string;
  detail: string;
}

/** The customs gaps of the order at `at` (['data'], or ['data', i] in a batch), as the answer's meta.warnings. */
export function orderCustomsWarnings(
  order: OrderAttributes,
  sender: Address,
  today: string,
  at: readonly (string | number)[],
): OrderCustomsWarning[] {
  const customs = orderCustomsGaps(order, sender, today);
  return (customs?.gaps ?? []).map((gap) => {
    const line = gap.line === undefined ? '' : `, line ${gap.line + 1} (${order.lines[gap.line]?.sku ?? ''}),`;
    return {
      code: 'customsData',
      pointer: jsonPointer([...at, 'attributes', ...gap.path]),
      detail: `Order ${order.number}${line} is taken, but will not ship through customs without ${gap.expected}.`,
    };
  });
}
