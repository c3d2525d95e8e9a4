// What the label printer gets, in the packer's words: the format with its dots (ZPL, EPL2 and PNG are drawn at the
// printer's dpi) or, for PDF, the stock it is drawn on. Settings says it beside the printer; the label screen beside
// the printer a label went to.
import type { TFunction } from 'i18next';
import type { PrintFormat, PrintLabelSize } from '../../src-shared/printing.ts';

/** Each label stock's name, as the Label size list and the lines that name the label printer say it. */
export const LABEL_SIZE_NAMES = {
  '4x6': 'settings.size4x6',
  '4x8': 'settings.size4x8',
  a6: 'settings.sizeA6',
  a5: 'settings.sizeA5',
} as const satisfies Record<PrintLabelSize, string>;

/** The formats drawn at the printer's dots, where the resolution applies (PDF is drawn at any size, on its stock). */
export const atPrinterDots = (format: PrintFormat): boolean => format !== 'pdf';

/** The format a printer gets, short: "EPL2 203 dpi", "PDF 4 × 6 in". */
export function printFormatWords(t: TFunction, format: PrintFormat, dpi: number, size: PrintLabelSize = '4x6'): string {
  return t('printing.formatShort', { format, dpi, size: t(LABEL_SIZE_NAMES[size]) });
}
