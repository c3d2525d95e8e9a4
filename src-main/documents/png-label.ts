// The shipment's labels as a 1-bit PNG at a printer's dots (203 or 300 dpi), for web print agents and label apps:
// the thermal layout the ZPL and EPL2 labels have (./label-layout.ts), drawn natively into pixels. Bars and QR
// modules are whole pixels; text is the PDF label's fonts filled at whole pixels with no grey (./glyph-raster.ts).
// A shipment of several labels (packages, then a CN22) gives them one under another, each exactly 4×6 in.
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import { Bitmap, encodePng, type RasterDpi } from './bitmap.ts';
import type { FontFile } from './font-file.ts';
import { DocumentFonts, type FontLibrary, type Weight } from './fonts.ts';
import { rasteriseGlyph, type GlyphMask } from './glyph-raster.ts';
import { THERMAL_LABEL, thermalLabels, type LabelElement } from './label-layout.ts';
import type { ShipmentDocumentInput } from './shipment-pdf.ts';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Code 128's bars and spaces in modules, from bwip-js's encoder. */
export function code128Modules(data: string): number[] {
  const [symbol] = bwipjs.raw('code128', data, '') as { sbs: number[] }[];
  if (!symbol) throw new Error('code128 encoding produced no symbol');
  return symbol.sbs;
}

/** The module width of a label's Code 128 in dots: 3 at 203 dpi, 4 at 300 (as the ZPL), less where the code would not fit. */
export function code128ModuleDots(data: string, dpi: RasterDpi, room: number): number {
  const modules = code128Modules(data).reduce((total, width) => total + width, 0);
  return Math.max(1, Math.min(dpi === 300 ? 4 : 3, Math.floor(room / modules)));
}

/** The QR code's dark modules and its module size in dots: as large as fits `size` dots, error correction M. */
export function qrModules(data: string, size: number): { count: number; dark: (row: number, col: number) => boolean; moduleDots: number } {
  const { size: count, data: dark } = QRCode.create(data, { errorCorrectionLevel: 'M' }).modules;
  return { count, dark: (row, col) => dark[row * count + col] === 1, moduleDots: Math.max(1, Math.floor(size / count)) };
}

/** Draws the labels' text with the document fonts: one mask per glyph, font and size, reused. */
class TextPainter {
  private readonly fonts: DocumentFonts;
  private readonly masks = new Map<string, GlyphMask>();

  constructor(library: FontLibrary) {
    this.fonts = new DocumentFonts(library);
  }

  fit(text: string, size: number, width: number, weight: Weight): string {
    return this.fonts.fit(text, size, width, weight);
  }

  width(text: string, size: number, weight: Weight): number {
    return this.fonts.width(text, size, weight);
  }

  /** Draws `text` with its baseline's start at (x, y) pixels, `pixelsPerEm` tall; turned runs down the picture. */
  draw(
    bitmap: Bitmap,
    text: string,
    x: number,
    y: number,
    pixelsPerEm: number,
    weight: Weight,
    options: { turned?: boolean; keepOut?: Box[] } = {},
  ) {
    let pen = 0;
    for (const { file, glyph } of this.fonts.glyphs(text, weight)) {
      const mask = this.mask(file, glyph, pixelsPerEm, options.turned ?? false);
      const originX = options.turned ? x : x + Math.round(pen);
      const originY = options.turned ? y + Math.round(pen) : y;
      for (let i = 0; i < mask.pixels.length; i += 2) {
        const px = originX + mask.pixels[i]!;
        const py = originY + mask.pixels[i + 1]!;
        if (options.keepOut?.some((box) => px >= box.left && px < box.right && py >= box.top && py < box.bottom)) continue;
        // A watermark is drawn as every other pixel, the 1-bit picture's grey.
        if (options.turned && (px + py) % 2 === 1) continue;
        bitmap.set(px, py);
      }
      pen += (file.advance(glyph) / file.metrics.unitsPerEm) * pixelsPerEm;
    }
  }

  private mask(file: FontFile, glyph: number, pixelsPerEm: number, turned: boolean): GlyphMask {
    const key = `${file.postScriptName}:${glyph}:${pixelsPerEm}:${turned}`;
    let mask = this.masks.get(key);
    if (!mask) {
      mask = rasteriseGlyph(file, glyph, pixelsPerEm, turned);
      this.masks.set(key, mask);
    }
    return mask;
  }
}

/** Words wrapped to lines of at most `width` points, at most `lines` of them (the last cut with an ellipsis). */
function wrap(painter: TextPainter, text: string, size: number, width: number, lines: number, weight: Weight): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && painter.width(next, size, weight) > width) {
      out.push(current);
      current = word;
    } else current = next;
  }
  if (current) out.push(current);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = painter.fit(`${kept[lines - 1]} ${out.slice(lines).join(' ')}`, size, width, weight);
  return kept;
}

/** One label's elements drawn onto the bitmap with its top at `top` pixels. */
function drawLabel(bitmap: Bitmap, painter: TextPainter, elements: readonly LabelElement[], dpi: RasterDpi, top: number): void {
  const dot = (points: number) => Math.round((points * dpi) / 72);
  const margin = dot(THERMAL_LABEL.margin);
  const inner = dot(THERMAL_LABEL.width) - 2 * margin;
  // Barcodes first, so the watermark keeps out of them and their quiet zones.
  const keepOut: Box[] = [];
  for (const element of elements) {
    if (element.kind === 'code128') {
      const moduleDots = code128ModuleDots(element.data, dpi, inner);
      let x = dot(element.x);
      const y = top + dot(element.y);
      code128Modules(element.data).forEach((modules, index) => {
        if (index % 2 === 0) bitmap.fill(x, y, modules * moduleDots, dot(element.height));
        x += modules * moduleDots;
      });
      keepOut.push({ left: dot(element.x) - 10 * moduleDots, top: y, right: x + 10 * moduleDots, bottom: y + dot(element.height) });
    } else if (element.kind === 'qr') {
      const { count, dark, moduleDots } = qrModules(element.data, dot(element.size));
      const [left, y0] = [dot(element.x), top + dot(element.y)];
      for (let row = 0; row < count; row++)
        for (let col = 0; col < count; col++)
          if (dark(row, col)) bitmap.fill(left + col * moduleDots, y0 + row * moduleDots, moduleDots, moduleDots);
      const quiet = 4 * moduleDots;
      keepOut.push({ left: left - quiet, top: y0 - quiet, right: left + (count + 4) * moduleDots, bottom: y0 + (count + 4) * moduleDots });
    }
  }
  for (const element of elements) {
    if (element.kind === 'rule') bitmap.fill(margin, top + dot(element.y), inner, Math.max(1, dot(element.thickness)));
    if (element.kind !== 'text') continue;
    const weight: Weight = element.bold ? 'bold' : 'regular';
    const pixelsPerEm = dot(element.size);
    // The field's top as ZPL places it; the baseline four fifths of the size below.
    const baseline = (line: number) => top + dot(element.y) + Math.round(pixelsPerEm * 0.8) + line * Math.round(pixelsPerEm * 1.1);
    if (element.turned) {
      painter.draw(bitmap, element.value, dot(element.x) + Math.round(pixelsPerEm * 0.2), top + dot(element.y), pixelsPerEm, weight, {
        turned: true,
        keepOut,
      });
      continue;
    }
    const widthPoints = element.width ?? THERMAL_LABEL.width - 2 * THERMAL_LABEL.margin;
    const lines =
      (element.lines ?? 1) > 1
        ? wrap(painter, element.value, element.size, widthPoints, element.lines!, weight)
        : [painter.fit(element.value, element.size, widthPoints, weight)];
    lines.forEach((line, index) => painter.draw(bitmap, line, dot(element.x), baseline(index), pixelsPerEm, weight));
  }
}

/** The shipment's labels as one 1-bit PNG at `dpi`: each label 4×6 in, one under another. */
export function renderPngLabels(input: ShipmentDocumentInput, library: FontLibrary, dpi: RasterDpi): Uint8Array {
  const labels = thermalLabels(input);
  const width = Math.round((THERMAL_LABEL.width * dpi) / 72);
  const height = Math.round((THERMAL_LABEL.height * dpi) / 72);
  const bitmap = new Bitmap(width, height * labels.length);
  const painter = new TextPainter(library);
  labels.forEach((label, index) => drawLabel(bitmap, painter, label.elements, dpi, index * height));
  return encodePng(bitmap, dpi);
}
