// The contract of order files on the station: what POST /orders/import answers about a file (the desk's preview
// in data), and the account's saved column templates (GET and POST /order-templates). The reading itself is
// order-reading.ts, one code path for the desk, the API and the watched folder.
import { z } from 'zod';
import { IMPORT_FIELDS } from './order-import.ts';
import { ORDER_FORMAT_IDS } from './order-reading.ts';
import { resourceSchema } from './resource-schema.ts';

/** The media types POST /orders/import takes, as the file is (CSV, tab-separated text, an Excel workbook). */
export const ORDER_FILE_TYPES = [
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;

/** At most this many bytes of a file: a 50,000-row export with room to spare. */
export const ORDER_FILE_MAX_BYTES = 20 * 1024 * 1024;

export const orderFileFaultSchema = z.object({
  order: z.string().meta({ description: 'The order number as the file gives it (empty when the row has none).' }),
  row: z.int().meta({ description: 'The file’s row, counted from 1 after the header row.' }),
  column: z.string().nullable().meta({ description: 'The file’s column the value comes from; null when no column gives the field.' }),
  field: z.enum(IMPORT_FIELDS).nullable().meta({ description: 'The order’s field; null for the order as a whole.' }),
  missing: z.boolean().meta({ description: 'true: the value is empty; false: it is given and not accepted.' }),
  text: z.string().meta({ description: 'The fault in English: "#1003, row 7: the postal code is empty (column “Shipping Zip”)".' }),
});

export const orderFileImportSchema = z.object({
  format: z
    .enum(ORDER_FORMAT_IDS)
    .nullable()
    .meta({ description: 'The shop’s export the file was read as; null when a template or the guessed mapping read it.' }),
  template: z.string().nullable().meta({ description: 'The saved column template that read the file; null when none did.' }),
  rows: z.int().meta({ description: 'The file’s rows after its header row.' }),
  orders: z
    .array(
      z.object({
        number: z.string(),
        rows: z.array(z.int()),
        status: z.enum(['ready', 'duplicate', 'faulty']),
      }),
    )
    .meta({ description: 'The orders the rows make, in file order: ready to import, known to the account already, or faulty.' }),
  ready: z.int(),
  faulty: z.int(),
  duplicates: z.array(z.string()).meta({ description: 'Numbers the account has already, or that the file gives for two receivers.' }),
  clashes: z.array(z.string()).meta({ description: 'Numbers whose rows give different receivers: probably two orders under one number.' }),
  faults: z.array(orderFileFaultSchema),
  created: z.array(z.string()).meta({ description: 'The numbers imported (commit=true); empty otherwise.' }),
  committed: z.boolean().meta({ description: 'Whether the orders were imported: commit=true and no faulty order.' }),
});
export type OrderFileImportAnswer = z.infer<typeof orderFileImportSchema>;

const mappingSchema = z
  .partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200))
  .meta({ description: 'The file’s column for each order field; a field without one is left empty.' });

export const orderTemplateAttributesSchema = z.object({
  headers: z
    .array(z.string().max(200))
    .max(500)
    .meta({ description: 'The header row it was made for: a file with the same columns (any order and case) is read with it by itself.' }),
  mapping: mappingSchema,
});

export const orderTemplateResourceSchema = resourceSchema('orderTemplate', orderTemplateAttributesSchema).meta({
  id: 'OrderTemplate',
  description: 'A saved column template; its id is its name.',
});

export type OrderTemplateResource = z.infer<typeof orderTemplateResourceSchema>;

/** A template as a request saves it: its name (1 to 60 characters; a template of that name is replaced), its columns. */
export const orderTemplateRequestSchema = orderTemplateAttributesSchema.extend({
  name: z
    .string()
    .regex(/\S/, 'required')
    .trim()
    .max(60)
    .meta({ description: 'The template’s name, 1 to 60 characters; saving a name again replaces it.' }),
  headers: orderTemplateAttributesSchema.shape.headers.nullish().transform((headers) => headers ?? []),
});
