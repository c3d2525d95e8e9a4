// The special services' marks on the label, in every format: the delivery confirmation, cash on delivery,
// Saturday delivery, dry ice, lithium batteries and dangerous goods, read back from the ZPL and EPL2 text and the
// PDF's text, each line whole (it fits the label's width in every font); and every barcode still decodes.
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderEpl2Labels } from '../../src-main/documents/epl2-label.ts';
import { DocumentFonts, fontLibrary } from '../../src-main/documents/fonts.ts';
import { renderPngLabels } from '../../src-main/documents/png-label.ts';
import { cashOnDeliveryLine, dangerousGoodsLines, serviceMarkLines } from '../../src-main/documents/service-marks.ts';
import { renderShipmentPdf, type ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import { renderZplLabels } from '../../src-main/documents/zpl-label.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import { decodeImage, decodeImageRows, rasterisePdf, rasteriseZpl, type DecodedBarcode } from '../helpers/barcodes.ts';
import { setClock } from '../helpers/clock.ts';
import { SENDER, documentInput, parcel } from '../helpers/document-input.ts';
import { readEpl2 } from '../helpers/epl2-reader.ts';

const LABELLED = setClock('2026-11-23 10:00', 'Europe/Rome', { running: false });
const library = fontLibrary(join(DEFAULT_RESOURCES_DIR, 'fonts'));
const TRACKING = '1ZA0B1C26512345678';
const REFERENCE = '100200000017';

const input = (overrides: Partial<ShipmentAttributes> = {}, sandbox = false): ShipmentDocumentInput =>
  documentInput(LABELLED, {
    trackingNumber: TRACKING,
    reference: REFERENCE,
    serviceName: 'UPS Standard',
    sandbox,
    attributes: {
      shipFrom: { ...SENDER, phone: '3331234567' },
      packages: [
        parcel('6', { dryIceKg: '2.5', lithiumBatteries: { type: 'ion', packing: 'packedWithEquipment', section2: true } }),
        parcel('2.25', {
          lithiumBatteries: { type: 'metal', packing: 'containedInEquipment', section2: false },
          dangerousGoods: [
            {
              unNumber: 'UN3481',
              properShippingName: 'Lithium ion batteries packed with equipment',
              class: '9',
              packingGroup: 'II',
              quantity: '1',
              netWeightKg: '0.5',
            },
          ],
        }),
      ],
      goodsDescription: 'Pharmacy goods',
      services: {
        deliveryConfirmation: 'adultSignature',
        cashOnDelivery: { amount: '45', currency: 'EUR', method: 'cash' },
        saturdayDelivery: true,
      },
      ...overrides,
    },
  });

/** The marks each of the two labels carries, line by line. */
const MARKS = [
  ['ADULT SIGNATURE 18+  COD 45.00 EUR  SATURDAY', 'DRY ICE UN1845 2.5 kg', 'LITHIUM BATTERY UN3481 SECTION II'],
  ['ADULT SIGNATURE 18+  COD 45.00 EUR  SATURDAY', 'LITHIUM BATTERY UN3091', 'UN3481 Lithium ion batteries packed with eq. (class 9)'],
];

const expected = (n: number): DecodedBarcode[] => [
  { format: 'Code128', text: TRACKING },
  { format: 'QRCode', text: `${TRACKING}|${REFERENCE}|80331|DE|${n}/2` },
];

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await pdf.destroy();
  return texts;
}

describe('the special services’ marks on the label', () => {
  it('each service has its mark, packed into whole lines that fit the label in the bold font', () => {
    expect([0, 1].map((index) => serviceMarkLines(input().attributes, index))).toEqual(MARKS);
    const fonts = new DocumentFonts(library);
    for (const line of MARKS.flat()) expect(fonts.width(line, 7, 'bold'), line).toBeLessThanOrEqual(268);
  });

  it.each([
    [{ deliveryConfirmation: 'signature' }, ['SIGNATURE']],
    [{ deliveryConfirmation: 'adultSignature', minimumAge: 21 }, ['ADULT SIGNATURE 21+']],
    [{ deliveryConfirmation: 'direct', sundayDelivery: true }, ['DIRECT SIGNATURE  SUNDAY']],
    [{ deliveryConfirmation: 'none', cashOnDelivery: { amount: '1249.5', currency: 'PLN', method: 'any' } }, ['COD 1249.50 PLN']],
    [{ saturdayDelivery: true }, ['SATURDAY']],
    [{}, []],
  ] as const)('services %j mark the label %j', (services, lines) => {
    expect(serviceMarkLines(input({ services, packages: [parcel('1')] }).attributes, 0)).toEqual(lines);
  });

  it('lithium batteries by their UN number: ion or metal, alone or with equipment', () => {
    const mark = (type: 'ion' | 'metal', packing: 'alone' | 'containedInEquipment' | 'packedWithEquipment') =>
      serviceMarkLines(
        input({ services: {}, packages: [parcel('1', { lithiumBatteries: { type, packing, section2: false } })] }).attributes,
        0,
      );
    expect(mark('ion', 'alone')).toEqual(['LITHIUM BATTERY UN3480']);
    expect(mark('ion', 'containedInEquipment')).toEqual(['LITHIUM BATTERY UN3481']);
    expect(mark('metal', 'alone')).toEqual(['LITHIUM BATTERY UN3090']);
    expect(mark('metal', 'packedWithEquipment')).toEqual(['LITHIUM BATTERY UN3091']);
  });

  it('more marks than three lines hold: the last keeps what fits and ends with SEE SHIPPING PAPERS', () => {
    const good = { properShippingName: 'Paint', class: '3', packingGroup: 'III' as const, quantity: '1', netWeightKg: '0.2' };
    const lines = serviceMarkLines(
      input({
        services: {
          deliveryConfirmation: 'signature',
          cashOnDelivery: { amount: '45', currency: 'EUR', method: 'cash' },
          saturdayDelivery: true,
          sundayDelivery: true,
        },
        packages: [
          parcel('5', {
            dryIceKg: '1',
            lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: false },
            dangerousGoods: ['UN1993', 'UN1263', 'UN1266'].map((unNumber) => ({ ...good, unNumber })),
          }),
        ],
      }).attributes,
      0,
    );
    expect(lines).toEqual([
      'SIGNATURE  COD 45.00 EUR  SATURDAY  SUNDAY',
      'DRY ICE UN1845 1 kg  LITHIUM BATTERY UN3481',
      'UN1993 Paint (class 3)  SEE SHIPPING PAPERS',
    ]);
  });

  it.each([203, 300] as const)('ZPL at %i dpi: each line of marks, and both barcodes decode', async (dpi) => {
    const zpl = renderZplLabels(input(), dpi);
    const blocks = zpl.split('^XZ').filter((block) => block.includes('^XA'));
    blocks.forEach((block, index) => {
      for (const line of MARKS[index]!) expect(block).toContain(`^FD${line}^FS`);
    });
    const labels = await rasteriseZpl(zpl, dpi);
    for (const [index, label] of labels.entries()) expect(await decodeImage(label)).toEqual(expected(index + 1));
  });

  it.each([203, 300] as const)('EPL2 at %i dpi: each line of marks whole and on the label, and both barcodes decode', async (dpi) => {
    const forms = readEpl2(renderEpl2Labels(input({}, true), dpi));
    expect(forms).toHaveLength(2);
    for (const [index, form] of forms.entries()) {
      for (const line of MARKS[index]!) expect(form.texts).toContain(line);
      expect(await decodeImage(form.png)).toEqual(expected(index + 1));
    }
  });

  it.each([203, 300] as const)('PNG at %i dpi: both barcodes decode above the marks', async (dpi) => {
    const height = dpi === 203 ? 1218 : 1800;
    expect(await decodeImageRows(renderPngLabels(input({}, true), library, dpi), height)).toEqual([expected(1), expected(2)]);
  });

  it('the PDF label: each line of marks, and both barcodes decode at 203 and 300 dpi', async () => {
    const pdf = renderShipmentPdf(input({}, true), library, { labelsOnly: true });
    const texts = await pageTexts(pdf);
    texts.forEach((text, index) => {
      // pdf.js reads the two spaces between marks as one.
      const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' '));
      for (const line of MARKS[index]!) expect(lines).toContain(line.replace(/\s+/g, ' '));
    });
    for (const dpi of [203, 300]) {
      const pages = await rasterisePdf(pdf, dpi);
      for (const [index, page] of pages.entries()) expect(await decodeImage(page)).toEqual(expected(index + 1));
    }
  });
});

describe('the customs papers declare what the label marks, in full and in the same words', () => {
  it('each package’s dangerous goods, lithium batteries and dry ice; a good without a packing group has none', () => {
    const [first, second] = input().attributes.packages;
    expect(dangerousGoodsLines(first!)).toEqual([
      'Lithium ion batteries packed with equipment, UN3481, Section II',
      'Dry ice UN1845, 2.5 kg',
    ]);
    expect(dangerousGoodsLines(second!)).toEqual([
      'UN3481 Lithium ion batteries packed with equipment, class 9, PG II, 1 × 0.5 kg',
      'Lithium metal batteries contained in equipment, UN3091',
    ]);
    const aerosol = {
      unNumber: 'UN1950',
      properShippingName: 'Aerosols, flammable',
      class: '2.1',
      packingGroup: null,
      quantity: '4',
      netWeightKg: '0.25',
    };
    expect(
      dangerousGoodsLines({ dangerousGoods: [aerosol], lithiumBatteries: { type: 'metal', packing: 'alone', section2: false } }),
    ).toEqual(['UN1950 Aerosols, flammable, class 2.1, 4 × 0.25 kg', 'Lithium metal batteries, UN3090']);
    expect(dangerousGoodsLines({})).toEqual([]);
  });

  it.each([
    [{ amount: '45', currency: 'EUR', method: 'cash' }, 'Cash on delivery: collect 45.00 EUR in cash'],
    [
      { amount: '1249.5', currency: 'PLN', method: 'any', account: 'PL61109010140000071219812874' },
      'Cash on delivery: collect 1249.50 PLN in cash or by cheque, paid into PL61109010140000071219812874',
    ],
    [{ amount: '10', currency: 'EUR', method: 'cheque' }, 'Cash on delivery: collect 10.00 EUR by cheque'],
  ] as const)('cash on delivery %j: %s', (cod, line) => {
    expect(cashOnDeliveryLine(cod)).toBe(line);
  });
});
