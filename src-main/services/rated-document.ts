// What a rate was given: a hash of the shipment document it priced, handed out with each rate and checked at
// confirm, so that a desk or a script cannot book a shipment other than the one it rated (docs/shipments.md, "Rates").
import { createHash } from 'node:crypto';
import { canonical } from '../../src-shared/canonical-json.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';

/** 128 bits of SHA-256 over the validated attributes, members in name order, as base64url (22 characters). */
export function ratedDocumentHash(attributes: ShipmentAttributes): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(attributes)))
    .digest('base64url')
    .slice(0, 22);
}
