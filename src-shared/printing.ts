// The print request and print settings of the printing extension (POST /shipments/<id>/print,
// PATCH /print-settings), checked with the same rules by the station and the desk UI.
import { z } from 'zod';
import { anyCase, said } from './json-schema-words.ts';
import { validateResource as validate, type Result } from './resource-validation.ts';

/**
 * What the label printer is sent: a PDF or a 1-bit PNG through the queue's driver, or native ZPL or EPL2 (the
 * thermal printers' languages) to a raw queue, byte for byte.
 */
export const PRINT_FORMATS = ['pdf', 'zpl', 'epl2', 'png'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];
/** The formats a raw queue takes as they are: the printer's own language, drawn at its dots. */
export const RAW_PRINT_FORMATS: readonly PrintFormat[] = ['zpl', 'epl2'];
/** What GET /shipments/<id>/documents answers in (?format=): the PDF, ZPL, EPL2, or a 1-bit PNG of the labels. */
export const DOCUMENT_FORMATS = ['pdf', 'zpl', 'epl2', 'png'] as const;
export const PRINT_DPIS = [203, 300] as const;
/** The stock of the label printer's PDF labels: the 4×6 in label scaled to fit it (ZPL is always 4×6 in). */
export const PRINT_LABEL_SIZES = ['4x6', '4x8', 'a6', 'a5'] as const;
export type PrintLabelSize = (typeof PRINT_LABEL_SIZES)[number];
/** What a print job prints: the 4×6 in label pages, or the A4 documents (the commercial invoice). */
export const PRINT_DOCUMENTS = ['labels', 'a4'] as const;
export type PrintDocuments = (typeof PRINT_DOCUMENTS)[number];

export interface PrintRequest {
  printer?: string;
  copies?: number;
  format?: PrintFormat;
  dpi?: (typeof PRINT_DPIS)[number];
  /** `labels` (the default) to the label printer; `a4` to the A4 printer. */
  documents?: PrintDocuments;
}

/** A desk's print settings as answered (GET /print-settings). */
export const printSettingsSchema = z.object({
  printer: z.string().nullable().meta({ description: 'The desk’s label printer; null means the system default.' }),
  format: z.enum(PRINT_FORMATS).meta({
    description: 'What the label printer is sent: pdf or png through its queue’s driver, zpl or epl2 (native, at its dots) to a raw queue.',
  }),
  dpi: z.union([z.literal(PRINT_DPIS[0]), z.literal(PRINT_DPIS[1])]).meta({
    description: 'The label printer’s dots per inch, for ZPL, EPL2 and PNG labels.',
  }),
  size: z.enum(PRINT_LABEL_SIZES).meta({
    description:
      'The stock in the label printer, for PDF labels: 4x6 or 4x8 (in), a6 or a5; the 4×6 in label is scaled to fit it. ZPL, EPL2 and PNG labels are 4×6 in.',
  }),
  autoPrint: z
    .boolean()
    .meta({ description: 'Print the label as soon as a shipment is confirmed at the desk (and its A4 documents, on the A4 printer).' }),
  a4Printer: z
    .string()
    .nullable()
    .meta({ description: 'The desk’s A4 printer, for the commercial invoice and other A4 documents; null: the browser prints them.' }),
});
export type PrintSettings = z.infer<typeof printSettingsSchema>;

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  printer: null,
  format: 'pdf',
  dpi: 203,
  size: '4x6',
  autoPrint: false,
  a4Printer: null,
};

const printer = z
  .string()
  .trim()
  .min(1)
  .max(127)
  .regex(/^[^\s/#]+$/);
const dpi = z.union([z.literal(203), z.literal(300)]);

export const printRequestSchema = z.object({
  printer: printer.optional(),
  copies: z.number().int().min(1).max(99).optional(),
  format: z.enum(PRINT_FORMATS).optional(),
  dpi: dpi.optional(),
  documents: z.enum(PRINT_DOCUMENTS).optional(),
});

export const printSettingsChangeSchema = z.object({
  printer: printer.nullable().optional(),
  a4Printer: printer.nullable().optional(),
  format: z.enum(PRINT_FORMATS).optional(),
  dpi: dpi.optional(),
  size: z.enum(PRINT_LABEL_SIZES).optional(),
  autoPrint: z.boolean().optional(),
});

export function validatePrintRequest(document: unknown): Result<PrintRequest> {
  return validate(document, 'printJob', printRequestSchema, true) as Result<PrintRequest>;
}

export function validatePrintSettings(document: unknown): Result<Partial<PrintSettings>> {
  return validate(document, 'printSettings', printSettingsChangeSchema, false) as Result<Partial<PrintSettings>>;
}

/** A bulk print's sheets: 4×6 in labels, one a page; or A4 with 2 labels (real size, turned) or 4 (at 97.5%). */
export const LABEL_LAYOUTS = ['4x6', 'a4-2', 'a4-4'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
/**
 * The stock a PDF's label pages are drawn for (GET /shipments/<id>/documents?size=): a label of 4×6 in, 4×8 in,
 * A6 (Europe's label, 105×148 mm) or A5, one a page, the 4×6 in label scaled to fit without distortion; or A4
 * sheets of 2 or 4 labels, started at any place of a partly used sheet.
 */
export const LABEL_STOCKS = ['4x6', '4x8', 'a6', 'a5', 'a4-2', 'a4-4'] as const;
export type LabelStock = (typeof LABEL_STOCKS)[number];
/** How many labels a sheet of a stock holds: where a start position may be. */
export const LABELS_PER_SHEET: Record<LabelStock, number> = { '4x6': 1, '4x8': 1, a6: 1, a5: 1, 'a4-2': 2, 'a4-4': 4 };
/** order: by order number (shipments without one last, by reference); sku: by the order's first SKU; given: as sent. */
export const LABEL_SORTS = ['order', 'sku', 'given'] as const;
export type LabelSort = (typeof LABEL_SORTS)[number];
/** At most this many shipments in one bulk print job. */
export const BULK_PRINT_MAX = 500;

/**
 * What a bulk print does with labels printed before (a reprint is a second label with the same tracking number):
 * `include` reprints them (a supervisor's, the default for one); `skip` leaves them out (a packer's default: a
 * packer may not reprint); `ask` prints nothing while any listed label is a reprint, and answers 409 naming them,
 * so a person confirms first.
 */
export const REPRINT_CHOICES = ['include', 'skip', 'ask'] as const;
export type ReprintChoice = (typeof REPRINT_CHOICES)[number];

/** Why a bulk print left a listed shipment out: a packer may not reprint, or the request said to skip reprints. */
export const BULK_LEFT_OUT_REASONS = ['reprintNeedsSupervisor', 'reprintSkipped'] as const;

const reprintedLabelSchema = z.object({ shipmentId: z.string(), reference: z.string().nullable() });

/** A bulk print job's answer meta: the listed shipments it left out and why, and how many of its labels are reprints. */
export const bulkPrintMetaSchema = z.object({
  leftOut: z
    .array(reprintedLabelSchema.extend({ reason: z.enum(BULK_LEFT_OUT_REASONS) }))
    .optional()
    .meta({ description: 'Listed shipments whose label was printed before and is not in this job, with why.' }),
  reprints: z
    .number()
    .int()
    .optional()
    .meta({ description: 'How many of this job’s labels were printed before (each audited as label.reprinted).' }),
});
export type BulkPrintMeta = z.infer<typeof bulkPrintMetaSchema>;

/** A bulk print's refusal over reprints (403 for a packer's, 409 for `reprints: ask`): meta names them. */
export const reprintRefusalMetaSchema = z.object({
  reason: z.enum(['reprintNeedsSupervisor', 'reprintsToConfirm', 'onlyReprints']),
  reprints: z.array(reprintedLabelSchema),
  /** How many listed labels were never printed. */
  fresh: z.number().int(),
});
export type ReprintRefusalMeta = z.infer<typeof reprintRefusalMetaSchema>;

export interface BulkPrintRequest {
  shipments: string[];
  layout: LabelLayout;
  sort: LabelSort;
  /** Absent: as the caller's role allows (a supervisor reprints, a packer's reprints are left out). */
  reprints?: ReprintChoice;
  printer?: string;
  format?: PrintFormat;
  dpi?: (typeof PRINT_DPIS)[number];
  /** On A4 sheets: the first free place of a partly used first sheet, 1 (the top left, the default) to 2 or 4. */
  start?: number;
}

const lowerCase = <T extends readonly [string, ...string[]]>(values: T) =>
  said(z.string().trim().toLowerCase().pipe(z.enum(values)), { type: 'string', pattern: anyCase(values) });
const absentWhenNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

export const bulkPrintSchema = z.object({
  shipments: z
    .array(
      said(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[0-9A-F]{1,64}$/),
        { type: 'string', pattern: '^\\s*[0-9A-Fa-f]{1,64}\\s*$' },
      ),
    )
    .min(1)
    .max(BULK_PRINT_MAX)
    .transform((ids) => [...new Set(ids)]),
  layout: absentWhenNull(lowerCase(LABEL_LAYOUTS)).transform((value) => value ?? '4x6'),
  sort: absentWhenNull(lowerCase(LABEL_SORTS)).transform((value) => value ?? 'order'),
  reprints: absentWhenNull(lowerCase(REPRINT_CHOICES)).meta({
    description:
      'Labels printed before: include (reprint them; needs a supervisor), skip (leave them out, named in meta.leftOut), or ask (nothing printed while any is a reprint: 409 naming them). Absent: a supervisor reprints, a packer’s are left out.',
  }),
  printer: absentWhenNull(printer),
  start: absentWhenNull(
    said(z.union([z.number(), z.string().trim()]).transform(Number).pipe(z.number().int().min(1).max(4)), {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 4 },
        { type: 'string', pattern: '^\\s*[1-4]\\s*$' },
      ],
    }),
  ).meta({
    description:
      'On A4 sheets (layout a4-2 or a4-4): the first free place of a partly used first sheet, 1 the top left (the default), across then down; up to 2 on a4-2, 4 on a4-4.',
  }),
  format: absentWhenNull(lowerCase(PRINT_FORMATS)),
  dpi: absentWhenNull(
    said(z.union([z.number(), z.string().trim()]).transform(Number).pipe(dpi), {
      anyOf: [
        { type: 'number', enum: [...PRINT_DPIS] },
        { type: 'string', pattern: '^\\s*0*(?:203|300)(?:\\.0*)?\\s*$' },
      ],
    }),
  ),
});

/** POST /print-jobs: the labels of many shipments as one job, in one layout and order. */
export function validateBulkPrintRequest(document: unknown): Result<BulkPrintRequest> {
  return validate(document, 'printJob', bulkPrintSchema, false) as Result<BulkPrintRequest>;
}
