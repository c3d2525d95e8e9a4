// Shopify's order export CSV (Shopify Help Center, "Exporting orders": the columns of the orders CSV as of 2024): a
// row per line item, the order's own columns (Name, Email, the addresses, Tags) only on its first row, so they are
// carried down to its other rows; Name is the order's name as the shop shows it ("#1001"); Shipping Province and
// Shipping Country are codes. A line that needs no shipping (a gift card, a download) is not packed.
import type { FieldValues } from '../order-import.ts';
import { cellReader, countryCode, receiver, unquoted, type OrderFormat } from './format.ts';

/** The line item's own columns: every other column belongs to the order, and is given on its first row only. */
const LINE_COLUMNS = ['Lineitem quantity', 'Lineitem name', 'Lineitem price', 'Lineitem sku', 'Lineitem requires shipping'];

function readRows(rows: readonly Record<string, string>[]): (FieldValues | null)[] {
  let order: { name: string; cell: (column: string) => string } | undefined;
  return rows.map((row) => {
    const cell = cellReader(row);
    const name = cell('Name');
    if (order?.name !== name) order = { name, cell };
    const of = order.cell;
    if (cell('Lineitem requires shipping').toLowerCase() === 'false') return null;
    const company = of('Shipping Company');
    return {
      number: name,
      ...receiver(of('Shipping Name'), company),
      address1: of('Shipping Address1') || of('Shipping Street'),
      address2: of('Shipping Address2'),
      postalCode: unquoted(of('Shipping Zip')),
      city: of('Shipping City'),
      state: of('Shipping Province'),
      country: countryCode(of('Shipping Country')),
      phone: unquoted(of('Shipping Phone') || of('Phone')),
      email: of('Email'),
      sku: cell('Lineitem sku'),
      description: cell('Lineitem name').slice(0, 75),
      quantity: cell('Lineitem quantity'),
      unitPrice: cell('Lineitem price'),
      tags: of('Tags'),
    };
  });
}

export const SHOPIFY: OrderFormat = {
  id: 'shopify',
  signature: [
    'Name',
    'Email',
    ...LINE_COLUMNS.slice(0, 4),
    'Shipping Name',
    'Shipping Address1',
    'Shipping City',
    'Shipping Zip',
    'Shipping Country',
  ],
  columns: {
    number: 'Name',
    name: 'Shipping Name',
    contact: 'Shipping Name',
    address1: 'Shipping Address1',
    address2: 'Shipping Address2',
    postalCode: 'Shipping Zip',
    city: 'Shipping City',
    state: 'Shipping Province',
    country: 'Shipping Country',
    phone: 'Shipping Phone',
    email: 'Email',
    sku: 'Lineitem sku',
    description: 'Lineitem name',
    quantity: 'Lineitem quantity',
    unitPrice: 'Lineitem price',
    tags: 'Tags',
  },
  read: readRows,
};
