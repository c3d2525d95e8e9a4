// Barcodes drawn as vector rectangles, so they stay sharp at any printer resolution. bwip-js encodes Code 128;
// the qrcode package encodes QR codes, about ten times faster than bwip-js's for the label's short text.
// Bar and module widths are whole printer dots at 203 dpi, the coarsest thermal printers.
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import type { PageContent } from './pdf-writer.ts';

/** One dot of a 203 dpi printer, in PDF points. */
export const DOT_PT = 72 / 203;

interface LinearSymbol {
  sbs: number[];
}

/** Draws Code 128 centred in the box; returns the width used. Modules are as wide as fits, in whole dots. */
export function drawCode128(page: PageContent, text: string, box: { x: number; y: number; width: number; height: number }): number {
  const [symbol] = bwipjs.raw('code128', text, '') as LinearSymbol[];
  if (!symbol) throw new Error('code128 encoding produced no symbol');
  const modules = symbol.sbs.reduce((total, width) => total + width, 0);
  const dotsPerModule = Math.max(1, Math.floor(box.width / (modules * DOT_PT)));
  const moduleWidth = dotsPerModule * DOT_PT;
  const used = modules * moduleWidth;
  let x = box.x + (box.width - used) / 2;
  symbol.sbs.forEach((width, index) => {
    // sbs alternates bar, space, bar, …, starting with a bar.
    if (index % 2 === 0) page.rectangle(x, box.y, width * moduleWidth, box.height);
    x += width * moduleWidth;
  });
  page.fill();
  return used;
}

/** Draws a QR code (error correction M) in a square of at most `size` points at (x, y), bottom-left. */
export function drawQrCode(page: PageContent, data: string, at: { x: number; y: number; size: number }): void {
  const { size: count, data: dark } = QRCode.create(data, { errorCorrectionLevel: 'M' }).modules;
  const dotsPerModule = Math.max(1, Math.floor(at.size / (count * DOT_PT)));
  const module = dotsPerModule * DOT_PT;
  for (let row = 0; row < count; row++) {
    // Merge each row's dark modules into runs: fewer, wider rectangles.
    let start = -1;
    for (let col = 0; col <= count; col++) {
      const isDark = col < count && dark[row * count + col] === 1;
      if (isDark && start < 0) start = col;
      if (!isDark && start >= 0) {
        page.rectangle(at.x + start * module, at.y + (count - 1 - row) * module, (col - start) * module, module);
        start = -1;
      }
    }
  }
  page.fill();
}
