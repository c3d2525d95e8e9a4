// Orders from a shop's file (docs/shipments.md, "Orders": importing a file): a row per order line, its columns mapped onto
// the order's fields, rows of one order number gathered into one order, and every order checked with the shared
// order rules, each fault pointing at its row and column. Special services come from their own columns (Signature,
// COD amount, Saturday delivery) or from the order's tags (adult-signature, saturday-delivery). Pure, for the desk's
// import preview, POST /orders/import and the watched folder.
import type { ErrorObject } from './jsonapi.ts';
import { countryCode } from './countries.ts';
import { validateOrderDocument, type OrderAttributes } from './orders.ts';

export const IMPORT_FIELDS = [
  'number',
  'name',
  'contact',
  'address1',
  'address2',
  'postalCode',
  'city',
  'state',
  'country',
  'phone',
  'email',
  'sku',
  'description',
  'quantity',
  'unitWeight',
  'unitPrice',
  'originCountry',
  'hsCode',
  'itemId',
  'service',
  'carrierChoice',
  'tags',
  'deliveryConfirmation',
  'codAmount',
  'codCurrency',
  'codMethod',
  'saturdayDelivery',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The file's column for each field; a field without one is left empty. */
export type ColumnMapping = Partial<Record<ImportField, string>>;

/** One row's values by field, as a known format reads them (order-formats/); a field left out is empty. */
export type FieldValues = Partial<Record<ImportField, string>>;

/**
 * How a file of a known shape is read (src-shared/order-formats/): each row's fields, normalised as that shop writes
 * them, or null for a row that holds nothing to ship; `columns` names the file's column each field comes from, for
 * the faults and the desk's mapping table.
 */
export interface RowReading {
  columns: ColumnMapping;
  read(rows: readonly Record<string, string>[]): (FieldValues | null)[];
}

const ADDRESS_FIELDS = ['name', 'contact', 'address1', 'address2', 'postalCode', 'city', 'state', 'country', 'phone', 'email'] as const;
const LINE_FIELDS = ['sku', 'description', 'quantity', 'unitWeight', 'unitPrice', 'originCountry', 'hsCode', 'itemId'] as const;

/** Names shops give their columns, by field (compared in lower case, letters and digits only). */
const USUAL_NAMES: Record<ImportField, string[]> = {
  number: ['number', 'ordernumber', 'orderno', 'order', 'orderid', 'bestellnummer', 'ordine'],
  name: ['name', 'shiptoname', 'receiver', 'recipient', 'customer', 'shippingname'],
  contact: ['contact', 'contactname', 'attention'],
  address1: ['address1', 'address', 'street', 'shippingaddress1', 'addressline1'],
  address2: ['address2', 'shippingaddress2', 'addressline2'],
  postalCode: ['postalcode', 'zip', 'zipcode', 'postcode', 'plz', 'cap'],
  city: ['city', 'town', 'ort', 'citta'],
  state: ['state', 'province', 'region'],
  country: ['country', 'countrycode', 'land'],
  phone: ['phone', 'telephone', 'tel'],
  email: ['email', 'mail'],
  sku: ['sku', 'article', 'itemsku', 'productcode'],
  description: ['description', 'item', 'product', 'itemname', 'productname'],
  quantity: ['quantity', 'qty', 'pieces'],
  unitWeight: ['unitweight', 'weight', 'weightkg', 'itemweight'],
  unitPrice: ['unitprice', 'price', 'itemprice'],
  originCountry: ['origincountry', 'origin', 'countryoforigin'],
  hsCode: ['hscode', 'hs', 'commoditycode', 'tariffcode'],
  itemId: ['itemid', 'orderitemid', 'lineitemid', 'lineid'],
  service: ['service', 'shippingservice'],
  carrierChoice: ['carrier', 'carrierchoice'],
  tags: ['tags', 'tag', 'labels'],
  deliveryConfirmation: ['deliveryconfirmation', 'signature', 'signatureconfirmation', 'signaturerequired', 'confirmation'],
  codAmount: ['codamount', 'cod', 'cashondelivery', 'cashondeliveryamount', 'nachnahme', 'nachnahmebetrag', 'contrassegno'],
  codCurrency: ['codcurrency', 'cashondeliverycurrency'],
  codMethod: ['codmethod', 'cashondeliverymethod', 'codpayment'],
  saturdayDelivery: ['saturdaydelivery', 'saturday', 'samstagszustellung'],
};

const NUMBER_FIELDS: ReadonlySet<ImportField> = new Set(['quantity', 'unitWeight', 'unitPrice', 'codAmount']);
const SERVICE_FIELDS = ['deliveryConfirmation', 'codAmount', 'codCurrency', 'codMethod', 'saturdayDelivery'] as const;

/** Words a file says yes and no with, in the desk's languages; a cell of other text is the fault's. */
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ja', 'j', 'si', 'sì', 'sí', 'oui', 'o', 'tak', 't']);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non', 'nie', '-']);
const yesNo = (text: string): boolean | string => {
  const word = text.trim().toLowerCase();
  return YES.has(word) ? true : NO.has(word) ? false : text;
};

/**
 * A delivery confirmation as shops and people write it in a column: signature (or yes), adult (adult signature,
 * adult 21, adult signature 16+: 18 unless an age is said), direct, indirect; none or no for none. Other text is kept
 * as it is, for the order rules to refuse at its column.
 */
export function readConfirmation(text: string): { deliveryConfirmation?: string; minimumAge?: string } {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (words === '' || words === 'none' || NO.has(words)) return {};
  if (words === 'signature' || words === 'signature required' || words === 'sig' || YES.has(words))
    return { deliveryConfirmation: 'signature' };
  const adult = /^adult(?: signature)?(?: (\d+))?$/.exec(words);
  if (adult)
    return adult[1] ? { deliveryConfirmation: 'adultSignature', minimumAge: adult[1] } : { deliveryConfirmation: 'adultSignature' };
  if (/^direct(?: signature)?$/.test(words)) return { deliveryConfirmation: 'direct' };
  if (/^indirect(?: signature)?$/.test(words)) return { deliveryConfirmation: 'indirect' };
  return { deliveryConfirmation: text.trim() };
}

/**
 * The tags that ask for a special service, as a shop types them on an order (any case; a space or an underscore
 * for the hyphen): signature, adult-signature (18), adult-signature-16 / -18 / -21, direct-signature,
 * indirect-signature, saturday-delivery, sunday-delivery. The tags stay on the order too, for the packing rules.
 */
export const SERVICE_TAGS: Record<
  string,
  { deliveryConfirmation?: string; minimumAge?: number; saturdayDelivery?: boolean; sundayDelivery?: boolean }
> = {
  signature: { deliveryConfirmation: 'signature' },
  'signature-required': { deliveryConfirmation: 'signature' },
  'adult-signature': { deliveryConfirmation: 'adultSignature' },
  'adult-signature-16': { deliveryConfirmation: 'adultSignature', minimumAge: 16 },
  'adult-signature-18': { deliveryConfirmation: 'adultSignature', minimumAge: 18 },
  'adult-signature-21': { deliveryConfirmation: 'adultSignature', minimumAge: 21 },
  'direct-signature': { deliveryConfirmation: 'direct' },
  'indirect-signature': { deliveryConfirmation: 'indirect' },
  'saturday-delivery': { saturdayDelivery: true },
  'sunday-delivery': { sundayDelivery: true },
};

/** The services an order's tags ask for (a later confirmation tag over an earlier one). */
function servicesOfTags(tags: string | null): Record<string, unknown> {
  const services: Record<string, unknown> = {};
  for (const tag of (tags ?? '').split(/[,;]/)) {
    const asked =
      SERVICE_TAGS[
        tag
          .trim()
          .toLowerCase()
          .replace(/[\s_]+/g, '-')
      ];
    if (asked) Object.assign(services, asked);
  }
  return services;
}

/**
 * The order's services from its service columns, over what its tags ask: a column that says something decides
 * (a Signature column's "none" too, over a tag). Null when neither asks for anything.
 */
function servicesOf(cell: (field: ImportField) => string | null, tags: string | null): Record<string, unknown> | null {
  const services = servicesOfTags(tags);
  const confirmation = cell('deliveryConfirmation');
  if (confirmation !== null) {
    delete services.deliveryConfirmation;
    delete services.minimumAge;
    Object.assign(services, readConfirmation(confirmation));
  }
  const amount = cell('codAmount');
  const currency = cell('codCurrency');
  const method = cell('codMethod');
  if (amount !== null || currency !== null || method !== null) {
    // The order's prices are euros: a COD amount without a currency is too.
    const said = method?.trim().toLowerCase();
    services.cashOnDelivery = {
      amount,
      currency: currency ?? 'EUR',
      ...(method !== null ? { method: said === 'check' ? 'cheque' : said === 'cash or cheque' || said === 'either' ? 'any' : method } : {}),
    };
  }
  const saturday = cell('saturdayDelivery');
  if (saturday !== null) services.saturdayDelivery = yesNo(saturday);
  return Object.keys(services).length > 0 ? services : null;
}

const cellOf = (row: Record<string, string>, column: string | undefined): string => (column === undefined ? '' : (row[column] ?? ''));

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first mapping from the file's headers: each field to the column whose name shops usually give it. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const found = headers.find((header) => USUAL_NAMES[field].includes(squash(header)));
    if (found !== undefined) mapping[field] = found;
  }
  return mapping;
}

/**
 * One thing wrong with an order of the file, where the file has it: the row (from 1 after the header) and the
 * column, the order's field, and whether the value is empty or not accepted. The desk words it in the packer's
 * language; describeFault words it in English for the API and the watched folder's .faults.txt.
 */
export interface ImportFault {
  row: number;
  /** The file's column the value comes from; null when no column gives the field. */
  column: string | null;
  /** The order's field (an IMPORT_FIELDS member); null for the order as a whole. */
  field: ImportField | null;
  /** The value is empty (true), or given and not accepted (false). */
  missing: boolean;
  /** The order document's pointer of the value (/data/attributes/shipTo/postalCode), for what the field expects. */
  pointer: string;
  /** A rule's own words for what would pass (a country's postal code or phone format), in English. */
  rule?: string;
}

export interface PreviewOrder {
  number: string;
  /** The file's rows of the order, counted from 1 after the header. */
  rows: number[];
  attributes?: OrderAttributes;
  faults: ImportFault[];
}

export interface ImportPreview {
  orders: PreviewOrder[];
  valid: number;
  faulty: number;
  /** Order numbers given by rows whose receivers differ: probably two orders under one number. */
  clashes: string[];
}

/** The order's fields in English words, as a fault names them. */
const FIELD_WORDS: Record<ImportField, string> = {
  number: 'the order number',
  name: 'the receiver’s name',
  contact: 'the contact',
  address1: 'the street',
  address2: 'the second address line',
  postalCode: 'the postal code',
  city: 'the city',
  state: 'the state or province',
  country: 'the country',
  phone: 'the phone',
  email: 'the email',
  sku: 'the SKU',
  description: 'the item’s description',
  quantity: 'the quantity',
  unitWeight: 'the unit weight',
  unitPrice: 'the unit price',
  originCountry: 'the country of origin',
  hsCode: 'the HS code',
  service: 'the service',
  carrierChoice: 'the carrier',
  tags: 'the tags',
  itemId: 'the shop’s line id',
  deliveryConfirmation: 'the delivery confirmation',
  codAmount: 'the cash-on-delivery amount',
  codCurrency: 'the cash-on-delivery currency',
  codMethod: 'the cash-on-delivery method',
  saturdayDelivery: 'Saturday delivery',
};

/** The import field of an order's services member (services/cashOnDelivery/amount is codAmount). */
function serviceField(path: readonly string[]): ImportField | null {
  if (path[1] === 'deliveryConfirmation' || path[1] === 'minimumAge') return 'deliveryConfirmation';
  if (path[1] === 'cashOnDelivery') return path[2] === 'currency' ? 'codCurrency' : path[2] === 'method' ? 'codMethod' : 'codAmount';
  if (path[1] === 'saturdayDelivery') return 'saturdayDelivery';
  return null;
}

/** A fault in English: "#1003, row 7: the postal code is empty (column “Shipping Zip”)". */
export function describeFault(number: string, fault: ImportFault): string {
  const what = fault.field ? FIELD_WORDS[fault.field] : 'the order';
  const said = fault.missing ? `${what} is empty` : `${what} is not valid${fault.rule ? `: expected ${fault.rule}` : ''}`;
  const column = fault.column === null ? '' : ` (column “${fault.column}”)`;
  return `${number || 'An order without a number'}, row ${fault.row}: ${said}${column}`;
}

/** Where a fault of the order document (…/attributes/shipTo/city, …/lines/2/quantity) is in the file. */
function faultOf(error: ErrorObject, mapping: ColumnMapping, rows: number[], expected: Record<string, string> = {}): ImportFault {
  const pointer = error.source?.pointer ?? '';
  const path = pointer.split('/').slice(3);
  const named = path[0] === 'shipTo' ? path[1] : path[0] === 'lines' ? path[2] : path[0];
  const field =
    path[0] === 'services'
      ? serviceField(path)
      : (IMPORT_FIELDS as readonly string[]).includes(named ?? '') && !(SERVICE_FIELDS as readonly string[]).includes(named ?? '')
        ? (named as ImportField)
        : null;
  const row = (path[0] === 'lines' ? rows[Number(path[1])] : rows[0]) ?? rows[0] ?? 0;
  const rule = expected[pointer];
  return {
    row,
    column: (field && mapping[field]) ?? null,
    field,
    missing: error.code === 'field.missing',
    pointer,
    ...(rule ? { rule } : {}),
  };
}

/**
 * The file's rows (objects by header) as orders, each checked with the order rules: read through the mapping, or
 * through a known format's reading when one is given (its columns then name the faults' places).
 */
export function previewImport(rows: readonly Record<string, string>[], mapping: ColumnMapping, reading?: RowReading): ImportPreview {
  const fields: (FieldValues | null)[] = reading
    ? reading.read(rows)
    : rows.map((row) => Object.fromEntries(IMPORT_FIELDS.map((field) => [field, cellOf(row, mapping[field])])));
  const columns = reading ? reading.columns : mapping;
  const value = (row: FieldValues, field: ImportField) => {
    const text = (row[field] ?? '').trim();
    if (text === '') return null;
    // A country by its name ("Deutschland", "Italy") is its code, as a shop's own export reads it.
    if (field === 'country' || field === 'originCountry') return countryCode(text);
    // Shops in most of Europe write 0,35: a decimal comma in a number column is the decimal it means.
    return NUMBER_FIELDS.has(field) && /^\d+,\d+$/.test(text) ? text.replace(',', '.') : text;
  };
  const byNumber = new Map<string, { rows: number[]; source: FieldValues[] }>();
  fields.forEach((row, index) => {
    if (row === null) return;
    const number = value(row, 'number') ?? '';
    const entry = byNumber.get(number) ?? { rows: [], source: [] };
    entry.rows.push(index + 1);
    entry.source.push(row);
    byNumber.set(number, entry);
  });
  const clashes: string[] = [];
  const orders = [...byNumber.entries()].map(([number, { rows: rowNumbers, source }]): PreviewOrder => {
    const first = source[0]!;
    const shipTo = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, value(first, field)]));
    // No shop's export has a contact: without one, the receiver's name is it (a person's parcel is for them).
    shipTo.contact ??= shipTo.name ?? null;
    if (
      number !== '' &&
      source.some((row) => ADDRESS_FIELDS.some((field) => value(row, field) !== null && value(row, field) !== shipTo[field]))
    )
      clashes.push(number);
    const document = {
      data: {
        type: 'order',
        attributes: {
          number: number === '' ? null : number,
          shipTo,
          service: value(first, 'service'),
          carrierChoice: value(first, 'carrierChoice'),
          tags: value(first, 'tags'),
          services: servicesOf((field) => value(first, field), value(first, 'tags')),
          lines: source.map((row) => Object.fromEntries(LINE_FIELDS.map((field) => [field, value(row, field)]))),
        },
      },
    };
    const checked = validateOrderDocument(document);
    return checked.ok
      ? { number, rows: rowNumbers, attributes: checked.value, faults: [] }
      : { number, rows: rowNumbers, faults: checked.errors.map((error) => faultOf(error, columns, rowNumbers, checked.expected)) };
  });
  const valid = orders.filter((order) => order.attributes).length;
  return { orders, valid, faulty: orders.length - valid, clashes };
}
