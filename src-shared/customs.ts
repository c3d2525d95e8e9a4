// Whether a route goes through customs, and which declaration its service needs: one rule for the station, the
// desk and the documents. A route needs customs when its ends lie in different customs territories, or in
// different VAT territories of one (the Canary Islands are in the EU customs union but outside its VAT area, so a
// parcel from Milan to Las Palmas is declared). A territory is found from the country and, for the special
// territories that share a country's code, the postal code. Postal services declare on the UPU's CN22 up to
// 300 SDR and on the CN23 above it; express carriers on a commercial invoice.
import { boundedMemo } from './bounded-memo.ts';
import { EU_COUNTRIES, countryName } from './countries.ts';
import { parseCents } from './money.ts';
import type { ShipmentAttributes } from './shipment.ts';

/** Where an address lies for customs: the customs territory, the VAT territory, and a name for messages. */
export interface Territory {
  customs: string;
  vat: string;
  name: string;
}

export interface Place {
  country: string;
  postalCode?: string | number | null;
}

/** Special territories that share a member state's code, by postal code prefix: [country, prefix, customs, vat, name]. */
export const SPECIAL: readonly [string, string, string, string, string][] = [
  ['ES', '35', 'EU', 'IC', 'the Canary Islands'],
  ['ES', '38', 'EU', 'IC', 'the Canary Islands'],
  ['ES', '51', 'XC', 'XC', 'Ceuta'],
  ['ES', '52', 'XL', 'XL', 'Melilla'],
  ['DE', '27498', 'EU', 'DE-HELGOLAND', 'Heligoland'],
  ['DE', '78266', 'CH', 'CH', 'Büsingen am Hochrhein (Swiss customs territory)'],
  ['IT', '23041', 'IT-LIVIGNO', 'IT-LIVIGNO', 'Livigno'],
  ['IT', '22061', 'EU', 'IT-CAMPIONE', 'Campione d’Italia'],
  ['FR', '971', 'EU', 'GP', 'Guadeloupe'],
  ['FR', '972', 'EU', 'MQ', 'Martinique'],
  ['FR', '973', 'EU', 'GF', 'French Guiana'],
  ['FR', '974', 'EU', 'RE', 'Réunion'],
  ['FR', '976', 'EU', 'YT', 'Mayotte'],
  ['FR', '975', 'PM', 'PM', 'Saint Pierre and Miquelon'],
  ['FR', '986', 'WF', 'WF', 'Wallis and Futuna'],
  ['FR', '987', 'PF', 'PF', 'French Polynesia'],
  ['FR', '988', 'NC', 'NC', 'New Caledonia'],
  ['FI', '22', 'EU', 'AX', 'the Åland Islands'],
  ['GR', '63086', 'EU', 'GR-ATHOS', 'Mount Athos'],
  ['GR', '63087', 'EU', 'GR-ATHOS', 'Mount Athos'],
  ['GB', 'BT', 'GB-NI', 'GB', 'Northern Ireland'],
];

/**
 * Countries outside the EU in its customs territory (Monaco through France) or in a customs union with it for
 * goods (San Marino), and those inside another's: Liechtenstein in Switzerland's, the Isle of Man in the UK's.
 * Overseas regions with their own code (Réunion as RE, …) are in the EU customs union but outside its VAT area.
 */
const BY_COUNTRY: Readonly<Record<string, [customs: string, vat: string]>> = {
  MC: ['EU', 'EU'],
  SM: ['EU', 'EU'],
  LI: ['CH', 'CH'],
  IM: ['GB', 'GB'],
  AX: ['EU', 'AX'],
  GP: ['EU', 'GP'],
  MQ: ['EU', 'MQ'],
  GF: ['EU', 'GF'],
  RE: ['EU', 'RE'],
  YT: ['EU', 'YT'],
};

/** The territory of an address. */
export function territoryOf(place: Place): Territory {
  const country = place.country.trim().toUpperCase();
  const postal = String(place.postalCode ?? '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, '');
  const special = SPECIAL.find(([code, prefix]) => code === country && postal.startsWith(prefix));
  if (special) return { customs: special[2], vat: special[3], name: special[4] };
  const known = BY_COUNTRY[country];
  if (known) return { customs: known[0], vat: known[1], name: countryName(country) };
  if (EU_COUNTRIES.has(country)) return { customs: 'EU', vat: 'EU', name: countryName(country) };
  return { customs: country, vat: country, name: countryName(country) };
}

export interface CustomsRoute {
  /** Goods on this route are declared to customs. */
  needed: boolean;
  /** Why, or why not, in a sentence an integrator and a packer both read: "IT → CH: Switzerland is outside the EU customs union". */
  why: string;
  /** Goods leave the EU customs or VAT territory: the exporter's EORI is asked for commercial goods. */
  exportFromEu: boolean;
  /** Goods enter the EU customs or VAT territory: IOSS applies to low-value sales. */
  importIntoEu: boolean;
}

const inEuVat = (territory: Territory) => territory.customs === 'EU' && territory.vat === 'EU';

/**
 * Whether goods from `from` to `to` are declared to customs, and why. Kept for the routes it saw last (frozen): a
 * shipment's answer asks it each time, and a desk ships the same few routes all day.
 */
export const customsRoute = boundedMemo(
  (from: Place, to: Place): CustomsRoute => Object.freeze(findCustomsRoute(from, to)),
  (from, to) => `${from.country}\u0000${String(from.postalCode ?? '')}\u0000${to.country}\u0000${String(to.postalCode ?? '')}`,
);

function findCustomsRoute(from: Place, to: Place): CustomsRoute {
  const origin = territoryOf(from);
  const destination = territoryOf(to);
  const arrow = `${from.country.trim().toUpperCase()} → ${to.country.trim().toUpperCase()}`;
  // Northern Ireland keeps to the EU's rules for goods, and stays in the UK's internal market.
  const northernIreland = [origin, destination].some((territory) => territory.customs === 'GB-NI');
  const other = origin.customs === 'GB-NI' ? destination : origin;
  if (northernIreland && (other.customs === 'GB-NI' || other.customs === 'GB' || inEuVat(other))) {
    return {
      needed: false,
      why: `${arrow}: Northern Ireland trades goods with the EU and Great Britain without a customs declaration`,
      exportFromEu: false,
      importIntoEu: false,
    };
  }
  if (origin.customs === destination.customs && origin.vat === destination.vat) {
    const within = origin.customs === 'EU' ? 'the EU customs union and VAT area' : `${origin.name}’s customs territory`;
    return { needed: false, why: `${arrow}: both ends are within ${within}`, exportFromEu: false, importIntoEu: false };
  }
  const outside = (territory: Territory) =>
    territory.customs !== 'EU' ? `${territory.name} is outside the EU customs union` : `${territory.name} is outside the EU VAT area`;
  const reason = inEuVat(origin)
    ? outside(destination)
    : inEuVat(destination)
      ? outside(origin)
      : `${origin.name} and ${destination.name} are different customs territories`;
  return { needed: true, why: `${arrow}: ${reason}`, exportFromEu: inEuVat(origin), importIntoEu: inEuVat(destination) };
}

/** 300 SDR, the UPU's CN22 limit, and the figure in EUR the station uses for it. */
export const CN22_LIMIT = {
  sdr: 300,
  /** EUR per SDR, a little under the IMF's rate of 2025 (1.17), so that a parcel near the limit gets the fuller CN23. */
  eurPerSdr: 1.15,
  /** 300 × 1.15 = 345.00 EUR, in cents. */
  cents: 34_500,
} as const;

/** The low-value limit of IOSS: consignments of goods up to 150 EUR. */
export const IOSS_LIMIT_CENTS = 15_000;

export const CUSTOMS_DOCUMENTS = ['CN22', 'CN23', 'commercialInvoice'] as const;
export type CustomsDocument = (typeof CUSTOMS_DOCUMENTS)[number];

/**
 * The declarations a shipment on a customs route carries. A postal service (a carrier whose tracking numbers are
 * UPU S10 ones) declares on a CN22 up to the limit and on a CN23 above it, the CN23 with a commercial invoice;
 * an express carrier declares on a commercial invoice. Documents only: a CN22 by post, nothing by express.
 */
export function customsDocuments(
  route: CustomsRoute,
  options: { postal: boolean; valueCents: number; documentsOnly?: boolean },
): CustomsDocument[] {
  if (!route.needed) return [];
  if (options.documentsOnly) return options.postal ? ['CN22'] : [];
  if (!options.postal) return ['commercialInvoice'];
  return options.valueCents <= CN22_LIMIT.cents ? ['CN22'] : ['CN23', 'commercialInvoice'];
}

/** An HS code: 6 to 10 digits once the dots and spaces carriers print are taken out (6912.00 is 691200). */
export function isHsCode(code: string | undefined | null): boolean {
  return typeof code === 'string' && /^[0-9]{6,10}$/.test(code.replace(/[\s.]/g, ''));
}

/** An EORI number: a country code and up to 15 letters or digits (IT01234567890). */
export function isEori(value: string | undefined | null): boolean {
  return typeof value === 'string' && /^[A-Z]{2}[A-Z0-9]{1,15}$/.test(value.trim().toUpperCase());
}

/** An IOSS number: IM, three digits, and seven more (IM3960000001). */
export function isIoss(value: string | undefined | null): boolean {
  return typeof value === 'string' && /^IM[0-9]{10}$/.test(value.trim().toUpperCase());
}

/** A UPU S10 item identifier (RR123456785IT): the tracking number of a postal item. */
export const isPostalItem = (trackingNumber: string): boolean => /^[A-Z]{2}[0-9]{9}[A-Z]{2}$/.test(trackingNumber);

/** The goods' value in cents: the declared items, or the invoice subtotal without a declaration. */
export function declaredValueCents(attributes: ShipmentAttributes): number {
  const items = attributes.exportDeclaration?.lineItems;
  if (items && items.length > 0) return items.reduce((total, item) => total + (parseCents(item.unitPrice) ?? 0) * Number(item.quantity), 0);
  return parseCents(attributes.invoiceSubtotal?.amount ?? '0') ?? 0;
}

/** The most items a CN22 has room for; more go on a CN23, whatever their value. */
export const CN22_MAX_ITEMS = 5;

/**
 * The declarations a processed shipment carries, by its route, its carrier (postal when its tracking number is a
 * UPU S10 one), its value and its items. A shipment with an export declaration on a route that needs none (an
 * integration that sends one anyway) keeps its commercial invoice, as before there were forms.
 */
export function customsForms(attributes: ShipmentAttributes, trackingNumber: string): CustomsDocument[] {
  const route = customsRoute(attributes.shipFrom, attributes.shipTo);
  const items = attributes.exportDeclaration?.lineItems.length ?? 0;
  const documents = customsDocuments(route, {
    postal: isPostalItem(trackingNumber),
    valueCents: declaredValueCents(attributes),
    documentsOnly: attributes.documentsOnly === true,
  });
  if (documents.includes('CN22') && items > CN22_MAX_ITEMS) return ['CN23', 'commercialInvoice'];
  if (documents.length === 0 && attributes.exportDeclaration) return ['commercialInvoice'];
  if (documents.includes('commercialInvoice') && !attributes.exportDeclaration)
    return documents.filter((document) => document !== 'commercialInvoice');
  return documents;
}
