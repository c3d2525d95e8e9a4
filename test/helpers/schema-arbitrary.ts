// fast-check arbitraries drawn from the API description's own JSON Schemas (the zod schemas of the contract, as
// openapi.json renders them): values the schema allows, and, mixed in, the near misses and junk real clients send
// (a member missing, a number as text, null, a wrong type), so the fuzz pass tries both sides of each rule.
import fc from 'fast-check';

type Schema = Record<string, any> | boolean;

/** The schema a local `$ref` (#/components/...) points at. */
function resolve(document: Record<string, any>, schema: Schema): Schema {
  if (typeof schema !== 'object' || typeof schema.$ref !== 'string') return schema;
  return schema.$ref
    .slice(2)
    .split('/')
    .reduce((node: any, part: string) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Schema;
}

const junk = fc.oneof(fc.constant(null), fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]));

/** A value the schema allows (as far as its keywords go), `depth` levels deep at most. */
function allowed(document: Record<string, any>, given: Schema, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(document, given);
  if (schema === true || schema === false || depth > 6) return junk;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((alternative: Schema) => allowed(document, alternative, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return allowed(document, schema.allOf[0], depth + 1);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (types.length === 0) return junk;
  return fc.oneof(...types.map((type) => ofType(document, schema as Record<string, any>, type, depth)));
}

/** A text of characters beyond the Basic Multilingual Plane, as many as the schema's maxLength, if the schema (its `if`/`then` too) takes it. */
function longestAstral(schema: Record<string, any>): string | undefined {
  if (typeof schema.maxLength !== 'number' || schema.maxLength > 200) return undefined;
  const text = '😀'.repeat(schema.maxLength);
  const matches = (pattern: unknown) => typeof pattern !== 'string' || new RegExp(pattern, 'u').test(text);
  try {
    if (!matches(schema.pattern) || [...text].length < (schema.minLength ?? 0)) return undefined;
    // A schema that says the maximum in UTF-16 units (a condition on such characters) does not take it: its half does.
    if (schema.if && matches(schema.if.pattern) && typeof schema.then?.maxLength === 'number')
      return '😀'.repeat(schema.then.maxLength) || undefined;
  } catch {
    return undefined;
  }
  return text;
}

function ofType(document: Record<string, any>, schema: Record<string, any>, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 100_000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true, noDefaultInfinity: true });
    case 'string': {
      // JSON Schema counts a text's length in characters (code points), the station in UTF-16 units, where a
      // character beyond the Basic Multilingual Plane (an emoji) is two: texts are drawn of both kinds, and now and
      // then one of such characters as long as the schema allows, so a maximum said in characters only is found
      // out. Every text keeps to the schema's lengths (a pattern's too: an e-mail of at most 50 characters).
      const minLength = schema.minLength ?? 0;
      const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
      const fits = (text: string) => [...text].length >= minLength && [...text].length <= maxLength;
      let drawn: fc.Arbitrary<string> | undefined;
      if (typeof schema.pattern === 'string') {
        try {
          const matching = fc.stringMatching(new RegExp(schema.pattern));
          drawn = schema.minLength === undefined && schema.maxLength === undefined ? matching : matching.filter(fits);
        } catch {
          // A pattern JavaScript does not take: any text.
        }
      }
      if (!drawn) {
        const upper = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
        drawn = fc.oneof(
          { arbitrary: fc.string({ minLength, maxLength: upper }), weight: 4 },
          { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: upper }).filter(fits), weight: 1 },
        );
      }
      const longest = longestAstral(schema);
      return longest === undefined ? drawn : fc.oneof({ arbitrary: drawn, weight: 5 }, { arbitrary: fc.constant(longest), weight: 1 });
    }
    case 'array': {
      const item = schema.items ? allowed(document, schema.items, depth + 1) : junk;
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    }
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, allowed(document, property, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: Object.keys(shape).filter((name) => required.has(name)) });
    }
    default:
      return junk;
  }
}

/** Values for a schema: mostly allowed ones, sometimes junk or one member changed to junk. */
export function arbitraryFor(document: Record<string, any>, schema: Schema): fc.Arbitrary<unknown> {
  const valid = allowed(document, schema, 0);
  const nearMiss = fc.tuple(valid, fc.nat(), junk).map(([value, index, bad]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
    const names = Object.keys(value);
    return names.length === 0 ? bad : { ...value, [names[index % names.length]!]: bad };
  });
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: nearMiss, weight: 1 }, { arbitrary: junk, weight: 1 });
}

/** A good request with one member, at any depth, changed to junk or left out. */
export function mutated(good: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof value === 'object' && value !== null) Object.entries(value).forEach(([name, member]) => walk(member, [...path, name]));
  };
  walk(good, []);
  return fc.tuple(fc.constantFrom(...paths), fc.option(junk, { nil: undefined })).map(([path, replacement]) => {
    const copy = structuredClone(good) as Record<string | number, any>;
    const parent = path.slice(0, -1).reduce((node: any, part) => node[part], copy);
    const last = path.at(-1)!;
    if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
    else parent[last] = replacement ?? null;
    return copy;
  });
}

/** The schema of the member at `path` of a value the schema describes (through $ref, anyOf/oneOf, allOf and nullable forms), if it says. */
function schemaAt(document: Record<string, any>, given: Schema, path: readonly (string | number)[]): Schema | undefined {
  const schema = resolve(document, given);
  if (path.length === 0) return schema;
  if (typeof schema !== 'object') return undefined;
  const [head, ...rest] = path;
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = schemaAt(document, alternative, path);
    if (found !== undefined) return found;
  }
  if (typeof head === 'number' && schema.items) return schemaAt(document, schema.items, rest);
  if (typeof head === 'string' && schema.properties?.[head]) return schemaAt(document, schema.properties[head], rest);
  return undefined;
}

/** A good request with one member, at any depth, changed to another value its schema allows (or left out, when it may be). */
export function varied(document: Record<string, any>, schema: Schema, good: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (path.length > 0 && schemaAt(document, schema, path) !== undefined) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (typeof value === 'object' && value !== null) Object.entries(value).forEach(([name, member]) => walk(member, [...path, name]));
  };
  walk(good, []);
  if (paths.length === 0) return fc.constant(good);
  return fc.constantFrom(...paths).chain((path) =>
    allowed(document, schemaAt(document, schema, path)!, 0).map((replacement) => {
      const copy = structuredClone(good) as Record<string | number, any>;
      const parent = path.slice(0, -1).reduce((node: any, part) => node[part], copy);
      parent[path.at(-1)!] = replacement;
      return copy;
    }),
  );
}
