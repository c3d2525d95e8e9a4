// Tracking numbers back to the shop (docs/shipments.md, "Orders": sending tracking numbers back): the shipments that
// shipped the account's orders, written as the file a shop uploads: Amazon's shipping confirmation, a Shopify-friendly
// CSV, or a generic CSV. Pure: the station reads the shipments (services/shipped-orders.ts), this writes the file.
import Papa from 'papaparse';
import type { OrderLine } from './orders.ts';

export const SHIPPED_FORMATS = ['amazon', 'shopify', 'generic'] as const;
export type ShippedFormat = (typeof SHIPPED_FORMATS)[number];

/** At most this many days in one export: a month and a bit, so a quarter's close is three files. */
export const SHIPPED_MAX_DAYS = 92;

/** One processed shipment of an order, as the export writes it. */
export interface ShippedParcel {
  orderNumber: string;
  /** The order's lines: Amazon's file confirms them item by item. */
  lines: readonly Pick<OrderLine, 'quantity' | 'itemId'>[];
  /** The shipment's reference (the station's). */
  reference: string;
  /** YYYY-MM-DD. */
  shipDate: string;
  carrierCode: string;
  carrierName: string;
  serviceName: string;
  /** The carrier's tracking number: one per shipment, whatever its packages (the master number). */
  trackingNumber: string;
  /** The station's public tracking page of the shipment. */
  trackingUrl: string;
  receiverName: string;
  country: string;
}

/** A carrier as a shop names it: Amazon's carrier-code (null: none of its list, so `Other` with the name), Shopify's company. */
interface ShopCarrier {
  amazon: string | null;
  shopify: string;
}

/**
 * Carriers the shops know, by a word of the station's carrier code or name (letters only, upper case). Amazon's codes
 * are those of its carrier-code list (Seller Central, shipping confirmation template); Shopify's names are its
 * tracking companies. First match wins, so Deutsche Post is found before DHL and DHL eCommerce before DHL Express.
 */
const SHOP_CARRIERS: readonly (readonly [RegExp, ShopCarrier])[] = [
  [/DEUTSCHEPOST/, { amazon: 'Deutsche Post', shopify: 'Deutsche Post' }],
  [/DHL(GLOBALMAIL|ECOMMERCE|PAKET|PARCEL)/, { amazon: 'DHL', shopify: 'DHL eCommerce' }],
  [/DHL/, { amazon: 'DHL', shopify: 'DHL Express' }],
  [/^USPS|UNITEDSTATESPOSTAL/, { amazon: 'USPS', shopify: 'USPS' }],
  [/^UPS|UNITEDPARCEL/, { amazon: 'UPS', shopify: 'UPS' }],
  [/FEDEX/, { amazon: 'FedEx', shopify: 'FedEx' }],
  [/POSTEITALIANE/, { amazon: 'Poste Italiane', shopify: 'Poste Italiane' }],
  [/^SDA/, { amazon: 'SDA', shopify: 'SDA' }],
  [/^BRT|BARTOLINI/, { amazon: 'BRT', shopify: 'BRT' }],
  [/^GLS/, { amazon: 'GLS', shopify: 'GLS' }],
  [/^DPD/, { amazon: 'DPD', shopify: 'DPD' }],
  [/^TNT/, { amazon: 'TNT', shopify: 'TNT' }],
  [/HERMES|^EVRI/, { amazon: 'Hermes', shopify: 'Hermes' }],
  [/ROYALMAIL/, { amazon: 'Royal Mail', shopify: 'Royal Mail' }],
  [/PARCELFORCE/, { amazon: 'Parcelforce', shopify: 'Parcelforce' }],
  [/CHRONOPOST/, { amazon: 'Chronopost', shopify: 'Chronopost' }],
  [/COLISSIMO/, { amazon: 'Colissimo', shopify: 'Colissimo' }],
  [/CORREOSEXPRESS/, { amazon: 'Correos Express', shopify: 'Correos Express' }],
  [/CORREOS/, { amazon: 'Correos', shopify: 'Correos' }],
  [/^SEUR/, { amazon: 'SEUR', shopify: 'SEUR' }],
  [/POSTNL/, { amazon: 'PostNL', shopify: 'PostNL' }],
  [/CANADAPOST/, { amazon: 'Canada Post', shopify: 'Canada Post' }],
  [/AUSTRALIAPOST/, { amazon: 'Australia Post', shopify: 'Australia Post' }],
];

/** The carrier as the shops name it, from the station's carrier code (DHL_EXPRESS, PV.UPS) and name (DHL Express). */
export function shopCarrier(carrierCode: string, carrierName: string): ShopCarrier {
  // An upstream's carrier code names its carrier after a dot (PV.UPS): the carrier's own part is the one to read.
  const words = [carrierCode.split('.').pop() ?? '', carrierName].map((text) => text.toUpperCase().replace(/[^A-Z]/g, ''));
  for (const [pattern, carrier] of SHOP_CARRIERS) if (words.some((word) => pattern.test(word))) return carrier;
  return { amazon: null, shopify: carrierName || carrierCode };
}

export const AMAZON_HEADER = [
  'order-id',
  'order-item-id',
  'quantity',
  'ship-date',
  'carrier-code',
  'carrier-name',
  'tracking-number',
  'ship-method',
] as const;
export const SHOPIFY_HEADER = ['Name', 'Tracking Number', 'Tracking Company', 'Tracking URL', 'Ship Date'] as const;
export const GENERIC_HEADER = [
  'Order Number',
  'Shipment Reference',
  'Ship Date',
  'Carrier',
  'Service',
  'Tracking Number',
  'Tracking URL',
  'Receiver',
  'Country',
] as const;

/** A cell of a tab-separated file: Amazon reads no quoting, so a tab or a line break inside a value becomes a space. */
const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, ' ').trim();

/**
 * Amazon's shipping confirmation: a row per order line (its order-item-id and quantity), so an order of several items
 * is confirmed item by item. A further shipment of an order already confirmed in the file adds one row without an
 * item (Amazon's row for the whole order), carrying that parcel's tracking number.
 */
function amazonRows(parcels: readonly ShippedParcel[]): string[][] {
  const confirmed = new Set<string>();
  return parcels.flatMap((parcel) => {
    const carrier = shopCarrier(parcel.carrierCode, parcel.carrierName);
    const row = (itemId: string, quantity: string) => [
      parcel.orderNumber,
      itemId,
      quantity,
      parcel.shipDate,
      carrier.amazon ?? 'Other',
      carrier.amazon ? '' : parcel.carrierName || parcel.carrierCode,
      parcel.trackingNumber,
      parcel.serviceName,
    ];
    const first = !confirmed.has(parcel.orderNumber);
    confirmed.add(parcel.orderNumber);
    // Lines without the shop's id (an order not from Amazon's file) are confirmed with the whole order.
    if (!first || parcel.lines.every((line) => !line.itemId)) return [row('', '')];
    return parcel.lines.map((line) => row(line.itemId ?? '', line.itemId ? line.quantity : ''));
  });
}

export interface ShippedFile {
  text: string;
  /** The media type, with its charset. */
  contentType: string;
  /** The file name's ending: .txt for Amazon's upload (its tab-separated flat file), .csv for the others. */
  extension: 'txt' | 'csv';
}

/** The export of the parcels (in the order given: oldest first) in a shop's format; UTF-8, CRLF line ends. */
export function shippedOrdersFile(format: ShippedFormat, parcels: readonly ShippedParcel[]): ShippedFile {
  if (format === 'amazon') {
    const rows = [[...AMAZON_HEADER], ...amazonRows(parcels)].map((row) => row.map(tsvCell).join('\t'));
    return { text: `${rows.join('\r\n')}\r\n`, contentType: 'text/tab-separated-values; charset=utf-8', extension: 'txt' };
  }
  const rows =
    format === 'shopify'
      ? parcels.map((parcel) => [
          parcel.orderNumber,
          parcel.trackingNumber,
          shopCarrier(parcel.carrierCode, parcel.carrierName).shopify,
          parcel.trackingUrl,
          parcel.shipDate,
        ])
      : parcels.map((parcel) => [
          parcel.orderNumber,
          parcel.reference,
          parcel.shipDate,
          parcel.carrierName || parcel.carrierCode,
          parcel.serviceName,
          parcel.trackingNumber,
          parcel.trackingUrl,
          parcel.receiverName,
          parcel.country,
        ]);
  const header: readonly string[] = format === 'shopify' ? SHOPIFY_HEADER : GENERIC_HEADER;
  // A receiver's name that starts like a formula (=, +, -, @) is kept as text when a spreadsheet opens the file.
  const text = Papa.unparse({ fields: [...header], data: rows }, { newline: '\r\n', escapeFormulae: true });
  return { text: `${text}\r\n`, contentType: 'text/csv; charset=utf-8', extension: 'csv' };
}
