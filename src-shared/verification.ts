// Checking a packed parcel by scanning its printed label (or its order) again: POST /shipments/<id>/verifications,
// the request's rule and the answer's shape.
import { z } from 'zod';
import { said, textInput } from './json-schema-words.ts';
import { validateResource, type Result } from './resource-validation.ts';

export const verificationAttributesSchema = z.object({
  scanned: z.string(),
  /** The scan is the shipment's tracking number, reference or customer (order) reference. */
  matched: z.boolean(),
  trackingNumber: z.string().nullable(),
  reference: z.string().nullable(),
  at: z.string(),
});
export type VerificationAttributes = z.infer<typeof verificationAttributesSchema>;

/** What the scanner typed, as text (a number from a PHP client too). */
export const verificationRequestSchema = z.object({
  scanned: said(z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(100)), textInput(100, true)),
});

export function validateVerification(document: unknown): Result<{ scanned: string }> {
  return validateResource(document, 'verification', verificationRequestSchema, false);
}
