// What the answer's meta.warnings says of a shipment request that is taken: members nothing reads (in `data`, its
// attributes and its meta, by operation), a receiver's likely errors, and a commodity code customs may question.
// Said, never refused: a client's extra member or a doubtful value does not stop a shipment.
import { customsRoute, isHsCode } from '../customs.ts';
import { receiverWarnings, type LikelyWrongWarning } from '../address-checks.ts';
import { jsonPointer } from '../jsonapi.ts';
import { unknownMember, unknownMembers, type UnknownMemberWarning } from '../unknown-members.ts';
import { readPostalCode } from './addresses.ts';
import { shipmentRequestSchema } from './attributes.ts';
import { isObject, readValueAt, type Operation } from './violations.ts';

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
  const data = readValueAt(document, ['data']);
  if (!isObject(data)) return [];
  const warnings: RequestWarning[] = Object.keys(data)
    .filter((name) => !DATA_MEMBERS.includes(name))
    .map((name) => unknownMember(['data', name]));
  if (isObject(data.attributes)) {
    warnings.push(...unknownMembers(data.attributes, shipmentRequestSchema, ['data', 'attributes']));
    warnings.push(...receiverWarnings(data.attributes.shipTo, ['data', 'attributes', 'shipTo']));
    warnings.push(...listCommodityCodeWarnings(data.attributes));
  }
  if (isObject(data.meta)) {
    const known = META_MEMBERS[operation];
    warnings.push(
      ...Object.keys(data.meta)
        .filter((name) => !known.includes(name))
        .map((name) => unknownMember(['data', 'meta', name])),
    );
  }
  return warnings;
}

/**
 * Through customs, a commodity code that is not an HS code (6 to 10 digits) on personal goods, which need none and
 * are taken with it (the upstream's own sample sends COM01): customs may still ask, so it is said, not refused.
 */
function listCommodityCodeWarnings(attributes: Record<string, unknown>): LikelyWrongWarning[] {
  const declaration = attributes.exportDeclaration;
  if (!isObject(declaration) || !Array.isArray(declaration.lineItems) || !isObject(attributes.shipFrom) || !isObject(attributes.shipTo))
    return [];
  const { shipFrom, shipTo } = attributes;
  if (typeof shipFrom.country !== 'string' || typeof shipTo.country !== 'string') return [];
  const route = customsRoute(
    { country: shipFrom.country, postalCode: readPostalCode(shipFrom) },
    { country: shipTo.country, postalCode: readPostalCode(shipTo) },
  );
  if (!route.needed) return [];
  return declaration.lineItems.flatMap((item, index) => {
    const code =
      isObject(item) && (typeof item.commodityCode === 'string' || typeof item.commodityCode === 'number')
        ? String(item.commodityCode).trim()
        : '';
    if (code === '' || isHsCode(code)) return [];
    return [
      {
        code: 'likelyWrong' as const,
        pointer: jsonPointer(['data', 'attributes', 'exportDeclaration', 'lineItems', index, 'commodityCode']),
        detail: `${code} is not an HS code of 6 to 10 digits (such as 691200): ${route.why}, and customs may hold the parcel to classify it.`,
      },
    ];
  });
}
