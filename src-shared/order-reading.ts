// How a table of orders is read, in one place for the desk's preview, POST /orders/import and the watched folder,
// so the three cannot read a file differently: a format asked for by name, else a saved column template asked
// for by name, else a shop's export recognised by its header row, else a saved template whose header row is the
// file's own (applied by itself), else the mapping guessed from the columns' names, for the desk to adjust.
import { ORDER_FORMATS, formatMapping, recogniseFormat, type OrderFormat } from './order-formats/index.ts';
import { headerKey } from './order-formats/format.ts';
import { guessMapping, previewImport, type ColumnMapping, type ImportPreview } from './order-import.ts';
import type { OrderTable } from './order-file.ts';

/** A column mapping saved under a name, with the header row of the file it was made for. */
export interface OrderTemplate {
  name: string;
  /** The header row it was saved with: a file with the same columns (in any order and case) gets it by itself. */
  headers: string[];
  mapping: ColumnMapping;
}

export const ORDER_FORMAT_IDS = ORDER_FORMATS.map((format) => format.id) as [OrderFormat['id'], ...OrderFormat['id'][]];

export interface OrderReading {
  /** The shop's export the file is read as; null when read through a mapping. */
  format: OrderFormat | null;
  /** The saved template applied; null when none was. */
  template: string | null;
  /** How the file is read: the format's columns, the template's, or the guessed mapping. */
  mapping: ColumnMapping;
  /** Whether the mapping was guessed from the columns' names (the desk shows it for a check). */
  guessed: boolean;
  preview: ImportPreview;
}

/** What the reader asks for: a format or a template by name (undefined: the file decides), and the saved templates. */
export interface ReadingChoice {
  format?: OrderFormat['id'] | null;
  template?: string | null;
  templates: readonly OrderTemplate[];
}

/** A header row as a set to compare by: the same columns in any order or case are one shape. */
export const headerShape = (headers: readonly string[]): string =>
  [...new Set(headers.map(headerKey).filter((header) => header !== ''))].sort().join('\u0000');

/** The saved template made for a file of this header row, if any. */
export function templateFor(headers: readonly string[], templates: readonly OrderTemplate[]): OrderTemplate | undefined {
  const shape = headerShape(headers);
  return templates.find((template) => template.headers.length > 0 && headerShape(template.headers) === shape);
}

/**
 * Reads the table's orders: the format or template asked for (an unknown name is the caller's to refuse first),
 * else the file's own shape. The mapping's columns are the file's, as it spells them.
 */
export function readOrders(table: OrderTable, choice: ReadingChoice): OrderReading {
  const named = choice.format ? ORDER_FORMATS.find((format) => format.id === choice.format) : undefined;
  const asked = choice.template ? choice.templates.find((template) => template.name === choice.template) : undefined;
  const format = named ?? (asked ? undefined : recogniseFormat(table.headers));
  if (format) {
    const mapping = formatMapping(format, table.headers);
    return { format, template: null, mapping, guessed: false, preview: previewImport(table.rows, mapping, format) };
  }
  const template = asked ?? templateFor(table.headers, choice.templates);
  const mapping = template ? mappingIn(template.mapping, table.headers) : guessMapping(table.headers);
  return { format: null, template: template?.name ?? null, mapping, guessed: !template, preview: previewImport(table.rows, mapping) };
}

/** A template's mapping onto this file's own spelling of its columns; a column the file lacks maps nothing. */
function mappingIn(mapping: ColumnMapping, headers: readonly string[]): ColumnMapping {
  const byKey = new Map(headers.map((header) => [headerKey(header), header]));
  return Object.fromEntries(
    Object.entries(mapping).flatMap(([field, column]) => {
      const header = column === undefined ? undefined : byKey.get(headerKey(column));
      return header === undefined ? [] : [[field, header]];
    }),
  ) as ColumnMapping;
}
