// What each shipment field expects, in the packer's words (field-rules.md): a refused field says what would be
// accepted, not only that it is "not valid". Keyed by the JSON pointer's last members, so one text serves the
// sender, the receiver, every package and every declaration line.
const EXPECTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/\/(name|contact)$/, 'up to 35 characters'],
  [/\/(address1|address2|city)$/, 'up to 30 characters'],
  [/\/postalCode$/, 'the postal code, up to 30 characters'],
  [/\/state$/, 'the state or province code (up to 20 characters), needed for Italy, Canada and the United States'],
  [/\/country$/, 'a country: type its name or its two-letter code and pick it'],
  [/\/phone$/, 'digits only, up to 25; a US number has 11 digits and starts with 1'],
  [/\/email$/, 'an email address such as name@example.com, up to 50 characters'],
  [/\/weight(\/value)?$/, 'the weight in kg, more than 0, such as 1.25'],
  [/\/dimensions(\/(length|width|height))?$/, 'the size in cm, more than 0, such as 30'],
  [/\/goodsDescription$/, 'what the parcel holds, such as “Ceramic cups”'],
  [/\/invoiceSubtotal(\/amount)?$/, 'the goods’ value in EUR, such as 64.50'],
  [/\/insurance(Description|Value)$/, 'both what is insured and its value in EUR, or neither'],
  [/\/documentsOnly$/, 'documents only on a route through customs, at most 30 × 21 × 15 cm and 2.5 kg'],
  [/\/invoiceReference$/, 'the invoice number'],
  [/\/invoiceDate$/, 'the invoice date'],
  [/\/lineItems$/, 'at least one item'],
  [/\/lineItems\/\d+\/description$/, 'what the item is, such as “Ceramic cup”'],
  [/\/quantity$/, 'a whole number of pieces, at least 1'],
  [/\/unitPrice$/, 'the price of one piece in EUR, such as 12.90'],
  [/\/unitWeight$/, 'the weight of one piece in kg, such as 0.35'],
  [/\/originCountry$/, 'the country where the goods were made'],
  [/\/commodityCode$/, 'the HS tariff code, up to 20 letters, digits, dots or dashes'],
  [/\/shipDate$/, 'a ship date, today or later'],
  [/\/packages$/, 'at least one package'],
];

/** What the field at `pointer` expects; undefined for a field without a rule here. */
export function expectationAt(pointer: string): string | undefined {
  return EXPECTED.find(([pattern]) => pattern.test(pointer))?.[1];
}

/** A field's error as the desk shows it: required or refused, and what it expects. */
export function fieldMessage(pointer: string, missing: boolean): string {
  const expected = expectationAt(pointer);
  if (missing) return expected ? `Required: ${expected}.` : 'Required.';
  return expected ? `Expected ${expected}.` : 'Not accepted here.';
}
