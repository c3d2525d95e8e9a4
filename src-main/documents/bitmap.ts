// A 1-bit picture at a printer's dots, and its PNG: black or white, nothing between, so a thermal printer or a
// print agent prints each pixel as one dot, with no grey to dither and no edge to blur. Encoded with node:zlib;
// the PNG says its resolution (pHYs), so an agent that honours it prints the label at its real size.
import { deflateSync } from 'node:zlib';

/** The dots per inch of the thermal printers' labels drawn as bitmaps: 203 and 300. */
export type RasterDpi = 203 | 300;

export class Bitmap {
  readonly width: number;
  readonly height: number;
  /** One byte a pixel, 1 for black; packed to bits only in the PNG. */
  readonly pixels: Uint8Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint8Array(width * height);
  }

  /** Blackens the whole pixels of the rectangle (left, top, width, height), clipped to the picture. */
  fill(left: number, top: number, width: number, height: number): void {
    const x0 = Math.max(0, left);
    const x1 = Math.min(this.width, left + width);
    for (let y = Math.max(0, top); y < Math.min(this.height, top + height); y++)
      this.pixels.fill(1, y * this.width + x0, y * this.width + Math.max(x0, x1));
  }

  set(x: number, y: number): void {
    if (x >= 0 && y >= 0 && x < this.width && y < this.height) this.pixels[y * this.width + x] = 1;
  }

  get(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && this.pixels[y * this.width + x] === 1;
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The picture as a 1-bit greyscale PNG (bit 0 black, 1 white) stating `dpi` as its resolution. */
export function encodePng(bitmap: Bitmap, dpi: number): Uint8Array {
  const { width, height, pixels } = bitmap;
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array(height * (rowBytes + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (rowBytes + 1);
    // Filter type 0, then the row's bits, white (1) where nothing is drawn, the row's tail padded white.
    raw.fill(0xff, row + 1, row + 1 + rowBytes);
    for (let x = 0; x < width; x++) if (pixels[y * width + x] === 1) raw[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
  }
  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filtering, no interlace
  const physical = new Uint8Array(9);
  const perMetre = Math.round(dpi / 0.0254);
  new DataView(physical.buffer).setUint32(0, perMetre);
  new DataView(physical.buffer).setUint32(4, perMetre);
  physical[8] = 1; // the unit is the metre
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('pHYs', physical),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
