// The shops' exports the station reads as they come (one module each): a file is of a format when its header row has
// every column of the format's signature. A file of another shape is mapped by hand (order-import.ts).
import { AMAZON } from './amazon.ts';
import { EBAY } from './ebay.ts';
import { ETSY } from './etsy.ts';
import type { ColumnMapping } from '../order-import.ts';
import { hasColumns, headerKey, type OrderFormat } from './format.ts';
import { SHOPIFY } from './shopify.ts';
import { WOOCOMMERCE } from './woocommerce.ts';

export type { OrderFormat } from './format.ts';

export const ORDER_FORMATS: readonly OrderFormat[] = [SHOPIFY, AMAZON, ETSY, WOOCOMMERCE, EBAY];

/** The known format whose columns the header row has, or undefined for a file of another shape. */
export function recogniseFormat(headers: readonly string[]): OrderFormat | undefined {
  return ORDER_FORMATS.find((format) => hasColumns(headers, format.signature));
}

/** The file's own columns a format reads each field from (as the file spells them): the mapping the desk shows. */
export function formatMapping(format: OrderFormat, headers: readonly string[]): ColumnMapping {
  return Object.fromEntries(
    Object.entries(format.columns).flatMap(([field, column]) => {
      const header = headers.find((candidate) => headerKey(candidate) === headerKey(column));
      return header === undefined ? [] : [[field, header]];
    }),
  ) as ColumnMapping;
}
