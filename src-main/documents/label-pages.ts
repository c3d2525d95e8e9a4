// The label pages of a shipment's PDF (one per package), without the commercial invoice that follows them:
// what goes to a label printer, while the invoice belongs on an office printer.
import { PDFDocument } from 'pdf-lib';

export async function labelPages(pdf: Uint8Array, packages: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf);
  const output = await PDFDocument.create();
  const pages = await output.copyPages(source, Array.from({ length: Math.min(packages, source.getPageCount()) }, (_, i) => i));
  for (const page of pages) output.addPage(page);
  return output.save();
}
