// Every barcode of every label format, read back as a scanner reads it: the label drawn into pixels (the PDF by
// pdf.js, ZPL by zpl-renderer-js) and decoded by ZXing. A wrong command, a bar off its dot or a code cut off fails here.
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderEpl2Labels } from '../../src-main/documents/epl2-label.ts';
import { fontLibrary } from '../../src-main/documents/fonts.ts';
import { renderPngLabels } from '../../src-main/documents/png-label.ts';
import { renderLabelSheets, renderShipmentPdf, type ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import { renderZplLabels } from '../../src-main/documents/zpl-label.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import { decodeImage, decodeImageRows, pngInfo, rasterisePdf, rasteriseZpl, type DecodedBarcode } from '../helpers/barcodes.ts';
import { setClock } from '../helpers/clock.ts';
import { RECEIVER, SENDER, documentInput, parcel } from '../helpers/document-input.ts';
import { readEpl2 } from '../helpers/epl2-reader.ts';

const LABELLED = setClock('2026-11-23 10:00', 'Europe/Rome', { running: false });
const fonts = fontLibrary(join(DEFAULT_RESOURCES_DIR, 'fonts'));

const TRACKING = '1ZA0B1C26512345678';
const REFERENCE = '100200000017';

const input = (sandbox = false, receiver = 'Kunde Becker'): ShipmentDocumentInput =>
  documentInput(LABELLED, {
    sandbox,
    attributes: {
      shipFrom: { ...SENDER, phone: '3331234567' },
      shipTo: { ...RECEIVER, name: receiver },
      packages: [parcel('1.4'), parcel('2.25')],
    },
  });

/** What package `n` of 2's label must hold: the tracking number in Code 128, and the QR code's line. */
const expected = (n: number): DecodedBarcode[] => [
  { format: 'Code128', text: TRACKING },
  { format: 'QRCode', text: `${TRACKING}|${REFERENCE}|80331|DE|${n}/2` },
];

describe('every barcode of every label decodes to what it must hold', () => {
  it.each([203, 300])('the 4×6 PDF label, drawn at %i dpi', async (dpi) => {
    const pages = await rasterisePdf(renderShipmentPdf(input(), fonts, { labelsOnly: true }), dpi);
    expect(pages).toHaveLength(2);
    for (const [index, page] of pages.entries()) expect(await decodeImage(page)).toEqual(expected(index + 1));
  });

  it('a sandbox PDF label, under its watermark', async () => {
    const [page] = await rasterisePdf(renderShipmentPdf(input(true), fonts, { labelsOnly: true }), 203);
    expect(await decodeImage(page!)).toEqual(expected(1));
  });

  it.each([203, 300] as const)('the ZPL label at %i dpi, drawn by a ZPL renderer', async (dpi) => {
    const labels = await rasteriseZpl(renderZplLabels(input(), dpi), dpi);
    expect(labels).toHaveLength(2);
    for (const [index, label] of labels.entries()) expect(await decodeImage(label)).toEqual(expected(index + 1));
  });

  it.each([203, 300] as const)('the PNG label at %i dpi: 1-bit, 4×6 in at the printer’s dots, one label under another', async (dpi) => {
    const png = renderPngLabels(input(), fonts, dpi);
    const width = dpi === 203 ? 812 : 1200;
    const height = dpi === 203 ? 1218 : 1800;
    expect(pngInfo(png)).toEqual({ width, height: 2 * height, bitDepth: 1, colourType: 0, dpi });
    expect(await decodeImageRows(png, height)).toEqual([expected(1), expected(2)]);
  });

  it('a sandbox PNG label: the watermark keeps out of the barcodes', async () => {
    expect(await decodeImageRows(renderPngLabels(input(true), fonts, 203), 1218)).toEqual([expected(1), expected(2)]);
  });

  it.each([203, 300] as const)('the EPL2 label at %i dpi, read back by an EPL2 reader: 4×6 in, whole-dot modules', async (dpi) => {
    const epl2 = renderEpl2Labels(input(), dpi);
    const forms = readEpl2(epl2);
    expect(forms).toHaveLength(2);
    for (const [index, form] of forms.entries()) {
      expect([form.width, form.height]).toEqual(dpi === 203 ? [812, 1218] : [1200, 1800]);
      expect(await decodeImage(form.png)).toEqual(expected(index + 1));
    }
    expect(new TextDecoder('latin1').decode(epl2)).toMatch(
      new RegExp(`^B\\d+,\\d+,0,1,${dpi === 300 ? 4 : 3},${dpi === 300 ? 4 : 3},\\d+,N,"${TRACKING}"$`, 'm'),
    );
  });

  it('EPL2 text is in Windows-1252: accents kept where it has them, dropped where it has not, quotes escaped', () => {
    const [form] = readEpl2(renderEpl2Labels(input(false, 'Łódź "Nord" München'), 203));
    expect(form!.texts).toContain('Lódz "Nord" München');
  });

  it.each([
    ['ZPL', async () => rasteriseZpl(renderZplLabels(input(true), 203), 203)],
    ['EPL2', async () => readEpl2(renderEpl2Labels(input(true), 203)).map((form) => form.png)],
  ])('a sandbox %s label still scans', async (_, labels) => {
    const [first] = await labels();
    expect(await decodeImage(first!)).toEqual(expected(1));
  });

  it.each([
    ['4x6', 288, 432],
    ['4x8', 288, 576],
    ['a6', 297.64, 419.53],
    ['a5', 419.53, 595.28],
  ] as const)('the PDF label pages on %s stock: one a page of its size, every barcode decoded', async (size, width, height) => {
    const pdf = renderShipmentPdf(input(), fonts, { stock: { size, start: 1 } });
    const pages = await pdfPages(pdf);
    expect(pages).toEqual([
      { width, height },
      { width, height },
    ]);
    const images = await rasterisePdf(pdf, 203);
    for (const [index, image] of images.entries()) expect(await decodeImage(image)).toEqual(expected(index + 1));
  });

  it.each([
    ['a4-2', 1, [[expected(1), expected(2)]]],
    ['a4-2', 2, [[[], expected(1)], [expected(2)]]],
    ['a4-4', 1, [[[...expected(1), ...expected(2)]]]],
    ['a4-4', 3, [[[], [...expected(1), ...expected(2)]]]],
    ['a4-4', 4, [[[], expected(1)], [expected(2)]]],
  ] as const)(
    'the PDF label pages on %s sheets from place %i: each label where it belongs, every barcode decoded',
    async (size, start, sheets) => {
      const pdf = renderShipmentPdf(input(), fonts, { stock: { size, start } });
      expect(await pdfPages(pdf)).toEqual(sheets.map(() => ({ width: 595.28, height: 841.89 })));
      const images = await rasterisePdf(pdf, 203);
      // Each sheet's barcodes by the half they lie in: top, then bottom.
      const halves = await Promise.all(images.map((image) => decodeImageRows(image, Math.ceil((841.89 * 203) / 72) / 2)));
      expect(
        halves.map((rows) => rows.map((row) => [...row].sort((a, b) => a.format.localeCompare(b.format) || a.text.localeCompare(b.text)))),
      ).toEqual(
        sheets.map((rows) => rows.map((row) => [...row].sort((a, b) => a.format.localeCompare(b.format) || a.text.localeCompare(b.text)))),
      );
    },
  );
  it('bulk print: the labels of two shipments on an A4 sheet of four from place 2, each where it belongs', async () => {
    const other = { ...input(), trackingNumber: '1ZA0B1C26599999999', attributes: { ...input().attributes, packages: [parcel('3')] } };
    const pdf = renderLabelSheets([input(), other], fonts, 'a4-4', 2);
    const [sheet] = await rasterisePdf(pdf, 203);
    const rows = await decodeImageRows(sheet!, Math.ceil((841.89 * 203) / 72) / 2);
    // Places 2 (top right), 3 and 4 (bottom): the first shipment's first label on top, the rest below.
    expect(rows[0]).toEqual(expected(1));
    expect(rows[1]!.filter((code) => code.format === 'Code128').map((code) => code.text)).toEqual([TRACKING, '1ZA0B1C26599999999']);
  });
});

async function pdfPages(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const loaded = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  const pages = [];
  for (let number = 1; number <= loaded.numPages; number++) {
    const [, , width, height] = (await loaded.getPage(number)).view as number[];
    pages.push({ width: Math.round(width! * 100) / 100, height: Math.round(height! * 100) / 100 });
  }
  return pages;
}
