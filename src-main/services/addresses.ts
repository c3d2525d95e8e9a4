// Address search for the receiver picker: the caller's own address book, the client's own address included.
// A search is a read: the one write it may bring (the client's own address into the book) never fails it.
// And the places a postal code names, for the desk to fill the city: the book's first, then the postal data's.
import { PLACES_LIMIT, samePlaceKey, type PlaceAttributes } from '../../src-shared/places.ts';
import type { SavedAddress } from '../domain/address.ts';
import type { Caller } from '../domain/caller.ts';
import { StoreFaultError } from '../domain/store-fault.ts';
import type { Store } from '../store/index.ts';
import { postalDataPlaces } from './postal-data.ts';

export interface AddressService {
  search(caller: Caller, text: string, limit: number): Promise<SavedAddress[]>;
  /** The places at a country's postal code (as the station keeps it): the caller's book's, most used first, then the postal data's. */
  places(caller: Caller, country: string, postalCode: string): Promise<PlaceAttributes[]>;
}

export function createAddressService(store: Store): AddressService {
  // The client's own address is added once per client, book and profile, not on every keystroke of a search.
  // It is marked done only once written: a write that fails (a read-only disk, a lost database) fails no search,
  // and is tried again on the next one.
  const ensured = new Set<string>();
  const ensureOwn = async (caller: Caller) => {
    const own = caller.client.profile;
    const key = JSON.stringify([caller.client.id, caller.sandbox, own]);
    if (!own.name || !own.address1 || ensured.has(key)) return;
    try {
      await store.addresses.ensure(caller.client.id, caller.sandbox, {
        name: own.name,
        address1: own.address1,
        address2: own.address2,
        city: own.city,
        postalCode: own.postalCode,
        state: own.state,
        country: own.country,
        contact: own.contact,
        phone: own.phone,
        email: own.email,
      });
      ensured.add(key);
    } catch (error) {
      if (!(error instanceof StoreFaultError)) throw error;
    }
  };
  return {
    async search(caller, text, limit) {
      await ensureOwn(caller);
      return store.addresses.search(caller.client.id, caller.sandbox, text, limit);
    },
    async places(caller, country, postalCode) {
      const book = await store.addresses.places(caller.client.id, caller.sandbox, country, postalCode, PLACES_LIMIT);
      const inBook = new Set(book.map(samePlaceKey));
      const data = (await postalDataPlaces(country, postalCode)).filter((place) => !inBook.has(samePlaceKey(place)));
      return [
        ...book.map((place) => ({ ...place, country, source: 'addressBook' as const })),
        ...data.map((place) => ({ ...place, country, source: 'postalData' as const })),
      ].slice(0, PLACES_LIMIT);
    },
  };
}
