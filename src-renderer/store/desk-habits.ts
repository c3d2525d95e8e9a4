// What this desk did last, kept in this browser so the next parcel starts from it: the country it last shipped to
// is the next form's receiver country (most desks ship most parcels to one country). Kept per desk, not per user:
// it is the warehouse's habit, not the packer's.
import { COUNTRY_CODES } from '../../src-shared/countries.ts';
import { loadJson, saveJson } from './persist.ts';

const KEY = 'shipping-station.desk-habits';

interface DeskHabits {
  receiverCountry?: string;
}

/** The country of the last shipment booked at this desk, or undefined (none yet, or a stored value that is no country). */
export function lastReceiverCountry(): string | undefined {
  const stored = loadJson<DeskHabits>(KEY, {}).receiverCountry;
  return typeof stored === 'string' && COUNTRY_CODES.has(stored) ? stored : undefined;
}

/** Notes the country of a shipment just booked at this desk. */
export function rememberReceiverCountry(country: string): void {
  const code = country.trim().toUpperCase();
  if (COUNTRY_CODES.has(code)) saveJson(KEY, { ...loadJson<DeskHabits>(KEY, {}), receiverCountry: code });
}
