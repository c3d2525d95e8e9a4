// Reads the barcodes of the station's labels as a scanner would: each page or label turned into pixels (a PDF
// page drawn by pdf.js, a ZPL label drawn by zpl-renderer-js, a PNG as it is) and decoded by ZXing (zxing-wasm,
// its WebAssembly loaded from the package, never fetched).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { zplToBase64MultipleAsync } from 'zpl-renderer-js';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

export interface DecodedBarcode {
  format: string;
  text: string;
}

let prepared: Promise<unknown> | undefined;

function zxing(): Promise<unknown> {
  if (!prepared) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    prepared = Promise.resolve(prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }));
  }
  return prepared;
}

/** Every barcode in an image (PNG bytes), as its format and text, sorted by format. */
export async function decodeImage(png: Uint8Array): Promise<DecodedBarcode[]> {
  return (await decodeImageRows(png, Infinity))[0] ?? [];
}

/**
 * The barcodes of an image of labels one under another, each `labelHeight` pixels: per label, its barcodes
 * (format and text, sorted by format), by where each barcode lies.
 */
export async function decodeImageRows(png: Uint8Array, labelHeight: number): Promise<DecodedBarcode[][]> {
  await zxing();
  const results = await readBarcodes(png, { formats: [], maxNumberOfSymbols: 32, tryHarder: true, tryRotate: true });
  const rows: DecodedBarcode[][] = [];
  for (const result of results.filter((one) => one.isValid)) {
    const row = Number.isFinite(labelHeight) ? Math.floor(result.position.topLeft.y / labelHeight) : 0;
    for (let i = rows.length; i <= row; i++) rows.push([]);
    rows[row]!.push({ format: result.format, text: result.text });
  }
  return rows.map((row) => row.sort((a, b) => a.format.localeCompare(b.format) || a.text.localeCompare(b.text)));
}

/** Each page of a PDF drawn by pdf.js at `dpi` as PNG bytes. */
export async function rasterisePdf(pdf: Uint8Array, dpi = 203): Promise<Uint8Array[]> {
  const loaded = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  const pages: Uint8Array[] = [];
  for (let number = 1; number <= loaded.numPages; number++) {
    const page = await loaded.getPage(number);
    const viewport = page.getViewport({ scale: dpi / 72 });
    // pdf.js's own canvas factory: in Node it makes @napi-rs/canvas canvases.
    const factory = loaded.canvasFactory as {
      create(width: number, height: number): { canvas: unknown; context: CanvasRenderingContext2D };
    };
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    context.fillStyle = '#fff';
    context.fillRect(0, 0, Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context, viewport }).promise;
    pages.push((canvas as { toBuffer(type: 'image/png'): Uint8Array }).toBuffer('image/png'));
  }
  await loaded.destroy();
  return pages;
}

/** Each ^XA…^XZ label of a ZPL file drawn as a 4×6 in label at the printer's dots, as PNG bytes. */
export async function rasteriseZpl(zpl: string, dpi: 203 | 300, size = { widthMm: 101.6, heightMm: 152.4 }): Promise<Uint8Array[]> {
  const dotsPerMm = dpi === 300 ? 12 : 8;
  const images = await zplToBase64MultipleAsync(zpl, size.widthMm, size.heightMm, dotsPerMm);
  return images.map((image) => new Uint8Array(Buffer.from(image, 'base64')));
}

/** A PNG's size, bit depth, colour type and resolution (from its pHYs chunk, in dots per inch). */
export function pngInfo(png: Uint8Array): { width: number; height: number; bitDepth: number; colourType: number; dpi?: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const info: { width: number; height: number; bitDepth: number; colourType: number; dpi?: number } = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: png[24]!,
    colourType: png[25]!,
  };
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === 'pHYs' && png[at + 16] === 1) info.dpi = Math.round(view.getUint32(at + 8) * 0.0254);
    at += 12 + length;
  }
  return info;
}
