// A shipment's special services as the station keeps and answers them: delivery confirmation, cash on delivery,
// Saturday and Sunday delivery (`data.attributes.services`), and per package dangerous goods, lithium batteries and
// dry ice; the options a rate card's service takes by name, and what air and the post refuse to carry, with why.
// The request's liberal rules are shipment-validation/services.ts; the surcharges are src-main/carriers/pricing.ts.
import { z } from 'zod';

export const DELIVERY_CONFIRMATIONS = ['none', 'signature', 'adultSignature', 'direct', 'indirect'] as const;
export type DeliveryConfirmation = (typeof DELIVERY_CONFIRMATIONS)[number];
export const MINIMUM_AGES = [16, 18, 21] as const;
/** The minimum age of an adult signature when none is given: the age most carriers check by default. */
export const DEFAULT_MINIMUM_AGE = 18;
export const COD_METHODS = ['cash', 'cheque', 'any'] as const;
export const LITHIUM_TYPES = ['ion', 'metal'] as const;
export const LITHIUM_PACKINGS = ['containedInEquipment', 'packedWithEquipment', 'alone'] as const;
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;
/** WorldShip's limit, and the carriers': at most three dangerous-goods records per package. */
export const MAX_DANGEROUS_GOODS = 3;
/** The UN number of dry ice (carbon dioxide, solid). */
export const DRY_ICE_UN_NUMBER = 'UN1845';

/** The options a rate card's service may take, each priced on its own (rate-card.ts). */
export const SERVICE_OPTIONS = [
  'signature',
  'adultSignature',
  'directSignature',
  'indirectSignature',
  'cashOnDelivery',
  'saturdayDelivery',
  'sundayDelivery',
  'dangerousGoods',
  'lithiumBatteries',
  'dryIce',
] as const;
export type ServiceOption = (typeof SERVICE_OPTIONS)[number];

/** How a service carries: air refuses what air may not carry, the post what the post refuses. */
export const TRANSPORTS = ['air', 'road', 'postal'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const cashOnDeliverySchema = z
  .object({
    amount: z.string().meta({ description: 'The amount to collect, a decimal as a string, e.g. "49.90".' }),
    currency: z.string().meta({ description: 'ISO 4217, upper case; a rate card takes its own currency only.' }),
    method: z.enum(COD_METHODS).meta({ description: 'How the receiver may pay: cash, cheque, or any.' }),
    account: z.string().optional().meta({ description: 'The account the amount is paid into (an IBAN, say), when not the card’s.' }),
  })
  .meta({ id: 'CashOnDelivery' });

export const shipmentServicesSchema = z
  .object({
    deliveryConfirmation: z.enum(DELIVERY_CONFIRMATIONS).optional().meta({
      description:
        'Who signs for the parcel: signature (anyone at the address), adultSignature (an adult, minimumAge), direct (the receiver in person), indirect (a neighbour may sign); none or absent: no signature.',
    }),
    minimumAge: z
      .union([z.literal(16), z.literal(18), z.literal(21)])
      .optional()
      .meta({ description: 'The age an adult signature checks: 16, 18 or 21 (18 when not given); only with adultSignature.' }),
    cashOnDelivery: cashOnDeliverySchema.optional(),
    insurance: z
      .object({
        value: z.string().meta({ description: 'The declared value in EUR, a decimal as a string.' }),
        description: z.string(),
      })
      .optional()
      .meta({
        description:
          'The declared value and what is insured, the same as insuranceValue and insuranceDescription (either place may say it; both must agree).',
      }),
    saturdayDelivery: z.boolean().optional().meta({ description: 'Delivered on a Saturday.' }),
    sundayDelivery: z.boolean().optional().meta({ description: 'Delivered on a Sunday, where a card offers it.' }),
  })
  .meta({
    id: 'ShipmentServices',
    description:
      'Special services (an extension): each a surcharge the rate card of the service prices, or a reason it cannot be had (service.optionNotOffered). Absent or null: none. Dangerous goods, lithium batteries and dry ice are members of each package.',
  });
export type ShipmentServices = z.infer<typeof shipmentServicesSchema>;

export const dangerousGoodSchema = z
  .object({
    unNumber: z.string().meta({ description: 'UN and four digits, e.g. UN1266.' }),
    properShippingName: z.string(),
    class: z.string().meta({ description: 'The hazard class or division, e.g. 3, 2.1, 6.1, 9.' }),
    packingGroup: z.enum(PACKING_GROUPS).nullable(),
    quantity: z.string().meta({ description: 'Pieces, a whole number as a string.' }),
    netWeightKg: z
      .string()
      .meta({ description: 'Net kilograms of each piece, a decimal as a string: the papers declare quantity × this.' }),
  })
  .meta({ id: 'DangerousGood' });
export type DangerousGood = z.infer<typeof dangerousGoodSchema>;

export const lithiumBatteriesSchema = z
  .object({
    type: z.enum(LITHIUM_TYPES),
    packing: z.enum(LITHIUM_PACKINGS).meta({ description: 'Contained in equipment, packed with equipment, or alone.' }),
    section2: z.boolean().meta({ description: 'Section II of the packing instruction: small cells and batteries.' }),
  })
  .meta({ id: 'LithiumBatteries' });
export type LithiumBatteries = z.infer<typeof lithiumBatteriesSchema>;

/** A package's own options, as answered beside its weight and dimensions. */
export const packageOptionMembers = {
  dangerousGoods: z.array(dangerousGoodSchema).optional().meta({ description: 'Up to three dangerous-goods records (an extension).' }),
  lithiumBatteries: lithiumBatteriesSchema.optional(),
  dryIceKg: z.string().optional().meta({ description: 'Dry ice (UN1845) in kg, a decimal as a string, below the package’s weight.' }),
};

/** What a package may carry, as far as the options go. */
export interface PackageOptions {
  dangerousGoods?: readonly DangerousGood[] | undefined;
  lithiumBatteries?: LithiumBatteries | undefined;
  dryIceKg?: string | undefined;
}

/** The option a delivery-confirmation level is, on a rate card. */
export const CONFIRMATION_OPTION: Record<Exclude<DeliveryConfirmation, 'none'>, ServiceOption> = {
  signature: 'signature',
  adultSignature: 'adultSignature',
  direct: 'directSignature',
  indirect: 'indirectSignature',
};

/** One option a shipment asks for, and how many of its packages it is for (per-package options). */
export interface AskedOption {
  option: ServiceOption;
  packages: number;
}

/** The options a shipment asks of a service, in the order SERVICE_OPTIONS lists them. */
export function askedOptions(services: ShipmentServices | undefined, packages: readonly PackageOptions[]): AskedOption[] {
  const asked: AskedOption[] = [];
  const confirmation = services?.deliveryConfirmation;
  if (confirmation && confirmation !== 'none') asked.push({ option: CONFIRMATION_OPTION[confirmation], packages: packages.length });
  if (services?.cashOnDelivery) asked.push({ option: 'cashOnDelivery', packages: packages.length });
  if (services?.saturdayDelivery) asked.push({ option: 'saturdayDelivery', packages: packages.length });
  if (services?.sundayDelivery) asked.push({ option: 'sundayDelivery', packages: packages.length });
  const count = (has: (pkg: PackageOptions) => boolean) => packages.filter(has).length;
  const dangerous = count((pkg) => (pkg.dangerousGoods?.length ?? 0) > 0);
  if (dangerous > 0) asked.push({ option: 'dangerousGoods', packages: dangerous });
  const lithium = count((pkg) => pkg.lithiumBatteries !== undefined);
  if (lithium > 0) asked.push({ option: 'lithiumBatteries', packages: lithium });
  const dryIce = count((pkg) => pkg.dryIceKg !== undefined);
  if (dryIce > 0) asked.push({ option: 'dryIce', packages: dryIce });
  const order = (option: ServiceOption) => SERVICE_OPTIONS.indexOf(option);
  return asked.sort((a, b) => order(a.option) - order(b.option));
}

/** Why a way of carrying refuses what a package holds: each rule's code and its English words. */
export const CARRIAGE_RULES = {
  'air.lithiumIonAlone': 'lithium-ion batteries packed alone (UN3480) are not carried by air in this network',
  'air.forbiddenClass': 'explosives (class 1 but 1.4S) and toxic gases (class 2.3) are forbidden by air',
  'postal.dangerousGoods': 'the post takes no dangerous goods (UPU Convention, article 19)',
  'postal.dryIce': 'the post takes no dry ice (UN1845 is a dangerous good)',
  'postal.lithiumNotInEquipment': 'the post takes lithium batteries only contained in equipment',
  'cashOnDelivery.currency': 'cash on delivery is collected in the card’s own currency only',
} as const;
export type CarriageRule = keyof typeof CARRIAGE_RULES;
export const CARRIAGE_RULE_LIST = Object.keys(CARRIAGE_RULES) as CarriageRule[];

/** Classes and divisions air refuses: explosives but 1.4S, and toxic gases. */
function airForbids(hazardClass: string): boolean {
  if (hazardClass === '2.3') return true;
  return hazardClass.startsWith('1') && hazardClass !== '1.4S';
}

/** The first rule that stops a package from being carried by `transport`, with the option it is about. */
export function carriageProblem(
  transport: Transport,
  pkg: PackageOptions,
): { rule: CarriageRule; option: ServiceOption; dangerousGoodIndex?: number } | undefined {
  const goods = pkg.dangerousGoods ?? [];
  const lithium = pkg.lithiumBatteries;
  if (transport === 'air') {
    if (lithium && lithium.type === 'ion' && lithium.packing === 'alone')
      return { rule: 'air.lithiumIonAlone', option: 'lithiumBatteries' };
    const forbidden = goods.findIndex((good) => airForbids(good.class));
    if (forbidden >= 0) return { rule: 'air.forbiddenClass', option: 'dangerousGoods', dangerousGoodIndex: forbidden };
  }
  if (transport === 'postal') {
    if (goods.length > 0) return { rule: 'postal.dangerousGoods', option: 'dangerousGoods' };
    if (pkg.dryIceKg !== undefined) return { rule: 'postal.dryIce', option: 'dryIce' };
    if (lithium && lithium.packing !== 'containedInEquipment') return { rule: 'postal.lithiumNotInEquipment', option: 'lithiumBatteries' };
  }
  return undefined;
}

/** What a carrier's service offers (GET /carriers): how it carries, and each option it takes with its surcharge. */
export const serviceOfferSchema = z
  .object({
    serviceCode: z.string(),
    serviceName: z.string(),
    transport: z.enum(TRANSPORTS).meta({ description: 'air refuses what air may not carry, postal what the post refuses.' }),
    options: z
      .array(
        z.object({
          option: z.enum(SERVICE_OPTIONS),
          flat: z.number(),
          percent: z.number().meta({ description: 'Of the freight; for cashOnDelivery, of the amount collected.' }),
          minimum: z.number(),
          per: z.enum(['shipment', 'package']),
          zones: z.array(z.string()).nullable().meta({ description: 'The card’s zones it is offered in; null for all.' }),
        }),
      )
      .meta({ description: 'The options the service takes, in the order SERVICE_OPTIONS lists them; any other is not offered.' }),
  })
  .meta({ id: 'ServiceOffer' });
type ServiceOffer = z.infer<typeof serviceOfferSchema>;

/** A rate card's service as GET /carriers shows what it offers. */
export function serviceOffer(service: {
  serviceCode: string;
  serviceName: string;
  transport: Transport;
  options: Partial<
    Record<ServiceOption, { flat: number; percent: number; minimum: number; per: 'shipment' | 'package'; zones?: string[] | undefined }>
  >;
}): ServiceOffer {
  return {
    serviceCode: service.serviceCode,
    serviceName: service.serviceName,
    transport: service.transport,
    options: SERVICE_OPTIONS.flatMap((option) => {
      const surcharge = service.options[option];
      return surcharge
        ? [
            {
              option,
              flat: surcharge.flat,
              percent: surcharge.percent,
              minimum: surcharge.minimum,
              per: surcharge.per,
              zones: surcharge.zones ?? null,
            },
          ]
        : [];
    }),
  };
}
