// What a print job sends a label printer, beyond rendering: EPL2 with its copies in each form, and the labels of
// many shipments as one stream, or as one PNG (each shipment's labels under the one before).
import { inflateSync } from 'node:zlib';
import { Bitmap, encodePng, type RasterDpi } from '../../documents/bitmap.ts';

/** The parts as one stream, in order. */
export function concatenated(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** EPL2 forms printed `copies` times each: every form's `P1` (its own line) becomes `P<copies>`. */
export function withEpl2Copies(epl2: Uint8Array, copies: number): Uint8Array {
  if (copies === 1) return epl2;
  const text = Buffer.from(epl2).toString('latin1');
  return Uint8Array.from(Buffer.from(text.replace(/^P1$/gm, `P${copies}`), 'latin1'));
}

/** The PNG chunks' data by type, in order (IDAT may be split over several). */
function chunks(png: Uint8Array): { type: string; data: Buffer }[] {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const found: { type: string; data: Buffer }[] = [];
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    found.push({ type: bytes.toString('latin1', at + 4, at + 8), data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return found;
}

/** A 1-bit PNG as the station draws it (rows unfiltered) read back into its picture. */
function readPicture(png: Uint8Array): Bitmap {
  const parts = chunks(png);
  const header = parts.find((part) => part.type === 'IHDR')?.data;
  if (!header || header[8] !== 1 || header[9] !== 0 || header[12] !== 0) throw new Error('Not a 1-bit label picture of the station');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(parts.filter((part) => part.type === 'IDAT').map((part) => part.data)));
  const rowBytes = Math.ceil(width / 8);
  const bitmap = new Bitmap(width, height);
  for (let y = 0; y < height; y++) {
    const row = y * (rowBytes + 1);
    if (raw[row] !== 0) throw new Error('A label picture row is filtered');
    for (let x = 0; x < width; x++) if ((raw[row + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0) bitmap.set(x, y);
  }
  return bitmap;
}

/**
 * The labels of many shipments as one PNG, each shipment's (its 4×6 in labels one under another, all at `dpi`) under
 * the one before: printed at its own resolution on 4×6 in pages, it is one label a page.
 */
export function stackedPng(pngs: readonly Uint8Array[], dpi: RasterDpi): Uint8Array {
  if (pngs.length === 1) return pngs[0]!;
  const pictures = pngs.map(readPicture);
  const stacked = new Bitmap(
    pictures[0]!.width,
    pictures.reduce((total, picture) => total + picture.height, 0),
  );
  let top = 0;
  for (const picture of pictures) {
    stacked.pixels.set(picture.pixels, top * stacked.width);
    top += picture.height;
  }
  return encodePng(stacked, dpi);
}
