// The address book's search, the same on both back ends: case and accents do not matter (Müller is found by
// muller and MÜLL, Köln by koln, Núñez by nunez), a fragment anywhere in a field is found once it has three
// characters, names that start with the text come first, and a client sees only its own book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, get, post, shipTo } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
const RECEIVERS = [
  { name: 'Müller Feinkost', city: 'Köln', postalCode: '50667', address1: 'Hohe Straße 12' },
  { name: 'Señora Núñez', city: 'Sevilla', postalCode: '41001', address1: 'Calle Feria 3', country: 'ES' },
  { name: 'Café Zoë', city: 'Lyon', postalCode: '69001', address1: 'Rue de la République 5', country: 'FR' },
  { name: 'Atelier Mueller', city: 'München', postalCode: '80331', address1: 'Marienplatz 8' },
];

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
  for (const receiver of RECEIVERS) {
    const saved = await post(t, token, '/v3/shipments/save', document(attributes({ shipTo: { ...shipTo(), country: 'DE', ...receiver } })));
    expect(saved.status, saved.text).toBe(202);
  }
});
afterAll(() => t?.close());

const names = async (text: string, bearer = token) => {
  const answer = await get(t, bearer, `/v3/addresses?searchString=${encodeURIComponent(text)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data.map((address: { attributes: { name: string } }) => address.attributes.name) as string[];
};

describe('the address search', () => {
  it.each([
    ['muller', 'Müller Feinkost'],
    ['MÜLL', 'Müller Feinkost'],
    ['koln', 'Müller Feinkost'],
    ['nunez', 'Señora Núñez'],
    ['SENORA', 'Señora Núñez'],
    ['cafe zoe', 'Café Zoë'],
    ['republique', 'Café Zoë'],
    ['munchen', 'Atelier Mueller'],
  ])('finds %s: %s, whatever its case and accents', async (text, expected) => {
    expect(await names(text)).toContain(expected);
  });

  it('puts names that start with the text before those that only contain it', async () => {
    // "mue" starts no name but contains Atelier Mueller's; "mü" starts Müller Feinkost's (two letters: names only).
    expect(await names('mü')).toEqual(['Müller Feinkost']);
    const found = await names('mue');
    expect(found[0]).toBe('Atelier Mueller');
    const started = await names('Müller');
    expect(started[0]).toBe('Müller Feinkost');
  });

  it('takes % and _ as the letters they are, and finds nothing of another client', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('M_ller')).toEqual([]);
    await t.station.clients.add(OPERATOR, {
      username: 'other-shop',
      password: 'Other-Shop-2026',
      role: 'admin',
      profile: { name: 'Other shop' },
    });
    const other = (await t.signIn('other-shop', 'Other-Shop-2026')).json.meta.token as string;
    expect(await names('muller', other)).toEqual([]);
  });
});
