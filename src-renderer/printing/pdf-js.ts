// pdf.js, loaded the first time a PDF is drawn (a label's preview, a print through the browser): about a fifth of the
// desk's script, which no packer needs before the first label, so the desk starts without parsing it.
import type * as PdfJsModule from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof PdfJsModule;
let loading: Promise<PdfJs> | undefined;

/** pdf.js with its worker set, loaded once. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}
