// Where things stand on a PDF's page, read with pdf.js: each piece of text with its box, and each filled shape
// (a barcode's bars) with its bounds, in points from the page's bottom left.
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface PlacedText extends Box {
  text: string;
  size: number;
}

/** The text of one page with the box each piece takes (its advance, from descender to ascender), and its filled shapes. */
export async function pdfLayout(pdf: Uint8Array, pageNumber = 1): Promise<{ texts: PlacedText[]; fills: Box[] }> {
  const loaded = await getDocument({ data: pdf.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const page = await loaded.getPage(pageNumber);
  const texts: PlacedText[] = [];
  for (const item of (await page.getTextContent()).items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const size = Math.hypot(item.transform[0], item.transform[1]);
    const [x, y] = [item.transform[4], item.transform[5]];
    texts.push({ text: item.str, size, left: x, right: x + item.width, bottom: y - 0.25 * size, top: y + 0.8 * size });
  }
  const fills: Box[] = [];
  const operators = await page.getOperatorList();
  operators.fnArray.forEach((fn, index) => {
    if (fn !== OPS.constructPath) return;
    // pdf.js 5: constructPath's arguments are the painting operator, the path, and the path's bounds.
    const [paint, , bounds] = operators.argsArray[index] as [number, unknown, ArrayLike<number>];
    if (paint === OPS.fill || paint === OPS.eoFill)
      fills.push({ left: bounds[0]!, bottom: bounds[1]!, right: bounds[2]!, top: bounds[3]! });
  });
  return { texts, fills };
}

/** Whether two boxes share any area, each grown by `margin` points. */
export function overlaps(a: Box, b: Box, margin = 0): boolean {
  return a.left < b.right + margin && b.left < a.right + margin && a.bottom < b.top + margin && b.bottom < a.top + margin;
}
