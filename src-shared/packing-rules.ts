// The desk's packing rules (README, "Scan to ship"): which box, service and carrier an order gets, by its weight,
// destination, SKUs and tags, each choice explained in words ("Economy because DE under 2 kg"). Pure, shared by
// the New shipment screen and the Settings screen's dry run.
import { expectedWeightKg, type OrderAttributes } from './orders.ts';
import { z } from 'zod';
import { SERVICES, type ServiceLevel } from './shipment.ts';

export const packingRuleSchema = z.object({
  when: z.object({
    /** Destination countries (ISO codes); none: any. */
    countries: z.array(z.string()).optional(),
    /** The order's weight, in kg: below maxWeightKg, at least minWeightKg. */
    minWeightKg: z.number().optional(),
    maxWeightKg: z.number().optional(),
    /** Any of these SKUs in the order. */
    skus: z.array(z.string()).optional(),
    /** Any of these tags on the order. */
    tags: z.array(z.string()).optional(),
  }),
  then: z.object({ box: z.string().optional(), service: z.enum(SERVICES).optional(), carrier: z.string().optional() }),
});
export type PackingRule = z.infer<typeof packingRuleSchema>;

export interface PackingDecision {
  box?: string;
  service?: ServiceLevel;
  carrier?: string;
  /** One sentence per choice made, e.g. "Economy because DE under 2 kg". */
  reasons: string[];
}

const kg = (value: number) => `${String(value)} kg`;

/** The conditions of a rule in words: "DE under 2 kg", "tagged fragile", "any order". */
export function describeConditions(rule: PackingRule): string {
  const { countries, minWeightKg, maxWeightKg, skus, tags } = rule.when;
  const parts: string[] = [];
  if (countries?.length) parts.push(countries.map((code) => code.toUpperCase()).join(' or '));
  if (minWeightKg !== undefined && maxWeightKg !== undefined) parts.push(`from ${kg(minWeightKg)} to under ${kg(maxWeightKg)}`);
  else if (maxWeightKg !== undefined) parts.push(`under ${kg(maxWeightKg)}`);
  else if (minWeightKg !== undefined) parts.push(`${kg(minWeightKg)} or more`);
  if (skus?.length) parts.push(`with ${skus.join(' or ')}`);
  if (tags?.length) parts.push(`tagged ${tags.join(' or ')}`);
  return parts.length > 0 ? parts.join(' ') : 'any order';
}

function matches(rule: PackingRule, order: OrderAttributes, weightKg: number | undefined): boolean {
  const { countries, minWeightKg, maxWeightKg, skus, tags } = rule.when;
  if (countries?.length && !countries.map((code) => code.toUpperCase()).includes(order.shipTo.country)) return false;
  if ((minWeightKg !== undefined || maxWeightKg !== undefined) && weightKg === undefined) return false;
  if (minWeightKg !== undefined && weightKg! < minWeightKg) return false;
  if (maxWeightKg !== undefined && weightKg! >= maxWeightKg) return false;
  if (skus?.length && !order.lines.some((line) => skus.includes(line.sku))) return false;
  if (tags?.length && !order.tags.some((tag) => tags.includes(tag))) return false;
  return true;
}

const SERVICE_NAMES: Record<ServiceLevel, string> = { economy: 'Economy', express: 'Express' };

/**
 * The order's own service and carrier come first; each choice left open is made by the first rule that makes it
 * and matches the order. `contentsKg`: the goods' expected weight (the order lines'), never the weighed parcel:
 * the weighed parcel includes the box a rule chose, so weighing it could flip the rule that chose it.
 */
export function decidePacking(rules: readonly PackingRule[], order: OrderAttributes, contentsKg: number | undefined): PackingDecision {
  const decision: PackingDecision = { reasons: [] };
  if (order.service) {
    decision.service = order.service;
    decision.reasons.push(`${SERVICE_NAMES[order.service]} because the order asks for it`);
  }
  if (order.carrierChoice) {
    decision.carrier = order.carrierChoice;
    decision.reasons.push(`${order.carrierChoice} because the order asks for it`);
  }
  for (const rule of rules) {
    if (!matches(rule, order, contentsKg)) continue;
    const why = describeConditions(rule);
    if (rule.then.box && !decision.box) {
      decision.box = rule.then.box;
      decision.reasons.push(`${rule.then.box} because ${why}`);
    }
    if (rule.then.service && !decision.service) {
      decision.service = rule.then.service;
      decision.reasons.push(`${SERVICE_NAMES[rule.then.service]} because ${why}`);
    }
    if (rule.then.carrier && !decision.carrier) {
      decision.carrier = rule.then.carrier;
      decision.reasons.push(`${rule.then.carrier} because ${why}`);
    }
  }
  return decision;
}

export interface DryRunRow {
  number: string;
  country: string;
  /** The goods' expected weight, kg; undefined when a line has no unit weight. */
  weightKg: number | undefined;
  saved: PackingDecision;
  draft: PackingDecision;
  /** The draft chooses another box, service or carrier than the saved rules. */
  changed: boolean;
}

/** Settings' dry run: what the saved and the edited rules choose for each order, before it is weighed. */
export function dryRunRules(saved: readonly PackingRule[], draft: readonly PackingRule[], orders: readonly OrderAttributes[]): DryRunRow[] {
  return orders.map((order) => {
    const weightKg = expectedWeightKg(order.lines);
    const before = decidePacking(saved, order, weightKg);
    const after = decidePacking(draft, order, weightKg);
    const changed = before.box !== after.box || before.service !== after.service || before.carrier !== after.carrier;
    return { number: order.number, country: order.shipTo.country, weightKg, saved: before, draft: after, changed };
  });
}
