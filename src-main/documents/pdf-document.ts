// Text on a page in a document's fonts, and a whole PDF from drawn pages: the page tree, one shared resource dictionary (the fonts used, plus any extra
// entries), the catalog and the document information. What every station document (labels, invoices, manifests)
// ends with.
import type { DocumentFonts, Weight } from './fonts.ts';
import { PdfWriter, pdfDate, pdfNumber, pdfText, type PageContent, type PageSpec } from './pdf-writer.ts';

/** Draws text at (x, y) in the document's fonts (a fallback font for what the main one lacks), cut with an ellipsis to `maxWidth`. */
export function drawText(
  content: PageContent,
  fonts: DocumentFonts,
  text: string,
  x: number,
  y: number,
  options: { size: number; weight?: Weight; maxWidth?: number },
): void {
  const weight = options.weight ?? 'regular';
  const shown = options.maxWidth === undefined ? text : fonts.fit(text, options.size, options.maxWidth, weight);
  let cursor = x;
  for (const run of fonts.runs(shown, weight)) {
    content.text(run.fontKey, options.size, cursor, y, run.hex);
    cursor += run.advance * options.size;
  }
}

/** A table's column: where its cells start, and how wide they may be. */
export interface TableColumn {
  x: number;
  width: number;
}

/** One row of a table at `y`: each cell at its column, cut with an ellipsis to the column's width. */
export function drawRow(
  content: PageContent,
  fonts: DocumentFonts,
  columns: readonly TableColumn[],
  cells: readonly string[],
  y: number,
  options: { size: number; weight?: Weight },
): void {
  cells.forEach((cell, index) => drawText(content, fonts, cell, columns[index]!.x, y, { ...options, maxWidth: columns[index]!.width }));
}

export function assemblePdf(input: {
  pages: readonly PageSpec[];
  fonts: DocumentFonts;
  title: string;
  createdAt: Date;
  extraResources?: string;
}): Uint8Array {
  const writer = new PdfWriter();
  const catalog = writer.reserve();
  const pageTree = writer.reserve();
  const resources = writer.reserve();
  const kids = input.pages.map((page) => {
    const content = writer.stream(page.content.bytes());
    const mediaBox = `[0 0 ${pdfNumber(page.width)} ${pdfNumber(page.height)}]`;
    return writer.add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox ${mediaBox} /Resources ${resources} 0 R /Contents ${content} 0 R >>`,
    );
  });
  writer.set(pageTree, `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  const fontEntries = input.fonts.writeTo(writer);
  writer.set(resources, `<< /Font << ${fontEntries} >>${input.extraResources ? ` ${input.extraResources}` : ''} >>`);
  writer.set(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R >>`);
  const created = pdfDate(input.createdAt);
  const info = writer.add(
    `<< /Title ${pdfText(input.title)} /Producer (Shipping Station) /Creator (Shipping Station) /CreationDate ${created} /ModDate ${created} >>`,
  );
  return writer.finish(catalog, info);
}
