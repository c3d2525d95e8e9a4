// The customs declarations read back with pdf.js: a CN22 on a postal item under 300 SDR, a CN23 with its copies
// above it, a commercial invoice by express; every item, its HS code and origin, the totals and the EORI on them;
// each document on its own; and the CN22 in ZPL for a thermal printer.
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { customsFormsOf } from '../../src-main/documents/customs-forms.ts';
import { fontLibrary } from '../../src-main/documents/fonts.ts';
import { renderShipmentPdf, type ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import { renderZplLabels } from '../../src-main/documents/zpl-label.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import type { ExportLineItem, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { setClock } from '../helpers/clock.ts';

const SHIPPED = setClock('2026-11-23 10:00', 'Europe/Rome', { running: false });
const fonts = fontLibrary(join(DEFAULT_RESOURCES_DIR, 'fonts'));
const POSTAL_ITEM = 'RR123456785IT';
const EXPRESS_ITEM = '1ZA0B1C26512345678';

const item = (description: string, commodityCode: string, quantity: string, unitPrice: string, originCountry = 'IT'): ExportLineItem => ({
  description,
  commodityCode,
  quantity,
  unitPrice,
  unitWeight: '0.250',
  originCountry,
});

function input(trackingNumber: string, lineItems: ExportLineItem[], overrides: Partial<ShipmentAttributes> = {}): ShipmentDocumentInput {
  return {
    reference: '100200000017',
    trackingNumber,
    carrierName: trackingNumber === POSTAL_ITEM ? 'Poste Italiane' : 'UPS',
    serviceName: 'Economy',
    shipDate: SHIPPED.today(),
    sandbox: false,
    createdAt: SHIPPED(),
    attributes: {
      shipFrom: {
        name: 'Bottega Verdi',
        address1: 'Via Roma 12',
        city: 'Milano',
        postalCode: '20129',
        state: 'MI',
        country: 'IT',
        contact: 'Anna Verdi',
        phone: '3331234567',
        taxIdentification: 'IT01234567890',
      },
      shipTo: {
        name: 'Kunde Huber',
        address1: 'Bahnhofstrasse 1',
        city: 'Zürich',
        postalCode: '8001',
        country: 'CH',
        contact: 'Lea Huber',
        phone: '41446681800',
      },
      packages: [
        { weight: { value: '1.4', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '1' }, type: 'CARTON' },
      ],
      goodsDescription: 'Ceramic cups',
      insuranceDescription: null,
      insuranceValue: null,
      booking: true,
      invoiceSubtotal: { amount: '0', currency: 'EUR' },
      exportDeclaration: {
        exportReasonType: 'COMMERCIAL_PURPOSE_OR_SALE',
        invoiceDate: SHIPPED.today(),
        invoiceReference: 'INV-118',
        shipmentPurpose: 'COMMERCIAL',
        lineItems,
      },
      ...overrides,
    },
  };
}

async function pages(bytes: Uint8Array): Promise<{ width: number; height: number; text: string }[]> {
  const pdf = await getDocument({ data: bytes.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const found = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view as number[];
    const content = await page.getTextContent();
    found.push({
      width: Math.round(width!),
      height: Math.round(height!),
      text: content.items.map((entry) => ('str' in entry ? entry.str : '')).join(' '),
    });
  }
  return found;
}

const CHEAP = [item('Ceramic cup', '6912.00', '6', '10.75'), item('Linen napkin', '630251', '4', '8.50', 'PT')];
const DEAR = [item('Ceramic vase', '691390', '2', '180.00'), item('Silk scarf', '621410', '3', '45.00', 'CN')];

describe('a postal item through customs', () => {
  it('carries a CN22 label page up to 300 SDR, with every item, its HS code and origin, the totals and the EORI', async () => {
    const document = input(POSTAL_ITEM, CHEAP);
    expect(customsFormsOf(document)).toEqual(['CN22']);
    const found = await pages(renderShipmentPdf(document, fonts));
    expect(found.map(({ width, height }) => [width, height])).toEqual([
      [288, 432],
      [288, 432],
    ]);
    const cn22 = found[1]!.text;
    for (const expected of [
      'CUSTOMS DECLARATION',
      'CN 22',
      `Item ${POSTAL_ITEM}`,
      '6 × Ceramic cup',
      '6912.00',
      '64.50',
      '4 × Linen napkin',
      '630251',
      'PT',
      '34.00',
      'Total value (EUR)',
      '98.50',
      'IT01234567890',
      'Poste Italiane',
    ]) {
      expect(cn22).toContain(expected);
    }
    expect(cn22).toMatch(/Date and sender’s signature: \d{4}-\d{2}-\d{2}\s+Anna Verdi/);
  });

  it('carries a CN23 with its three copies and a commercial invoice above it', async () => {
    const document = input(POSTAL_ITEM, DEAR);
    expect(customsFormsOf(document)).toEqual(['CN23', 'commercialInvoice']);
    const found = await pages(renderShipmentPdf(document, fonts));
    expect(found.map(({ width, height }) => [width, height])).toEqual([
      [288, 432],
      [595, 842],
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
    const copies = found.slice(1, 4).map((page) => page.text);
    expect(
      copies.map((text) => text.match(/Original - attached to the item|Copy for the customs of destination|Copy for the sender/)?.[0]),
    ).toEqual(['Original - attached to the item', 'Copy for the customs of destination', 'Copy for the sender']);
    for (const text of copies) {
      for (const expected of [
        'CN 23',
        'Ceramic vase',
        '691390',
        '360.00',
        'Silk scarf',
        '621410',
        'CN',
        '135.00',
        'total value 495.00 EUR',
        'IT01234567890',
        'Sale of goods',
        'Invoice INV-118',
      ])
        expect(text).toContain(expected);
    }
    const invoice = found[4]!.text;
    for (const expected of [
      'COMMERCIAL INVOICE',
      'Ceramic vase',
      '691390',
      'Silk scarf',
      '621410',
      'Goods total 495.00 EUR',
      'Exporter EORI IT01234567890',
    ])
      expect(invoice).toContain(expected);
  });

  it('prints each document on its own', async () => {
    const document = input(POSTAL_ITEM, DEAR);
    expect((await pages(renderShipmentPdf(document, fonts, { part: 'cn23' }))).map((page) => page.text.includes('CN 23'))).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      (await pages(renderShipmentPdf(document, fonts, { part: 'invoice' }))).map((page) => page.text.includes('COMMERCIAL INVOICE')),
    ).toEqual([true]);
    expect(await pages(renderShipmentPdf(document, fonts, { part: 'cn22' }))).toEqual([]);
    const labelPrinter = await pages(renderShipmentPdf(input(POSTAL_ITEM, CHEAP), fonts, { labelsOnly: true }));
    expect(labelPrinter.map((page) => page.text.includes('CN 22'))).toEqual([false, true]);
  });

  it('puts more items than a CN22 has room for on a CN23', () => {
    const many = Array.from({ length: 6 }, (_, index) => item(`Cup ${index}`, '691200', '1', '5.00'));
    expect(customsFormsOf(input(POSTAL_ITEM, many))).toEqual(['CN23', 'commercialInvoice']);
  });
});

describe('an express shipment through customs', () => {
  it('carries a commercial invoice, whatever the value, with every item and total', async () => {
    for (const lines of [CHEAP, DEAR]) {
      const document = input(EXPRESS_ITEM, lines);
      expect(customsFormsOf(document)).toEqual(['commercialInvoice']);
      const found = await pages(renderShipmentPdf(document, fonts));
      expect(found.map(({ width }) => width)).toEqual([288, 595]);
      for (const line of lines)
        for (const expected of [line.description, line.commodityCode!, line.originCountry]) expect(found[1]!.text).toContain(expected);
    }
  });
});

describe('inside the EU', () => {
  it('carries no declaration', () => {
    const document = input(POSTAL_ITEM, [], {
      shipTo: {
        name: 'Kunde Becker',
        address1: 'Marienplatz 8',
        city: 'München',
        postalCode: '80331',
        country: 'DE',
        contact: 'Jonas Becker',
      },
      exportDeclaration: null,
    });
    expect(customsFormsOf(document)).toEqual([]);
  });
});

describe('the CN22 in ZPL', () => {
  it('follows the labels as one more ^XA block, with the items, HS codes and totals', () => {
    const zpl = renderZplLabels(input(POSTAL_ITEM, CHEAP), 203);
    const blocks = zpl.split('^XZ').filter((block) => block.includes('^XA'));
    expect(blocks).toHaveLength(2);
    for (const expected of ['CN 22', '6 × Ceramic cup', '6912.00', '630251', '98.50', 'IT01234567890'])
      expect(blocks[1]).toContain(expected);
    expect(
      renderZplLabels(input(EXPRESS_ITEM, CHEAP), 203)
        .split('^XZ')
        .filter((block) => block.includes('^XA')),
    ).toHaveLength(1);
  });
});
