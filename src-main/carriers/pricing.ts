// Prices one service of a rate card for one shipment: zone by route, chargeable weight per package
// (actual or volumetric, whichever is higher), the weight-break price, the fuel surcharge, the special services
// asked for (each a surcharge of the card, or the reason the service cannot take it), VAT and transit time.
import { EU_COUNTRIES } from '../../src-shared/countries.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { MAX_PACKAGE_WEIGHT_KG, type Package } from '../../src-shared/shipment.ts';
import {
  CARRIAGE_RULES,
  askedOptions,
  carriageProblem,
  type ServiceOption,
  type ShipmentServices,
} from '../../src-shared/shipment-options.ts';
import { parseCents } from '../../src-shared/money.ts';
import type { UnavailableReason } from '../../src-shared/unavailable-reasons.ts';
import type { PriceBreakdown } from '../domain/rating.ts';
import type { OptionSurcharge, RateCard, RateCardService } from './rate-card.ts';

export type PriceOutcome =
  | {
      ok: true;
      zone: string;
      finalCents: number;
      prepaidCents: number;
      transitDays: number;
      chargeableKg: number;
      /** Only when the shipment asks for options: a rate without them answers the spec's members alone. */
      breakdown?: PriceBreakdown;
    }
  | { ok: false; reason: string; pointer?: string; outcome: UnavailableReason };

function matches(entries: string[], country: string, origin: string): boolean {
  return entries.some(
    (entry) =>
      entry === '*' || entry === country || (entry === 'EU' && EU_COUNTRIES.has(country)) || (entry === 'SAME' && country === origin),
  );
}

export function zoneFor(card: RateCard, from: string, to: string): string | undefined {
  return card.zones.find((zone) => matches(zone.from, from, from) && matches(zone.to, to, from))?.zone;
}

/** Chargeable weight, rounded up to the next half kilo as carriers bill it. */
export function chargeableWeightKg(pkg: Package, volumetricDivisor: number): number {
  return chargeableOf(measurePackage(pkg), volumetricDivisor);
}

/**
 * A package's figures as pricing reads them: its weight, its sides longest first, and its volume. The same for
 * every service of every card, so a pricing reads them once per package (`measurePackages`), not once per service.
 */
interface MeasuredPackage {
  weight: number;
  /** Length, width and height, longest first. */
  sides: readonly [number, number, number];
  /** Length × width × height, multiplied in that order. */
  volume: number;
}

function measurePackage(pkg: Package): MeasuredPackage {
  const { length, width, height } = pkg.dimensions;
  const [first = 0, second = 0, third = 0] = [length, width, height].map(Number).sort((a, b) => b - a);
  return { weight: Number(pkg.weight.value), sides: [first, second, third], volume: Number(length) * Number(width) * Number(height) };
}

/**
 * The figures of each package of a list, in its order: worked out once per list (a rate asks every card with the
 * same packages), and kept for as long as the list lives. A list is not changed once priced.
 */
const measuredLists = new WeakMap<readonly Package[], readonly MeasuredPackage[]>();
export function measurePackages(packages: readonly Package[]): readonly MeasuredPackage[] {
  let measured = measuredLists.get(packages);
  if (measured === undefined) {
    measured = packages.map(measurePackage);
    measuredLists.set(packages, measured);
  }
  return measured;
}

const chargeableOf = (measured: MeasuredPackage, volumetricDivisor: number) =>
  Math.ceil(Math.max(measured.weight, measured.volume / volumetricDivisor) * 2) / 2;

/** The request member a package's problem is about, so that a client can mark the field. */
const packageMember = (index: number, member: 'weight/value' | 'dimensions') => `/data/attributes/packages/${index}/${member}`;

/** A service as a reason names it: its carrier's name and its own. */
const nameOf = (card: RateCard, service: RateCardService) => `${card.carrierName} ${service.serviceName}`;
const namesOf = (card: RateCard, service: RateCardService) => ({ carrierName: card.carrierName, serviceName: service.serviceName });

function packageProblem(
  measured: MeasuredPackage,
  index: number,
  service: RateCardService,
  card: RateCard,
): { text: string; pointer: string; outcome: UnavailableReason } | undefined {
  const { weight } = measured;
  const [length, width, height] = measured.sides;
  const girth = length + 2 * width + 2 * height;
  const { limits } = service;
  // The usual answer, a package within every limit, makes nothing.
  if (weight <= MAX_PACKAGE_WEIGHT_KG && weight <= limits.maxWeightKg && length <= limits.maxLengthCm && girth <= limits.maxGirthCm)
    return undefined;
  const number = index + 1;
  const weightMember = packageMember(index, 'weight/value');
  const about = { ...namesOf(card, service), packageIndex: index };
  if (weight > MAX_PACKAGE_WEIGHT_KG) {
    return {
      text: ERROR_TEXT.packageOverMaximum(number, weight, MAX_PACKAGE_WEIGHT_KG),
      pointer: weightMember,
      outcome: { code: 'package.overMaximum', ...about, weightKg: weight, limitKg: MAX_PACKAGE_WEIGHT_KG },
    };
  }
  if (weight > service.limits.maxWeightKg) {
    return {
      text: ERROR_TEXT.packageOverWeight(number, weight, service.limits.maxWeightKg),
      pointer: weightMember,
      outcome: { code: 'package.overWeight', ...about, weightKg: weight, limitKg: service.limits.maxWeightKg },
    };
  }
  if (length > service.limits.maxLengthCm) {
    return {
      text: ERROR_TEXT.packageOverLength(number, length, service.limits.maxLengthCm),
      pointer: packageMember(index, 'dimensions'),
      outcome: { code: 'package.overLength', ...about, lengthCm: length, limitCm: service.limits.maxLengthCm },
    };
  }
  if (girth > service.limits.maxGirthCm) {
    return {
      text: ERROR_TEXT.packageOverGirth(number, girth, service.limits.maxGirthCm),
      pointer: packageMember(index, 'dimensions'),
      outcome: { code: 'package.overGirth', ...about, girthCm: girth, limitCm: service.limits.maxGirthCm },
    };
  }
  return undefined;
}

const toCents = (amount: number) => Math.round(amount * 100);

/** The request member an option is asked at: the services' member, or the first package's that carries it. */
function optionMember(option: ServiceOption, packages: readonly Package[]): string {
  const at = (member: string, has: (pkg: Package) => boolean) =>
    `/data/attributes/packages/${Math.max(0, packages.findIndex(has))}/${member}`;
  switch (option) {
    case 'dangerousGoods':
      return at('dangerousGoods', (pkg) => (pkg.dangerousGoods?.length ?? 0) > 0);
    case 'lithiumBatteries':
      return at('lithiumBatteries', (pkg) => pkg.lithiumBatteries !== undefined);
    case 'dryIce':
      return at('dryIceKg', (pkg) => pkg.dryIceKg !== undefined);
    case 'cashOnDelivery':
    case 'saturdayDelivery':
    case 'sundayDelivery':
      return `/data/attributes/services/${option}`;
    default:
      return '/data/attributes/services/deliveryConfirmation';
  }
}

const PACKAGE_MEMBER = { dangerousGoods: 'dangerousGoods', lithiumBatteries: 'lithiumBatteries', dryIce: 'dryIceKg' } as const;

/** One option's surcharge in cents: flat plus a share of `baseCents`, at least the minimum, per shipment or per package. */
function surchargeCents(surcharge: OptionSurcharge, baseCents: number, packages: number): number {
  const once = Math.max(toCents(surcharge.minimum), toCents(surcharge.flat) + Math.round((baseCents * surcharge.percent) / 100));
  return surcharge.per === 'package' ? once * packages : once;
}

type OptionsOutcome =
  { ok: true; options: PriceBreakdown['options'] } | { ok: false; reason: string; pointer: string; outcome: UnavailableReason };

/**
 * The options a shipment asks of a service: first what its way of carrying refuses in a package (air, the post),
 * then each option the service does not offer (here), then each one's surcharge.
 */
function priceOptions(
  card: RateCard,
  service: RateCardService,
  zone: string,
  packages: readonly Package[],
  services: ShipmentServices | undefined,
  freightCents: number,
): OptionsOutcome {
  for (const [index, pkg] of packages.entries()) {
    const problem = carriageProblem(service.transport, pkg);
    if (problem)
      return {
        ok: false,
        reason: `${nameOf(card, service)}: package ${index + 1}: ${CARRIAGE_RULES[problem.rule]}`,
        pointer:
          problem.dangerousGoodIndex === undefined
            ? `/data/attributes/packages/${index}/${PACKAGE_MEMBER[problem.option as keyof typeof PACKAGE_MEMBER]}`
            : `/data/attributes/packages/${index}/dangerousGoods/${problem.dangerousGoodIndex}/class`,
        outcome: {
          code: 'service.optionRefused',
          ...namesOf(card, service),
          option: problem.option,
          rule: problem.rule,
          packageIndex: index,
        },
      };
  }
  const options: PriceBreakdown['options'] = [];
  const offered = (option: ServiceOption) => {
    const surcharge = service.options[option];
    return surcharge && (!surcharge.zones || surcharge.zones.includes(zone)) ? surcharge : undefined;
  };
  for (const { option: asked, packages: count } of askedOptions(services, packages)) {
    // A signature level the card lacks is given by its nearest stricter one, and the breakdown says which was asked.
    const option = offered(asked) ? asked : (STRICTER[asked] ?? []).find(offered);
    const surcharge = option && offered(option);
    if (!option || !surcharge) {
      const listed = service.options[asked] !== undefined;
      return {
        ok: false,
        reason: `${nameOf(card, service)} does not offer ${OPTION_WORDS[asked]}${listed ? ' on this route' : ''}`,
        pointer: optionMember(asked, packages),
        outcome: { code: 'service.optionNotOffered', ...namesOf(card, service), option: asked },
      };
    }
    let base = freightCents;
    if (option === 'cashOnDelivery') {
      const cod = services!.cashOnDelivery!;
      if (cod.currency !== card.currency)
        return {
          ok: false,
          reason: `${nameOf(card, service)}: ${CARRIAGE_RULES['cashOnDelivery.currency']} (${card.currency}), not ${cod.currency}`,
          pointer: '/data/attributes/services/cashOnDelivery/currency',
          outcome: {
            code: 'service.optionRefused',
            ...namesOf(card, service),
            option,
            rule: 'cashOnDelivery.currency',
            packageIndex: null,
          },
        };
      base = parseCents(cod.amount) ?? 0;
    }
    options.push({ option, cents: surchargeCents(surcharge, base, count), ...(option === asked ? {} : { asked }) });
  }
  return { ok: true, options };
}

/** The signature levels that give at least what a level asks, nearest first: never a weaker one. */
const STRICTER: Partial<Record<ServiceOption, readonly ServiceOption[]>> = {
  indirectSignature: ['signature', 'directSignature', 'adultSignature'],
  signature: ['directSignature', 'adultSignature'],
  directSignature: ['adultSignature'],
};

/** An option as a reason says it in English. */
const OPTION_WORDS: Record<ServiceOption, string> = {
  signature: 'a signature',
  adultSignature: 'an adult signature',
  directSignature: 'a direct signature',
  indirectSignature: 'an indirect signature',
  cashOnDelivery: 'cash on delivery',
  saturdayDelivery: 'Saturday delivery',
  sundayDelivery: 'Sunday delivery',
  dangerousGoods: 'dangerous goods',
  lithiumBatteries: 'lithium batteries',
  dryIce: 'dry ice',
};

/**
 * `measured`: the packages' figures (measurePackages), when the caller prices several services of one shipment;
 * `zone`: the card's zone of the route, when the caller found it already (the same for every service of a card).
 */
export function priceService(
  card: RateCard,
  service: RateCardService,
  route: { from: string; to: string },
  packages: readonly Package[],
  fuelSurchargePercent: number,
  services?: ShipmentServices,
  known: { measured?: readonly MeasuredPackage[]; zone?: string | undefined } = {},
): PriceOutcome {
  const zone = 'zone' in known ? known.zone : zoneFor(card, route.from, route.to);
  const zonePrices = zone === undefined ? undefined : service.zones[zone];
  if (zone === undefined || zonePrices === undefined) {
    return {
      ok: false,
      reason: ERROR_TEXT.routeNotServed(nameOf(card, service), route.from, route.to),
      pointer: '/data/attributes/shipTo/country',
      outcome: { code: 'route.notServed', ...namesOf(card, service), from: route.from, to: route.to },
    };
  }
  if (packages.length === 0) return { ok: false, reason: ERROR_TEXT.noPackages, outcome: { code: 'shipment.noPackages' } };

  const measured = known.measured ?? measurePackages(packages);
  let baseCents = 0;
  let chargeableKg = 0;
  for (let index = 0; index < packages.length; index++) {
    const problem = packageProblem(measured[index]!, index, service, card);
    if (problem)
      return {
        ok: false,
        reason: ERROR_TEXT.packageProblem(nameOf(card, service), problem.text),
        pointer: problem.pointer,
        outcome: problem.outcome,
      };
    const weight = chargeableOf(measured[index]!, card.volumetricDivisor);
    chargeableKg += weight;
    const row = zonePrices.breaks.find(([upTo]) => weight <= upTo);
    if (row) {
      baseCents += toCents(row[1]);
      continue;
    }
    const last = zonePrices.breaks[zonePrices.breaks.length - 1]!;
    if (zonePrices.perKgAbove === undefined) {
      return {
        ok: false,
        reason: ERROR_TEXT.packageProblem(nameOf(card, service), ERROR_TEXT.packageOverBreaks(index + 1, weight, last[0])),
        pointer: packageMember(index, 'weight/value'),
        outcome: { code: 'package.overBreaks', ...namesOf(card, service), packageIndex: index, chargeableKg: weight, limitKg: last[0] },
      };
    }
    baseCents += toCents(last[1] + Math.ceil(weight - last[0]) * zonePrices.perKgAbove);
  }
  const freightWithFuel = Math.round(baseCents * (1 + fuelSurchargePercent / 100));
  const priced = priceOptions(card, service, zone, packages, services, baseCents);
  if (!priced.ok) return priced;
  const finalCents = freightWithFuel + priced.options.reduce((sum, entry) => sum + entry.cents, 0);
  const prepaidCents = Math.round(finalCents * (1 + card.vatPercent / 100));
  const outcome: PriceOutcome = { ok: true, zone, finalCents, prepaidCents, transitDays: zonePrices.transitDays, chargeableKg };
  if (priced.options.length > 0)
    outcome.breakdown = { freightCents: baseCents, fuelCents: freightWithFuel - baseCents, options: priced.options };
  return outcome;
}

/** Insurance is priced apart from the rate: a share of the declared value (in cents), with a minimum. */
export function insuranceCents(card: RateCard, insuredCents: number): number {
  return Math.max(toCents(card.insurance.minimum), Math.round((insuredCents * card.insurance.percentOfValue) / 100));
}
