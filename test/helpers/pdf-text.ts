// The text of a PDF the station made, page by page, read with pdf.js: what a person would read on the paper.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(pdf: Uint8Array): Promise<string> {
  const loaded = await getDocument({ data: pdf.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  let all = '';
  for (let number = 1; number <= loaded.numPages; number++) {
    const content = await (await loaded.getPage(number)).getTextContent();
    all += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
  }
  return all;
}

/** The page sizes of a PDF in points, [width, height] per page, rounded. */
export async function pdfPageSizes(pdf: Uint8Array): Promise<[number, number][]> {
  const loaded = await getDocument({ data: pdf.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const sizes: [number, number][] = [];
  for (let number = 1; number <= loaded.numPages; number++) {
    const [left, bottom, right, top] = (await loaded.getPage(number)).view as [number, number, number, number];
    sizes.push([Math.round(right - left), Math.round(top - bottom)]);
  }
  return sizes;
}
