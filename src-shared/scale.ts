// The scale extension (docs/printing-and-hardware.md, "The scale"): the desk's serial scale as the station reads it and the desk UI
// shows it, and the settings that choose its port, protocol and units. Requests are checked with these rules.
import { z } from 'zod';
import { expects, validateResource, type Result } from './resource-validation.ts';
import { resourceSchema } from './resource-schema.ts';

export const SCALE_PROTOCOLS = ['sics', 'nci'] as const;
export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number];
export const SCALE_UNITS = ['kg', 'g', 'lb', 'oz'] as const;
export type ScaleUnit = (typeof SCALE_UNITS)[number];

export const scaleSettingsSchema = z.object({
  /** The serial device, e.g. /dev/ttyUSB0 or COM3; null: no scale at this desk. */
  port: z.string().nullable(),
  protocol: z.enum(SCALE_PROTOCOLS),
  baudRate: z.number(),
  /** The unit the scale weighs in when its answer names none. */
  units: z.enum(SCALE_UNITS),
});
export type ScaleSettings = z.infer<typeof scaleSettingsSchema>;

export const DEFAULT_SCALE_SETTINGS: ScaleSettings = { port: null, protocol: 'sics', baudRate: 9600, units: 'kg' };

/**
 * stable: a weight the scale calls settled; moving: still settling; overload and underload: off its range;
 * error: it answered that it cannot weigh; noAnswer: the port is open and nothing answers; unplugged: the port
 * cannot be opened or went away; off: no scale is set.
 */
export const SCALE_STATUSES = ['stable', 'moving', 'overload', 'underload', 'error', 'noAnswer', 'unplugged', 'off'] as const;
export type ScaleStatus = (typeof SCALE_STATUSES)[number];

export const scaleReadingSchema = z.object({
  status: z.enum(SCALE_STATUSES),
  /** Kilograms with up to three decimals, when the scale gave a weight. */
  weightKg: z.string().nullable(),
  /** What went wrong, in words, for the statuses that are not weights. */
  problem: z.string().nullable(),
  at: z.string(),
});
export type ScaleReading = z.infer<typeof scaleReadingSchema>;

export const scaleResourceSchema = resourceSchema('scale', z.object({ settings: scaleSettingsSchema, reading: scaleReadingSchema })).meta({
  id: 'Scale',
});
export type ScaleResource = z.infer<typeof scaleResourceSchema>;

/** The baud rates the station's serial link takes. */
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400] as const;

/** A word in any case, spaces around it dropped; described as its values. */
const word = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(values));

/** PATCH /scale: any of the settings; none is no change. Each member says what it takes. */
export const scaleSettingsChangeSchema = z.object({
  // Absent: unchanged; null or empty: no scale.
  port: expects(
    z.string().trim().max(200).nullable(),
    'the serial device, such as /dev/ttyUSB0 or COM3 (GET /scale/ports lists them), at most 200 characters; null or empty for no scale at this desk',
  )
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  protocol: expects(word(SCALE_PROTOCOLS), `the scale's protocol: ${SCALE_PROTOCOLS.join(' or ')}`).optional(),
  baudRate: expects(
    z.union([z.union(BAUD_RATES.map((rate) => z.literal(rate))), word(BAUD_RATES.map(String) as [string, ...string[]])]).transform(Number),
    `the serial link's speed: ${BAUD_RATES.join(', ')} (a number or its text)`,
  ).optional(),
  units: expects(word(SCALE_UNITS), `the unit the scale weighs in when its answer names none: ${SCALE_UNITS.join(', ')}`).optional(),
});

/** PATCH /scale: any of the settings; `port: null` turns the scale off. */
export function validateScaleSettings(document: unknown): Result<Partial<ScaleSettings>> {
  return validateResource(document, 'scale', scaleSettingsChangeSchema, false) as Result<Partial<ScaleSettings>>;
}
