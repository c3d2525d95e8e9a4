// The catalogue of why a carrier service cannot carry a shipment: outcome codes, not error codes. A rate list's
// meta.unavailable and the shipment.noService refusal give each reason its code and figures beside the English
// sentence, so a program, and the desk, word it without parsing English.
import { z } from 'zod';
import { CARRIAGE_RULE_LIST, SERVICE_OPTIONS } from './shipment-options.ts';

const carrierName = z.string().meta({ description: 'The carrier’s name, as the reason names it.' });
const serviceName = z.string().meta({ description: 'The service’s name, as the reason names it.' });
const packageIndex = z
  .number()
  .int()
  .meta({ description: 'The package’s index in data.attributes.packages, from 0 (the English reason counts from 1).' });
const upstream = z.string().meta({ description: 'The upstream service’s name.' });
const country = (which: string) => z.string().meta({ description: `The ${which} country, ISO 3166-1 alpha-2.` });
const problem = z
  .string()
  .meta({ description: 'What went wrong, in the words of the network, the upstream service or the card reader (English).' });

/** Each outcome code: what it means in English, and its figures (the members beside `code`). */
export const UNAVAILABLE_REASONS = {
  'route.notServed': {
    words: 'The service does not carry from the origin country to the destination.',
    figures: { carrierName, serviceName, from: country('origin'), to: country('destination') },
  },
  'shipment.noPackages': { words: 'The shipment has no packages.', figures: {} },
  'package.overMaximum': {
    words: 'A package weighs more than any service carries.',
    figures: { carrierName, serviceName, packageIndex, weightKg: z.number(), limitKg: z.number() },
  },
  'package.overWeight': {
    words: 'A package weighs more than the service carries.',
    figures: { carrierName, serviceName, packageIndex, weightKg: z.number(), limitKg: z.number() },
  },
  'package.overLength': {
    words: 'A package is longer than the service carries.',
    figures: { carrierName, serviceName, packageIndex, lengthCm: z.number(), limitCm: z.number() },
  },
  'package.overGirth': {
    words: 'A package’s length plus girth is more than the service carries.',
    figures: { carrierName, serviceName, packageIndex, girthCm: z.number(), limitCm: z.number() },
  },
  'package.overBreaks': {
    words: 'A package’s chargeable weight is above the rate card’s heaviest weight break.',
    figures: {
      carrierName,
      serviceName,
      packageIndex,
      chargeableKg: z.number(),
      limitKg: z.number().meta({ description: 'The heaviest weight break of the card.' }),
    },
  },
  'shipDate.beyondCarrier': {
    words: 'The ship date is further ahead than the carrier takes.',
    figures: {
      carrierName,
      days: z.number().int(),
      latest: z.string().meta({ description: 'The last ship date the carrier takes, YYYY-MM-DD.' }),
    },
  },
  'carrier.cardUnreadable': {
    words: 'The carrier’s rate card cannot be read: the carrier prices nothing until it is fixed or removed.',
    figures: {
      carrierName: carrierName
        .nullable()
        .meta({ description: 'The carrier the card is for; null when the card does not say, which stops every carrier.' }),
      file: z.string(),
      problem,
    },
  },
  'carrier.unreachable': {
    words: 'The upstream service carrying it cannot be reached now: ask again later.',
    figures: { upstream, problem },
  },
  'upstream.ratesRefused': { words: 'The upstream service refused to price the shipment.', figures: { upstream, problem } },
  'upstream.declined': { words: 'The upstream service gave a reason of its own (reason says it in its words).', figures: { upstream } },
  'service.optionNotOffered': {
    words: 'The service does not offer a special service the shipment asks for (on this route).',
    figures: {
      carrierName,
      serviceName,
      option: z.enum(SERVICE_OPTIONS).meta({ description: 'The option the service does not offer.' }),
    },
  },
  'service.optionRefused': {
    words: 'The service refuses what a package holds, or how an option is asked, by the rules of how it carries (air, the post).',
    figures: {
      carrierName,
      serviceName,
      option: z.enum(SERVICE_OPTIONS).meta({ description: 'The option the refusal is about.' }),
      rule: z.enum(CARRIAGE_RULE_LIST).meta({
        description:
          'Why: air.lithiumIonAlone, air.forbiddenClass (explosives, toxic gas), postal.dangerousGoods, postal.dryIce, postal.lithiumNotInEquipment, cashOnDelivery.currency (not the card’s currency).',
      }),
      packageIndex: packageIndex.nullable().meta({ description: 'The package it is about, from 0; null for the whole shipment.' }),
    },
  },
  'carrier.notConfigured': { words: 'No carrier is configured for the shipment (only in shipment.noService’s meta.reasons).', figures: {} },
} as const satisfies Record<string, { words: string; figures: Record<string, z.ZodType> }>;

export type UnavailableCode = keyof typeof UNAVAILABLE_REASONS;
export const UNAVAILABLE_CODE_LIST = Object.keys(UNAVAILABLE_REASONS) as UnavailableCode[];

type Figures<C extends UnavailableCode> = {
  [K in keyof (typeof UNAVAILABLE_REASONS)[C]['figures']]: z.infer<(typeof UNAVAILABLE_REASONS)[C]['figures'][K]>;
};

/** One reason a service cannot carry a shipment: its code and figures. */
export type UnavailableReason = { [C in UnavailableCode]: { code: C } & Figures<C> }[UnavailableCode];

const codeMember = (code: UnavailableCode) => z.literal(code).meta({ description: UNAVAILABLE_REASONS[code].words });

/** A reason as code and figures, one object schema per code; `base` adds the members every entry has. */
function reasonSchemas<T extends z.ZodRawShape>(base: T) {
  return UNAVAILABLE_CODE_LIST.map((code) => z.object({ ...base, code: codeMember(code), ...UNAVAILABLE_REASONS[code].figures }));
}

/**
 * The reason as this station knows it, from another's answer (an upstream station's meta.unavailable entry); undefined
 * when its code or figures are not this station's.
 */
export function knownReason(entry: unknown): UnavailableReason | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const code = (entry as { code?: unknown }).code;
  if (typeof code !== 'string' || !Object.hasOwn(UNAVAILABLE_REASONS, code)) return undefined;
  const parsed = z.object({ code: z.literal(code), ...UNAVAILABLE_REASONS[code as UnavailableCode].figures }).safeParse(entry);
  return parsed.success ? (parsed.data as UnavailableReason) : undefined;
}

/** The schema of a list entry that carries a reason: `base`'s members, the code and its figures. */
export function withReasonSchema<T extends z.ZodRawShape>(base: T) {
  return z.discriminatedUnion('code', reasonSchemas(base) as never as [z.ZodObject, ...z.ZodObject[]]);
}
