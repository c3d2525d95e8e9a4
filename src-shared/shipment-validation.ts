// The rules of spec section 2 and field-rules.md for a shipment request, shared by the station and the desk UI.
// zod checks each field's shape; the rules that tie fields together follow in a second pass over the raw input.
// Every violation is reported at once, in the words of spec section 7, with its JSON pointer.
// This is the one entry its users import: it composes the rules of shipment-validation/ (fields.ts: one member's
// reader and limits; addresses.ts; attributes.ts: the shipment's members; cross-field.ts; warnings.ts; meta.ts;
// violations.ts: the collector) and says which of their names are public.
import { z } from 'zod';
import type { ShipmentAttributes } from './shipment.ts';
import { makeAddressSchema } from './shipment-validation/addresses.ts';
import { normaliseAttributes, shipmentRequestSchema } from './shipment-validation/attributes.ts';
import { checkCrossFieldRules } from './shipment-validation/cross-field.ts';
import {
  code,
  commodityCode,
  country,
  countryEntries,
  list,
  measure,
  money,
  optional,
  optionalText,
  quantity,
  requiredText,
  textEntries,
} from './shipment-validation/fields.ts';
import { Violations, isObject, readValueAt, type Operation, type Validation } from './shipment-validation/violations.ts';

export { checkAddressRules } from './shipment-validation/addresses.ts';
export { shipmentRequestSchema } from './shipment-validation/attributes.ts';
export { asFlag, country as countryCodeSchema } from './shipment-validation/fields.ts';
export {
  carrierChoiceExpectation,
  shipmentRequestMetaSchema,
  validateConfirmMeta,
  validateCreateMeta,
  type ConfirmMeta,
  type CreateMeta,
} from './shipment-validation/meta.ts';
export { Violations, type Operation, type Validation } from './shipment-validation/violations.ts';
export { shipmentRequestWarnings } from './shipment-validation/warnings.ts';

/** The field rules an order (src-shared/orders.ts) and the packing setup share with a shipment: one set of rules. */
export const SHARED_FIELDS = {
  optional,
  requiredText,
  optionalText,
  country,
  money,
  measure,
  quantity,
  commodityCode,
  list,
  textEntries,
  countryEntries,
  address: makeAddressSchema,
  service: code(['EXPRESS', 'ECONOMY']),
};

/**
 * What reads a shipment's members: the schema as written, or, once useCompiledShipmentRules() ran, zod's compiled
 * copy of it: one generated function for the whole schema (2.3 µs for a parcel, against 8.4 µs walking its steps),
 * which reads the same members into the same values and, on any fault, hands the document to the schema as
 * written, so refusals say exactly what they said (test/unit/compiled-validation.test.ts). The desk's page runs the
 * schema as written: its Content-Security-Policy allows no code made at run time.
 */
let shipmentMembers: Pick<typeof shipmentRequestSchema, 'safeParse'> = shipmentRequestSchema;
/** Compiling takes about 20 ms: done when the first shipment is read, not while the station starts. */
let compileAtFirstRead = false;

/** Reads shipments with zod's compiled copy of their schema from now on: for the station's process. */
export function useCompiledShipmentRules(): void {
  if (shipmentMembers === shipmentRequestSchema) compileAtFirstRead = true;
}

function shipmentMembersReader(): Pick<typeof shipmentRequestSchema, 'safeParse'> {
  if (compileAtFirstRead) {
    compileAtFirstRead = false;
    shipmentMembers = z.compile(shipmentRequestSchema, { strict: true });
  }
  return shipmentMembers;
}

/** The shipment of a request document (`data.type`, `data.attributes`) checked for one operation. */
export function validateShipmentDocument(document: unknown, operation: Operation): Validation<ShipmentAttributes> {
  const violations = new Violations(document);
  const data = readValueAt(document, ['data']);
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
  const parsed = shipmentMembersReader().safeParse(attributes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) violations.fault([...base, ...(issue.path as (string | number)[])]);
  }
  checkCrossFieldRules(attributes, operation, violations);

  if (!parsed.success || violations.errors.length > 0)
    return { ok: false, errors: violations.errors, expected: violations.expectedByPointer };
  return { ok: true, value: normaliseAttributes(parsed.data) };
}
