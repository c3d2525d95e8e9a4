// The Electron app's hidden print window: fetches the label PDF handed out for this job, renders each page
// with pdf.js at printer resolution onto a 4×6 in image, and says "ready" through the title.
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;
const PRINT_DPI = 300;

async function render(): Promise<void> {
  const token = location.hash.slice(1);
  const response = await fetch(`/print-view/${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`the label is not available (${response.status})`);
  const pdf = await getDocument({ data: new Uint8Array(await response.arrayBuffer()) }).promise;
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: PRINT_DPI / 72 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const image = new Image();
    image.src = canvas.toDataURL('image/png');
    await image.decode();
    document.body.append(image);
  }
}

render().then(
  () => (document.title = 'ready'),
  (error: unknown) => (document.title = `error:${(error as Error).message}`),
);
