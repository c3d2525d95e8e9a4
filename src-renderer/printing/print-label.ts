// Prints a label PDF through the browser's print dialog: each page is rendered at printer resolution into
// an image on its own 4×6 in sheet (see the print stylesheet), then window.print() opens the dialog.
import { getDocument } from 'pdfjs-dist';

const PRINT_DPI = 300;

export async function printLabelInBrowser(pdf: Uint8Array): Promise<void> {
  const document = await getDocument({ data: pdf.slice() }).promise;
  const root = window.document.getElementById('print-root') ?? window.document.body.appendChild(Object.assign(window.document.createElement('div'), { id: 'print-root' }));
  const images: HTMLImageElement[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const viewport = page.getViewport({ scale: PRINT_DPI / 72 });
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const image = new Image();
    image.src = canvas.toDataURL('image/png');
    image.alt = `Label page ${number}`;
    images.push(image);
  }
  root.replaceChildren(...images);
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  window.print();
}
