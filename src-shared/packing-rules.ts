// The desk's packing rules (docs/desk.md, "Scan to ship"): which box, service, carrier and special services (a
// signature, Saturday delivery) an order gets, by its weight, destination, SKUs (with * wildcards: WINE-*) and tags,
// each choice explained in words ("Economy because DE under 2 kg", "Adult signature 18+ because with WINE-*"), and
// the rate a decision takes (chooseRate: the cheapest, the fastest, or the least CO2e within a margin over them).
// Pure, shared by the New shipment screen and the Settings screen's dry run.
import { expectedWeightKg, type OrderAttributes } from './orders.ts';
import { z } from 'zod';
import { SERVICES, type ServiceLevel } from './shipment.ts';
import { DEFAULT_MINIMUM_AGE, DELIVERY_CONFIRMATIONS, type DeliveryConfirmation, type ShipmentServices } from './shipment-options.ts';

/**
 * The special services a rule may set: the delivery confirmation (with its minimum age) and Saturday delivery.
 * Cash on delivery is each order's own (its amount is the order's), so no rule sets it.
 */
const ruleServicesSchema = z.object({
  deliveryConfirmation: z.enum(DELIVERY_CONFIRMATIONS).optional(),
  minimumAge: z.union([z.literal(16), z.literal(18), z.literal(21)]).optional(),
  saturdayDelivery: z.boolean().optional(),
});

export const packingRuleSchema = z.object({
  when: z.object({
    /** Destination countries (ISO codes); none: any. */
    countries: z.array(z.string()).optional(),
    /** The order's weight, in kg: below maxWeightKg, at least minWeightKg. */
    minWeightKg: z.number().optional(),
    maxWeightKg: z.number().optional(),
    /** Any of these SKUs in the order; * stands for any characters (WINE-* is WINE-RED-75), case does not matter. */
    skus: z.array(z.string()).optional(),
    /** Any of these tags on the order. */
    tags: z.array(z.string()).optional(),
  }),
  then: z.object({
    box: z.string().optional(),
    service: z.enum(SERVICES).optional(),
    carrier: z.string().optional(),
    services: ruleServicesSchema.optional(),
    /** Among the rates up to this many percent above the cheapest, the one with the least CO2e (and of equals, the cheapest). */
    lowestCo2eWithinPercent: z.number().min(0).max(100).optional(),
  }),
});
export type PackingRule = z.infer<typeof packingRuleSchema>;

export interface PackingDecision {
  box?: string;
  service?: ServiceLevel;
  carrier?: string;
  /** Take the rate with the least CO2e among those up to this many percent above the cheapest (chooseRate). */
  lowestCo2eWithinPercent?: number;
  /**
   * The special services: the order's own (all of them, cash on delivery too), then each one the order leaves open
   * (the delivery confirmation, Saturday delivery) from the first rule that sets it. Absent when none is.
   */
  services?: ShipmentServices;
  /** One sentence per choice made, e.g. "Economy because DE under 2 kg". */
  reasons: string[];
}

/**
 * The words a decision is told in: English here, for the API and the tests; the desk passes its own, in the
 * packer's language (src-renderer/i18n/packing-words.ts).
 */
export interface PackingWords {
  /** "Economy because DE under 2 kg". */
  because(choice: string, why: string): string;
  /** A box preset's name as the reader says it: the station's own presets in their language, any other as typed. */
  box(name: string): string;
  /** "Express because the order asks for it". */
  orderAsks(choice: string): string;
  service(level: ServiceLevel): string;
  /** "Adult signature 18+", "Signature", "No signature". */
  confirmation(level: DeliveryConfirmation, minimumAge?: number): string;
  /** "Saturday delivery". */
  saturdayDelivery: string;
  /** "Lowest CO₂e within 10 % of the cheapest". */
  lowestCo2e(percent: number): string;
  /** A list of alternatives: "DE or AT". */
  either(items: readonly string[]): string;
  fromTo(minKg: number, maxKg: number): string;
  under(maxKg: number): string;
  orMore(minKg: number): string;
  withSkus(skus: string): string;
  tagged(tags: string): string;
  anyOrder: string;
}

const kg = (value: number) => `${String(value)} kg`;

export const ENGLISH_PACKING_WORDS: PackingWords = {
  because: (choice, why) => `${choice} because ${why}`,
  box: (name) => name,
  orderAsks: (choice) => `${choice} because the order asks for it`,
  service: (level) => ({ economy: 'Economy', express: 'Express' })[level],
  confirmation: (level, minimumAge) =>
    ({
      none: 'No signature',
      signature: 'Signature',
      adultSignature: `Adult signature ${String(minimumAge ?? DEFAULT_MINIMUM_AGE)}+`,
      direct: 'Direct signature',
      indirect: 'Indirect signature',
    })[level],
  saturdayDelivery: 'Saturday delivery',
  lowestCo2e: (percent) => `Lowest CO2e within ${String(percent)} % of the cheapest`,
  either: (items) => items.join(' or '),
  fromTo: (minKg, maxKg) => `from ${kg(minKg)} to under ${kg(maxKg)}`,
  under: (maxKg) => `under ${kg(maxKg)}`,
  orMore: (minKg) => `${kg(minKg)} or more`,
  withSkus: (skus) => `with ${skus}`,
  tagged: (tags) => `tagged ${tags}`,
  anyOrder: 'any order',
};

/** The conditions of a rule in words: "DE under 2 kg", "tagged fragile", "any order". */
export function describeConditions(rule: PackingRule, words: PackingWords = ENGLISH_PACKING_WORDS): string {
  const { countries, minWeightKg, maxWeightKg, skus, tags } = rule.when;
  const parts: string[] = [];
  if (countries?.length) parts.push(words.either(countries.map((code) => code.toUpperCase())));
  if (minWeightKg !== undefined && maxWeightKg !== undefined) parts.push(words.fromTo(minWeightKg, maxWeightKg));
  else if (maxWeightKg !== undefined) parts.push(words.under(maxWeightKg));
  else if (minWeightKg !== undefined) parts.push(words.orMore(minWeightKg));
  if (skus?.length) parts.push(words.withSkus(words.either(skus)));
  if (tags?.length) parts.push(words.tagged(words.either(tags)));
  return parts.length > 0 ? parts.join(' ') : words.anyOrder;
}

/**
 * Whether a rule's SKU takes an order line's: the same, case aside, where each * of the rule's stands for any run of
 * characters (none too): WINE-* takes WINE-RED-75 and WINE-, *-GIFT takes MUG-GIFT.
 */
export function skuMatches(pattern: string, sku: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  const given = sku.trim().toLowerCase();
  if (!wanted.includes('*')) return wanted === given;
  const escaped = wanted
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 's').test(given);
}

function matches(rule: PackingRule, order: OrderAttributes, weightKg: number | undefined): boolean {
  const { countries, minWeightKg, maxWeightKg, skus, tags } = rule.when;
  if (countries?.length && !countries.map((code) => code.toUpperCase()).includes(order.shipTo.country)) return false;
  if ((minWeightKg !== undefined || maxWeightKg !== undefined) && weightKg === undefined) return false;
  if (minWeightKg !== undefined && weightKg! < minWeightKg) return false;
  if (maxWeightKg !== undefined && weightKg! >= maxWeightKg) return false;
  if (skus?.length && !order.lines.some((line) => skus.some((sku) => skuMatches(sku, line.sku)))) return false;
  if (tags?.length && !order.tags.some((tag) => tags.includes(tag))) return false;
  return true;
}

/**
 * The order's own service and carrier come first; each choice left open is made by the first rule that makes it
 * and matches the order. `contentsKg`: the goods' expected weight (the order lines'), never the weighed parcel:
 * the weighed parcel includes the box a rule chose, so weighing it could flip the rule that chose it.
 */
export function decidePacking(
  rules: readonly PackingRule[],
  order: OrderAttributes,
  contentsKg: number | undefined,
  words: PackingWords = ENGLISH_PACKING_WORDS,
): PackingDecision {
  const decision: PackingDecision = { reasons: [] };
  if (order.service) {
    decision.service = order.service;
    decision.reasons.push(words.orderAsks(words.service(order.service)));
  }
  if (order.carrierChoice) {
    decision.carrier = order.carrierChoice;
    decision.reasons.push(words.orderAsks(order.carrierChoice));
  }
  const services: ShipmentServices = { ...order.services };
  const own = order.services;
  if (own?.deliveryConfirmation) decision.reasons.push(words.orderAsks(words.confirmation(own.deliveryConfirmation, own.minimumAge)));
  if (own?.saturdayDelivery) decision.reasons.push(words.orderAsks(words.saturdayDelivery));
  for (const rule of rules) {
    if (!matches(rule, order, contentsKg)) continue;
    const why = describeConditions(rule, words);
    if (rule.then.box && !decision.box) {
      decision.box = rule.then.box;
      decision.reasons.push(words.because(words.box(rule.then.box), why));
    }
    if (rule.then.service && !decision.service) {
      decision.service = rule.then.service;
      decision.reasons.push(words.because(words.service(rule.then.service), why));
    }
    if (rule.then.carrier && !decision.carrier) {
      decision.carrier = rule.then.carrier;
      decision.reasons.push(words.because(rule.then.carrier, why));
    }
    const margin = rule.then.lowestCo2eWithinPercent;
    if (margin !== undefined && decision.lowestCo2eWithinPercent === undefined) {
      decision.lowestCo2eWithinPercent = margin;
      decision.reasons.push(words.because(words.lowestCo2e(margin), why));
    }
    const set = rule.then.services;
    if (set?.deliveryConfirmation && !services.deliveryConfirmation) {
      // A rule's "none" decides too: no later rule asks for a signature.
      services.deliveryConfirmation = set.deliveryConfirmation;
      if (set.deliveryConfirmation === 'adultSignature') services.minimumAge = set.minimumAge ?? DEFAULT_MINIMUM_AGE;
      decision.reasons.push(words.because(words.confirmation(set.deliveryConfirmation, services.minimumAge), why));
    }
    if (set?.saturdayDelivery !== undefined && services.saturdayDelivery === undefined) {
      services.saturdayDelivery = set.saturdayDelivery;
      if (set.saturdayDelivery) decision.reasons.push(words.because(words.saturdayDelivery, why));
    }
  }
  // What is asked, as a shipment keeps it: no "none" and no Saturday delivery that is not wanted.
  if (services.deliveryConfirmation === 'none') delete services.deliveryConfirmation;
  if (services.saturdayDelivery === false) delete services.saturdayDelivery;
  if (Object.keys(services).length > 0) decision.services = services;
  return decision;
}

/** What chooseRate needs of a rate: its price and, when the station worked it out, its CO2e. */
export interface ChoosableRate {
  id: string;
  attributes: { finalCost: { amount: number }; estimatedDeliveryDate: string | null };
  meta?: { emissions?: { co2eKg: number } | null };
}

/**
 * The rate a decision takes: the fastest for express, else the cheapest; with lowestCo2eWithinPercent, of the rates
 * up to that many percent above that one's price, the one with the least CO2e (of equals, the cheaper). A rate
 * without a figure is never taken for its CO2e.
 */
export function chooseRate<R extends ChoosableRate>(
  rates: readonly R[],
  decision: Pick<PackingDecision, 'service' | 'lowestCo2eWithinPercent'> | null,
): R | undefined {
  const byPrice = [...rates].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount);
  const first =
    decision?.service === 'express'
      ? [...byPrice].sort((a, b) =>
          (a.attributes.estimatedDeliveryDate ?? '9999').localeCompare(b.attributes.estimatedDeliveryDate ?? '9999'),
        )[0]
      : byPrice[0];
  const margin = decision?.lowestCo2eWithinPercent;
  if (!first || margin === undefined) return first;
  const ceiling = first.attributes.finalCost.amount * (1 + margin / 100) + 1e-9;
  const co2e = (rate: R) => rate.meta?.emissions?.co2eKg ?? Number.POSITIVE_INFINITY;
  const within = byPrice.filter(
    (rate) =>
      rate.attributes.finalCost.amount <= ceiling &&
      (decision?.service !== 'express' ||
        (rate.attributes.estimatedDeliveryDate ?? '9999') <= (first.attributes.estimatedDeliveryDate ?? '9999')),
  );
  return within.reduce((best, rate) => (co2e(rate) < co2e(best) ? rate : best), first);
}

export interface DryRunRow {
  number: string;
  country: string;
  /** The goods' expected weight, kg; undefined when a line has no unit weight. */
  weightKg: number | undefined;
  saved: PackingDecision;
  draft: PackingDecision;
  /** The draft chooses another box, service, carrier or special services than the saved rules. */
  changed: boolean;
}

/** Settings' dry run: what the saved and the edited rules choose for each order, before it is weighed. */
export function dryRunRules(
  saved: readonly PackingRule[],
  draft: readonly PackingRule[],
  orders: readonly OrderAttributes[],
  words: PackingWords = ENGLISH_PACKING_WORDS,
): DryRunRow[] {
  return orders.map((order) => {
    const weightKg = expectedWeightKg(order.lines);
    const before = decidePacking(saved, order, weightKg, words);
    const after = decidePacking(draft, order, weightKg, words);
    const changed =
      before.box !== after.box ||
      before.service !== after.service ||
      before.carrier !== after.carrier ||
      before.lowestCo2eWithinPercent !== after.lowestCo2eWithinPercent ||
      JSON.stringify(before.services ?? {}) !== JSON.stringify(after.services ?? {});
    return { number: order.number, country: order.shipTo.country, weightKg, saved: before, draft: after, changed };
  });
}
