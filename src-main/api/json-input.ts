// What every JSON body must be before a route reads it: nested at most MAX_JSON_DEPTH levels, and text that
// labels, printers, the database and the barcode encoders can all take: well-formed Unicode (no lone surrogate
// halves) without control characters other than tab and line breaks, and no member named __proto__. A bad string
// is refused with its field.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { jsonPointer } from '../../src-shared/jsonapi.ts';

/** A JSON:API shipment document nests seven levels; this leaves room without letting a body recurse for ever. */
export const MAX_JSON_DEPTH = 32;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const acceptableText = (text: string) => text.isWellFormed() && !CONTROL.test(text);

export function checkJsonInput(root: unknown): void {
  // One path, grown and shrunk as the walk goes: a 1 MB body of small values costs no garbage per value.
  const path: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!acceptableText(value)) throw refused('field.badText', path, ERROR_TEXT.badText);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (path.length >= MAX_JSON_DEPTH)
      throw new StationError('request.bodyTooDeep', ERROR_TEXT.bodyTooDeep(MAX_JSON_DEPTH), { meta: { maxDepth: MAX_JSON_DEPTH } });
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        visit(value[index]);
        path.pop();
      }
      return;
    }
    for (const key in value) {
      path.push(key);
      if (!acceptableText(key)) throw refused('field.badText', path, ERROR_TEXT.badText);
      // JSON.parse makes "__proto__" an own member, but a later Object.assign would take it for the prototype.
      if (key === '__proto__') throw refused('field.reservedName', path, ERROR_TEXT.reservedMember(key));
      visit((value as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  visit(root);
}

function refused(code: 'field.badText' | 'field.reservedName', path: (string | number)[], reason: string): StationError {
  // The faulty member's name is echoed in the answer: made well-formed first.
  const shown = path.map((part) => String(part).toWellFormed());
  return new StationError(code, ERROR_TEXT.invalidData(shown.join('.')), { pointer: jsonPointer(shown), meta: { reason } });
}

/** A request's checked value, or its refusals as one 400 with every error (each naming its field). */
export function checked<T>(result: { ok: true; value: T } | { ok: false; errors: Parameters<typeof StationError.many>[0] }): T {
  if (!result.ok) throw StationError.many(result.errors);
  return result.value;
}
