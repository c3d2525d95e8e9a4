// The print request and print settings of the printing extension (POST /shipments/<id>/print,
// PATCH /print-settings), checked with the same rules by the station and the desk UI.
import { z } from 'zod';
import { validateResource as validate, type Result } from './resource-validation.ts';

export const PRINT_FORMATS = ['pdf', 'zpl'] as const;
export const PRINT_DPIS = [203, 300] as const;

export interface PrintRequest {
  printer?: string;
  copies?: number;
  format?: (typeof PRINT_FORMATS)[number];
  dpi?: (typeof PRINT_DPIS)[number];
}

export interface PrintSettings {
  /** The desk's label printer; null means the system default. */
  printer: string | null;
  format: (typeof PRINT_FORMATS)[number];
  dpi: (typeof PRINT_DPIS)[number];
  /** Print the label as soon as a shipment is confirmed at the desk. */
  autoPrint: boolean;
}

export const DEFAULT_PRINT_SETTINGS: PrintSettings = { printer: null, format: 'pdf', dpi: 203, autoPrint: false };

const printer = z.string().trim().min(1).max(127).regex(/^[^\s/#]+$/);
const dpi = z.union([z.literal(203), z.literal(300)]);

const printRequestSchema = z.object({
  printer: printer.optional(),
  copies: z.number().int().min(1).max(99).optional(),
  format: z.enum(PRINT_FORMATS).optional(),
  dpi: dpi.optional(),
});

const settingsSchema = z.object({
  printer: printer.nullable().optional(),
  format: z.enum(PRINT_FORMATS).optional(),
  dpi: dpi.optional(),
  autoPrint: z.boolean().optional(),
});

export function validatePrintRequest(document: unknown): Result<PrintRequest> {
  return validate(document, 'printJob', printRequestSchema, true) as Result<PrintRequest>;
}

export function validatePrintSettings(document: unknown): Result<Partial<PrintSettings>> {
  return validate(document, 'printSettings', settingsSchema, false) as Result<Partial<PrintSettings>>;
}
