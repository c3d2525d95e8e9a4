// Etsy's "Order Items" CSV (Shop Manager → Settings → Options → Download Data, type "Order Items": the columns
// Sale Date … SKU of EtsySoldOrderItems as Etsy's help article on downloading shop data lists them): a row per item,
// every row with the whole address; Ship Country as a name ("United States", "Germany"), Ship State as a code; no
// phone or e-mail. A listing without a SKU is known by its Listing ID, which is Etsy's own number for the product.
import type { FieldValues } from '../order-import.ts';
import { cellReader, countryCode, receiver, type OrderFormat } from './format.ts';

function readRows(rows: readonly Record<string, string>[]): (FieldValues | null)[] {
  return rows.map((row) => {
    const cell = cellReader(row);
    return {
      number: cell('Order ID'),
      ...receiver(cell('Ship Name'), ''),
      address1: cell('Ship Address1'),
      address2: cell('Ship Address2'),
      postalCode: cell('Ship Zipcode'),
      city: cell('Ship City'),
      state: cell('Ship State'),
      country: countryCode(cell('Ship Country')),
      sku: cell('SKU') || cell('Listing ID'),
      description: cell('Item Name').slice(0, 75),
      quantity: cell('Quantity'),
      unitPrice: cell('Price'),
      itemId: cell('Transaction ID'),
    };
  });
}

export const ETSY: OrderFormat = {
  id: 'etsy',
  signature: [
    'Order ID',
    'Transaction ID',
    'Listing ID',
    'Item Name',
    'Quantity',
    'Price',
    'Ship Name',
    'Ship Address1',
    'Ship City',
    'Ship Zipcode',
    'Ship Country',
  ],
  columns: {
    number: 'Order ID',
    name: 'Ship Name',
    contact: 'Ship Name',
    address1: 'Ship Address1',
    address2: 'Ship Address2',
    postalCode: 'Ship Zipcode',
    city: 'Ship City',
    state: 'Ship State',
    country: 'Ship Country',
    sku: 'SKU',
    description: 'Item Name',
    quantity: 'Quantity',
    unitPrice: 'Price',
    itemId: 'Transaction ID',
  },
  read: readRows,
};
