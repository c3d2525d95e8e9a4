import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFRawStream, PDFDict, decodePDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { fontLibrary } from '../../src-main/documents/fonts.ts';
import { LABEL_SIZE, renderLabelSheets, renderShipmentPdf, type ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import type { Address, Package, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { setClock } from '../helpers/clock.ts';

/** When the labels under test were made: a label prints whatever day it is given. */
const LABELLED = setClock('2026-11-23 10:00', 'Europe/Rome', { running: false });

const fonts = fontLibrary(join(DEFAULT_RESOURCES_DIR, 'fonts'));
const parcel = (weight: string): Package => ({
  weight: { value: weight, units: '1' },
  dimensions: { length: '30', width: '20', height: '15', units: '1' },
  type: 'CARTON',
});
const from: Address = {
  name: 'Bottega Verdi',
  address1: 'Via Roma 12',
  city: 'Milano',
  postalCode: '20129',
  state: 'MI',
  country: 'IT',
  contact: 'Anna Verdi',
  phone: '3331234567',
};

function input(overrides: Partial<ShipmentAttributes> = {}, sandbox = false): ShipmentDocumentInput {
  return {
    reference: '100200000017',
    trackingNumber: '1ZA0B1C26512345678',
    carrierName: 'UPS',
    serviceName: 'UPS Express Saver',
    shipDate: LABELLED.today(),
    sandbox,
    createdAt: LABELLED(),
    attributes: {
      shipFrom: from,
      shipTo: {
        name: 'Kunde Becker',
        address1: 'Marienplatz 8',
        city: 'München',
        postalCode: '80331',
        country: 'DE',
        contact: 'Jonas Becker',
      },
      packages: [parcel('1.4')],
      goodsDescription: 'Ceramic cups',
      insuranceDescription: null,
      insuranceValue: null,
      booking: true,
      ...overrides,
    },
  };
}

async function open(bytes: Uint8Array) {
  return getDocument({ data: bytes.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
}

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await open(bytes);
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return texts;
}

describe('the shipment PDF has one 4×6 in label per package', () => {
  it('opens in pdf.js with one 288×432 pt page per package', async () => {
    const bytes = renderShipmentPdf(input({ packages: [parcel('1'), parcel('2'), parcel('3')] }), fonts);
    const pdf = await open(bytes);
    expect(pdf.numPages).toBe(3);
    for (let number = 1; number <= 3; number++) {
      const [, , width, height] = (await pdf.getPage(number)).view;
      expect([width, height]).toEqual([LABEL_SIZE.width, LABEL_SIZE.height]);
    }
  });

  it('carries the tracking number, carrier, service, package count, weight, date and reference as text', async () => {
    const texts = await pageTexts(renderShipmentPdf(input({ packages: [parcel('1.4'), parcel('2')] }), fonts));
    expect(texts[0]).toContain('1ZA0B1C26512345678');
    expect(texts[0]).toContain('UPS Express Saver');
    expect(texts[0]).toContain('Package 1 of 2');
    expect(texts[1]).toContain('Package 2 of 2');
    expect(texts[1]).toContain('Weight 2 kg');
    expect(texts[0]).toContain(LABELLED.today());
    expect(texts[0]).toContain('100200000017');
    expect(texts[0]).toContain('Bottega Verdi');
    expect(texts[0]).toContain('München');
  });

  it('renders Polish, German, Greek and CJK names, and replaces what no font has', async () => {
    const receiver = '山田太郎 Łódź Straße Ελλάδα 서울 😀';
    const bytes = renderShipmentPdf(input({ shipTo: { ...input().attributes.shipTo, name: receiver } }), fonts);
    const [text] = await pageTexts(bytes);
    expect(text).toContain('山田太郎 Łódź Straße Ελλάδα 서울 ?');
  });

  it('embeds CJK glyphs with their outlines, not blank boxes', async () => {
    const bytes = renderShipmentPdf(input({ shipTo: { ...input().attributes.shipTo, name: '山田太郎 東京都千代田区' } }), fonts);
    const pdf = await PDFDocument.load(bytes);
    const descriptor = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
      .find((candidate) => String(candidate.get(PDFName.of('FontName'))).includes('DroidSansFallback'));
    expect(descriptor).toBeDefined();
    const stream = pdf.context.lookup(descriptor!.get(PDFName.of('FontFile2'))) as PDFRawStream;
    const fallback = fontkit.create(Buffer.from(decodePDFRawStream(stream).decode()));
    // Glyph 0 is .notdef and 1 the space; every other glyph in the subset must have an outline.
    const drawn = Array.from({ length: fallback!.numGlyphs }, (_, id) => fallback!.getGlyph(id)).slice(1);
    expect(drawn.length).toBeGreaterThanOrEqual(10);
    expect(drawn.filter((glyph) => (glyph.path as unknown as { commands: unknown[] }).commands.length === 0).length).toBeLessThanOrEqual(1);
  });

  it('keeps the document small: fonts are embedded as subsets', async () => {
    const bytes = renderShipmentPdf(input({ shipTo: { ...input().attributes.shipTo, name: '山田太郎' } }), fonts);
    expect(bytes.length).toBeLessThan(150_000);
  });

  it('marks sandbox labels as test labels', async () => {
    const [live] = await pageTexts(renderShipmentPdf(input(), fonts));
    const [test] = await pageTexts(renderShipmentPdf(input({}, true), fonts));
    expect(live).not.toContain('TEST LABEL');
    expect(test).toContain('TEST LABEL');
  });

  it('adds a commercial invoice page for an export declaration', async () => {
    const bytes = renderShipmentPdf(
      input({
        shipTo: {
          name: 'Acme Inc',
          address1: '1 Main St',
          city: 'New York',
          postalCode: '10001',
          state: 'NY',
          country: 'US',
          contact: 'Jo Smith',
          phone: '12125550100',
        },
        exportDeclaration: {
          exportReasonType: 'COMMERCIAL_PURPOSE_OR_SALE',
          invoiceDate: LABELLED.day(-1),
          invoiceReference: 'INV-118',
          shipmentPurpose: 'COMMERCIAL',
          invoiceFreight: 12.5,
          lineItems: [
            {
              description: 'Ceramic cup',
              originCountry: 'IT',
              commodityCode: '691200',
              quantity: '6',
              unitPrice: '10.75',
              unitWeight: '0.2',
            },
          ],
        },
      }),
      fonts,
    );
    const texts = await pageTexts(bytes);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('COMMERCIAL INVOICE');
    expect(texts[1]).toContain('INV-118');
    expect(texts[1]).toContain('64.50');
  });

  it('continues a long invoice on further pages, leaving out no item', async () => {
    const lineItems = Array.from({ length: 80 }, (_, i) => ({
      description: `Item ${i + 1}`,
      originCountry: 'IT',
      quantity: '1',
      unitPrice: '1.00',
      unitWeight: '0.1',
    }));
    const texts = await pageTexts(
      renderShipmentPdf(
        input({
          shipTo: {
            name: 'Acme Inc',
            address1: '1 Main St',
            city: 'New York',
            postalCode: '10001',
            state: 'NY',
            country: 'US',
            contact: 'Jo Smith',
          },
          exportDeclaration: {
            exportReasonType: 'SAMPLE',
            invoiceDate: LABELLED.day(-1),
            invoiceReference: 'INV-9',
            shipmentPurpose: 'COMMERCIAL',
            lineItems,
          },
        }),
        fonts,
      ),
    );
    expect(texts.length).toBeGreaterThanOrEqual(3);
    const invoice = texts.slice(1).join(' ');
    for (const number of [1, 40, 80]) expect(invoice).toContain(`Item ${number}`);
    expect(invoice).toContain('Goods total 80.00 EUR');
    expect(invoice).toContain('(continued)');
  });

  it('draws the barcode as vector paths, with no images', async () => {
    const bytes = renderShipmentPdf(input(), fonts);
    const pdf = await PDFDocument.load(bytes);
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(0);
  });
});

describe('bulk print sheets: the labels of many shipments in one PDF', () => {
  const shipments = ['CP100000001IT', 'CP100000002IT', 'CP100000003IT', 'CP100000004IT', 'CP100000005IT'].map((trackingNumber) => ({
    ...input(),
    trackingNumber,
  }));

  /** Where each tracking number's text starts on each page, and whether it runs turned. */
  async function placed(bytes: Uint8Array) {
    const pdf = await open(bytes);
    const found: { page: number; tracking: string; x: number; y: number; turned: boolean; size: [number, number] }[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view as [number, number, number, number];
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item)) continue;
        const tracking = shipments.find((shipment) => item.str.includes(shipment.trackingNumber))?.trackingNumber;
        if (tracking && !found.some((entry) => entry.tracking === tracking)) {
          const [a, b, , , x, y] = item.transform as number[];
          found.push({
            page: number,
            tracking,
            x: x!,
            y: y!,
            turned: Math.abs(b!) > Math.abs(a!),
            size: [Math.round(width), Math.round(height)],
          });
        }
      }
    }
    return found;
  }

  it('puts 4 on an A4 sheet, one a quarter, left to right and top to bottom, upright', async () => {
    const labels = await placed(renderLabelSheets(shipments, fonts, 'a4-4'));
    expect(labels.map((label) => [label.page, label.tracking, label.size, label.turned])).toEqual(
      shipments.map((shipment, index) => [index < 4 ? 1 : 2, shipment.trackingNumber, [595, 842], false]),
    );
    const quarter = (label: { x: number; y: number }) => `${label.y > 421 ? 'top' : 'bottom'} ${label.x < 298 ? 'left' : 'right'}`;
    expect(labels.map(quarter)).toEqual(['top left', 'top right', 'bottom left', 'bottom right', 'top left']);
  });

  it('puts 2 on an A4 sheet at real size, turned, top half then bottom', async () => {
    const labels = await placed(renderLabelSheets(shipments, fonts, 'a4-2'));
    expect(labels.map((label) => [label.page, label.turned])).toEqual([
      [1, true],
      [1, true],
      [2, true],
      [2, true],
      [3, true],
    ]);
    expect(labels.map((label) => (label.y > 421 ? 'top' : 'bottom'))).toEqual(['top', 'bottom', 'top', 'bottom', 'top']);
  });

  it('makes 4×6 pages of every package of every shipment, in the order given', async () => {
    const twoParcels = { ...shipments[1]!, attributes: { ...shipments[1]!.attributes, packages: [parcel('1'), parcel('2')] } };
    const texts = await pageTexts(renderLabelSheets([shipments[0]!, twoParcels, shipments[2]!], fonts, '4x6'));
    expect(texts.map((text) => shipments.findIndex((shipment) => text.includes(shipment.trackingNumber)))).toEqual([0, 1, 1, 2]);
  });
});
