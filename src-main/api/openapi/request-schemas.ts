// What the request schemas of the description say beyond zod's rules: each member of a shipment request gets the
// words its refusal would use for what it takes (field-expectations.ts).
import { expectationAt } from '../../../src-shared/field-expectations.ts';

/**
 * Gives each member of a request body the words its refusal would use for what it takes (field-expectations.ts),
 * where zod's rules say no more than a type: one text for the description and the 400's meta.reason.
 */
function describeMembers(schema: Record<string, any>, pointer: string): void {
  if (typeof schema !== 'object' || schema === null) return;
  if (schema.properties) {
    for (const [name, member] of Object.entries(schema.properties as Record<string, Record<string, any>>)) {
      const at = `${pointer}/${name}`;
      const expected = expectationAt(at, 'api');
      if (expected && !member.description && !member.$ref) member.description = `${expected[0]!.toUpperCase()}${expected.slice(1)}.`;
      describeMembers(member, at);
    }
  }
  if (schema.items) describeMembers(schema.items, `${pointer}/0`);
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) describeMembers(alternative, pointer);
}

/** Finishes the generated request schemas of the description, in place. */
export function describeRequestSchemas(document: { components: { schemas: Record<string, Record<string, any>> } }): void {
  const shipmentRequest = document.components.schemas.ShipmentRequestAttributes;
  if (shipmentRequest) describeMembers(shipmentRequest, '/data/attributes');
  const shipmentMeta = document.components.schemas.ShipmentRequestMeta;
  if (shipmentMeta) describeMembers(shipmentMeta, '/data/meta');
}
