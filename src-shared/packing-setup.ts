// The station's packing setup (README, "Scan to ship"): the box presets, the packing rules and the weight check,
// one set shared by every desk of the station. GET /packing answers it; PATCH /packing (supervisor) changes it,
// checked with these rules, which name each faulty field by its pointer.
import { z } from 'zod';
import { ERROR_TEXT, errorObject } from './errors.ts';
import { packingRuleSchema } from './packing-rules.ts';
import { resourceSchema } from './resource-schema.ts';
import type { ErrorObject } from './jsonapi.ts';
import { validateResource, type Result } from './resource-validation.ts';
import { SHARED_FIELDS } from './shipment-validation.ts';

const { optional, requiredText, optionalText, country, measure, list } = SHARED_FIELDS;

export const boxPresetSchema = z.object({
  name: z.string(),
  /** Centimetres, as decimal strings. */
  length: z.string(),
  width: z.string(),
  height: z.string(),
  /** The empty box's own weight, kg: part of a packed order's expected weight. */
  tareKg: z.string(),
});
export type BoxPreset = z.infer<typeof boxPresetSchema>;

export const packingSetupSchema = z.object({
  boxPresets: z.array(boxPresetSchema),
  /** Which box, service and carrier a scanned order gets; for each choice, the first rule that makes it wins. */
  rules: z.array(packingRuleSchema),
  /** A weighed parcel this far (%) from its expected weight is shown as a warning… */
  varianceWarnPercent: z.number(),
  /** …and this far cannot be shipped until it is weighed again. */
  varianceBlockPercent: z.number(),
});
export type PackingSetup = z.infer<typeof packingSetupSchema>;

export const packingSetupResourceSchema = resourceSchema('packingSetup', packingSetupSchema, { id: z.literal('station') }).meta({ id: 'PackingSetup' });
export type PackingSetupResource = z.infer<typeof packingSetupResourceSchema>;

export const BOX_PRESETS_MAX = 30;
export const PACKING_RULES_MAX = 100;

export const DEFAULT_PACKING_SETUP: PackingSetup = {
  boxPresets: [
    { name: 'Small box', length: '30', width: '20', height: '15', tareKg: '0.15' },
    { name: 'Medium box', length: '40', width: '30', height: '25', tareKg: '0.35' },
    { name: 'Large box', length: '60', width: '40', height: '40', tareKg: '0.8' },
  ],
  rules: [
    { when: { maxWeightKg: 1 }, then: { box: 'Small box' } },
    { when: { maxWeightKg: 5 }, then: { box: 'Medium box' } },
    { when: {}, then: { box: 'Large box' } },
    { when: { tags: ['express'] }, then: { service: 'express' } },
    { when: {}, then: { service: 'economy' } },
  ],
  varianceWarnPercent: 10,
  varianceBlockPercent: 25,
};

const kilograms = optional(
  z
    .union([z.string().trim(), z.number()])
    .transform((value) => (value === '' ? undefined : Number(String(value).replace(',', '.'))))
    .pipe(z.number().finite().min(0).max(100_000).optional()),
);

const ruleSchema = z.object({
  when: optional(
    z.object({
      countries: list(country, 250),
      minWeightKg: kilograms,
      maxWeightKg: kilograms,
      skus: list(z.string().max(35), 100),
      tags: list(z.string().max(30).transform((tag) => tag.toLowerCase()), 20),
    }),
  ).transform((when) => when ?? {}),
  then: z.object({
    box: optionalText(50).transform((value) => value || undefined),
    service: optional(z.string().trim().toLowerCase().pipe(z.enum(['economy', 'express', ''])))
      .transform((value) => value || undefined),
    carrier: optionalText(40).transform((value) => value?.toUpperCase() || undefined),
  }),
});

const presetSchema = z.object({
  name: requiredText(50),
  length: measure,
  width: measure,
  height: measure,
  tareKg: optional(z.union([z.string().trim(), z.number().finite().nonnegative()]).transform((value) => String(value).replace(',', '.'))).pipe(
    z.string().regex(/^\d{1,4}(\.\d{1,3})?$/).optional(),
  ),
});

const percent = z
  .union([z.string().trim(), z.number()])
  .transform((value) => Number(String(value).replace(',', '.')))
  .pipe(z.number().finite().min(0).max(1000));

export const packingSetupChangeSchema = z.object({
  boxPresets: optional(z.array(presetSchema).max(BOX_PRESETS_MAX)),
  rules: optional(z.array(ruleSchema).max(PACKING_RULES_MAX)),
  varianceWarnPercent: optional(percent),
  varianceBlockPercent: optional(percent),
});

/** Drops the members a parse left undefined, so the stored setup and the answers carry no empty keys. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;
}

/**
 * PATCH /packing: any of the setup's members, over `current`. Beyond each field's own rules: preset names are
 * unique, a rule's box is one of the presets, a rule decides something, its weight range is not empty, and the
 * warning comes before the block.
 */
export function validatePackingSetup(document: unknown, current: PackingSetup): Result<PackingSetup> {
  const parsed = validateResource(document, 'packingSetup', packingSetupChangeSchema, false);
  if (!parsed.ok) return parsed;
  const changes = parsed.value;
  const setup: PackingSetup = {
    boxPresets: changes.boxPresets?.map((preset) => compact({ ...preset, tareKg: preset.tareKg ?? '0' })) ?? current.boxPresets,
    rules: changes.rules?.map((rule) => ({ when: compact(rule.when), then: compact(rule.then) })) ?? current.rules,
    varianceWarnPercent: changes.varianceWarnPercent ?? current.varianceWarnPercent,
    varianceBlockPercent: changes.varianceBlockPercent ?? current.varianceBlockPercent,
  };

  const errors: ErrorObject[] = [];
  const fault = (...path: (string | number)[]) => errors.push(errorObject(400, ERROR_TEXT.invalidData(['data', 'attributes', ...path].join('.')), `/data/attributes/${path.join('/')}`));
  const names = new Set<string>();
  setup.boxPresets.forEach((preset, index) => {
    if (names.has(preset.name.toLowerCase())) fault('boxPresets', index, 'name');
    names.add(preset.name.toLowerCase());
  });
  const boxes = new Set(setup.boxPresets.map((preset) => preset.name));
  setup.rules.forEach((rule, index) => {
    const { box, service, carrier } = rule.then;
    if (!box && !service && !carrier) fault('rules', index, 'then');
    // A box the rules name must be a preset: a preset removed while a rule still uses it is refused at the rule.
    if (box && !boxes.has(box)) fault('rules', index, 'then', 'box');
    const { minWeightKg, maxWeightKg } = rule.when;
    if (minWeightKg !== undefined && maxWeightKg !== undefined && minWeightKg >= maxWeightKg) fault('rules', index, 'when', 'maxWeightKg');
  });
  if (setup.varianceWarnPercent > setup.varianceBlockPercent) fault('varianceWarnPercent');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: setup };
}
