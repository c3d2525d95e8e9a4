// The JSON Schema of rules zod checks with a refine or a transform, which zod-openapi cannot see: each request rule
// of the contract says here, once, what it takes, and the zod schema that checks it carries these words (said()),
// so the API description states exactly what the station accepts. Liberal input is said as such: a number where
// text is read, the spellings of true and false, null for an absent member.
import type { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** The zod schema, described by `json` instead of what zod-openapi would draw from it (its description stays). */
export function said<T extends z.ZodType>(schema: T, json: JsonSchema | ((rendered: JsonSchema) => JsonSchema)): T {
  return schema.meta({
    override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
      const next = typeof json === 'function' ? json({ ...jsonSchema }) : json;
      const description = jsonSchema.description;
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, description === undefined ? {} : { description }, next);
    },
  }) as T;
}

/** A reference to a component the description's post-processing adds (src-main/api/openapi/request-schemas.ts). */
export const component = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** true and false, and the spellings form-minded clients send: "true"/"false", "1"/"0", 1/0. */
export const FLAG: JsonSchema = {
  anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', '1', '0'] }, { type: 'integer', enum: [1, 0] }],
};
/** A flag that says true, in any of its spellings. */
export const TRUE: JsonSchema = { enum: [true, 'true', '1', 1] };

/** A text that is not blank (it holds a character other than white space). */
export const NOT_BLANK = '\\S';
/** Text of at most `max` characters, given as a string or (an order number, say) a JSON number; `required`: not blank. */
export function textInput(max: number, required: boolean): JsonSchema {
  return { anyOf: [{ type: 'string', maxLength: max, ...(required ? { minLength: 1, pattern: NOT_BLANK } : {}) }, numberAsText(max)] };
}

/** A JSON number whose text is at most `max` characters: any number from 24 (1.2345678901234567e-300), else whole numbers of that many digits. */
export function numberAsText(max: number): JsonSchema {
  if (max >= 24) return { type: 'number' };
  return {
    type: 'integer',
    minimum: max > 16 ? -Number.MAX_SAFE_INTEGER : -(10 ** (max - 1) - 1),
    maximum: max > 15 ? Number.MAX_SAFE_INTEGER : 10 ** max - 1,
  };
}

/** A calendar date, YYYY-MM-DD, that exists (29 February in leap years only); white space around it is taken. */
export const CALENDAR_DATE =
  '^\\s*(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))|(?:\\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)\\s*$';
/** The same date with nothing around it, as query parameters take it. */
export const DATE_PARAMETER = CALENDAR_DATE.replace('^\\s*', '^').replace('\\s*$', '$');

/** A weight (kg) or a length (cm) as text: a decimal above 0, at most 100000, of at most 16 characters. */
export const MEASURE_TEXT = '^\\s*(?:0*[1-9]\\d{0,4}(?:\\.\\d+)?|0+\\.\\d*[1-9]\\d*|0*100000(?:\\.0+)?)\\s*$';
/** An amount of money as text: at most two decimals, at most 10,000,000.00 (and 10 digits before the point). */
export const MONEY_TEXT = '^\\s*(?:0{0,3}\\d{1,7}(?:\\.\\d{1,2})?|0{0,2}10000000(?:\\.0{1,2})?)\\s*$';
/** The same, above 0. */
export const POSITIVE_MONEY_TEXT = `^(?!\\s*0*(?:\\.0{1,2})?\\s*$)${MONEY_TEXT.slice(1)}`;

/** A pattern that takes a few words in any case, with white space around them. */
export function anyCase(words: readonly string[]): string {
  const letters = (word: string) =>
    [...word]
      .map((letter) =>
        /[a-z]/i.test(letter) ? `[${letter.toUpperCase()}${letter.toLowerCase()}]` : letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
  return `^\\s*(?:${words.map(letters).join('|')})\\s*$`;
}

/** Decimal text of at most `max` (a whole number, or one with a single decimal, such as 2.5). */
export function decimalAtMost(max: number): string {
  const whole = Math.floor(max);
  const tenths = Math.round((max - whole) * 10);
  const below = whole === 0 ? '' : `0*(?:${lessThan(whole)})(?:\\.\\d+)?|`;
  const at = tenths === 0 ? `0*${whole}(?:\\.0+)?` : `0*${whole}(?:\\.(?:[0-${tenths - 1}]\\d*|${tenths}0*))?`;
  return `^\\s*(?:${below}${at})\\s*$`;
}

/** A pattern of the whole numbers 0 to n - 1, written without leading zeros (n from 1 to 99). */
function lessThan(n: number): string {
  const alternatives: string[] = [`[0-${Math.min(n - 1, 9)}]`];
  for (let tens = 1; tens * 10 < n; tens++) {
    const top = Math.min(n - 1 - tens * 10, 9);
    alternatives.push(`${tens}[0-${top}]`);
  }
  return alternatives.join('|');
}

/** The control characters no text of a request may hold (json-input.ts: all but tab and line breaks). */
const CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f';

/**
 * One entry of a list, trimmed and not blank, of at most `max` characters: without commas where the list is one
 * text separated by commas (`commas` false), any text where it is an array's entry.
 */
export function entryText(max: number, commas: boolean): string {
  const comma = commas ? '' : ',';
  const edge = `[^${comma}\\s${CONTROLS}]`;
  return max === 1 ? edge : `${edge}(?:[^${comma}${CONTROLS}]{0,${max - 2}}${edge})?`;
}

/**
 * A list as the station reads it (SHARED_FIELDS.list): one text of entries separated by commas, or an array of
 * entries (text, or numbers where `numbers`); entries trimmed, blank ones dropped, at most `max` of them. `entry`
 * gives the pattern of one entry, with or without commas in it.
 */
export function listSaid(entry: (commas: boolean) => string, max: number, numbers: boolean): JsonSchema {
  const item: JsonSchema = { type: 'string', pattern: `^\\s*(?:${entry(true)})?\\s*$` };
  return {
    anyOf: [
      { type: 'string', pattern: `^[\\s,]*(?:(?:${entry(false)})\\s*(?:,[\\s,]*|$)){0,${max}}$` },
      { type: 'array', maxItems: max, items: numbers ? { anyOf: [item, { type: 'number' }] } : item },
    ],
  };
}

/**
 * A decimal of up to `digits` whole digits as text, at most 10^digits (leading zeros taken): with a point, or a comma
 * where `comma`; blank text too where `blank` (read as absent).
 */
export function decimalText(digits: number, options: { comma: boolean; blank: boolean }): string {
  const point = options.comma ? '[.,]' : '\\.';
  const top = `1${'0'.repeat(digits)}`;
  const number = `0*(?:\\d{1,${digits}}(?:${point}\\d*)?|${point}\\d+|${top}(?:${point}0*)?)`;
  return `^\\s*${options.blank ? `(?:${number})?` : number}\\s*$`;
}

/** A few codes in any case, grouped by their first letter: the pattern of a country code among `codes`, say. */
export function codesAnyCase(codes: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const code of [...codes].sort()) byFirst.set(code.slice(0, 1), [...(byFirst.get(code.slice(0, 1)) ?? []), code.slice(1)]);
  const letter = (char: string) => (/[a-z]/i.test(char) ? `${char.toUpperCase()}${char.toLowerCase()}` : char.replace(/[\\\]^-]/g, '\\$&'));
  const rest = (tails: string[]) =>
    tails.every((tail) => tail.length === 1)
      ? `[${tails.map(letter).join('')}]`
      : `(?:${tails.map((tail) => [...tail].map((char) => `[${letter(char)}]`).join('')).join('|')})`;
  return `(?:${[...byFirst].map(([first, tails]) => `[${letter(first)}]${rest(tails)}`).join('|')})`;
}
