// The places a postal code names (GET /v3/places), the same on both back ends: the account's address book first,
// the most used first, one place however its city is cased; the US ZIP codes of the station's postal data after
// them; a code written in its country's form before it is looked up; a refused parameter named with what it takes;
// and another account's book never seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, exportDeclaration, get, post, shipTo } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;

/** Saves a shipment to the receiver given: its address goes into the account's book. */
async function shipToPlace(bearer: string, receiver: Record<string, string>): Promise<void> {
  // Outside the EU the parcel needs its export declaration, as any such parcel does.
  const abroad = receiver.country === 'US' ? { exportDeclaration: exportDeclaration() } : {};
  const saved = await post(t, bearer, '/v3/shipments/save', document(attributes({ shipTo: { ...shipTo(), ...receiver }, ...abroad })));
  expect(saved.status, saved.text).toBe(202);
}

const placesAt = async (country: string, postalCode: string, bearer = token) => {
  const answer = await get(t, bearer, `/v3/places?country=${encodeURIComponent(country)}&postalCode=${encodeURIComponent(postalCode)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data.map((place: { attributes: Record<string, unknown> }) => place.attributes) as Record<string, unknown>[];
};

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
  // Milan's 20121 three times (twice spelt Milano, once MILANO) and a suburb that shares the code once.
  const barCentrale = { name: 'Bar Centrale', address1: 'Via Dante 2', postalCode: '20121', city: 'Milano', state: 'MI', country: 'IT' };
  await shipToPlace(token, barCentrale);
  await shipToPlace(token, barCentrale);
  await shipToPlace(token, {
    name: 'Libreria Brera',
    address1: 'Via Brera 9',
    postalCode: '20121',
    city: 'MILANO',
    state: 'MI',
    country: 'IT',
  });
  await shipToPlace(token, {
    name: 'Ottica Sesto',
    address1: 'Via Roma 1',
    postalCode: '20121',
    city: 'Sesto',
    state: 'MI',
    country: 'IT',
  });
  await shipToPlace(token, {
    name: 'Deli Hudson',
    address1: '350 5th Ave',
    postalCode: '10118',
    city: 'New York',
    state: 'NY',
    country: 'US',
    phone: '+1 212 736 3100',
  });
});
afterAll(() => t?.close());

describe('the places a postal code names', () => {
  it('are the address book’s, the most used first', async () => {
    const places = await placesAt('it', ' 20121 ');
    expect(places.map((place) => [place.city, place.source])).toEqual([
      ['Milano', 'addressBook'],
      ['Sesto', 'addressBook'],
    ]);
    expect(places[0]).toMatchObject({ country: 'IT', postalCode: '20121', state: 'MI', uses: 3 });
  });

  it('come from the US ZIP codes where the book has none, after the book’s, and a ZIP+4 is at its ZIP code', async () => {
    expect(await placesAt('US', '90210')).toEqual([
      { country: 'US', postalCode: '90210', city: 'Beverly Hills', state: 'CA', source: 'postalData', uses: 0 },
    ]);
    expect((await placesAt('US', '90210-1234'))[0]).toMatchObject({ city: 'Beverly Hills', postalCode: '90210-1234' });
    // The book has New York at 10118: the data's New York is the same place, said once.
    expect((await placesAt('US', '10118')).map((place) => [place.city, place.source])).toEqual([['New York', 'addressBook']]);
  });

  it('are none where nothing is known of the code', async () => {
    expect(await placesAt('DE', '80331')).toEqual([]);
  });

  it('are refused for a country or a postal code that cannot be, naming the parameter and what it takes', async () => {
    for (const [query, parameter, expected] of [
      ['country=XX&postalCode=20121', 'country', /ISO 3166-1 alpha-2/],
      ['country=IT&postalCode=2012', 'postalCode', /a postal code of Italy: 5 digits/],
      ['country=IT&postalCode=%20', 'postalCode', /a postal code of Italy/],
      ['postalCode=20121', 'country', /ISO 3166-1/],
    ] as const) {
      const refused = await get(t, token, `/v3/places?${query}`);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({ code: 'parameter.invalid', source: { parameter } });
      expect(refused.json.errors[0].meta.reason).toMatch(expected);
    }
  });

  it('of another account’s book are never seen', async () => {
    await t.station.clients.add(OPERATOR, { username: 'places-other', password: 'places-other-1', profile: { name: 'Other' } });
    const other = (await t.signIn('places-other', 'places-other-1')).json.meta.token as string;
    expect(await placesAt('IT', '20121', other)).toEqual([]);
    await shipToPlace(other, {
      name: 'Caffè Duomo',
      address1: 'Piazza Duomo 1',
      postalCode: '20121',
      city: 'Milano',
      state: 'MI',
      country: 'IT',
    });
    expect((await placesAt('IT', '20121', other)).map((place) => place.uses)).toEqual([1]);
    expect((await placesAt('IT', '20121')).map((place) => place.uses)).toEqual([3, 1]);
  });
});
