// The order of an address form's fields: the country first (it decides the postal code's format and the order of
// the rest), then the fields as that country writes an address: "80331 München" in most of Europe, "Springfield,
// IL 62704" in the US. The tab order follows it, so a packer types an address as it is written on the parcel.
import type { AddressField } from '../../store/new-shipment.ts';

/**
 * Countries that write the city (and state) before the postal code (UPU address formats): the rest write the
 * postal code first.
 */
const CITY_BEFORE_POSTAL_CODE: ReadonlySet<string> = new Set(['US', 'CA', 'AU', 'NZ', 'GB', 'IE', 'IN', 'BR', 'ZA', 'SG']);

/** The fields in the order the country writes them; an unknown or empty country gets the postal code first. */
export function addressFieldOrder(country: string): AddressField[] {
  const place: AddressField[] = CITY_BEFORE_POSTAL_CODE.has(country.trim().toUpperCase())
    ? ['city', 'state', 'postalCode']
    : ['postalCode', 'city', 'state'];
  return ['country', 'name', 'contact', 'address1', 'address2', ...place, 'phone', 'email'];
}
