// The upstream gateway's configuration (docs/integrations.md, "Integrations"): an upstream service of the same API that books
// with the carriers, offered under a carrier choice code of its own. Checked with these rules by the admin command.
import { z } from 'zod';
import { resourceSchema } from './resource-schema.ts';

export interface UpstreamSettings {
  /** 2 to 10 capital letters or digits, e.g. PV: the carrier choice, and the prefix of its quotes (PV.UPS). */
  code: string;
  name: string;
  baseUrl: string;
  version: 'v3' | 'v3-testing';
  clientId: string;
  clientKey: string;
  serverKey: string;
}

const upstreamSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/),
  name: z.string().trim().min(1).max(64),
  baseUrl: z
    .string()
    .trim()
    .refine((text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.search === '' && url.hash === '';
      } catch {
        return false;
      }
    })
    .transform((text) => text.replace(/\/+$/, '').replace(/\/v3(-testing)?$/, '')),
  version: z.enum(['v3', 'v3-testing']),
  clientId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,15}$/),
  clientKey: z.string().trim().min(1).max(200),
  serverKey: z.string().trim().min(1).max(500),
});

/** The settings, or the names of the fields at fault. */
export function validateUpstreamSettings(
  input: Record<string, unknown>,
): { ok: true; value: UpstreamSettings } | { ok: false; fields: string[] } {
  const parsed = upstreamSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))] };
}

/** A scheduled shipment in the outbox (GET /outbox): waiting to be sent, being sent now, or failed. */
export const outboxEntryAttributesSchema = z.object({
  reference: z.string().nullable(),
  shipToName: z.string(),
  shipToCountry: z.string(),
  /** The carrier choice it waits for (an upstream's code), or null for the cheapest or fastest of all. */
  carrierChoice: z.string().nullable(),
  state: z.enum(['queued', 'sending', 'failed']),
  /** Why it failed, or why it waits; null when nothing is wrong. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const outboxEntryResourceSchema = resourceSchema('outboxEntry', outboxEntryAttributesSchema).meta({ id: 'OutboxEntry' });
export type OutboxEntryResource = z.infer<typeof outboxEntryResourceSchema>;

/** Each upstream service as the station last saw it: top-level meta.upstreams of GET /outbox. */
export const upstreamHealthMetaSchema = z.object({
  code: z.string(),
  name: z.string(),
  reachable: z.boolean(),
  problem: z.string().nullable(),
  since: z.string().nullable(),
  nextTryAt: z.string().nullable(),
});
export type UpstreamHealthMeta = z.infer<typeof upstreamHealthMetaSchema>;
