// Members a request sent that its schema does not know (a typo, `saturdayDelivery`, a field of another API): zod
// drops them without a word, so they are found here by walking the request beside its zod schema, and the answer
// lists them in meta.warnings instead of silently ignoring what the caller meant.
import type { z } from 'zod';
import { jsonPointer } from './jsonapi.ts';

/** One unknown member: where it is, and a sentence that says it was ignored. */
export interface UnknownMemberWarning {
  code: 'unknownMember';
  pointer: string;
  detail: string;
}

type Path = readonly (string | number)[];

interface Definition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
}

const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** The schema under optional, nullable, default and transform wrappers: the shape the input is read with. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const definition = definitionOf(current);
    if (definition.innerType) current = definition.innerType;
    else if (definition.type === 'pipe' && definition.in) current = definition.in;
    else return current;
  }
}

/** Each schema's definition under its wrappers, found once: a request's walk meets the same schemas every time. */
const readDefinitions = new WeakMap<z.ZodType, Definition>();
function readDefinition(schema: z.ZodType): Definition {
  let definition = readDefinitions.get(schema);
  if (definition === undefined) {
    definition = definitionOf(unwrapped(schema));
    readDefinitions.set(schema, definition);
  }
  return definition;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function walk(value: unknown, schema: z.ZodType, path: Path, found: Path[]): void {
  // A text, a number, a flag or null has no members: nothing under it can be unknown.
  if (typeof value !== 'object' || value === null) return;
  const definition = readDefinition(schema);
  if (definition.type === 'union') {
    // The option of the value's kind (an object, an array) is the one that reads it.
    const kind = Array.isArray(value) ? 'array' : 'object';
    const option = definition.options?.find((candidate) => readDefinition(candidate).type === kind);
    if (option) walk(value, option, path, found);
    return;
  }
  if (definition.type === 'array' && Array.isArray(value) && definition.element) {
    value.forEach((item, index) => walk(item, definition.element!, [...path, index], found));
    return;
  }
  if (definition.type === 'object' && isRecord(value) && definition.shape) {
    for (const name in value) {
      if (!Object.hasOwn(value, name)) continue;
      const known = Object.hasOwn(definition.shape, name) ? definition.shape[name] : undefined;
      const member = value[name];
      if (known) {
        if (typeof member === 'object' && member !== null) walk(member, known, [...path, name], found);
      } else found.push([...path, name]);
    }
  }
}

/** The members of `value` (found at `path` in the request) that `schema` does not read, as warnings. */
export function unknownMembers(value: unknown, schema: z.ZodType, path: Path): UnknownMemberWarning[] {
  const found: Path[] = [];
  walk(value, schema, path, found);
  return found.map((at) => unknownMember(at));
}

/** The warning for one member the station does not know. */
export function unknownMember(path: Path): UnknownMemberWarning {
  return {
    code: 'unknownMember',
    pointer: jsonPointer(path),
    detail: `The station does not know the member ${path.join('.')}, so it was ignored.`,
  };
}
