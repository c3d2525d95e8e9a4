// The address checks before the label, table-driven: postal codes of 30 countries, as written and as clients send
// them (without the space, in lower case, as a JSON number that lost its zeros), phones with and without the country
// code, and the states the US and Canada need. The same rules run in the desk and in the station.
import { describe, expect, it } from 'vitest';
import { checkPhone, receiverWarnings } from '../../src-shared/address-checks.ts';
import { DESCRIBED_POSTAL_CODES, checkPostalCode } from '../../src-shared/postal-codes.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import { attributes, exportDeclaration, shipFrom, shipTo, shipToIn } from '../helpers/shipments.ts';

// [country, as given, as kept], and [country, refused].
const VALID: [string, string | number, string][] = [
  ['US', '10001', '10001'],
  ['US', '123456789', '12345-6789'],
  ['US', 2101, '02101'],
  ['GB', 'sw1a1aa', 'SW1A 1AA'],
  ['GB', 'M1 1AE', 'M1 1AE'],
  ['CA', 'k1a0b1', 'K1A 0B1'],
  ['DE', 80331, '80331'],
  ['IT', 195, '00195'],
  ['FR', '75004', '75004'],
  ['ES', '35001', '35001'],
  ['NL', '1012ab', '1012 AB'],
  ['BE', '1000', '1000'],
  ['AT', '1010', '1010'],
  ['CH', '8001', '8001'],
  ['PL', '00950', '00-950'],
  ['PT', '1000001', '1000-001'],
  ['SE', '11455', '114 55'],
  ['CZ', '110 00', '110 00'],
  ['DK', '1050', '1050'],
  ['FI', '00100', '00100'],
  ['NO', '0150', '0150'],
  ['IE', 'd02x285', 'D02 X285'],
  ['JP', '1000001', '100-0001'],
  ['BR', '01310100', '01310-100'],
  ['AU', '2000', '2000'],
  ['IN', '110001', '110001'],
  ['CN', '100000', '100000'],
  ['MT', 'vlt1117', 'VLT 1117'],
  ['LV', '1050', 'LV-1050'],
  ['GR', '10557', '105 57'],
  ['HK', 'none', 'NONE'],
];
const REFUSED: [string, string | number, RegExp][] = [
  ['US', '1234', /^a US ZIP code: 5 digits, or 5\+4, such as 12345 or 12345-6789$/],
  ['US', '123456', /US ZIP code/],
  ['GB', 'SW1A', /postal code of United Kingdom: an outward code, a space and an inward code .* such as SW1A 1AA/],
  ['CA', '123456', /Canada: letter, digit, letter/],
  ['DE', '8033', /Germany: 5 digits, such as 80331/],
  ['IT', '2012', /Italy: 5 digits/],
  ['FR', '7500', /France: 5 digits/],
  ['NL', '1012', /Netherlands: 4 digits, a space and 2 letters/],
  ['CH', '80011', /Switzerland: 4 digits, such as 8001/],
  ['AT', '10100', /Austria: 4 digits/],
  ['PL', '0095', /Poland: 2 digits, a dash and 3 digits/],
  ['SE', '1145', /Sweden: 3 digits, a space and 2 digits/],
  ['JP', '10000', /Japan: 3 digits, a dash and 4 digits/],
  ['BR', '0131', /Brazil/],
  ['IE', '12345', /Eircode/],
  ['ES', '5300', /Spain: 5 digits/],
  ['NO', '01500', /Norway: 4 digits/],
  ['DK', '105', /Denmark: 4 digits/],
  ['PT', '10000', /Portugal: 4 digits, a dash and 3 digits/],
  ['BE', '100', /Belgium: 4 digits/],
  ['AU', '20000', /Australia: 4 digits/],
  ['IN', '11000', /India: 6 digits/],
  ['CN', '1000000', /China: 6 digits/],
  ['CZ', '1100', /Czechia: 3 digits, a space and 2 digits/],
  ['FI', '0010', /Finland: 5 digits/],
  ['EE', '101', /Estonia: 5 digits/],
];

describe('postal codes', () => {
  it.each(VALID)('%s takes %s, kept as %s', (country, given, kept) => {
    expect(checkPostalCode(country, given)).toEqual({ ok: true, postalCode: kept });
  });

  it.each(REFUSED)('%s refuses %s, saying what a code looks like', (country, given, expected) => {
    const checked = checkPostalCode(country, given);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.expected).toMatch(expected);
  });

  it('covers at least 25 countries each way', () => {
    expect(new Set(VALID.map(([country]) => country)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(REFUSED.map(([country]) => country)).size).toBeGreaterThanOrEqual(25);
  });

  it('gives examples the postal code data accepts, as written', () => {
    for (const [country, { examples }] of Object.entries(DESCRIBED_POSTAL_CODES)) {
      for (const example of examples)
        expect(checkPostalCode(country, example), `${country} ${example}`).toEqual({ ok: true, postalCode: example });
    }
  });
});

describe('phones, read for the receiver’s country', () => {
  it.each([
    ['DE', '089 123456', '4989123456'],
    ['DE', '+49 89 123456', '4989123456'],
    ['DE', '4989123456', '4989123456'],
    ['CH', '044 668 18 00', '41446681800'],
    ['CH', '0041 44 668 18 00', '41446681800'],
    ['US', '12125550100', '12125550100'],
    ['FR', '01 42 00 00 00', '33142000000'],
    ['CH', '4989123456', '4989123456'],
  ])('%s: %s is %s', (country, given, phone) => {
    expect(checkPhone(country, given)).toMatchObject({ ok: true, phone });
  });

  it.each([
    ['US', '123'],
    ['GB', '123'],
    ['DE', '1'],
    ['FR', '0142'],
  ])('%s refuses %s, with an example of a number there', (country, given) => {
    const checked = checkPhone(country, given);
    expect(checked).toMatchObject({ ok: false });
    if (!checked.ok)
      expect(checked.expected).toMatch(
        new RegExp(`^a phone number for ${country} \\(.+\\), with or without its country code, such as \\+`),
      );
  });

  it('flags a number outside the numbering plan as likely wrong, and says where', () => {
    const warnings = receiverWarnings({ ...shipToIn('GB'), phone: '07700 900123' }, ['data', 'attributes', 'shipTo']);
    expect(warnings).toEqual([
      {
        code: 'likelyWrong',
        pointer: '/data/attributes/shipTo/phone',
        detail: expect.stringMatching(/not in the numbering plan of United Kingdom/),
      },
    ]);
    expect(receiverWarnings(shipToIn('GB'), ['data', 'attributes', 'shipTo'])).toEqual([]);
  });
});

describe('a phone the station stored reads as itself when checked again', () => {
  // An order imported keeps its receiver's phone as the station wrote it (4921113890); the shipment made from it is
  // checked again. Digits that begin with the country's calling code are the spec's own form, not a national number.
  it.each([
    ['DE', '0211 1389 0', '4921113890'],
    ['DE', '491701234567', '491701234567'],
    ['DE', '4989123456', '4989123456'],
    ['IT', '3921234567', '393921234567'],
    ['IT', '0612345678', '390612345678'],
    ['AT', '43 1 5353', '4315353'],
    ['CH', '044 668 18 00', '41446681800'],
    ['GB', '07911 123456', '447911123456'],
    ['US', '(201) 555-0123', '12015550123'],
  ])('%s %s is stored as %s, which reads as itself again', (country, written, stored) => {
    const first = checkPhone(country, written);
    expect(first).toMatchObject({ ok: true, phone: stored });
    expect(checkPhone(country, stored)).toMatchObject({ ok: true, phone: stored });
  });
});

describe('phones as people write them, for every country', () => {
  const check = (address: Record<string, unknown>, role: 'shipTo' | 'shipFrom' = 'shipTo') =>
    validateShipmentDocument(
      { data: { type: 'shipment', attributes: attributes({ [role]: address, exportDeclaration: exportDeclaration() }) } },
      'create',
    );
  const kept = (result: ReturnType<typeof check>, role: 'shipTo' | 'shipFrom' = 'shipTo') =>
    result.ok ? (result.value[role] as { phone?: string }).phone : result.errors.map((error) => error.source?.pointer);

  it.each([
    ['US', '212 736 3100', '12127363100'],
    ['US', '(212) 736-3100', '12127363100'],
    ['US', '+1 212-736-3100', '12127363100'],
    ['US', '212.736.3100', '12127363100'],
    ['US', '1 (212) 736-3100', '12127363100'],
    ['US', 2127363100, '12127363100'],
    ['CA', '(416) 555-0100', '14165550100'],
    ['FR', '01 42 00 00 00', '33142000000'],
    ['FR', '01.42.00.00.00', '33142000000'],
    ['DE', '089/123456', '4989123456'],
    ['DE', '+49 (0)89 123456', '4989123456'],
    ['GB', '(020) 7946 0000', '442079460000'],
    ['IT', '06-1234-5678', '390612345678'],
  ])('a receiver in %s: %s is kept as %s', (country, phone, expected) => {
    expect(kept(check({ ...shipToIn(country), phone }))).toBe(expected);
  });

  it('takes a US sender’s phone as it is written, and keeps it with its 1', () => {
    const fromNewYork = validateShipmentDocument(
      {
        data: {
          type: 'shipment',
          attributes: attributes({
            shipFrom: { ...shipFrom(), country: 'US', state: 'NY', city: 'New York', postalCode: '10001', phone: '(212) 736-3100' },
            shipTo: shipToIn('US'),
          }),
        },
      },
      'create',
    );
    expect(kept(fromNewYork, 'shipFrom')).toBe('12127363100');
    // Elsewhere a sender’s phone is kept as given, its dashes and brackets as spaces.
    expect(kept(check({ ...shipFrom(), phone: '02-1234-5678' }, 'shipFrom'), 'shipFrom')).toBe('02 1234 5678');
  });

  it.each([
    ['US', '212 736 310'],
    ['US', '+44 20 7946 0000'],
    ['US', '(212) 736-3100 ask for Tom'],
    ['DE', '1'],
    ['FR', '01-42'],
  ])('still refuses a number no carrier can dial: %s %s', (country, phone) => {
    expect(kept(check({ ...shipToIn(country), phone }))).toEqual(['/data/attributes/shipTo/phone']);
  });

  it('still warns of a number outside the numbering plan, however it is written', () => {
    expect(receiverWarnings({ ...shipToIn('US'), phone: '(555) 123-4567' }, ['shipTo'])).toEqual([
      { code: 'likelyWrong', pointer: '/shipTo/phone', detail: expect.stringMatching(/not in the numbering plan of United States/) },
    ]);
  });

  it('says what a US number looks like when it refuses one', () => {
    const refused = check({ ...shipToIn('US'), phone: '212 736 310' });
    expect(refused.ok ? undefined : refused.expected?.['/data/attributes/shipTo/phone']).toMatch(
      /^a US phone number: 10 digits, or 11 starting with 1, such as/,
    );
  });
});

describe('a shipment’s addresses', () => {
  const check = (shipToValue: Record<string, unknown>) =>
    validateShipmentDocument(
      { data: { type: 'shipment', attributes: attributes({ shipTo: shipToValue, exportDeclaration: exportDeclaration() }) } },
      'create',
    );
  const pointersOf = (result: ReturnType<typeof check>) => (result.ok ? [] : result.errors.map((error) => error.source?.pointer));

  it('needs a state in the US and a province in Canada, and one that exists', () => {
    expect(pointersOf(check({ ...shipToIn('US'), state: null }))).toEqual(['/data/attributes/shipTo/state']);
    expect(pointersOf(check({ ...shipToIn('CA'), state: '' }))).toEqual(['/data/attributes/shipTo/state']);
    const unknown = check({ ...shipToIn('US'), state: 'XY' });
    expect(unknown.ok ? undefined : unknown.expected).toEqual({
      '/data/attributes/shipTo/state': expect.stringMatching(/US state’s two-letter USPS code/),
    });
    expect(check({ ...shipToIn('CA'), state: 'qc' })).toMatchObject({ ok: true, value: { shipTo: { state: 'QC' } } });
  });

  it('keeps the receiver’s postal code and phone as the country writes them', () => {
    const checked = check({ ...shipToIn('GB'), postalCode: 'sw1a1aa', phone: '020 7946 0000' });
    expect(checked).toMatchObject({ ok: true, value: { shipTo: { postalCode: 'SW1A 1AA', phone: '442079460000' } } });
  });

  it('names the postal code and the phone with what each should be', () => {
    const checked = check({ ...shipTo(), country: 'US', state: 'NY', postalCode: '1234', phone: '123' });
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/shipTo/postalCode', "Invalid data: 'data.attributes.shipTo.postalCode'."],
      ['/data/attributes/shipTo/phone', "Invalid data: 'data.attributes.shipTo.phone'."],
    ]);
    expect(errors[0]!.meta!.reason).toBe('Expected a US ZIP code: 5 digits, or 5+4, such as 12345 or 12345-6789; got "1234".');
  });
});
