// `data.meta` of a shipment request: what the one-step create reads (service, carrierChoice, scheduledProcessing)
// and what confirm reads (the rate chosen from the rate list), each fault named at its member; and the schema the
// API description shows for it (ShipmentRequestMeta).
import { z } from 'zod';
import { FLAG, anyCase, said, textInput as textSaid } from '../json-schema-words.ts';
import { parseCents } from '../money.ts';
import { parseRateId } from '../rates.ts';
import { SERVICES, type ServiceLevel } from '../shipment.ts';
import { asFlag, money } from './fields.ts';
import { Violations, isObject, readValueAt, type Validation } from './violations.ts';

export interface CreateMeta {
  service: ServiceLevel;
  carrierChoice?: string;
  scheduledProcessing: boolean;
}

/**
 * `data.meta` of a shipment request as the API description shows it: the one-step create reads `service`,
 * `carrierChoice` and `scheduledProcessing`; confirm reads `rate` (a rate of the rate list, sent back) and any of
 * them `orderNumber`. validateCreateMeta and validateConfirmMeta below read it member by member, to name each fault.
 */
export const shipmentRequestMetaSchema = z
  .object({
    service: said(z.string().nullish(), { anyOf: [{ type: 'string', pattern: anyCase(SERVICES) }, { type: 'null' }] }).meta({
      description: 'Create: express or economy (any case); required there.',
    }),
    carrierChoice: z.string().nullish().meta({
      description:
        'Create: one of the station’s carrier choices (GET /carriers; any case), or absent for any. Which choices a station has is its own setting: another is refused (field.invalid at this member).',
    }),
    scheduledProcessing: said(z.unknown().optional(), { anyOf: [FLAG, { type: 'null' }] }).meta({
      description: 'Create: false processes now (201); true or absent schedules (202).',
    }),
    rate: z
      .object({
        id: said(z.string().optional(), { type: 'string', pattern: '^t2-.+-[^-]+$' }),
        attributes: z
          .object({
            carrierCode: z.string().min(1),
            serviceCode: z.string().min(1),
            finalCost: z.object({ amount: money, currency: z.string().optional() }).nullish(),
          })
          .partial()
          .nullish(),
        meta: z.object({ documentHash: z.string().nullish() }).nullish(),
      })
      .meta({
        description:
          'Confirm: the rate chosen, as the rate list answered it (its id, or attributes.carrierCode and serviceCode; meta.documentHash to book exactly what was rated); required there.',
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          // Its id names the carrier and service, or its attributes do.
          jsonSchema.anyOf = [
            { required: ['id'] },
            {
              required: ['attributes'],
              properties: {
                attributes: {
                  type: 'object',
                  required: ['carrierCode', 'serviceCode'],
                  properties: { carrierCode: { type: 'string' }, serviceCode: { type: 'string' } },
                },
              },
            },
          ];
        },
      })
      .optional(),
    orderNumber: said(z.unknown().optional(), { anyOf: [textSaid(50, true), { type: 'null' }] }).meta({
      description: 'The order the shipment ships (GET /orders/{number}): its number, text of at most 50 characters (or a number).',
    }),
  })
  .meta({ id: 'ShipmentRequestMeta' });

/** What `data.meta.carrierChoice` takes at this station, as a refusal says it. */
export const carrierChoiceExpectation = (carrierChoices: readonly string[]) =>
  `one of this station’s carriers, ${carrierChoices.join(', ')} (case does not matter), or no carrierChoice for any`;

/** `data.meta` of the one-step create: service required, carrier choice among the known ones. */
export function validateCreateMeta(document: unknown, carrierChoices: readonly string[]): Validation<CreateMeta> {
  const violations = new Violations(document);
  const meta = readValueAt(document, ['data', 'meta']);
  const readMember = (name: string) => (isObject(meta) && meta[name] !== null ? meta[name] : undefined);
  const serviceText = readMember('service');
  const service = typeof serviceText === 'string' ? serviceText.trim().toLowerCase() : undefined;
  const choiceText = readMember('carrierChoice');
  const carrierChoice =
    typeof choiceText === 'string' ? carrierChoices.find((choice) => choice.toUpperCase() === choiceText.trim().toUpperCase()) : undefined;
  const scheduled = readMember('scheduledProcessing');
  if (service === undefined || !(SERVICES as readonly string[]).includes(service)) violations.fault(['data', 'meta', 'service']);
  if (choiceText !== undefined && carrierChoice === undefined) {
    violations.invalid(['data', 'meta', 'carrierChoice'], carrierChoiceExpectation(carrierChoices));
  }
  if (scheduled !== undefined && asFlag(scheduled) === undefined) violations.invalid(['data', 'meta', 'scheduledProcessing']);
  if (violations.errors.length > 0) return { ok: false, errors: violations.errors };
  const value: CreateMeta = { service: service as ServiceLevel, scheduledProcessing: asFlag(scheduled) !== false };
  if (carrierChoice !== undefined) value.carrierChoice = carrierChoice;
  return { ok: true, value };
}

export interface ConfirmMeta {
  carrierCode: string;
  serviceCode: string;
  /** The price the client saw, when it sent one. */
  finalCost?: number;
  /** The rate's `meta.documentHash`, when sent back: the document that was rated. */
  documentHash?: string;
}

/** `data.meta.rate` of confirm: a rate object from the rate list; its finalCost is optional. */
export function validateConfirmMeta(document: unknown): Validation<ConfirmMeta> {
  const violations = new Violations(document);
  const rate = readValueAt(document, ['data', 'meta', 'rate']);
  if (!isObject(rate)) {
    violations.fault(['data', 'meta', 'rate']);
    return { ok: false, errors: violations.errors };
  }
  const attributes = isObject(rate.attributes) ? rate.attributes : {};
  const fromId = typeof rate.id === 'string' ? parseRateId(rate.id) : undefined;
  const carrierCode = typeof attributes.carrierCode === 'string' ? attributes.carrierCode : fromId?.carrierCode;
  const serviceCode = typeof attributes.serviceCode === 'string' ? attributes.serviceCode : fromId?.serviceCode;
  if (!carrierCode || !serviceCode) violations.fault(['data', 'meta', 'rate', 'id']);
  let finalCost: number | undefined;
  const cost = attributes.finalCost;
  if (cost !== undefined && cost !== null) {
    const amount = isObject(cost) ? money.safeParse(cost.amount) : undefined;
    if (!amount?.success) violations.fault(['data', 'meta', 'rate', 'attributes', 'finalCost', 'amount']);
    else finalCost = parseCents(amount.data)! / 100;
  }
  const hash = isObject(rate.meta) ? rate.meta.documentHash : undefined;
  if (hash !== undefined && hash !== null && typeof hash !== 'string') violations.fault(['data', 'meta', 'rate', 'meta', 'documentHash']);
  if (violations.errors.length > 0) return { ok: false, errors: violations.errors };
  const value: ConfirmMeta = { carrierCode: carrierCode!, serviceCode: serviceCode! };
  if (finalCost !== undefined) value.finalCost = finalCost;
  if (typeof hash === 'string') value.documentHash = hash;
  return { ok: true, value };
}
