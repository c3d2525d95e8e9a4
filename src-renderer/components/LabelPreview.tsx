// Renders every page of a label PDF onto canvases with pdf.js (loaded with the first PDF), at the chosen zoom.
import React, { useEffect, useRef, useState } from 'react';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { useTranslation } from 'react-i18next';
import { translate } from '../i18n/i18n.ts';
import { formatPercent } from '../i18n/format.ts';
import { loadPdfJs } from '../printing/pdf-js.ts';

export function LabelPreview({ pdf, label }: { pdf: Uint8Array | null; label?: string }): React.JSX.Element {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(1);
  const [state, setState] = useState<{ pages: number; error: string | null; rendered: boolean }>({
    pages: 0,
    error: null,
    rendered: false,
  });

  useEffect(() => {
    const target = container.current;
    if (!pdf || !target) return;
    let cancelled = false;
    setState({ pages: 0, error: null, rendered: false });
    let task: PDFDocumentLoadingTask | undefined;
    (async () => {
      const { getDocument } = await loadPdfJs();
      if (cancelled) return;
      task = getDocument({ data: pdf.slice() });
      const document = await task.promise;
      const canvases: HTMLCanvasElement[] = [];
      for (let number = 1; number <= document.numPages; number++) {
        const page = await document.getPage(number);
        const scale = zoom * (window.devicePixelRatio || 1);
        const viewport = page.getViewport({ scale });
        const canvas = window.document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / (window.devicePixelRatio || 1))}px`;
        canvas.setAttribute('aria-label', translate('preview.page', { number, count: document.numPages }));
        canvas.setAttribute('role', 'img');
        await page.render({ canvas, viewport }).promise;
        canvases.push(canvas);
        if (cancelled) return;
      }
      if (cancelled) return;
      target.replaceChildren(...canvases);
      setState({ pages: document.numPages, error: null, rendered: true });
    })().catch((error: unknown) => {
      if (!cancelled) setState({ pages: 0, error: translate('preview.failed', { reason: (error as Error).message }), rendered: false });
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [pdf, zoom]);

  return (
    <section className="label-preview" aria-label={label ?? t('preview.label')} data-rendered={state.rendered ? 'true' : 'false'}>
      <div className="label-preview__toolbar">
        <span>{state.pages > 0 ? t('preview.pages', { count: state.pages }) : pdf ? t('preview.rendering') : t('preview.none')}</span>
        <div className="zoom" role="group" aria-label={t('preview.zoom')}>
          <button type="button" onClick={() => setZoom((value) => Math.max(0.5, value - 0.25))} aria-label={t('preview.zoomOut')}>
            −
          </button>
          <span aria-live="polite">{formatPercent(zoom, 0)}</span>
          <button type="button" onClick={() => setZoom((value) => Math.min(3, value + 0.25))} aria-label={t('preview.zoomIn')}>
            +
          </button>
        </div>
      </div>
      {state.error ? (
        <div role="alert" className="notice notice--error">
          {state.error}
        </div>
      ) : null}
      <div className="label-preview__pages" ref={container} />
    </section>
  );
}
