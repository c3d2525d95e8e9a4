// The customs decision, table-driven: which routes are declared and why (the EU customs union and VAT area, its
// special territories found by postal code, the countries inside another's customs territory), which declaration
// a postal or an express service needs, and what a customs route must carry before a label is made.
import { describe, expect, it } from 'vitest';
import { CN22_LIMIT, customsDocuments, customsRoute } from '../../src-shared/customs.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import { attributes, exportDeclaration, shipFrom, shipTo, shipToIn } from '../helpers/shipments.ts';

type End = [country: string, postalCode?: string];
// [from, to, needs customs, a word of the reason]
const ROUTES: [End, End, boolean, RegExp][] = [
  [['IT', '20129'], ['DE', '80331'], false, /within the EU customs union and VAT area/],
  [['IT', '20129'], ['IT', '00195'], false, /within/],
  [['IT', '20129'], ['FR', '75004'], false, /within/],
  [['IT', '20129'], ['CH', '8001'], true, /Switzerland is outside the EU customs union/],
  [['IT', '20129'], ['GB', 'SW1A 1AA'], true, /United Kingdom is outside the EU customs union/],
  [['IT', '20129'], ['NO', '0150'], true, /Norway is outside the EU customs union/],
  [['IT', '20129'], ['US', '10001'], true, /United States is outside/],
  [['IT', '20129'], ['JP', '100-0001'], true, /Japan/],
  [['IT', '20129'], ['IS', '101'], true, /Iceland/],
  [['IT', '20129'], ['TR', '34000'], true, /Türkiye|Turkey/],
  [['CH', '8001'], ['IT', '20129'], true, /Switzerland is outside the EU customs union/],
  [['US', '10001'], ['DE', '80331'], true, /United States/],
  [['CH', '8001'], ['LI', '9490'], false, /Switzerland’s customs territory/],
  [['LI', '9490'], ['AT', '1010'], true, /Liechtenstein is outside the EU customs union/],
  [['IT', '20129'], ['ES', '35001'], true, /the Canary Islands is outside the EU VAT area/],
  [['IT', '20129'], ['ES', '38001'], true, /the Canary Islands/],
  [['IT', '20129'], ['ES', '28013'], false, /within/],
  [['ES', '35001'], ['ES', '38001'], false, /the Canary Islands’s customs territory|within/],
  [['ES', '35001'], ['ES', '28013'], true, /the Canary Islands is outside the EU VAT area/],
  [['IT', '20129'], ['ES', '51001'], true, /Ceuta is outside the EU customs union/],
  [['IT', '20129'], ['ES', '52001'], true, /Melilla is outside the EU customs union/],
  [['IT', '20129'], ['DE', '27498'], true, /Heligoland is outside the EU VAT area/],
  [['IT', '20129'], ['DE', '78266'], true, /Büsingen am Hochrhein .* is outside the EU customs union/],
  [['CH', '8001'], ['DE', '78266'], false, /within/],
  [['DE', '80331'], ['IT', '23041'], true, /Livigno is outside the EU customs union/],
  [['DE', '80331'], ['IT', '22061'], true, /Campione d’Italia is outside the EU VAT area/],
  [['IT', '20129'], ['FR', '97110'], true, /Guadeloupe is outside the EU VAT area/],
  [['IT', '20129'], ['FR', '97400'], true, /Réunion is outside the EU VAT area/],
  [['IT', '20129'], ['RE', '97400'], true, /Réunion is outside the EU VAT area/],
  [['IT', '20129'], ['FR', '98800'], true, /New Caledonia is outside the EU customs union/],
  [['IT', '20129'], ['FI', '22100'], true, /the Åland Islands is outside the EU VAT area/],
  [['IT', '20129'], ['AX', '22100'], true, /Åland Islands is outside the EU VAT area/],
  [['IT', '20129'], ['FI', '00100'], false, /within/],
  [['IT', '20129'], ['GR', '63086'], true, /Mount Athos is outside the EU VAT area/],
  [['IT', '20129'], ['MC', '98000'], false, /within/],
  [['IT', '20129'], ['SM', '47890'], false, /within/],
  [['IT', '20129'], ['VA', '00120'], true, /Vatican City is outside the EU customs union/],
  [['IT', '20129'], ['AD', 'AD500'], true, /Andorra is outside the EU customs union/],
  [['IT', '20129'], ['GI', 'GX11 1AA'], true, /Gibraltar is outside/],
  [['GB', 'SW1A 1AA'], ['IM', 'IM1 1AA'], false, /within/],
  [['GB', 'SW1A 1AA'], ['JE', 'JE2 3AB'], true, /different customs territories/],
  [['IT', '20129'], ['GB', 'BT1 1AA'], false, /Northern Ireland trades goods with the EU/],
  [['GB', 'SW1A 1AA'], ['GB', 'BT1 1AA'], false, /Northern Ireland/],
  [['GB', 'BT1 1AA'], ['CH', '8001'], true, /different customs territories/],
  [['IT', '20129'], ['GL', '3900'], true, /Greenland is outside the EU customs union/],
];

describe('which routes go through customs', () => {
  it.each(ROUTES)('%j → %j: %s', (from, to, needed, why) => {
    const route = customsRoute({ country: from[0], postalCode: from[1] }, { country: to[0], postalCode: to[1] });
    expect(route.needed).toBe(needed);
    expect(route.why).toMatch(why);
  });

  it('has at least 30 routes, special territories among them', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(30);
  });

  it('knows the direction: out of the EU asks for an EORI, into it for an IOSS number', () => {
    expect(customsRoute({ country: 'IT' }, { country: 'CH' })).toMatchObject({ exportFromEu: true, importIntoEu: false });
    expect(customsRoute({ country: 'CH' }, { country: 'IT' })).toMatchObject({ exportFromEu: false, importIntoEu: true });
    expect(customsRoute({ country: 'CH' }, { country: 'US' })).toMatchObject({ exportFromEu: false, importIntoEu: false });
  });
});

describe('which declaration a service needs', () => {
  const route = customsRoute({ country: 'IT' }, { country: 'CH' });
  it.each([
    [true, CN22_LIMIT.cents, ['CN22']],
    [true, CN22_LIMIT.cents + 1, ['CN23', 'commercialInvoice']],
    [false, 1000, ['commercialInvoice']],
    [false, 100_000, ['commercialInvoice']],
  ] as const)('postal %s, goods of %i cents: %j', (postal, valueCents, documents) => {
    expect(customsDocuments(route, { postal, valueCents })).toEqual(documents);
  });

  it('states the CN22 limit: 300 SDR at 1.15 EUR each', () => {
    expect(CN22_LIMIT).toEqual({ sdr: 300, eurPerSdr: 1.15, cents: 34_500 });
    expect(Math.round(CN22_LIMIT.sdr * CN22_LIMIT.eurPerSdr * 100)).toBe(CN22_LIMIT.cents);
  });

  it('declares nothing inside the EU, and documents only on a CN22 by post', () => {
    expect(customsDocuments(customsRoute({ country: 'IT' }, { country: 'DE' }), { postal: true, valueCents: 100 })).toEqual([]);
    expect(customsDocuments(route, { postal: true, valueCents: 0, documentsOnly: true })).toEqual(['CN22']);
    expect(customsDocuments(route, { postal: false, valueCents: 0, documentsOnly: true })).toEqual([]);
  });
});

describe('what a customs route must carry', () => {
  const check = (overrides: Record<string, unknown>) =>
    validateShipmentDocument({ data: { type: 'shipment', attributes: attributes(overrides) } }, 'create');
  const failures = (result: ReturnType<typeof check>) =>
    result.ok ? [] : result.errors.map((error) => [error.source?.pointer, error.detail, error.meta?.reason]);
  const declaration = (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
    const base = exportDeclaration();
    const first = (base.lineItems as Record<string, unknown>[])[0]!;
    return { ...base, ...extra, lineItems: lines.map((line) => ({ ...first, ...line })) };
  };

  it('names each commercial item without an HS code, and says why the route needs it', () => {
    const result = check({
      shipTo: shipToIn('CH'),
      exportDeclaration: declaration([{ commodityCode: '691200' }, { commodityCode: null }, { commodityCode: 'COM01' }]),
    });
    expect(failures(result)).toEqual([
      [
        '/data/attributes/exportDeclaration/lineItems/1/commodityCode',
        "Missing required data: 'data.attributes.exportDeclaration.lineItems.1.commodityCode'.",
        expect.stringMatching(
          /^Required: the item’s HS code, 6 to 10 digits .*: IT → CH: Switzerland is outside the EU customs union, and customs classifies/,
        ),
      ],
      [
        '/data/attributes/exportDeclaration/lineItems/2/commodityCode',
        "Invalid data: 'data.attributes.exportDeclaration.lineItems.2.commodityCode'.",
        expect.stringMatching(/^Expected the item’s HS code, 6 to 10 digits .*; got "COM01"\.$/),
      ],
    ]);
  });

  it('takes personal goods without HS codes, as the UPU asks them for commercial items only', () => {
    expect(
      check({
        shipTo: shipToIn('CH'),
        exportDeclaration: declaration([{ commodityCode: null }], { shipmentPurpose: 'PERSONAL', exportReasonType: 'GIFT' }),
      }).ok,
    ).toBe(true);
  });

  it('asks an exporter leaving the EU for an EORI, unless the sender’s tax id is one', () => {
    const sender = { ...shipFrom(), taxIdentification: null };
    const refused = check({ shipFrom: sender, shipTo: shipToIn('CH'), exportDeclaration: declaration([{}]) });
    expect(failures(refused)).toEqual([
      [
        '/data/attributes/exportDeclaration/exporterEori',
        "Missing required data: 'data.attributes.exportDeclaration.exporterEori'.",
        expect.stringMatching(/EORI .*IT → CH: Switzerland is outside/),
      ],
    ]);
    expect(
      check({ shipFrom: sender, shipTo: shipToIn('CH'), exportDeclaration: declaration([{}], { exporterEori: 'it 01234567890' }) }),
    ).toMatchObject({ ok: true, value: { exportDeclaration: { exporterEori: 'IT01234567890' } } });
    expect(check({ shipTo: shipToIn('CH'), exportDeclaration: declaration([{}]) }).ok).toBe(true);
  });

  it('asks a seller of low-value goods into the EU for the IOSS number, not for a return', () => {
    const swiss = { ...shipToIn('CH'), taxIdentification: 'CHE123456789' };
    const into = (extra: Record<string, unknown>) =>
      check({
        shipFrom: { ...swiss, email: 'shop@example.ch' },
        shipTo: shipTo(),
        exportDeclaration: declaration([{ quantity: '1', unitPrice: '40.00' }], extra),
      });
    expect(failures(into({}))).toEqual([
      [
        '/data/attributes/exportDeclaration/iossNumber',
        "Missing required data: 'data.attributes.exportDeclaration.iossNumber'.",
        expect.stringMatching(/IOSS .*CH → DE: Switzerland is outside the EU customs union/),
      ],
    ]);
    expect(into({ iossNumber: 'IM3960000001' }).ok).toBe(true);
    expect(into({ exportReasonType: 'RETURN' }).ok).toBe(true);
    expect(failures(into({ iossNumber: 'IM12' })).map(([pointer]) => pointer)).toEqual(['/data/attributes/exportDeclaration/iossNumber']);
  });

  it('needs no declaration on a route inside the EU, and one into the Canary Islands', () => {
    expect(check({}).ok).toBe(true);
    const canary = { ...shipTo(), country: 'ES', city: 'Las Palmas', postalCode: '35001', phone: '34928123456' };
    expect(failures(check({ shipTo: canary })).map(([pointer, , reason]) => [pointer, reason])).toEqual([
      ['/data/attributes/exportDeclaration', expect.stringMatching(/IT → ES: the Canary Islands is outside the EU VAT area/)],
    ]);
  });
});
