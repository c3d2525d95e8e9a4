// Rate ids of spec 2.3 and field-rules.md: `t2-<carrierCode>-<serviceCode>`, made and read in one place; and what a
// rate's price is made of (its breakdown).
import { z } from 'zod';
import { SERVICE_OPTIONS } from './shipment-options.ts';
import { moneySchema } from './shipment.ts';

const RATE_ID = /^t2-(.+)-([^-]+)$/;

export function rateId(carrierCode: string, serviceCode: string): string {
  return `t2-${carrierCode}-${serviceCode}`;
}

/** The carrier and service a rate id names; undefined when the text is not a rate id. */
export function parseRateId(id: string): { carrierCode: string; serviceCode: string } | undefined {
  const match = RATE_ID.exec(id);
  return match ? { carrierCode: match[1]!, serviceCode: match[2]! } : undefined;
}

/** What a rate's finalCost is made of, each before VAT: the freight, the fuel surcharge on it, and each option asked for. */
export const rateBreakdownSchema = z
  .object({
    freight: moneySchema.meta({ description: 'The weight-break price of the packages.' }),
    fuelSurcharge: moneySchema.meta({ description: 'The fuel surcharge, a share of the freight.' }),
    options: z
      .array(
        z.object({
          option: z.enum(SERVICE_OPTIONS),
          amount: moneySchema,
          asked: z.enum(SERVICE_OPTIONS).optional().meta({
            description:
              'The signature level asked for, when the card lacks it and its nearest stricter level (option) gives it: indirect by signature, signature by direct, either by adult.',
          }),
        }),
      )
      .meta({ description: 'Each special service asked for and its surcharge (rate card options), in the order the card lists options.' }),
  })
  .meta({
    id: 'RateBreakdown',
    description: 'What finalCost is made of (an extension): freight, fuel surcharge and options add up to it.',
  });
