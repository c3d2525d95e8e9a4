// Prints a shipment's PDF through the browser's print dialog, one kind of page at a time: the 4×6 in labels, each
// on its own 4×6 in sheet, or the A4 documents (the commercial invoice) on A4. Each page is rendered at printer
// resolution into an image (see the print stylesheet's named pages), then window.print() opens the dialog.
import { translate } from '../i18n/i18n.ts';
import { loadPdfJs } from './pdf-js.ts';

const PRINT_DPI = 300;
/** Wider than a 4×6 in label (288 pt): an A4 page (595 pt). */
const A4_MIN_WIDTH_PT = 400;

export type BrowserPages = 'labels' | 'a4';

export async function printInBrowser(pdf: Uint8Array, which: BrowserPages = 'labels'): Promise<void> {
  const { getDocument } = await loadPdfJs();
  const document = await getDocument({ data: pdf.slice() }).promise;
  const root =
    window.document.getElementById('print-root') ??
    window.document.body.appendChild(Object.assign(window.document.createElement('div'), { id: 'print-root' }));
  const images: HTMLImageElement[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    if ((viewport.width >= A4_MIN_WIDTH_PT ? 'a4' : 'labels') !== which) continue;
    const scaled = page.getViewport({ scale: PRINT_DPI / 72 });
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.floor(scaled.width);
    canvas.height = Math.floor(scaled.height);
    await page.render({ canvas, viewport: scaled }).promise;
    const image = new Image();
    image.src = canvas.toDataURL('image/png');
    image.alt = translate('print.pageAlt', { kind: which, number });
    image.className = which === 'a4' ? 'print-a4' : 'print-label';
    images.push(image);
  }
  root.replaceChildren(...images);
  // The page size the print stylesheet lays the document out for.
  window.document.documentElement.dataset.printing = which;
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  window.print();
}
