// The shops' own exports read as they come (src-shared/order-formats/): a Shopify order export and an Amazon
// Unshipped Orders report, each built from its published header list with 20 orders of one to five lines
// (test/fixtures/orders/), are recognised by their header rows and give 20 orders the order rules accept, with
// no mapping; a file of another shape is left to the guessed mapping, as before.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { describeFault, guessMapping, previewImport } from '../../src-shared/order-import.ts';
import { formatMapping, recogniseFormat } from '../../src-shared/order-formats/index.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'orders');

/** A fixture read as the desk reads a CSV or tab-separated file (store/order-file.ts: Papa Parse, headers, no empty lines). */
function readFixture(name: string) {
  const parsed = Papa.parse<Record<string, string>>(readFileSync(join(FIXTURES, name), 'utf8'), { header: true, skipEmptyLines: 'greedy' });
  return { headers: parsed.meta.fields ?? [], rows: parsed.data };
}

/** The file read as the desk's import reads it: the format its header row is recognised as, and its preview. */
function importOf(name: string) {
  const { headers, rows } = readFixture(name);
  const format = recogniseFormat(headers);
  const preview = format ? previewImport(rows, formatMapping(format, headers), format) : previewImport(rows, guessMapping(headers));
  const order = (number: string) => preview.orders.find((candidate) => candidate.number === number);
  return { format, preview, order, rows };
}

describe('Shopify’s order export is read with no mapping', () => {
  const { format, preview, order, rows } = importOf('shopify-orders.csv');

  it('is recognised by its header row and gives its 20 orders, every one ready', () => {
    expect(format?.id).toBe('shopify');
    expect(rows.length).toBe(45);
    expect(preview.orders.length).toBe(20);
    expect(preview.orders.flatMap((each) => each.faults)).toEqual([]);
    expect(preview.valid).toBe(20);
    expect(preview.clashes).toEqual([]);
  });

  it('carries an order’s own columns down to its other line items', () => {
    const tea = order('#1005')!;
    expect(tea.rows).toEqual([8, 9, 10, 11, 12]);
    expect(rows[8]!['Shipping Name']).toBe('');
    expect(tea.attributes).toMatchObject({
      number: '#1005',
      shipTo: {
        name: 'Oliver Hughes',
        contact: 'Oliver Hughes',
        address1: '221B Baker Street',
        postalCode: 'NW1 6XE',
        city: 'London',
        country: 'GB',
      },
    });
    expect(tea.attributes!.lines.map((line) => [line.sku, line.quantity, line.unitPrice])).toEqual([
      ['TPT-1L', '2', '39.00'],
      ['CUP-ESP', '3', '9.90'],
      ['PLT-26', '1', '19.50'],
      ['SCR-11', '2', '6.50'],
      ['MUG-WHT-350', '3', '14.90'],
    ]);
    expect(order('#1001')!.attributes!.tags).toEqual(['fragile']);
  });

  it('takes the receiver, the company, the country and the phone as the shop writes them', () => {
    // A company keeps its name on the parcel, the person is its contact; a second address line stays the second.
    expect(order('#1003')!.attributes!.shipTo).toMatchObject({
      name: 'Romano Ceramiche S.r.l.',
      contact: 'Giulia Romano',
      state: 'MI',
      country: 'IT',
      phone: '390286451234',
    });
    expect(order('#1007')!.attributes!.shipTo).toMatchObject({ name: 'Gruber & Söhne OG', address2: '2. Stock', country: 'AT' });
    // A country given by its name, in English or in its own language.
    expect(order('#1011')!.attributes!.shipTo).toMatchObject({ country: 'DE', phone: '493020934000' });
    expect(order('#1012')!.attributes!.shipTo).toMatchObject({ country: 'IT', state: 'RM' });
    expect(order('#1014')!.attributes!.shipTo).toMatchObject({ country: 'CH', postalCode: '8001' });
    expect(order('#1001')!.attributes!.shipTo).toMatchObject({ state: 'NY', country: 'US', phone: '12127363100', address2: 'Apt 4B' });
  });

  it('names a fault by the order’s row and the file’s own column', () => {
    const { headers, rows: given } = readFixture('shopify-orders.csv');
    const rows = given.map((row) => (row.Name === '#1002' && row['Shipping Zip'] ? { ...row, 'Shipping Zip': '' } : row));
    const faulty = previewImport(rows, formatMapping(recogniseFormat(headers)!, headers), recogniseFormat(headers));
    expect(faulty.valid).toBe(19);
    const faults = faulty.orders.find((each) => each.number === '#1002')!.faults;
    expect(faults).toEqual([
      { row: 2, column: 'Shipping Zip', field: 'postalCode', missing: true, pointer: '/data/attributes/shipTo/postalCode' },
    ]);
    expect(describeFault('#1002', faults[0]!)).toBe('#1002, row 2: the postal code is empty (column “Shipping Zip”)');
  });
});

describe('Amazon’s Unshipped Orders report is read with no mapping', () => {
  const { format, preview, order, rows } = importOf('amazon-unshipped.txt');
  const shipTo = (index: number) => preview.orders[index]!.attributes!.shipTo;

  it('is recognised by its tab-separated header row and gives its 20 orders, every one ready', () => {
    expect(format?.id).toBe('amazon');
    expect(preview.orders.length).toBe(20);
    expect(preview.orders.flatMap((each) => each.faults)).toEqual([]);
    expect(preview.valid).toBe(20);
    expect(preview.clashes).toEqual([]);
  });

  it('reads the address lines as Amazon writes them', () => {
    // A business's name above its street is the receiver's name, the person its contact.
    expect(shipTo(2)).toMatchObject({ name: 'Schmidt Design GmbH', contact: 'Hannah Schmidt', address1: 'Königsallee 60' });
    expect(shipTo(13)).toMatchObject({
      name: 'Koch Elektrotechnik KG',
      contact: 'Tim Koch',
      address1: 'Industriestr. 12',
      address2: 'Tor 3',
    });
    // Three lines: the second and third share the second line.
    expect(shipTo(3)).toMatchObject({
      name: 'Paul Neumann',
      contact: 'Paul Neumann',
      address1: 'Hauptstr. 5',
      address2: 'Hinterhaus, 3. OG',
    });
    // A c/o line goes below the street; a Packstation is the first line it is.
    expect(shipTo(4)).toMatchObject({ name: 'Mia Fischer', address1: 'Lindenstr. 12', address2: 'c/o Weber' });
    expect(shipTo(5)).toMatchObject({ address1: 'Packstation 123', postalCode: '04109', city: 'Leipzig' });
    expect(shipTo(6)).toMatchObject({ address1: 'Mariahilfer Str. 45', address2: '2. Stock', country: 'AT', phone: '431588000' });
    expect(shipTo(7).country).toBe('DE');
    expect(shipTo(14)).toMatchObject({ country: 'IT', state: 'RM' });
    expect(shipTo(15).country).toBe('DE');
    expect(shipTo(16)).toMatchObject({ country: 'AT', city: 'Salzburg' });
  });

  it('packs what is left to ship: an item shipped already is left out, a part-shipped one counts what remains', () => {
    const partly = preview.orders[4]!;
    expect(rows.filter((row) => row['order-id'] === partly.number).length).toBe(2);
    expect(partly.rows.length).toBe(1);
    expect(partly.attributes!.lines.length).toBe(1);
    expect(preview.orders[7]!.attributes!.lines[0]).toMatchObject({ quantity: '2', unitPrice: '0.00' });
    expect(order(preview.orders[0]!.number)!.attributes!.shipTo.email).toMatch(/@marketplace\.amazon\.de$/);
  });
});

describe('Etsy’s Order Items CSV is read with no mapping', () => {
  const { format, preview, order } = importOf('etsy-order-items.csv');

  it('is recognised by its header row and gives its 20 orders, every one ready', () => {
    expect(format?.id).toBe('etsy');
    expect(preview.orders.length).toBe(20);
    expect(preview.orders.flatMap((each) => each.faults)).toEqual([]);
    expect(preview.valid).toBe(20);
    expect(preview.clashes).toEqual([]);
  });

  it('reads its countries by name and knows a listing without a SKU by its listing ID', () => {
    expect(order('3012345600')!.attributes!.shipTo).toMatchObject({
      name: 'Emily Carter',
      contact: 'Emily Carter',
      state: 'NY',
      country: 'US',
    });
    expect(order('3012345637')!.attributes!.shipTo).toMatchObject({ city: 'München', country: 'DE' });
    expect(order('3012345970')!.attributes!.shipTo).toMatchObject({ city: 'Berlin', country: 'DE' });
    expect(order('3012345748')!.attributes!.shipTo).toMatchObject({ city: 'London', country: 'GB', postalCode: 'NW1 6XE' });
    const lines = preview.orders.flatMap((each) => each.attributes!.lines);
    expect(lines.find((line) => line.description.startsWith('Ceramic dinner plate'))!.sku).toMatch(/^15\d{8}$/);
  });
});

describe('WooCommerce’s orders, as an order-export plugin writes them, are read with no mapping', () => {
  const { format, preview, order } = importOf('woocommerce-orders.csv');

  it('is recognised by its header row and gives its 20 orders, every one ready', () => {
    expect(format?.id).toBe('woocommerce');
    expect(preview.orders.length).toBe(20);
    expect(preview.orders.flatMap((each) => each.faults)).toEqual([]);
    expect(preview.valid).toBe(20);
    expect(preview.clashes).toEqual([]);
  });

  it('joins the first and last names, keeps a company as the receiver and takes the billing phone when shipping has none', () => {
    expect(order('4711')!.attributes!.shipTo).toMatchObject({
      name: 'Emily Carter',
      contact: 'Emily Carter',
      address1: '350 5th Ave, Apt 4B',
    });
    expect(order('4713')!.attributes!.shipTo).toMatchObject({
      name: 'Romano Ceramiche S.r.l.',
      contact: 'Giulia Romano',
      phone: '390286451234',
    });
    expect(order('4714')!.attributes!.shipTo.phone).toBe('33142764040');
    expect(order('4721')!.attributes!.shipTo).toMatchObject({ country: 'DE', city: 'Berlin' });
  });
});

describe('eBay’s orders report is read with no mapping', () => {
  const { format, preview, rows } = importOf('ebay-orders.csv');
  const byName = (name: string) => preview.orders.find((each) => each.attributes?.shipTo.name === name)!;

  it('is recognised under its empty first line and gives its 20 orders, every one ready, the lines around the table left out', () => {
    expect(format?.id).toBe('ebay');
    expect(rows.at(-1)!['Sales Record Number']).toBe('Seller ID : atelier-lehm');
    expect(preview.orders.length).toBe(20);
    expect(preview.orders.flatMap((each) => each.faults)).toEqual([]);
    expect(preview.valid).toBe(20);
    expect(preview.clashes).toEqual([]);
  });

  it('carries an order’s row down to its items, and reads prices with their currency and countries by their German names', () => {
    const several = byName('Oliver Hughes');
    expect(several.attributes!.lines.length).toBe(4);
    expect(several.attributes!.shipTo).toMatchObject({ postalCode: 'NW1 6XE', country: 'GB', email: 'oliver4@ebay-buyer.example' });
    expect(several.attributes!.lines[0]!.unitPrice).toMatch(/^\d+\.\d{2}$/);
    expect(byName('Lukas Gruber').attributes!.shipTo.country).toBe('AT');
    expect(byName('Marco Bianchi').attributes!.shipTo).toMatchObject({ country: 'IT', state: 'RM' });
    expect(byName('Noah Müller').attributes!.shipTo.country).toBe('CH');
    const lines = preview.orders.flatMap((each) => each.attributes!.lines);
    expect(lines.some((line) => /^3955123456\d\d$/.test(line.sku))).toBe(true);
  });
});

describe('a file of another shape keeps the manual mapping', () => {
  it('is not recognised, and is read through the guessed mapping as before', () => {
    const headers = [
      'Order #',
      'Ship to name',
      'Contact',
      'Street',
      'Postcode',
      'Town',
      'Country',
      'SKU',
      'Item',
      'Quantity',
      'Unit price',
    ];
    expect(recogniseFormat(headers)).toBeUndefined();
    const rows = [
      Object.fromEntries(
        headers.map((header, index) => [
          header,
          ['A-1', 'Kunde', 'Jonas Becker', 'Marienplatz 8', '80331', 'München', 'DE', 'CUP', 'Cup', '2', '10,75'][index]!,
        ]),
      ),
    ];
    const preview = previewImport(rows, guessMapping(headers));
    expect(preview.valid).toBe(1);
    expect(preview.orders[0]!.attributes).toMatchObject({ number: 'A-1', shipTo: { name: 'Kunde', contact: 'Jonas Becker' } });
  });

  it('is not taken for a shop’s export when a column of its signature is missing', () => {
    const { headers } = readFixture('shopify-orders.csv');
    expect(recogniseFormat(headers.filter((header) => header !== 'Lineitem sku'))).toBeUndefined();
    const amazon = readFixture('amazon-unshipped.txt').headers;
    expect(recogniseFormat(amazon.map((header) => header.toUpperCase()))?.id).toBe('amazon');
  });
});
