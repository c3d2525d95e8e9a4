// The special services of a shipment request as the field rules read them: `data.attributes.services` (delivery
// confirmation, cash on delivery, Saturday and Sunday delivery) and a package's dangerous goods, lithium batteries
// and dry ice, each read liberally (numbers as text, null for absent, words in any case) and kept as
// shipment-options.ts answers them. Whether a service takes them is the rate card's (src-main/carriers/pricing.ts).
import { z } from 'zod';
import { anyCase, said } from '../json-schema-words.ts';
import {
  COD_METHODS,
  DEFAULT_MINIMUM_AGE,
  DELIVERY_CONFIRMATIONS,
  LITHIUM_PACKINGS,
  LITHIUM_TYPES,
  MAX_DANGEROUS_GOODS,
  MINIMUM_AGES,
  PACKING_GROUPS,
  type DangerousGood,
  type LithiumBatteries,
  type ShipmentServices,
} from '../shipment-options.ts';
import { code, flag, measure, optional, optionalText, positiveMoney, quantity, requiredText, textInput } from './fields.ts';

/** One of a few words, matched without regard to case and kept as the station spells it (adultSignature). */
const spelled = <const T extends readonly [string, ...string[]]>(values: T) =>
  said(
    z
      .string()
      .trim()
      .transform((value) => values.find((word) => word.toLowerCase() === value.toLowerCase()) ?? value)
      .pipe(z.enum(values)),
    { type: 'string', pattern: anyCase(values) },
  );

/** A UN number: UN and four digits, as written on the package (a space after UN taken). */
export const UN_NUMBER_PATTERN = '^\\s*[Uu][Nn] ?[0-9]{4}\\s*$';
const unNumber = said(
  z
    .string()
    .trim()
    .refine((value) => new RegExp(UN_NUMBER_PATTERN).test(value))
    .transform((value) => value.toUpperCase().replace(' ', '')),
  { type: 'string', pattern: UN_NUMBER_PATTERN },
);

/** A hazard class or division of the UN Model Regulations: 1.1 to 1.6 (with a compatibility group), 2.1 to 2.3, 3, 4.1 to 4.3, 5.1, 5.2, 6.1, 6.2, 7, 8, 9. */
const CLASS = '(?:1\\.[1-6][A-HJ-LNSa-hj-lns]?|2\\.[1-3]|3|4\\.[1-3]|5\\.[12]|6\\.[12]|7|8|9)';
const CLASS_NUMBERS = [1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 2.1, 2.2, 2.3, 3, 4.1, 4.2, 4.3, 5.1, 5.2, 6.1, 6.2, 7, 8, 9];
const hazardClass = said(
  textInput.pipe(
    z
      .string()
      .refine((value) => new RegExp(`^${CLASS}$`).test(value))
      .transform((value) => value.toUpperCase()),
  ),
  { anyOf: [{ type: 'string', pattern: `^\\s*${CLASS}\\s*$` }, { enum: CLASS_NUMBERS }] },
);

const dangerousGood = z.object({
  unNumber,
  properShippingName: requiredText(255),
  class: hazardClass,
  packingGroup: optional(code(PACKING_GROUPS)),
  quantity,
  netWeightKg: measure,
});

const lithiumBatteries = z.object({
  type: spelled(LITHIUM_TYPES),
  packing: spelled(LITHIUM_PACKINGS),
  section2: optional(flag),
});

/** A package's option members, beside its weight and dimensions; the dry ice's weight below the package's is cross-field.ts. */
export const packageOptionRules = {
  dangerousGoods: optional(z.array(dangerousGood).max(MAX_DANGEROUS_GOODS)),
  lithiumBatteries: optional(lithiumBatteries),
  dryIceKg: optional(measure),
};

const minimumAge = said(
  z
    .union([z.number(), z.string().trim()])
    .transform(Number)
    .pipe(z.union([z.literal(16), z.literal(18), z.literal(21)])),
  { anyOf: [{ enum: [...MINIMUM_AGES] }, { type: 'string', pattern: `^\\s*(?:${MINIMUM_AGES.join('|')})\\s*$` }] },
);

const currency = said(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((value) => value.toUpperCase()),
  { type: 'string', pattern: '^\\s*[A-Za-z]{3}\\s*$' },
);

const ADULT = anyCase(['adultSignature']);
const services = said(
  z.object({
    deliveryConfirmation: optional(spelled(DELIVERY_CONFIRMATIONS)),
    minimumAge: optional(minimumAge),
    cashOnDelivery: optional(
      z.object({
        amount: positiveMoney,
        currency,
        method: optional(spelled(COD_METHODS)),
        account: optionalText(34),
      }),
    ),
    insurance: optional(z.object({ value: positiveMoney, description: requiredText(255) })),
    saturdayDelivery: optional(flag),
    sundayDelivery: optional(flag),
  }),
  (rendered) => ({
    ...rendered,
    // A minimum age belongs to an adult signature only (checkCrossFieldRules).
    if: { required: ['deliveryConfirmation'], properties: { deliveryConfirmation: { type: 'string', pattern: ADULT } } },
    else: { not: { required: ['minimumAge'], properties: { minimumAge: { not: { type: 'null' } } } } },
  }),
);
export const servicesRule = optional(services);

type ParsedServices = z.infer<typeof services>;

/**
 * The services as kept: none, false and empty members left out; absent when nothing is asked. `insured`: the
 * shipment's insurance members once read (a documents shipment has none, so none is kept here either).
 */
export function normaliseServices(
  input: ParsedServices | undefined,
  insured: { value: string; description: string } | null,
): ShipmentServices | undefined {
  if (input === undefined) return undefined;
  const kept: ShipmentServices = {};
  if (input.insurance !== undefined && insured !== null) kept.insurance = insured;
  if (input.deliveryConfirmation !== undefined && input.deliveryConfirmation !== 'none') {
    kept.deliveryConfirmation = input.deliveryConfirmation;
    if (input.deliveryConfirmation === 'adultSignature') kept.minimumAge = input.minimumAge ?? DEFAULT_MINIMUM_AGE;
  }
  if (input.cashOnDelivery !== undefined) {
    const { amount, currency: code, method, account } = input.cashOnDelivery;
    kept.cashOnDelivery = { amount, currency: code, method: method ?? 'any' };
    if (account !== undefined && account !== '') kept.cashOnDelivery.account = account;
  }
  if (input.saturdayDelivery === true) kept.saturdayDelivery = true;
  if (input.sundayDelivery === true) kept.sundayDelivery = true;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

type ParsedPackage = { [K in keyof typeof packageOptionRules]?: z.infer<(typeof packageOptionRules)[K]> };

/** A package's options as kept: no empty list, a packing group of null when none is given, Section II false unless said. */
export function normalisePackageOptions(input: ParsedPackage): {
  dangerousGoods?: DangerousGood[];
  lithiumBatteries?: LithiumBatteries;
  dryIceKg?: string;
} {
  const kept: { dangerousGoods?: DangerousGood[]; lithiumBatteries?: LithiumBatteries; dryIceKg?: string } = {};
  if (input.dangerousGoods && input.dangerousGoods.length > 0)
    kept.dangerousGoods = input.dangerousGoods.map((good) => ({
      unNumber: good.unNumber,
      properShippingName: good.properShippingName,
      class: good.class,
      packingGroup: (good.packingGroup ?? null) as DangerousGood['packingGroup'],
      quantity: good.quantity,
      netWeightKg: good.netWeightKg,
    }));
  if (input.lithiumBatteries)
    kept.lithiumBatteries = {
      type: input.lithiumBatteries.type,
      packing: input.lithiumBatteries.packing,
      section2: input.lithiumBatteries.section2 === true,
    };
  if (input.dryIceKg !== undefined) kept.dryIceKg = input.dryIceKg;
  return kept;
}
