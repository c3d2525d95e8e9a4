// Barcodes drawn as vector rectangles, so they stay sharp at any printer resolution. bwip-js encodes;
// bar and module widths are whole printer dots at 203 dpi, the coarsest thermal printers.
import bwipjs from 'bwip-js';
import { rgb, type PDFPage } from 'pdf-lib';

/** One dot of a 203 dpi printer, in PDF points. */
export const DOT_PT = 72 / 203;
const BLACK = rgb(0, 0, 0);

interface LinearSymbol {
  sbs: number[];
}

interface MatrixSymbol {
  pixs: number[];
  pixx: number;
  pixy: number;
}

/** Draws Code 128 centred in the box; returns the width used. Modules are as wide as fits, in whole dots. */
export function drawCode128(page: PDFPage, text: string, box: { x: number; y: number; width: number; height: number }): number {
  const [symbol] = bwipjs.raw('code128', text, '') as LinearSymbol[];
  if (!symbol) throw new Error('code128 encoding produced no symbol');
  const modules = symbol.sbs.reduce((total, width) => total + width, 0);
  const dotsPerModule = Math.max(1, Math.floor(box.width / (modules * DOT_PT)));
  const moduleWidth = dotsPerModule * DOT_PT;
  const used = modules * moduleWidth;
  let x = box.x + (box.width - used) / 2;
  symbol.sbs.forEach((width, index) => {
    // sbs alternates bar, space, bar, …, starting with a bar.
    if (index % 2 === 0) page.drawRectangle({ x, y: box.y, width: width * moduleWidth, height: box.height, color: BLACK });
    x += width * moduleWidth;
  });
  return used;
}

/** Draws a QR code in a square of at most `size` points at (x, y), bottom-left. */
export function drawQrCode(page: PDFPage, data: string, at: { x: number; y: number; size: number }): void {
  const [symbol] = bwipjs.raw('qrcode', data, 'eclevel=M') as MatrixSymbol[];
  if (!symbol) throw new Error('qrcode encoding produced no symbol');
  const dotsPerModule = Math.max(1, Math.floor(at.size / (symbol.pixx * DOT_PT)));
  const module = dotsPerModule * DOT_PT;
  for (let row = 0; row < symbol.pixy; row++) {
    // Merge each row's dark modules into runs: fewer, wider rectangles.
    let start = -1;
    for (let col = 0; col <= symbol.pixx; col++) {
      const dark = col < symbol.pixx && symbol.pixs[row * symbol.pixx + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        page.drawRectangle({
          x: at.x + start * module,
          y: at.y + (symbol.pixy - 1 - row) * module,
          width: (col - start) * module,
          height: module,
          color: BLACK,
        });
        start = -1;
      }
    }
  }
}
