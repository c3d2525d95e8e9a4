// The readers of one member of a request and their limits: text, decimals, weights and lengths, money, flags,
// dates, country codes, e-mail, phones, codes and lists, each read liberally and kept as the one type answered.
// The shipment's members (attributes.ts), an order (orders.ts) and the packing setup are made of these.
import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';
import { COUNTRY_CODES, isCountryCode } from '../countries.ts';
import { isWrittenPhone } from '../address-checks.ts';
import {
  CALENDAR_DATE,
  FLAG,
  MEASURE_TEXT,
  MONEY_TEXT,
  POSITIVE_MONEY_TEXT,
  anyCase,
  codesAnyCase,
  component,
  entryText,
  listSaid,
  said,
  textInput as textSaid,
} from '../json-schema-words.ts';
import { MONEY_MAX_CENTS, formatCents, parseCents } from '../money.ts';

const DECIMAL = /^\d+(\.\d+)?$/;

// Be liberal in what is accepted: clients written in PHP or Python send null for an optional member they leave
// empty, numbers as strings and strings as numbers. Every value is normalised to the one type answered.

/** An optional member: null means absent, as if it were not sent. */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

/** Text, given as a string or (e.g. an order number) as a JSON number; kept trimmed. */
export const textInput = z.union([z.string(), z.number().finite()]).transform((value) => String(value).trim());
export const requiredText = (max: number) => said(textInput.pipe(z.string().min(1).max(max)), textSaid(max, true));
export const optionalText = (max: number) => optional(said(textInput.pipe(z.string().max(max)), textSaid(max, false)));

/** A decimal given as a string with "." or as a JSON number (kept to six decimals, a milligram), kept as its decimal string. */
const decimal = z
  .union([z.string().trim(), z.number().finite().nonnegative()])
  .transform((value) => (typeof value === 'number' ? String(Number(value.toFixed(6))) : value))
  .refine((value) => DECIMAL.test(value));

/** The largest weight (kg) or length (cm) the station reads: far above any carrier's limit, far below overflow. */
export const MEASURE_MAX = 100_000;
/** A weight or a length: above zero, at most MEASURE_MAX; how heavy or long a carrier takes is the carrier's rule. */
export const measure = said(
  decimal.refine((value) => value.length <= 16 && Number(value) > 0 && Number(value) <= MEASURE_MAX),
  {
    anyOf: [
      { type: 'string', maxLength: 16, pattern: MEASURE_TEXT },
      { type: 'number', minimum: 0.000001, maximum: MEASURE_MAX },
    ],
  },
);

/**
 * An amount of money, at most two decimals and within MONEY_MAX_CENTS, kept as its decimal string. A JSON number
 * that floating point put a hair off a whole cent (64.50000000000001, as PHP and Python sums make them) is taken
 * at that cent.
 */
const moneyRule = z
  .union([z.string().trim(), z.number().finite().nonnegative()])
  .transform((value, context) => {
    if (typeof value === 'string' || parseCents(String(value)) !== undefined) return String(value);
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) > 1e-6) context.addIssue({ code: 'custom', message: 'more than two decimals' });
    return formatCents(cents);
  })
  .refine((value) => parseCents(value) !== undefined);
const MONEY_NUMBER = { type: 'number', minimum: 0, maximum: MONEY_MAX_CENTS / 100, multipleOf: 0.01 };
export const money = said(moneyRule, { anyOf: [{ type: 'string', pattern: MONEY_TEXT }, MONEY_NUMBER] });
export const positiveMoney = said(
  moneyRule.refine((value) => parseCents(value)! > 0),
  {
    anyOf: [
      { type: 'string', pattern: POSITIVE_MONEY_TEXT },
      { ...MONEY_NUMBER, minimum: 0.01 },
    ],
  },
);

/** true/false, and the spellings form-minded clients send: "true"/"false", 1/0, "1"/"0". */
export function asFlag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}
export const flag = said(
  z.unknown().transform((value, context) => {
    const parsed = asFlag(value);
    if (parsed === undefined) context.addIssue({ code: 'custom', message: 'a boolean' });
    return parsed ?? false;
  }),
  FLAG,
);

export const units = z.union([z.literal('1'), z.literal(1)]).transform(() => '1' as const);
export const isoDate = said(z.string().trim().refine(isCalendarDate), { type: 'string', pattern: CALENDAR_DATE });
/** A country code in any case: the description's CountryCode lists them (src-main/api/openapi/request-schemas.ts). */
export const country = said(
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode),
  component('CountryCode'),
);
export const email = said(z.string().trim().max(50).pipe(z.email()), {
  type: 'string',
  maxLength: 50,
  pattern: `^\\s*(?:${z.regexes.email.source.replace(/^\^|\$$/g, '')})\\s*$`,
});
const digitsText = z.union([z.string(), z.number().int().nonnegative()]).transform((value) => String(value).trim());
/** A phone as people write it ("(212) 736-3100"); kept with digits, spaces and a plus (canonicaliseAddress, addresses.ts). */
export const phone = said(digitsText.refine(isWrittenPhone), {
  anyOf: [
    { type: 'string', pattern: '^(?=(?:[^0-9]*[0-9]){0,25}[^0-9]*$)\\s*\\+?[0-9 ().\\/-]*\\s*$' },
    { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  ],
});
/** One of a few codes, matched without regard to case. */
export const code = <const T extends readonly [string, ...string[]]>(values: T) =>
  said(
    z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(values)),
    { type: 'string', pattern: anyCase(values) },
  );
/** Incoterms 1 (DDP), 2 (DAP) or 3 (EXW), as a number or its text. */
export const incoTerms = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])])
  .transform((value) => Number(value) as 1 | 2 | 3);
/** A customs commodity (HS) code: letters, digits, spaces, dots or dashes, as carriers print them. */
export const commodityCode = said(textInput.pipe(z.string().regex(/^[A-Za-z0-9 .\-]{0,20}$/)), {
  anyOf: [
    { type: 'string', pattern: '^\\s*[A-Za-z0-9 .\\-]{0,20}\\s*$' },
    { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  ],
});

/** A count of pieces: 1 to 9,999,999, as a number or its text. */
export const quantity = said(
  digitsText.refine((value) => /^[1-9][0-9]{0,6}$/.test(value)),
  {
    anyOf: [
      { type: 'string', pattern: '^\\s*[1-9][0-9]{0,6}\\s*$' },
      { type: 'integer', minimum: 1, maximum: 9_999_999 },
    ],
  },
);

/** Text of at most `max` characters that may be null (normaliseAttributes makes a blank one null). */
export const nullableText = (max: number) => textInput.pipe(z.string().max(max)).nullable().optional();

/**
 * A list given as a JSON array or as one comma-separated text ("DE, AT"): entries trimmed, empty ones and repeats
 * dropped; none is absent. `entry`, the pattern of one entry (with commas in it or not), makes the description say
 * the list exactly (listSaid); without it, it says text or an array.
 */
export const list = (item: z.ZodType<string, string>, max: number, entry?: { pattern: (commas: boolean) => string; numbers: boolean }) => {
  const read = z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))])
    .transform((value) =>
      (typeof value === 'string' ? value.split(',') : value.map(String)).map((entry) => entry.trim()).filter((entry) => entry !== ''),
    )
    .pipe(z.array(item).max(max))
    .transform((entries) => (entries.length > 0 ? [...new Set(entries)] : undefined));
  return optional(entry ? said(read, listSaid(entry.pattern, max, entry.numbers)) : read);
};
/** A list's entries as text of at most `max` characters (numbers taken as their text). */
export const textEntries = (max: number) => ({ pattern: (commas: boolean) => entryText(max, commas), numbers: true });
/** A list's entries as country codes, in any case. */
export const countryEntries = { pattern: () => codesAnyCase([...COUNTRY_CODES]), numbers: false };
