// eBay's orders report (Seller Hub → Orders → Download report, the "Orders" CSV with Sales Record Number … Tax Country,
// as eBay's help page on downloading order reports lists its columns): an order of several items is a row of the order
// (its buyer, its address and totals, no item) followed by a row per item, so the order's columns are carried down
// within an order; the lines around the table (the record count, the seller's ID) have no order number and are left
// out. Sold For is the price of one piece, written with its currency ("EUR 12,99", "$12.99"); Custom Label is the
// seller's SKU, else the listing's Item Number; Ship To Country is a name ("Germany", "Deutschland").
import type { FieldValues } from '../order-import.ts';
import { cellReader, countryCode, receiver, type OrderFormat } from './format.ts';

/** An amount as eBay writes it, with its currency ("EUR 1.234,50", "$12.99"), as the decimal it means. */
function amount(text: string): string {
  const digits = text.replace(/[^\d.,]/g, '');
  const decimal = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  // No mark, or three digits after the last one: a thousands mark, not a decimal.
  if (decimal < 0 || digits.length - decimal - 1 > 2) return digits.replace(/[.,]/g, '');
  return `${digits.slice(0, decimal).replace(/[.,]/g, '')}.${digits.slice(decimal + 1)}`;
}

function readRows(rows: readonly Record<string, string>[]): (FieldValues | null)[] {
  let order: { number: string; cell: (column: string) => string } | undefined;
  return rows.map((row) => {
    const cell = cellReader(row);
    const number = cell('Order Number');
    if (number === '') return null;
    // The order's own row comes first; an item row of the same order leaves the order's columns empty.
    if (order?.number !== number || cell('Ship To Name') !== '') order = { number, cell };
    if (cell('Item Title') === '') return null;
    const of = order.cell;
    return {
      number,
      ...receiver(of('Ship To Name') || of('Buyer Name'), ''),
      address1: of('Ship To Address 1'),
      address2: of('Ship To Address 2'),
      postalCode: of('Ship To Zip'),
      city: of('Ship To City'),
      state: of('Ship To State'),
      country: countryCode(of('Ship To Country')),
      phone: of('Ship To Phone'),
      email: of('Buyer Email'),
      sku: cell('Custom Label') || cell('Item Number'),
      description: cell('Item Title').slice(0, 75),
      quantity: cell('Quantity'),
      unitPrice: amount(cell('Sold For')),
      // An item's sale in the order: what eBay's tracking upload names with the Item Number.
      itemId: cell('Transaction ID'),
    };
  });
}

export const EBAY: OrderFormat = {
  id: 'ebay',
  signature: [
    'Sales Record Number',
    'Order Number',
    'Ship To Name',
    'Ship To Address 1',
    'Ship To City',
    'Ship To Zip',
    'Ship To Country',
    'Item Number',
    'Item Title',
    'Quantity',
    'Sold For',
  ],
  columns: {
    number: 'Order Number',
    name: 'Ship To Name',
    contact: 'Ship To Name',
    address1: 'Ship To Address 1',
    address2: 'Ship To Address 2',
    postalCode: 'Ship To Zip',
    city: 'Ship To City',
    state: 'Ship To State',
    country: 'Ship To Country',
    phone: 'Ship To Phone',
    email: 'Buyer Email',
    sku: 'Custom Label',
    description: 'Item Title',
    quantity: 'Quantity',
    unitPrice: 'Sold For',
    itemId: 'Transaction ID',
  },
  read: readRows,
};
