// What the request schemas of the description say beyond each member's own rule: the words each member's refusal
// uses for what it takes (field-expectations.ts), and the components the shared rules refer to, written from the
// same data the station checks with: the country codes, each country's postal codes (postal-codes-js) and states,
// and the rules that tie a shipment's members together (checkCrossFieldRules: goods and value unless documents
// only, the insurance pair, customs by territory). Each operation lists the refusals only the state decides.
import { createRequire } from 'node:module';
import { STATE_CODES } from '../../../src-shared/address-checks.ts';
import { COUNTRY_CODES, STATE_REQUIRED } from '../../../src-shared/countries.ts';
import { SPECIAL, territoryOf } from '../../../src-shared/customs.ts';
import { expectationAt } from '../../../src-shared/field-expectations.ts';
import { TRUE, anyCase, codesAnyCase, decimalAtMost, textInput, type JsonSchema } from '../../../src-shared/json-schema-words.ts';
import { ROUTES, type RouteSpec } from '../../../src-shared/routes.ts';
import { DOCUMENTS_MAX } from '../../../src-shared/shipment.ts';

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

const require = createRequire(import.meta.url);
const alpha2 = require('postal-codes-js/generated/postal-codes-alpha2.json') as Record<string, { postalCodeFormat?: string }>;

/** What the station takes out of a postal code before it checks it: spaces and dashes, anywhere. */
const POSTAL_GAP = '(?:[^\\S\\v\\f]|-)*';

/** A letter in either case. */
const caseless = (letter: string) => (/[a-z]/i.test(letter) ? `[${letter.toUpperCase()}${letter.toLowerCase()}]` : letter);

/**
 * postal-codes-js's pattern of a country, as the station applies it: trimmed, its spaces and dashes anywhere taken
 * out, letters in any case. Each atom of the pattern may be followed by spaces and dashes.
 */
function postalPattern(expression: string): string {
  // White space but vertical tab and form feed (control characters, refused in any text), or a dash: written so
  // that requestPatterns leaves it as it is, short.
  const gap = POSTAL_GAP;
  let out = '';
  let i = 0;
  while (i < expression.length) {
    const char = expression[i]!;
    let atom: string | undefined;
    if (char === '\\') {
      atom = expression.slice(i, i + 2);
      i += 2;
    } else if (char === '[') {
      const end = expression.indexOf(']', i + 1);
      const body = expression.slice(i + 1, end);
      const more = [...body.matchAll(/([A-Za-z])-([A-Za-z])|([A-Za-z])/g)]
        .map((match) =>
          match[3]
            ? match[3] === match[3].toUpperCase()
              ? match[3].toLowerCase()
              : match[3].toUpperCase()
            : `${swap(match[1]!)}-${swap(match[2]!)}`,
        )
        .join('');
      atom = `[${body}${more}]`;
      i = end + 1;
    } else if (char === '^' || char === '$') {
      i += 1;
      continue;
    } else if ('(|){}?*+'.includes(char)) {
      if (char === '{') {
        const end = expression.indexOf('}', i);
        out += expression.slice(i, end + 1);
        i = end + 1;
      } else if (char === '(' && expression[i + 1] === '?') {
        out += expression.slice(i, i + 3);
        i += 3;
      } else {
        out += char;
        i += 1;
      }
      continue;
    } else {
      atom = caseless(char);
      i += 1;
    }
    out += `(?:${atom}${gap})`;
  }
  return `^${gap}(?:${out})$`;
}
const swap = (letter: string) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase());

/** A postal code of the country as the station takes it, or undefined when any code is taken there. */
function postalCodeOf(country: string): JsonSchema | undefined {
  const formatFile = alpha2[country]?.postalCodeFormat;
  if (!formatFile) return undefined;
  const format = require(`postal-codes-js/formats/${formatFile}`) as { ValidationRegex: string | string[] };
  const expression = Array.isArray(format.ValidationRegex) ? format.ValidationRegex.join('|') : format.ValidationRegex;
  const digits = /^(\d+)Digits?\.json$/.exec(formatFile);
  const text = { type: 'string', pattern: postalPattern(expression) };
  if (!digits) return text;
  const count = Number(digits[1]);
  return { anyOf: [text, { type: 'integer', minimum: count === 1 ? 0 : 10 ** (count - 1), maximum: 10 ** count - 1 }] };
}

/**
 * The country member is one of these, in a condition: the address's own schema already requires its country and
 * checks it is a code (CountryCode: two letters, white space around them), so the condition needs only to find
 * which code it is, the letters in any case, unanchored.
 */
const countryIs = (codes: readonly string[]): JsonSchema => ({ properties: { country: { pattern: codesAnyCase(codes) } } });

/** AddressRules: the postal code in its country's format (countries of one format under one condition), and the state where the country needs one. */
function addressRules(): JsonSchema {
  const byFormat = new Map<string, { postalCode: JsonSchema; countries: string[] }>();
  for (const country of [...COUNTRY_CODES].sort()) {
    const postalCode = postalCodeOf(country);
    if (!postalCode) continue;
    const key = JSON.stringify(postalCode);
    byFormat.set(key, { postalCode, countries: [...(byFormat.get(key)?.countries ?? []), country] });
  }
  const rules: JsonSchema[] = [...byFormat.values()].map(({ postalCode, countries }) => ({
    if: countryIs(countries),
    then: { properties: { postalCode } },
  }));
  for (const country of [...STATE_REQUIRED].sort()) {
    const known = STATE_CODES[country];
    const state = known ? { type: 'string', pattern: anyCase([...known.codes].sort()) } : textInput(20, true);
    rules.push({ if: countryIs([country]), then: { required: ['state'], properties: { state } } });
  }
  return { allOf: rules };
}

/**
 * A postal code of the country that starts with this prefix once its white space is taken out; as a number, one of
 * the country's digits (a number of another length is no postal code there, and refused as such).
 */
function postalPrefix(country: string, prefix: string): JsonSchema {
  const text = { type: 'string', pattern: `^\\s*${[...prefix].map((char) => `${caseless(char)}\\s*`).join('')}` };
  const digits = /^(\d+)Digits?\.json$/.exec(alpha2[country]?.postalCodeFormat ?? '');
  if (!/^\d+$/.test(prefix) || !digits) return text;
  const power = 10 ** (Number(digits[1]) - prefix.length);
  return { anyOf: [text, { type: 'number', minimum: Number(prefix) * power, exclusiveMaximum: (Number(prefix) + 1) * power }] };
}

/** Each customs territory (customs|vat, as territoryOf gives them) and the addresses in it. */
function territories(): Map<string, JsonSchema[]> {
  const byKey = new Map<string, JsonSchema[]>();
  const add = (key: string, schema: JsonSchema) => byKey.set(key, [...(byKey.get(key) ?? []), schema]);
  const plain = new Map<string, string[]>();
  for (const country of [...COUNTRY_CODES].sort()) {
    const territory = territoryOf({ country, postalCode: '' });
    const key = `${territory.customs}|${territory.vat}`;
    const prefixes = SPECIAL.filter(([code]) => code === country).map(([, prefix]) => prefix);
    if (prefixes.length === 0) plain.set(key, [...(plain.get(key) ?? []), country]);
    else
      add(key, {
        ...countryIs([country]),
        not: { required: ['postalCode'], properties: { postalCode: anyOf(prefixes.map((prefix) => postalPrefix(country, prefix))) } },
      });
  }
  for (const [key, countries] of plain) add(key, countryIs(countries));
  for (const [country, prefix, customs, vat] of SPECIAL) {
    add(`${customs}|${vat}`, {
      allOf: [countryIs([country]), { required: ['postalCode'], properties: { postalCode: postalPrefix(country, prefix) } }],
    });
  }
  return byKey;
}

const EU = 'EU|EU';

/** One of these schemas: the schema itself when it is the only one (an anyOf of one says nothing more). */
const anyOf = (schemas: JsonSchema[]): JsonSchema => (schemas.length === 1 ? schemas[0]! : { anyOf: schemas });

/** RouteWithoutCustoms: sender and receiver in one customs and VAT territory, or Northern Ireland with Great Britain or the EU. */
function routeWithoutCustoms(byKey: Map<string, JsonSchema[]>): JsonSchema {
  const at = (key: string): JsonSchema =>
    key === EU ? { $ref: '#/components/schemas/InEuVatArea' } : anyOf(byKey.get(key) ?? [{ not: {} }]);
  const same = [...byKey.keys()].map((key) => ({ properties: { shipFrom: at(key), shipTo: at(key) } }));
  const ireland = at('GB-NI|GB');
  const partners = { anyOf: [ireland, at('GB|GB'), at(EU)] };
  return {
    required: ['shipFrom', 'shipTo'],
    anyOf: [...same, { properties: { shipFrom: ireland, shipTo: partners } }, { properties: { shipFrom: partners, shipTo: ireland } }],
  };
}

/** A member that is there: not null, not blank text. */
const PRESENT: JsonSchema = { not: { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }] } };
const DOCUMENTS: JsonSchema = { required: ['documentsOnly'], properties: { documentsOnly: TRUE } };
const NOT_DOCUMENTS: JsonSchema = { not: DOCUMENTS };
const CUSTOMS: JsonSchema = { not: { $ref: '#/components/schemas/RouteWithoutCustoms' } };
const COMMERCIAL: JsonSchema = {
  required: ['exportDeclaration'],
  properties: {
    exportDeclaration: {
      type: 'object',
      required: ['shipmentPurpose'],
      properties: { shipmentPurpose: { type: 'string', pattern: anyCase(['COMMERCIAL']) } },
    },
  },
};
const HS_CODE: JsonSchema = {
  anyOf: [
    { type: 'string', pattern: '^[\\s.]*(?:[0-9][\\s.]*){6,10}$' },
    { type: 'integer', minimum: 100_000, maximum: 9_999_999_999 },
  ],
};
const EORI: JsonSchema = { type: 'string', pattern: '^\\s*(?:[A-Za-z]\\s*){2}(?:[A-Za-z0-9]\\s*){1,15}$' };

/** A measure at most `max`: a number, or decimal text. */
const atMost = (max: number): JsonSchema => ({
  anyOf: [
    { type: 'number', maximum: max },
    { type: 'string', pattern: decimalAtMost(max) },
  ],
});
/** A documents-only parcel: at most 2.5 kg, and its sides, largest first, at most 30 × 21 × 15 cm. */
function documentsParcel(): JsonSchema {
  const [first, second, third] = DOCUMENTS_MAX.dimensionsCm;
  const sides = ['length', 'width', 'height'];
  const pairs = [
    [0, 1],
    [0, 2],
    [1, 2],
  ] as const;
  const over = (side: string, max: number): JsonSchema => ({ required: [side], properties: { [side]: { not: atMost(max) } } });
  return {
    properties: {
      weight: { properties: { value: atMost(DOCUMENTS_MAX.weightKg) } },
      dimensions: {
        properties: Object.fromEntries(sides.map((side) => [side, atMost(first!)])),
        // No two sides above the second largest, and not all three above the smallest.
        not: {
          anyOf: [
            ...pairs.map(([a, b]) => ({ allOf: [over(sides[a]!, second!), over(sides[b]!, second!)] })),
            { allOf: sides.map((side) => over(side, third!)) },
          ],
        },
      },
    },
  };
}

/** ShipmentRules: what checkCrossFieldRules checks, as conditions. */
function shipmentRules(): JsonSchema {
  const throughCustoms = [NOT_DOCUMENTS, CUSTOMS];
  return {
    allOf: [
      {
        if: NOT_DOCUMENTS,
        then: { required: ['goodsDescription', 'invoiceSubtotal'], properties: { goodsDescription: PRESENT, invoiceSubtotal: PRESENT } },
      },
      {
        if: { allOf: [NOT_DOCUMENTS, { required: ['insuranceDescription'], properties: { insuranceDescription: PRESENT } }] },
        then: { required: ['insuranceValue'], properties: { insuranceValue: PRESENT } },
      },
      {
        if: { allOf: [NOT_DOCUMENTS, { required: ['insuranceValue'], properties: { insuranceValue: PRESENT } }] },
        then: { required: ['insuranceDescription'], properties: { insuranceDescription: PRESENT } },
      },
      { if: DOCUMENTS, then: { allOf: [CUSTOMS, { properties: { packages: { items: documentsParcel() } } }] } },
      { if: { allOf: throughCustoms }, then: { required: ['exportDeclaration'], properties: { exportDeclaration: PRESENT } } },
      {
        if: { allOf: [...throughCustoms, COMMERCIAL] },
        then: {
          properties: {
            exportDeclaration: {
              properties: { lineItems: { items: { required: ['commodityCode'], properties: { commodityCode: HS_CODE } } } },
            },
          },
        },
      },
      {
        if: { allOf: [...throughCustoms, COMMERCIAL, { properties: { shipFrom: { $ref: '#/components/schemas/InEuVatArea' } } }] },
        then: {
          anyOf: [
            { properties: { exportDeclaration: { required: ['exporterEori'], properties: { exporterEori: PRESENT } } } },
            { properties: { shipFrom: { required: ['taxIdentification'], properties: { taxIdentification: EORI } } } },
          ],
        },
      },
    ],
  };
}

/** White space as `\s` in a class, but vertical tab and form feed: control characters, which no text may hold. */
const SPACE_IN_CLASS = '\\t\\n\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * A pattern's white space as the station takes it: `\s` is JavaScript's, which holds vertical tab and form feed,
 * but json-input refuses every control character but tab and line breaks in any text (field.badText).
 */
export function spaceWithoutControls(pattern: string): string {
  let out = '';
  let inClass = false;
  let negated = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const escape = pattern.slice(i, i + 2);
      i += 1;
      if (escape === '\\s' && !inClass) out += '[^\\S\\v\\f]';
      else if (escape === '\\s' && !negated) out += SPACE_IN_CLASS;
      else out += escape;
      continue;
    }
    if (char === '[' && !inClass) {
      inClass = true;
      negated = pattern[i + 1] === '^';
    } else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}

/**
 * A character outside the Basic Multilingual Plane (an emoji, say), as a pattern: with the `u` flag JSON Schema asks
 * for, one code point from U+10000; an engine without it reads the class as every UTF-16 unit but none, and never
 * matches, so the rule it guards is left out there rather than misread.
 */
const ASTRAL = '[^\\u0000-\\uffff]';

/**
 * A text's maximum as the station counts it: zod counts UTF-16 units, where JSON Schema's maxLength counts
 * characters (code points), and a character outside the Basic Multilingual Plane is two units. No pattern can weigh
 * characters, so a text with one of them is said conservatively: at most half the maximum.
 */
function utf16Length(schema: Record<string, unknown>): void {
  if (schema.type !== 'string' || typeof schema.maxLength !== 'number' || 'if' in schema) return;
  schema.if = { pattern: ASTRAL };
  schema.then = { maxLength: Math.floor(schema.maxLength / 2) };
}

/** Rewrites the patterns of every schema a request reaches (its body and its parameters, through $ref), once each, and says its texts' maxima in UTF-16 units. */
function requestPatterns(document: {
  components: { schemas: Record<string, Record<string, any>> };
  paths?: Record<string, Record<string, any>>;
}): void {
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Record<string, unknown>;
    if (typeof schema.pattern === 'string') schema.pattern = spaceWithoutControls(schema.pattern);
    utf16Length(schema);
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/'))
      visit(document.components.schemas[schema.$ref.slice('#/components/schemas/'.length)]);
    for (const [key, value] of Object.entries(schema))
      if (key !== 'example' && key !== 'examples' && key !== 'const' && key !== 'enum' && key !== 'default') visit(value);
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== 'object' || operation === null) continue;
      for (const parameter of operation.parameters ?? []) visit(parameter.schema);
      for (const content of Object.values(operation.requestBody?.content ?? {})) visit((content as { schema?: unknown }).schema);
    }
  }
}

const pointerOf = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** A schema written alike at these places of the components (paths from components.schemas) becomes the component `name`, each place referring to it. */
function sharedSchema(
  document: { components: { schemas: Record<string, Record<string, any>> } },
  name: string,
  places: readonly string[],
): void {
  const found = places.map((place) => {
    const parts = place.split('/');
    const parent = parts.slice(0, -1).reduce<Record<string, any> | undefined>((node, part) => node?.[part], document.components.schemas);
    return { parent, key: parts.at(-1)! };
  });
  const schemas = found.map(({ parent, key }) => parent?.[key] as Record<string, unknown> | undefined);
  const first = schemas[0];
  if (!first || document.components.schemas[name] || schemas.some((schema) => JSON.stringify(schema) !== JSON.stringify(first))) return;
  document.components.schemas[name] = first;
  for (const { parent, key } of found) parent![key] = { $ref: `#/components/schemas/${name}` };
}

/**
 * Each operation's request body, said once: a body that both media types take (application/vnd.api+json and
 * application/json) becomes the component <OperationId>Request, which each refers to, instead of two copies.
 */
function sharedRequestBodies(document: {
  components: { schemas: Record<string, Record<string, any>> };
  paths?: Record<string, Record<string, any>>;
}): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const content = (operation as { requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> } } | undefined)
        ?.requestBody?.content;
      const schemas = Object.values(content ?? {}).map((media) => media.schema);
      const first = schemas[0];
      if (
        !content ||
        schemas.length < 2 ||
        !first ||
        typeof first.$ref === 'string' ||
        schemas.some((schema) => JSON.stringify(schema) !== JSON.stringify(first))
      )
        continue;
      const operationId = String((operation as { operationId?: unknown }).operationId);
      const name = `${operationId[0]!.toUpperCase()}${operationId.slice(1)}Request`;
      if (document.components.schemas[name])
        throw new Error(`The component ${name} is taken: ${operationId}'s request body needs another name`);
      document.components.schemas[name] = first;
      for (const media of Object.values(content)) media.schema = { $ref: `#/components/schemas/${name}` };
    }
  }
}

/** Finishes the generated request schemas of the description, in place. */
export function describeRequestSchemas(document: {
  components: { schemas: Record<string, Record<string, any>> };
  paths?: Record<string, Record<string, any>>;
}): void {
  const schemas = document.components.schemas;
  const shipmentRequest = schemas.ShipmentRequestAttributes;
  if (shipmentRequest) describeMembers(shipmentRequest, '/data/attributes');
  const shipmentMeta = schemas.ShipmentRequestMeta;
  if (shipmentMeta) describeMembers(shipmentMeta, '/data/meta');
  const byKey = territories();
  Object.assign(schemas, {
    CountryCode: {
      type: 'string',
      description: 'An ISO 3166-1 alpha-2 country code, in any case.',
      pattern: anyCase([...COUNTRY_CODES].sort()),
    },
    AddressRules: {
      description:
        'The rules of an address that tie its members to its country: the postal code in the country’s format (postal-codes-js; spaces and dashes anywhere, letters in any case), and a state for IT, CA and US (one of the US’s or Canada’s codes there).',
      ...addressRules(),
    },
    InEuVatArea: {
      description: 'An address in the EU’s customs union and VAT area (its special territories left out by postal code).',
      anyOf: byKey.get(EU) ?? [],
    },
    RouteWithoutCustoms: {
      description:
        'A route on which goods are not declared to customs: both ends in one customs and VAT territory (postal codes tell the special territories apart), or Northern Ireland with Great Britain or the EU.',
      ...routeWithoutCustoms(byKey),
    },
    ShipmentRules: {
      description:
        'What ties a shipment’s members together: goodsDescription and invoiceSubtotal unless documentsOnly; insurance description and value together; documentsOnly on a customs route only, its parcels at most 2.5 kg and 30 × 21 × 15 cm; an exportDeclaration through customs, and for commercial goods each line’s HS code and, leaving the EU, the exporter’s EORI (or an EORI as shipFrom.taxIdentification). The seller’s IOSS number for commercial goods of up to 150 EUR sold into the EU is asked by the items’ total, which a schema cannot add up.',
      ...shipmentRules(),
    },
  });
  sharedRequestBodies(document);
  // An order's attributes, the same in one order and in a batch of them.
  sharedSchema(document, 'OrderRequestAttributes', [
    'AddOrderRequest/properties/data/properties/attributes',
    'AddOrdersRequest/properties/data/items/properties/attributes',
  ]);
  requestPatterns(document);
  // Each operation lists the refusals a well-formed request may still get, which its note explains.
  for (const spec of Object.values(ROUTES) as RouteSpec[]) {
    const operation = document.paths?.[pointerOf(spec.path)]?.[spec.method.toLowerCase()];
    if (operation && spec.stateRefusals?.length) operation['x-stateRefusals'] = [...spec.stateRefusals];
  }
}
