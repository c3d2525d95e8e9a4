// Random secrets and constant-time comparison: the two primitives every credential check uses.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret as lowercase hex; 32 bytes gives the 256 bits an HS256 key needs. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

/** A readable random password for a first client: 20 characters, about 119 bits. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Compares two secrets in time that depends on neither their content nor their lengths. */
export function secretsEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const digest = (value: string | Uint8Array) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
