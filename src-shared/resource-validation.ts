// Checks a JSON:API request document of one resource type against a zod schema of its attributes: the shared
// rules of the extensions' requests (printing, administration, settings), each refusal naming its field by pointer
// and saying what the field takes (meta.reason), in the words the schema's members carry as their description, so
// the API description and the refusal say the same thing.
import type { z } from 'zod';
import { ERROR_TEXT, errorObject } from './errors.ts';
import { apiReason } from './field-expectations.ts';
import type { ErrorObject } from './jsonapi.ts';

export type Result<T> = { ok: true; value: T } | { ok: false; errors: ErrorObject[] };

/** A member's rule with what it takes, in an integrator's words: its description in the API, and its refusal's meta.reason. */
export const expects = <T extends z.ZodType>(schema: T, words: string): T => schema.meta({ description: words });

/** zod's own words for an issue it has none better for: never an expectation. */
const ZOD_DEFAULT = /^Invalid (input|option|value)\b/;

type Node = { description?: string; _zod: { def: Record<string, any> } };

/** What the member at `path` of `schema` takes: the description of the deepest schema on the path that has one. */
export function expectationIn(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  const find = (node: Node | undefined, rest: readonly PropertyKey[], depth: number): string | undefined => {
    if (!node?._zod || depth > 40) return undefined;
    const def = node._zod.def;
    let deeper: string | undefined;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        deeper = find(def.innerType, rest, depth + 1);
        break;
      case 'pipe':
        deeper = find(def.in, rest, depth + 1) ?? find(def.out, rest, depth + 1);
        break;
      case 'union':
        for (const option of def.options as Node[]) deeper ??= find(option, rest, depth + 1);
        break;
      case 'object':
        if (rest.length > 0 && Object.hasOwn(def.shape, rest[0] as string))
          deeper = find(def.shape[rest[0] as string], rest.slice(1), depth + 1);
        break;
      case 'array':
        if (rest.length > 0) deeper = find(def.element, rest.slice(1), depth + 1);
        break;
    }
    return deeper ?? node.description;
  };
  return find(schema as unknown as Node, path, 0);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Nothing at `path` of an object or array that is there: an entry of a list given as text is refused, not missing. */
function isMissing(document: unknown, path: readonly PropertyKey[]): boolean {
  const parent = valueAt(document, path.slice(0, -1));
  return valueAt(document, path) == null && (path.length === 1 || (typeof parent === 'object' && parent !== null));
}

const pointerOf = (path: readonly PropertyKey[]) =>
  `/${path.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * One refusal of a member, in the shipment's words (field-expectations.ts): the spec's detail, the code (field.missing
 * when nothing usable was sent, field.invalid otherwise), its pointer and, in meta.reason, what it takes and what came.
 */
export function fieldError(
  document: unknown,
  path: readonly PropertyKey[],
  expected: string | undefined,
  missing = isMissing(document, path),
): ErrorObject {
  const dotted = path.join('.');
  const pointer = pointerOf(path);
  const error = errorObject(
    missing ? 'field.missing' : 'field.invalid',
    missing ? ERROR_TEXT.missingRequiredData(dotted) : ERROR_TEXT.invalidData(dotted),
    pointer,
  );
  const given = valueAt(document, path);
  const words = expected?.replace(/\.$/, '');
  // A member the request did not send (a saved rule refused for a change beside it) says only what it takes.
  error.meta = { reason: !missing && given === undefined && words ? `Expected ${words}.` : apiReason(pointer, missing, given, words) };
  return error;
}

/** The document and its type, before its attributes: `data` an object, `data.type` the route's. */
export function checkEnvelope(document: unknown, type: string, shape: string): ErrorObject[] {
  const data = valueAt(document, ['data']);
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return [fieldError(document, ['data'], `a JSON:API document {"data": {"type": "${type}", "attributes": {${shape}}}}`)];
  const errors: ErrorObject[] = [];
  if ((data as { type?: unknown }).type !== type) errors.push(fieldError(document, ['data', 'type'], `"${type}"`));
  const attributes = (data as { attributes?: unknown }).attributes;
  if (attributes !== undefined && (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes))) {
    errors.push(fieldError(document, ['data', 'attributes'], `an object {${shape}}`, false));
  }
  return errors;
}

/** The members a schema of attributes names, for the words of a refused document or attributes object. */
function shapeOf(schema: z.ZodType): string {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape
    ? Object.keys(shape)
        .map((name) => `"${name}": …`)
        .join(', ')
    : '…';
}

/** What zod's issue says is expected, for a member without a description of its own. */
function zodExpectation(issue: z.core.$ZodIssue): string | undefined {
  const unit = (origin: unknown) => (origin === 'string' ? ' characters' : origin === 'array' ? ' entries' : '');
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'object' ? 'an object' : issue.expected === 'array' ? 'an array' : `a ${issue.expected}`;
    case 'too_big':
      return `at most ${String(issue.maximum)}${unit(issue.origin)}`;
    case 'too_small':
      return `at least ${String(issue.minimum)}${unit(issue.origin)}`;
    case 'invalid_value':
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && 'pattern' in issue ? `text matching ${String(issue.pattern)}` : `a ${issue.format}`;
    default:
      return undefined;
  }
}

/** The refusals of a parse of the attributes: one a field, the first problem zod found with it. */
export function attributeErrors(document: unknown, schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): ErrorObject[] {
  const byField = new Map<string, ErrorObject>();
  for (const issue of issues) {
    const path = ['data', 'attributes', ...issue.path];
    const key = path.join('.');
    if (byField.has(key)) continue;
    // A rule's own words (a refine's message) say what it takes; zod's defaults say less than the member's description.
    const own = issue.code === 'custom' && !ZOD_DEFAULT.test(issue.message) ? issue.message : undefined;
    const expected =
      own ?? expectationIn(schema, issue.path) ?? (issue.path.length === 0 ? `an object {${shapeOf(schema)}}` : zodExpectation(issue));
    byField.set(key, fieldError(document, path, expected));
  }
  return [...byField.values()];
}

export function validateResource<T>(document: unknown, type: string, schema: z.ZodType<T>, bodyOptional: boolean): Result<T> {
  const data = (document as { data?: unknown } | null)?.data;
  if (data === undefined && bodyOptional) return { ok: true, value: {} as T };
  const envelope = checkEnvelope(document, type, shapeOf(schema));
  if (envelope.length > 0) return { ok: false, errors: envelope };
  const { attributes = {} } = data as { attributes?: unknown };
  const parsed = schema.safeParse(attributes);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: attributeErrors(document, schema, parsed.error.issues) };
}
