// Amazon Seller Central's Unshipped Orders report (Reports → Order Reports → Unshipped Orders; the tab-separated flat
// file with order-id … ship-country, ship-phone-number, is-business-order, purchase-order-number, price-designation, as
// Seller Central's help page on order reports lists it): a row per order item, every row with the whole address.
// What is left to ship is quantity-to-ship; an item shipped already (0 to ship) is not packed. The report gives no
// prices: an item's price is read from item-price where the file has it (the Order Report's column), else 0.00.
// Amazon writes an address in up to three lines, and a business's name often in ship-address-1 with the street below.
// signature-confirmation-recommended (true where Amazon asks the seller to have the parcel signed for, as for a
// high-value item) asks for a signature.
import type { FieldValues } from '../order-import.ts';
import { cellReader, countryCode, receiver, type OrderFormat } from './format.ts';

/** A line that holds a street or a box number has a digit; a company's name or a c/o line has none. */
const hasDigit = (text: string) => /\d/.test(text);
const CARE_OF = /^(c\/o|z\.? ?hd\.?|attn\.?|bei\b)/i;

/** The address lines as the order takes them, and the company an address line names. */
function addressLines(given: readonly string[]): { company: string; address1: string; address2: string } {
  const lines = given.filter((line) => line !== '');
  let company = '';
  // "Müller GmbH" above "Hauptstraße 5": the first line is the company's; a c/o line goes below the street.
  if (lines.length >= 2 && !hasDigit(lines[0]!) && hasDigit(lines[1]!)) {
    const first = lines.shift()!;
    if (CARE_OF.test(first)) lines.splice(1, 0, first);
    else company = first;
  }
  return { company, address1: lines[0] ?? '', address2: lines.slice(1).join(', ') };
}

function readRows(rows: readonly Record<string, string>[]): (FieldValues | null)[] {
  return rows.map((row) => {
    const cell = cellReader(row);
    const quantity = cell('quantity-to-ship') || cell('quantity-purchased');
    if (quantity === '0') return null;
    const { company, address1, address2 } = addressLines([cell('ship-address-1'), cell('ship-address-2'), cell('ship-address-3')]);
    const price = cell('item-price');
    const pieces = Number(cell('quantity-purchased')) || 1;
    return {
      number: cell('order-id'),
      ...receiver(cell('recipient-name') || cell('buyer-name'), company),
      address1,
      address2,
      postalCode: cell('ship-postal-code'),
      city: cell('ship-city'),
      state: cell('ship-state'),
      country: countryCode(cell('ship-country')),
      phone: cell('ship-phone-number') || cell('buyer-phone-number'),
      email: cell('buyer-email'),
      sku: cell('sku'),
      description: cell('product-name').slice(0, 75),
      quantity,
      itemId: cell('order-item-id'),
      deliveryConfirmation: cell('signature-confirmation-recommended').toLowerCase() === 'true' ? 'signature' : '',
      // item-price is the item's whole price: for all the pieces bought.
      unitPrice: price === '' ? '0.00' : (Math.round((Number(price.replace(',', '.')) / pieces) * 100) / 100).toFixed(2),
    };
  });
}

export const AMAZON: OrderFormat = {
  id: 'amazon',
  signature: [
    'order-id',
    'order-item-id',
    'sku',
    'product-name',
    'quantity-to-ship',
    'recipient-name',
    'ship-address-1',
    'ship-city',
    'ship-postal-code',
    'ship-country',
  ],
  columns: {
    number: 'order-id',
    name: 'recipient-name',
    contact: 'recipient-name',
    address1: 'ship-address-1',
    address2: 'ship-address-2',
    postalCode: 'ship-postal-code',
    city: 'ship-city',
    state: 'ship-state',
    country: 'ship-country',
    phone: 'ship-phone-number',
    email: 'buyer-email',
    sku: 'sku',
    description: 'product-name',
    quantity: 'quantity-to-ship',
    unitPrice: 'item-price',
    itemId: 'order-item-id',
    deliveryConfirmation: 'signature-confirmation-recommended',
  },
  read: readRows,
};
