// WooCommerce's orders as the Advanced Order Export For WooCommerce plugin (AlgolPlus) writes them, a row per product:
// its default columns (Order Number … Country Code (Shipping), SKU, Item #, Item Name, Quantity, Item Cost, …), each
// row with the whole order; the shipping address in the plugin's own fields, Address 1&2 (Shipping) by default or
// Address 1 (Shipping) and Address 2 (Shipping) where the shop added them, and Company (Shipping) and
// Phone (Shipping) where it did; Item Cost is the price of one piece.
import type { FieldValues } from '../order-import.ts';
import { cellReader, countryCode, receiver, type OrderFormat } from './format.ts';

/** The plugin's default "Address 1&2" joins the two lines with a comma: taken apart when it is longer than one line. */
function streetLines(cell: (column: string) => string): { address1: string; address2: string } {
  if (cell('Address 1 (Shipping)')) return { address1: cell('Address 1 (Shipping)'), address2: cell('Address 2 (Shipping)') };
  const both = cell('Address 1&2 (Shipping)');
  const comma = both.indexOf(', ');
  if (both.length <= 30 || comma < 0) return { address1: both, address2: '' };
  return { address1: both.slice(0, comma), address2: both.slice(comma + 2) };
}

function readRows(rows: readonly Record<string, string>[]): (FieldValues | null)[] {
  return rows.map((row) => {
    const cell = cellReader(row);
    const person = [cell('First Name (Shipping)'), cell('Last Name (Shipping)')].filter((part) => part !== '').join(' ');
    return {
      number: cell('Order Number'),
      ...receiver(person, cell('Company (Shipping)')),
      ...streetLines(cell),
      postalCode: cell('Postcode (Shipping)'),
      city: cell('City (Shipping)'),
      state: cell('State Code (Shipping)'),
      country: countryCode(cell('Country Code (Shipping)')),
      phone: cell('Phone (Shipping)') || cell('Phone (Billing)'),
      email: cell('Email (Billing)'),
      sku: cell('SKU'),
      description: cell('Item Name').slice(0, 75),
      quantity: cell('Quantity'),
      unitPrice: cell('Item Cost'),
    };
  });
}

export const WOOCOMMERCE: OrderFormat = {
  id: 'woocommerce',
  signature: [
    'Order Number',
    'First Name (Shipping)',
    'Last Name (Shipping)',
    'City (Shipping)',
    'Postcode (Shipping)',
    'Country Code (Shipping)',
    'SKU',
    'Item Name',
    'Quantity',
    'Item Cost',
  ],
  columns: {
    number: 'Order Number',
    name: 'Last Name (Shipping)',
    contact: 'Last Name (Shipping)',
    address1: 'Address 1&2 (Shipping)',
    address2: 'Address 2 (Shipping)',
    postalCode: 'Postcode (Shipping)',
    city: 'City (Shipping)',
    state: 'State Code (Shipping)',
    country: 'Country Code (Shipping)',
    phone: 'Phone (Billing)',
    email: 'Email (Billing)',
    sku: 'SKU',
    description: 'Item Name',
    quantity: 'Quantity',
    unitPrice: 'Item Cost',
  },
  read: readRows,
};
