// The places a postal code names (GET /places): what the desk fills the city (and state) from as soon as the packer
// has typed a receiver's postal code. From the account's own address book first (every address it shipped to, the
// most used first: a warehouse's usual destinations fill themselves), then from postal data the station carries
// (the US ZIP codes). Several places for one code are offered as a choice.
import { z } from 'zod';
import { resourceSchema } from './resource-schema.ts';

/** Where a place was found: the account's address book, or the station's postal data. */
export const PLACE_SOURCES = ['addressBook', 'postalData'] as const;

/** The most places one answer lists. */
export const PLACES_LIMIT = 10;

export const placeAttributesSchema = z.object({
  country: z.string().meta({ description: 'The country, as its ISO 3166-1 alpha-2 code.' }),
  postalCode: z
    .string()
    .meta({ description: 'The postal code as the station keeps it (its country’s form: spaces and dashes where it writes them).' }),
  city: z.string(),
  state: z.string().meta({ description: 'The state or province where the country uses one (US, CA, IT), else empty.' }),
  source: z.enum(PLACE_SOURCES).meta({ description: 'addressBook: the account has shipped there; postalData: the station’s postal data.' }),
  uses: z.int().min(0).meta({ description: 'How often the account’s address book used this place (0 for postal data).' }),
});
export type PlaceAttributes = z.infer<typeof placeAttributesSchema>;

export const placeResourceSchema = resourceSchema('place', placeAttributesSchema).meta({ id: 'Place' });

/** A place's id: its country, postal code, city and state, so the same place has the same id in every answer. */
export const placeId = (place: Pick<PlaceAttributes, 'country' | 'postalCode' | 'city' | 'state'>): string =>
  [place.country, place.postalCode, place.city, place.state].join('|');

/** One place however its city's letters are cased (the book's MILANO is the data's Milano). */
export const samePlaceKey = (place: { city: string; state: string }): string =>
  `${place.city.trim().toLocaleLowerCase()}\u0000${place.state.trim().toUpperCase()}`;
