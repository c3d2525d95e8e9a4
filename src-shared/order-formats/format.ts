// What every shop format shares: how one is described (its name, the columns that tell its header row, its reading),
// and how shops write the receiver: a country as a code or a name in one of the desk's languages, a person's name
// that is also the contact, a company that keeps its name as the receiver, a text cell guarded by a leading quote.
import type { FieldValues, RowReading } from '../order-import.ts';

/** A shop's export the station reads as it comes, with no mapping step. */
export interface OrderFormat extends RowReading {
  id: 'shopify' | 'amazon' | 'etsy' | 'woocommerce' | 'ebay';
  /** Columns the format's header row always has: a file that has them all is of this format. */
  signature: readonly string[];
}

/** A header as written, for comparing: without a byte-order mark, spaces at either end or case. */
export const headerKey = (header: string): string =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/** Whether a header row has every column of a signature (as headerKey compares them). */
export function hasColumns(headers: readonly string[], signature: readonly string[]): boolean {
  const given = new Set(headers.map(headerKey));
  return signature.every((column) => given.has(headerKey(column)));
}

/** A row's cell by its column name, found whatever the header's case or spaces. */
export function cellReader(row: Record<string, string>): (column: string) => string {
  const byKey = new Map(Object.entries(row).map(([header, value]) => [headerKey(header), (value ?? '').trim()]));
  return (column) => byKey.get(headerKey(column)) ?? '';
}

/** A country as shops give it, a code or a name in one of the desk's languages, as its code (countries.ts). */
export { countryCode } from '../countries.ts';

/** A cell a spreadsheet was told to keep as text ("'02134", "'+1 212…"): the leading quote is not the value's. */
export const unquoted = (text: string): string => text.replace(/^'/, '');

/**
 * The receiver as the order's address takes it: the name on the parcel and the contact, the person it is for. A
 * person's parcel has their name as both; a company's keeps the company's name, with the person as the contact.
 */
export function receiver(person: string, company: string): Pick<FieldValues, 'name' | 'contact'> {
  return company ? { name: company, contact: person || company } : { name: person, contact: person };
}
