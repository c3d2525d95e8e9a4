// Browser printing (no label printer chosen): the label prints at its full 4×6 in size. The print view is laid
// out for print media and saved as a PDF by Chromium (page.pdf), then read with pdf.js: the page is 4×6 in, the
// label's image fills it, and the barcode on it measures what the label's own barcode measures.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocument, OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, shipmentDocument, signedIn, test } from './fixtures.ts';

type Matrix = [number, number, number, number, number, number];

/** Each page's size and the images painted on it, with their size on the page in points and their pixels. */
async function printedPages(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const operators = await page.getOperatorList();
    const stack: Matrix[] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const images: { widthPt: number; heightPt: number; name: string }[] = [];
    operators.fnArray.forEach((fn, index) => {
      const args = operators.argsArray[index];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (fn === OPS.transform) ctm = Util.transform(ctm, args as Matrix) as Matrix;
      else if (fn === OPS.paintImageXObject)
        images.push({ widthPt: Math.hypot(ctm[0], ctm[1]), heightPt: Math.hypot(ctm[2], ctm[3]), name: args[0] as string });
    });
    const pixels = await Promise.all(
      images.map(
        (image) => new Promise<{ width: number; height: number; data: Uint8ClampedArray }>((resolve) => page.objs.get(image.name, resolve)),
      ),
    );
    const [left, bottom, right, top] = page.view as [number, number, number, number];
    pages.push({ widthPt: right - left, heightPt: top - bottom, images, pixels });
  }
  return pages;
}

/**
 * The 1D barcode's width in image pixels: the widest stretch, on any row, of at least 20 dark runs whose gaps stay
 * under six times the row's typical run, so that a quiet zone ends it. Text rows and the QR code are narrower.
 */
function barcodeWidthPixels(image: { width: number; height: number; data: Uint8ClampedArray }): number {
  const channels = image.data.length / (image.width * image.height);
  let best = 0;
  for (let y = 0; y < image.height; y += 2) {
    const runs: [number, number][] = [];
    let start = -1;
    for (let x = 0; x <= image.width; x++) {
      const dark = x < image.width && image.data[(y * image.width + x) * channels]! < 128;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push([start, x - 1]);
        start = -1;
      }
    }
    if (runs.length < 20) continue;
    const widths = runs.map(([from, to]) => to - from + 1).sort((a, b) => a - b);
    const gapMax = 6 * widths[Math.floor(widths.length / 2)]!;
    let first = 0;
    for (let index = 1; index <= runs.length; index++) {
      if (index < runs.length && runs[index]![0] - runs[index - 1]![1] <= gapMax) continue;
      if (index - first >= 20) best = Math.max(best, runs[index - 1]![1] - runs[first]![0] + 1);
      first = index;
    }
  }
  return best;
}

test('a label printed through the browser is 4×6 in at full size, and so is its barcode', async ({ page, station }) => {
  // Kunde Becker in the address book, as an earlier day at the desk would have left him.
  expect((await station.api('POST', '/shipments/save', shipmentDocument())).status).toBe(202);
  await signedIn(page, station);
  // The browser's print dialog is not opened in a test: the call is counted instead.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.keyboard.type('beck');
  await expect(page.getByRole('option', { name: /Kunde Becker/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Weight (kg)')).toBeFocused();
  for (const [value, last] of [
    ['2', false],
    ['30', false],
    ['20', false],
    ['15', true],
  ] as const) {
    await page.keyboard.type(value);
    if (!last) await page.keyboard.press('Tab');
  }
  await page.getByLabel('Goods description').fill('Ceramic cups');
  await page.getByLabel('Invoice value').fill('64.50');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  // No label printer is chosen: Print label goes through the browser.
  await expect(page.getByRole('button', { name: 'Print label' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const printed = await page.pdf({ preferCSSPageSize: true });
  writeFileSync(join('test-results', 'browser-print.pdf'), printed);
  const pages = await printedPages(printed);
  expect(pages.length).toBeGreaterThanOrEqual(1);
  const [first] = pages;
  // A 4×6 in sheet (288×432 pt), and the label's image fills it.
  expect(first!.widthPt).toBeCloseTo(288, 0);
  expect(first!.heightPt).toBeCloseTo(432, 0);
  expect(first!.images).toHaveLength(1);
  expect(first!.images[0]!.widthPt).toBeCloseTo(288, 0);
  expect(first!.images[0]!.heightPt).toBeCloseTo(432, 0);
  // The barcode on the printed sheet, in millimetres, against the same barcode at the label's own size.
  const image = first!.pixels[0]!;
  const barcodePixels = barcodeWidthPixels(image);
  const printedMm = (barcodePixels / image.width) * first!.images[0]!.widthPt * (25.4 / 72);
  const labelMm = (barcodePixels / image.width) * 4 * 25.4;
  console.log(
    `browser print: page ${first!.widthPt}×${first!.heightPt} pt, label image ${first!.images[0]!.widthPt.toFixed(1)}×${first!.images[0]!.heightPt.toFixed(1)} pt, barcode ${printedMm.toFixed(1)} mm (the label's ${labelMm.toFixed(1)} mm)`,
  );
  // A carrier's Code 128 spans most of the label's width.
  expect(barcodePixels).toBeGreaterThan(image.width / 2);
  expect(printedMm).toBeCloseTo(labelMm, 0);
});
