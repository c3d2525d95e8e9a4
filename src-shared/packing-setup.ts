// The station's packing setup (docs/desk.md, "Scan to ship"): the box presets, the packing rules and the weight check,
// one set shared by every desk of the station. GET /packing answers it; PATCH /packing (supervisor) changes it,
// checked with these rules, which name each faulty field by its pointer.
import { z } from 'zod';
import { packingRuleSchema } from './packing-rules.ts';
import { resourceSchema } from './resource-schema.ts';
import type { ErrorObject } from './jsonapi.ts';
import { expects, fieldError, validateResource, type Result } from './resource-validation.ts';
import { SHARED_FIELDS } from './shipment-validation.ts';
import { anyCase, decimalText, said, type JsonSchema } from './json-schema-words.ts';
import { DELIVERY_CONFIRMATIONS } from './shipment-options.ts';
import { flag } from './shipment-validation/fields.ts';

const { optional, requiredText, optionalText, country, measure, list, textEntries, countryEntries } = SHARED_FIELDS;

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

export const packingSetupResourceSchema = resourceSchema('packingSetup', packingSetupSchema, { id: z.literal('station') }).meta({
  id: 'PackingSetup',
});
export type PackingSetupResource = z.infer<typeof packingSetupResourceSchema>;

export const BOX_PRESETS_MAX = 30;
export const PACKING_RULES_MAX = 100;

/**
 * The station's own box presets' names, as stored and as the rules name them. The desk shows them in its language
 * (src-renderer/i18n/domain-names.ts, boxName); a name an admin typed is shown as typed.
 */
export const DEFAULT_BOX_NAMES = { small: 'Small box', medium: 'Medium box', large: 'Large box' } as const;

export const DEFAULT_PACKING_SETUP: PackingSetup = {
  boxPresets: [
    { name: DEFAULT_BOX_NAMES.small, length: '30', width: '20', height: '15', tareKg: '0.15' },
    { name: DEFAULT_BOX_NAMES.medium, length: '40', width: '30', height: '25', tareKg: '0.35' },
    { name: DEFAULT_BOX_NAMES.large, length: '60', width: '40', height: '40', tareKg: '0.8' },
  ],
  rules: [
    { when: { maxWeightKg: 1 }, then: { box: DEFAULT_BOX_NAMES.small } },
    { when: { maxWeightKg: 5 }, then: { box: DEFAULT_BOX_NAMES.medium } },
    { when: {}, then: { box: DEFAULT_BOX_NAMES.large } },
    { when: { tags: ['express'] }, then: { service: 'express' } },
    { when: {}, then: { service: 'economy' } },
  ],
  varianceWarnPercent: 10,
  varianceBlockPercent: 25,
};

/** Text that is not there: null, or nothing but white space. */
const BLANK: JsonSchema = { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }] };

/** A figure from 0 to `max` (10 to the power `digits`, which its text may reach): a number, or text with a point or a comma; blank text is absent. */
const decimalUpTo = (max: number, digits: number) =>
  said(
    z
      .union([z.string().trim(), z.number()])
      .transform((value) => (value === '' ? undefined : Number(String(value).replace(',', '.'))))
      .pipe(z.number().finite().min(0).max(max).optional()),
    {
      anyOf: [
        { type: 'number', minimum: 0, maximum: max },
        { type: 'string', pattern: decimalText(digits, { comma: true, blank: true }) },
      ],
    },
  );

const kilograms = (what: string) =>
  expects(optional(decimalUpTo(100_000, 5)), `${what} in kg, from 0 to 100000: a number, or text with a point or a comma`);

/** What a rule's services may set: the delivery confirmation with its minimum age, and Saturday delivery; blank is not set. */
const ruleServicesSchema = z.object({
  deliveryConfirmation: expects(
    optional(
      said(
        z
          .string()
          .trim()
          .transform((value) => DELIVERY_CONFIRMATIONS.find((word) => word.toLowerCase() === value.toLowerCase()) ?? value)
          .pipe(z.enum([...DELIVERY_CONFIRMATIONS, ''])),
        { type: 'string', pattern: anyCase([...DELIVERY_CONFIRMATIONS, '']) },
      ),
    ),
    'none, signature, adultSignature, direct or indirect (case does not matter)',
  ).transform((value) => value || undefined),
  minimumAge: expects(
    optional(
      said(
        z
          .union([z.number(), z.string().trim()])
          .transform((value) => (value === '' ? undefined : Number(value)))
          .pipe(z.union([z.literal(16), z.literal(18), z.literal(21)]).optional()),
        { anyOf: [{ enum: [16, 18, 21] }, { type: 'string', pattern: '^\\s*(?:16|18|21)?\\s*$' }] },
      ),
    ),
    'the age an adult signature checks: 16, 18 or 21 (18 when not given), with deliveryConfirmation adultSignature only',
  ),
  saturdayDelivery: expects(optional(flag), 'true for Saturday delivery, false for none'),
});

/** How far above the cheapest rate a rule may go for less CO2e: 0 to 100 percent; blank text is absent, as null is. */
const co2eMargin = expects(
  optional(decimalUpTo(100, 2)),
  'how far above the cheapest rate the rule may take a service with less CO2e, in percent from 0 to 100: a number, or text with a point or a comma',
);

const THEN_WORDS = 'what the rule decides: a box, a service, a carrier, special services or lowestCo2eWithinPercent (at least one of them)';

const ruleSchema = z.object({
  when: optional(
    z.object({
      countries: expects(
        list(country, 250, countryEntries),
        'the destination countries as ISO 3166-1 alpha-2 codes such as DE (case does not matter): an array of at most 250, or one text separated by commas',
      ),
      minWeightKg: kilograms('the least weight'),
      maxWeightKg: kilograms('the weight the rule takes up to, more than minWeightKg'),
      skus: expects(
        list(z.string().max(35), 100, textEntries(35)),
        'the article SKUs, each at most 35 characters, * standing for any characters (WINE-* takes WINE-RED-75; case does not matter): an array of at most 100, or one text separated by commas',
      ),
      tags: expects(
        list(
          z
            .string()
            .max(30)
            .transform((tag) => tag.toLowerCase()),
          20,
          textEntries(30),
        ),
        'the order’s tags, each at most 30 characters (case does not matter): an array of at most 20, or one text separated by commas',
      ),
    }),
  ).transform((when) => when ?? {}),
  then: expects(
    said(
      z.object({
        box: expects(optionalText(50), 'the name of a box preset (of boxPresets), at most 50 characters').transform(
          (value) => value || undefined,
        ),
        service: expects(
          optional(
            said(
              z
                .string()
                .trim()
                .toLowerCase()
                .pipe(z.enum(['economy', 'express', ''])),
              { type: 'string', pattern: anyCase(['economy', 'express', '']) },
            ),
          ),
          'economy or express',
        ).transform((value) => value || undefined),
        carrier: expects(optionalText(40), 'a carrier code such as UPS, at most 40 characters').transform(
          (value) => value?.toUpperCase() || undefined,
        ),
        services: expects(
          optional(ruleServicesSchema),
          'the special services the rule sets where the order asks for none: {"deliveryConfirmation", "minimumAge", "saturdayDelivery"} (cash on delivery is each order’s own)',
        ),
        lowestCo2eWithinPercent: co2eMargin,
      }),
      // What it decides: at least one of them there (not null, not blank).
      (rendered) => ({
        ...rendered,
        anyOf: ['box', 'service', 'carrier', 'services', 'lowestCo2eWithinPercent'].map((member) => ({
          required: [member],
          properties: { [member]: { not: BLANK } },
        })),
      }),
    ),
    THEN_WORDS,
  ),
});

const CM = 'in cm as a decimal above 0, at most 100000, such as 30 (a number, or text with a point)';
const presetSchema = z.object({
  name: expects(requiredText(50), 'the box’s name: 1 to 50 characters, unique among the presets (case does not matter)'),
  length: expects(measure, `the length ${CM}`),
  width: expects(measure, `the width ${CM}`),
  height: expects(measure, `the height ${CM}`),
  tareKg: expects(
    optional(
      said(
        z.union([z.string().trim(), z.number().finite().nonnegative()]).transform((value) => String(value).replace(',', '.')),
        {
          anyOf: [
            { type: 'number', minimum: 0, maximum: 9999.999, multipleOf: 0.001 },
            { type: 'string', pattern: '^\\s*\\d{1,4}(?:[.,]\\d{1,3})?\\s*$' },
          ],
        },
      ),
    ).pipe(
      z
        .string()
        .regex(/^\d{1,4}(\.\d{1,3})?$/)
        .optional(),
    ),
    'the empty box’s own weight in kg, at most 9999.999 with up to three decimals, such as 0.35 (a number, or text with a point or a comma)',
  ),
});

/** A percent from 0 to 1000; blank text is absent, as null is. */
const percent = decimalUpTo(1000, 3);

const PERCENT = 'percent from 0 to 1000: a number, or text with a point or a comma';
export const packingSetupChangeSchema = z
  .object({
    boxPresets: expects(
      optional(z.array(presetSchema).max(BOX_PRESETS_MAX)),
      `the whole list of box presets: an array of at most ${BOX_PRESETS_MAX}`,
    ),
    rules: expects(
      optional(z.array(ruleSchema).max(PACKING_RULES_MAX)),
      `the whole list of packing rules, in order: an array of at most ${PACKING_RULES_MAX} rules {"when": {…}, "then": {…}}`,
    ),
    varianceWarnPercent: expects(
      optional(percent),
      `how far a weighed parcel may be from its expected weight before a warning, in ${PERCENT}; at most varianceBlockPercent`,
    ),
    varianceBlockPercent: expects(
      optional(percent),
      `how far a weighed parcel may be from its expected weight before it cannot ship, in ${PERCENT}`,
    ),
  })
  .meta({
    description:
      'Any of the setup’s members; absent ones stay. Beyond each member’s rule, over the setup as it would be: preset names are unique (case does not matter), a rule’s box is one of the presets (a preset a rule still uses cannot be removed), a rule decides something, its minWeightKg is below its maxWeightKg, and varianceWarnPercent is at most varianceBlockPercent.',
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
    rules:
      changes.rules?.map((rule) => {
        const services = rule.then.services && compact(rule.then.services);
        return {
          when: compact(rule.when),
          then: compact({ ...rule.then, services: services && Object.keys(services).length > 0 ? services : undefined }),
        };
      }) ?? current.rules,
    varianceWarnPercent: changes.varianceWarnPercent ?? current.varianceWarnPercent,
    varianceBlockPercent: changes.varianceBlockPercent ?? current.varianceBlockPercent,
  };

  const errors: ErrorObject[] = [];
  const fault = (expected: string, ...path: (string | number)[]) =>
    errors.push(fieldError(document, ['data', 'attributes', ...path], expected, false));
  const names = new Set<string>();
  setup.boxPresets.forEach((preset, index) => {
    if (names.has(preset.name.toLowerCase()))
      fault(`a name no other preset has (case does not matter): "${preset.name}" is taken`, 'boxPresets', index, 'name');
    names.add(preset.name.toLowerCase());
  });
  const boxes = new Set(setup.boxPresets.map((preset) => preset.name));
  setup.rules.forEach((rule, index) => {
    const { box, service, carrier, services, lowestCo2eWithinPercent } = rule.then;
    if (!box && !service && !carrier && !services && lowestCo2eWithinPercent === undefined) fault(THEN_WORDS, 'rules', index, 'then');
    if (services?.minimumAge !== undefined && services.deliveryConfirmation !== 'adultSignature')
      fault('no minimum age: it goes with deliveryConfirmation adultSignature only', 'rules', index, 'then', 'services', 'minimumAge');
    // A box the rules name must be a preset: a preset removed while a rule still uses it is refused at the rule.
    if (box && !boxes.has(box))
      fault(
        `the name of a box preset: ${[...boxes].map((name) => JSON.stringify(name)).join(', ') || 'none is set'}`,
        'rules',
        index,
        'then',
        'box',
      );
    const { minWeightKg, maxWeightKg } = rule.when;
    if (minWeightKg !== undefined && maxWeightKg !== undefined && minWeightKg >= maxWeightKg)
      fault(`a weight in kg above minWeightKg (${minWeightKg})`, 'rules', index, 'when', 'maxWeightKg');
  });
  if (setup.varianceWarnPercent > setup.varianceBlockPercent)
    fault(`a percent at most varianceBlockPercent (${setup.varianceBlockPercent})`, 'varianceWarnPercent');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: setup };
}
