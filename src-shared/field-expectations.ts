// What each shipment field expects (field-rules.md): a refused field says what would be accepted, not only that
// it is "not valid". Keyed by the JSON pointer's last members, so one text serves the sender, the receiver, every
// package and every declaration line. The desk shows the packer's words; an integration gets the API's (the
// format, the unit, the limit, the allowed values) in its error's meta.reason, where the spec's detail stays.
import { EXPORT_REASON_TYPES, PACKAGE_TYPES, SHIPMENT_PURPOSES } from './shipment.ts';
import { COD_METHODS, DELIVERY_CONFIRMATIONS, LITHIUM_PACKINGS, LITHIUM_TYPES, MAX_DANGEROUS_GOODS } from './shipment-options.ts';

interface Expectation {
  /** The desk's key for the packer's words in other languages (src-renderer/i18n/field-text.ts). */
  id: string;
  at: RegExp;
  /** In the packer's words, for the desk's form. */
  desk: string;
  /** In an integrator's words, when they differ: the format on the wire. */
  api?: string;
}

const COUNTRY_CODE = 'an ISO 3166-1 alpha-2 country code, such as DE (case does not matter)';
const MONEY = (what: string) => `${what} in EUR as a decimal with at most two decimals, such as 64.50 (a number, or text with a point)`;
const FLAG = 'true or false';

const EXPECTED: readonly Expectation[] = [
  { id: 'document', at: /^\/data$/, desk: 'a shipment', api: 'a JSON:API document {"data": {"type": "shipment", "attributes": {…}}}' },
  { id: 'documentType', at: /^\/data\/type$/, desk: 'a shipment', api: '"shipment"' },
  {
    id: 'attributes',
    at: /^\/data\/attributes$/,
    desk: 'a shipment',
    api: 'an object with the shipment’s members (shipFrom, shipTo, packages, …)',
  },
  { id: 'nameOrContact', at: /\/(name|contact)$/, desk: 'up to 35 characters', api: 'text of at most 35 characters' },
  { id: 'addressLine', at: /\/(address1|address2|city)$/, desk: 'up to 30 characters', api: 'text of at most 30 characters' },
  {
    id: 'postalCode',
    at: /\/postalCode$/,
    desk: 'the postal code as the country writes it, up to 30 characters',
    api: 'the postal code in the country’s format, at most 30 characters (a number or text)',
  },
  {
    id: 'state',
    at: /\/state$/,
    desk: 'the state or province code (up to 20 characters), needed for Italy, Canada and the United States',
    api: 'the state or province code, at most 20 characters; required when the country is IT, CA or US',
  },
  {
    id: 'originCountry',
    at: /\/originCountry$/,
    desk: 'the country where the goods were made',
    api: `${COUNTRY_CODE}: where the goods were made`,
  },
  { id: 'country', at: /\/country$/, desk: 'a country: type its name or its two-letter code and pick it', api: COUNTRY_CODE },
  {
    id: 'phone',
    at: /\/phone$/,
    desk: 'a phone number as written in its country, such as 089 123456 or +49 89 123456 (digits, spaces, dashes, brackets; up to 25 digits); a US number has 10 digits, or 11 starting with 1',
    api: 'a phone number as written in its country, at most 25 digits (spaces, dashes, dots, slashes, brackets and a leading + allowed), such as "(212) 736-3100" or "+49 89 123456"; a US number has 10 digits, or 11 starting with 1, and is kept as 11',
  },
  { id: 'email', at: /\/(email|confirmationEmail)$/, desk: 'an email address such as name@example.com, up to 50 characters' },
  { id: 'taxIdentification', at: /\/taxIdentification$/, desk: 'up to 45 characters' },
  {
    id: 'flag',
    at: /\/(isResidential|booking|documentsOnly|irregular|scheduledProcessing|saturdayDelivery|sundayDelivery|section2)$/,
    desk: FLAG,
  },
  { id: 'units', at: /\/weight\/units$|\/dimensions\/units$/, desk: '"1"', api: '"1" (kilograms and centimetres; the only units)' },
  {
    id: 'weight',
    at: /\/weight(\/value)?$/,
    desk: 'the weight in kg, more than 0, such as 1.25',
    api: 'kg as a decimal above 0, such as 1.4 (a number, or text with a point and no unit)',
  },
  {
    id: 'dimensions',
    at: /\/dimensions(\/(length|width|height))?$/,
    desk: 'the size in cm, more than 0, such as 30',
    api: 'cm as a decimal above 0, such as 30 (a number, or text with a point and no unit)',
  },
  { id: 'packageType', at: /\/packages\/\d+\/type$/, desk: PACKAGE_TYPES.join(' or '), api: `${PACKAGE_TYPES.join(' or ')}` },
  {
    id: 'goodsDescription',
    at: /\/goodsDescription$/,
    desk: 'what the parcel holds, such as “Ceramic cups”',
    api: 'what the parcel holds, at most 255 characters, such as "Ceramic cups"',
  },
  { id: 'currency', at: /\/invoiceSubtotal\/currency$/, desk: 'EUR' },
  {
    id: 'invoiceSubtotal',
    at: /\/invoiceSubtotal(\/amount)?$/,
    desk: 'the goods’ value in EUR, such as 64.50',
    api: `{"amount": …, "currency": "EUR"}: ${MONEY('the goods’ value')}`,
  },
  {
    id: 'insurance',
    at: /\/insurance(Description|Value)$/,
    desk: 'both what is insured and its value in EUR, or neither',
    api: `both insuranceDescription (at most 255 characters) and insuranceValue (${MONEY('the value')}), or neither`,
  },
  { id: 'documentsOnly', at: /\/documentsOnly$/, desk: 'documents only on a route through customs, at most 30 × 21 × 15 cm and 2.5 kg' },
  { id: 'customerReference', at: /\/customerReference$/, desk: 'up to 50 characters' },
  { id: 'specialInstructions', at: /\/specialInstructions$/, desk: 'up to 255 characters' },
  { id: 'incoTerms', at: /\/incoTerms$/, desk: '1 (DDP), 2 (DAP) or 3 (EXW)' },
  {
    id: 'exportDeclaration',
    at: /\/exportDeclaration$/,
    desk: 'an export declaration: goods cross a customs border',
    api: 'an export declaration (exportReasonType, invoiceDate, invoiceReference, shipmentPurpose, lineItems): goods cross a customs border',
  },
  { id: 'exportReasonType', at: /\/exportReasonType$/, desk: EXPORT_REASON_TYPES.join(', ') },
  { id: 'shipmentPurpose', at: /\/shipmentPurpose$/, desk: SHIPMENT_PURPOSES.join(' or ') },
  { id: 'invoiceReference', at: /\/invoiceReference$/, desk: 'the invoice number', api: 'the invoice number, at most 35 characters' },
  { id: 'invoiceDate', at: /\/invoiceDate$/, desk: 'the invoice date', api: 'a date as YYYY-MM-DD' },
  { id: 'invoiceFreight', at: /\/invoiceFreight$/, desk: 'the freight on the invoice in EUR', api: MONEY('the freight') },
  { id: 'lineItems', at: /\/lineItems$/, desk: 'at least one item', api: 'an array of 1 to 999 items' },
  {
    id: 'lineItemDescription',
    at: /\/lineItems\/\d+\/description$/,
    desk: 'what the item is, such as “Ceramic cup”',
    api: 'what the item is, at most 75 characters, such as "Ceramic cup"',
  },
  { id: 'quantity', at: /\/quantity$/, desk: 'a whole number of pieces, at least 1', api: 'a whole number of pieces from 1 to 9999999' },
  {
    id: 'unitPrice',
    at: /\/unitPrice$/,
    desk: 'the price of one piece in EUR, such as 12.90',
    api: `${MONEY('the price of one piece')}; quantity × unitPrice within the largest amount`,
  },
  {
    id: 'unitWeight',
    at: /\/unitWeight$/,
    desk: 'the weight of one piece in kg, such as 0.35',
    api: 'kg of one piece as a decimal above 0, such as 0.35',
  },
  {
    id: 'commodityCode',
    at: /\/commodityCode$/,
    desk: 'the HS tariff code, up to 20 letters, digits, dots or dashes; 6 to 10 digits for commercial goods through customs',
  },
  {
    id: 'exporterEori',
    at: /\/exporterEori$/,
    desk: 'the exporter’s EORI number, such as IT01234567890',
    api: 'an EORI number: a country code and up to 15 letters or digits, such as IT01234567890',
  },
  {
    id: 'iossNumber',
    at: /\/iossNumber$/,
    desk: 'the seller’s IOSS number, such as IM3960000001',
    api: 'an IOSS number: IM and 10 digits, such as IM3960000001',
  },
  {
    id: 'services',
    at: /\/attributes\/services$/,
    desk: 'the special services: signature, cash on delivery, Saturday or Sunday delivery',
    api: 'an object of special services (deliveryConfirmation, minimumAge, cashOnDelivery, saturdayDelivery, sundayDelivery), or null for none',
  },
  {
    id: 'deliveryConfirmation',
    at: /\/services\/deliveryConfirmation$/,
    desk: 'none, signature, adult signature, direct (the receiver in person) or indirect (a neighbour may sign)',
    api: `one of ${DELIVERY_CONFIRMATIONS.join(', ')} (case does not matter)`,
  },
  {
    id: 'minimumAge',
    at: /\/services\/minimumAge$/,
    desk: '16, 18 or 21, with an adult signature only',
    api: '16, 18 or 21 (a number or its text), given only with deliveryConfirmation adultSignature',
  },
  {
    id: 'servicesInsurance',
    at: /\/services\/insurance(\/(value|description))?$/,
    desk: 'the declared value in EUR and what is insured, the same as the insurance fields',
    api: `{"value": …, "description": …}: ${MONEY('the declared value')} and what is insured (at most 255 characters); the same as insuranceValue and insuranceDescription when those are given too`,
  },
  {
    id: 'cashOnDelivery',
    at: /\/cashOnDelivery$/,
    desk: 'the amount to collect, its currency and how the receiver pays',
    api: `{"amount": …, "currency": "EUR", "method": ${COD_METHODS.join('|')}, "account": …}, or null for none`,
  },
  {
    id: 'codAmount',
    at: /\/cashOnDelivery\/amount$/,
    desk: 'the amount to collect, more than 0, such as 49.90',
    api: 'the amount to collect as a decimal above 0 with at most two decimals, such as 49.90 (a number, or text with a point)',
  },
  {
    id: 'codCurrency',
    at: /\/cashOnDelivery\/currency$/,
    desk: 'a currency code such as EUR',
    api: 'an ISO 4217 currency code of three letters, such as EUR',
  },
  { id: 'codMethod', at: /\/cashOnDelivery\/method$/, desk: 'cash, cheque or any', api: `${COD_METHODS.join(', ')} (any when absent)` },
  {
    id: 'codAccount',
    at: /\/cashOnDelivery\/account$/,
    desk: 'the account the amount is paid into, such as an IBAN, up to 34 characters',
    api: 'text of at most 34 characters, such as an IBAN',
  },
  {
    id: 'dangerousGoods',
    at: /\/dangerousGoods$/,
    desk: `up to ${MAX_DANGEROUS_GOODS} dangerous goods per package`,
    api: `an array of at most ${MAX_DANGEROUS_GOODS} records {unNumber, properShippingName, class, packingGroup, quantity, netWeightKg}`,
  },
  {
    id: 'unNumber',
    at: /\/dangerousGoods\/\d+\/unNumber$/,
    desk: 'UN and four digits, such as UN1266',
    api: 'UN and four digits, such as UN1266 (case does not matter)',
  },
  {
    id: 'properShippingName',
    at: /\/dangerousGoods\/\d+\/properShippingName$/,
    desk: 'the proper shipping name, such as “Perfumery products”',
    api: 'the proper shipping name, at most 255 characters, such as "Perfumery products"',
  },
  {
    id: 'hazardClass',
    at: /\/dangerousGoods\/\d+\/class$/,
    desk: 'the hazard class or division, such as 3, 2.1 or 9',
    api: 'a hazard class or division: 1.1 to 1.6 (with a compatibility group, such as 1.4S), 2.1 to 2.3, 3, 4.1 to 4.3, 5.1, 5.2, 6.1, 6.2, 7, 8 or 9 (text, or a number)',
  },
  {
    id: 'packingGroup',
    at: /\/dangerousGoods\/\d+\/packingGroup$/,
    desk: 'I, II, III, or none',
    api: 'I, II or III, or null where the class has none',
  },
  {
    id: 'netWeightKg',
    at: /\/dangerousGoods\/\d+\/netWeightKg$/,
    desk: 'the net weight in kg, more than 0, such as 0.5',
    api: 'net kg as a decimal above 0, such as 0.5 (a number, or text with a point)',
  },
  {
    id: 'lithiumBatteries',
    at: /\/lithiumBatteries$/,
    desk: 'the batteries’ type and how they are packed',
    api: '{"type": ion|metal, "packing": containedInEquipment|packedWithEquipment|alone, "section2": true|false}, or null for none',
  },
  { id: 'lithiumType', at: /\/lithiumBatteries\/type$/, desk: 'lithium ion or lithium metal', api: LITHIUM_TYPES.join(' or ') },
  {
    id: 'lithiumPacking',
    at: /\/lithiumBatteries\/packing$/,
    desk: 'contained in equipment, packed with equipment, or alone',
    api: `${LITHIUM_PACKINGS.join(', ')} (case does not matter)`,
  },
  {
    id: 'dryIceKg',
    at: /\/dryIceKg$/,
    desk: 'the dry ice in kg, more than 0 and less than the package’s weight',
    api: 'kg of dry ice (UN1845) as a decimal above 0 and below the package’s weight, such as 2.5',
  },
  {
    id: 'shipDate',
    at: /\/shipDate$/,
    desk: 'a ship date, today or later',
    api: 'a date as YYYY-MM-DD, today or later in the station’s time zone',
  },
  { id: 'packages', at: /\/packages$/, desk: 'at least one package', api: 'an array of 1 to 99 packages' },
  { id: 'service', at: /^\/data\/meta\/service$/, desk: 'express or economy' },
  {
    id: 'sku',
    at: /\/lines\/\d+\/sku$/,
    desk: 'the article’s SKU, up to 35 characters',
    api: 'the article’s SKU, text of at most 35 characters',
  },
  {
    id: 'lineDescription',
    at: /\/lines\/\d+\/description$/,
    desk: 'what the article is, up to 75 characters',
    api: 'what the article is, text of at most 75 characters',
  },
  {
    id: 'lines',
    at: /\/lines$/,
    desk: 'at least one line',
    api: 'an array of order lines (sku, description, quantity, unitPrice, …), at least one',
  },
  { id: 'hsCode', at: /\/hsCode$/, desk: 'the HS tariff code, up to 20 letters, digits, dots or dashes' },
  {
    id: 'orderNumber',
    at: /\/attributes\/number$/,
    desk: 'the order number, up to 50 characters',
    api: 'the order number, text of at most 50 characters',
  },
  {
    id: 'rate',
    at: /^\/data\/meta\/rate$/,
    desk: 'a rate',
    api: 'a rate object as POST /shipments/rate lists it, such as {"type": "rate", "id": "t2-UPS-STD"}',
  },
  { id: 'rateId', at: /^\/data\/meta\/rate\/id$/, desk: 'a rate', api: 'a rate id as POST /shipments/rate lists it, such as t2-UPS-STD' },
  { id: 'finalCost', at: /\/finalCost\/amount$/, desk: 'the price', api: MONEY('the price the rate list gave') },
  {
    id: 'documentHash',
    at: /\/documentHash$/,
    desk: 'the rate’s documentHash',
    api: 'the rate’s meta.documentHash as the rate list gave it (text)',
  },
];

/** Which expectation the field at `pointer` has (its id), for the desk's words in the packer's language. */
export function expectationIdAt(pointer: string): string | undefined {
  return EXPECTED.find((expectation) => expectation.at.test(pointer))?.id;
}

/** What the field at `pointer` expects; undefined for a field without a rule here. */
export function expectationAt(pointer: string, audience: 'desk' | 'api' = 'desk'): string | undefined {
  const found = EXPECTED.find((expectation) => expectation.at.test(pointer));
  return found && (audience === 'api' ? (found.api ?? found.desk) : found.desk);
}

/** Members whose value is a secret: a refusal says what kind of value came, never the value. */
const SECRET_MEMBER = /\/(password|secret|clientKey|integrationKey|key)$/i;

/** What was sent, briefly: a value an integrator recognises in their own request (a secret only by its kind). */
function described(value: unknown, secret = false): string {
  if (typeof value === 'string') return value.length > 40 || secret ? `a text of ${[...value].length} characters` : JSON.stringify(value);
  if (secret && typeof value === 'number') return 'a number';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return value === null ? 'null' : 'an object';
}

/**
 * An API error's meta.reason: what the field expects, and, for a refused value, what came instead. `expected`
 * overrides the table (the carrier codes of this station, say).
 */
export function apiReason(pointer: string, missing: boolean, value: unknown, expected = expectationAt(pointer, 'api')): string {
  if (missing) return expected ? `Required: ${expected}.` : 'Required.';
  return `${expected ? `Expected ${expected}` : 'Not accepted here'}; got ${described(value, SECRET_MEMBER.test(pointer))}.`;
}
