// What a rate was given: a hash of the shipment document it priced, handed out with each rate and checked at
// confirm, so that a desk or a script cannot book a shipment other than the one it rated (docs/shipments.md, "Rates").
import { hash } from 'node:crypto';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';

/** 128 bits of SHA-256 over the validated attributes, members in name order, as base64url (22 characters). */
export function ratedDocumentHash(attributes: ShipmentAttributes): string {
  return hash('sha256', canonicalJson(attributes), 'base64url').slice(0, 22);
}

/** Whether a member name starts with a digit: only such a name can be an array index. */
function startsWithDigit(name: string): boolean {
  const first = name.charCodeAt(0);
  return first >= 48 && first <= 57;
}

/** Whether an object lists this member name among its first, in number order: an array index ("0", "12"). */
function isIndex(name: string): boolean {
  return startsWithDigit(name) && /^(?:0|[1-9][0-9]*)$/.test(name) && Number(name) < 4_294_967_295;
}

/** Member names as JSON writes them, kept: a shipment's are a few dozen names, the same in every document. */
const quotedNames = new Map<string, string>();
function quoted(name: string): string {
  let text = quotedNames.get(name);
  if (text === undefined) {
    if (quotedNames.size >= 1024) quotedNames.clear();
    text = JSON.stringify(name);
    quotedNames.set(name, text);
  }
  return text;
}

/** A value JSON leaves out as a member and writes null as an item. */
const isLeftOut = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * `JSON.stringify(canonical(value))` (src-shared/canonical-json.ts) written in one pass, without building the
 * sorted copy (a rate makes one per request): the same text to the byte, so every hash handed out before is the same
 * hash now. Members in name order, an object's index-like names first in number order (as an object built in name
 * order lists them), a left-out member skipped and a left-out item written null.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '';
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      text += (index === 0 ? '' : ',') + (isLeftOut(item) ? 'null' : canonicalJson(item));
    }
    return '[' + text + ']';
  }
  const record = value as Record<string, unknown>;
  let names = Object.keys(record).sort();
  if (names.some(startsWithDigit) && names.some(isIndex))
    names = [...names.filter(isIndex).sort((a, b) => Number(a) - Number(b)), ...names.filter((name) => !isIndex(name))];
  let text = '';
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    const member = record[name];
    if (isLeftOut(member)) continue;
    // Most members are text, numbers and flags: written here, without a call of this function for each.
    const kind = typeof member;
    const written = kind === 'string' || kind === 'number' || kind === 'boolean' ? JSON.stringify(member) : canonicalJson(member);
    text += (text === '' ? '' : ',') + quoted(name) + ':' + written;
  }
  return '{' + text + '}';
}
