// What every rule of a shipment request shares: the operation it is checked for, reading a member at a path, and the
// collector that reports each fault once, in the words of spec section 7, with its JSON pointer and meta.reason.
import { ERROR_TEXT, errorObject } from '../errors.ts';
import { apiReason } from '../field-expectations.ts';
import { jsonPointer, type ErrorObject } from '../jsonapi.ts';

export type Operation = 'save' | 'rate' | 'confirm' | 'create';

/** A failure lists its errors; `expected` holds, by pointer, a rule's own words where the field's table has none (the desk shows them). */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: ErrorObject[]; expected?: Record<string, string> };

export type Path = readonly (string | number)[];

export function readValueAt(root: unknown, path: Path): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A raw member as text: a string as given, a number's digits, anything else ''. Never String() of a sent object,
 * whose own `toString` member may be anything (an object there throws, a 500 the fuzz found).
 */
export function rawText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A raw member as a number: a number as given, a string's number (trimmed), anything else NaN; never Number() of an object. */
export function rawNumber(value: unknown): number {
  return typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
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
    if (isAbsent(readValueAt(this.document, path))) this.missing(path, expected);
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
    error.meta = { reason: apiReason(pointer, missing, readValueAt(this.document, path), expected) };
    if (expected) this.expectedByPointer[pointer] = expected;
    this.byPath.set(key, error);
  }
}
