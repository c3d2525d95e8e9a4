// Which printer a print goes to, and in what format: the one the request names, else the caller's from the print
// settings, else the system default for labels. Every refusal (no printer, an unknown or paused one, ZPL or EPL2
// where it cannot go) comes before anything is queued. And how a printer is named to the desk.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { RAW_PRINT_FORMATS, type PrintRequest, type PrintSettings } from '../../../src-shared/printing.ts';
import type { PrinterAttributes } from '../../../src-shared/resources.ts';
import type { PrintBackend } from '../../printing/backend.ts';

/** The printer as the desk knows it: its description, with the queue's name when they differ. */
export function describePrinter(name: string, printers: readonly PrinterAttributes[]): string {
  const description = printers.find((printer) => printer.name === name)?.description;
  return description && description !== name ? `“${description}” (${name})` : name;
}

export interface ChosenPrinter {
  name: string;
  format: PrintSettings['format'];
  dpi: PrintSettings['dpi'];
}

/**
 * The printer a request names, else the caller's (its A4 printer for A4 documents), else the system default for
 * labels; the format it prints in; the caller's dpi. A paused printer is refused before anything is queued.
 */
export async function choosePrinter(
  backend: PrintBackend,
  current: PrintSettings,
  request: Pick<PrintRequest, 'printer' | 'format' | 'documents'>,
): Promise<ChosenPrinter> {
  const printers = await backend.printers();
  const a4 = request.documents === 'a4';
  const name = request.printer ?? (a4 ? current.a4Printer : (current.printer ?? printers.find((printer) => printer.isDefault)?.name));
  if (!name && a4) {
    throw new StationError('print.noA4Printer', ERROR_TEXT.missingRequiredData('data.attributes.printer'), {
      pointer: '/data/attributes/printer',
      meta: { reason: ERROR_TEXT.noA4Printer },
    });
  }
  if (!name) {
    throw new StationError('print.noPrinterChosen', ERROR_TEXT.missingRequiredData('data.attributes.printer'), {
      pointer: '/data/attributes/printer',
      meta: { reason: ERROR_TEXT.choosePrinter },
    });
  }
  const printer = printers.find((candidate) => candidate.name === name);
  if (!printer) {
    throw new StationError('print.printerUnknown', ERROR_TEXT.invalidData('data.attributes.printer'), {
      pointer: '/data/attributes/printer',
      meta: { reason: ERROR_TEXT.noSuchPrinter(name), printer: name },
    });
  }
  if (printer.status === 'disabled') {
    const problem = (await backend.printerProblem(name)) ?? '';
    // The code and figures let the desk say it in the packer's words; the text is the API's English.
    throw new StationError('print.printerPaused', ERROR_TEXT.printerPaused(describePrinter(name, printers), name, problem), {
      pointer: '/data/attributes/printer',
      meta: { reason: 'printerPaused', printer: printer.description || name, queue: name, problem },
    });
  }
  if (a4 && request.format !== undefined && request.format !== 'pdf') {
    throw new StationError('document.pdfOnly', ERROR_TEXT.invalidData('data.attributes.format'), {
      pointer: '/data/attributes/format',
      meta: { reason: ERROR_TEXT.a4DocumentsArePdf },
    });
  }
  // The station's printer prints in its chosen format; any other printer in the one it takes best. A4 is PDF.
  const format = a4 ? 'pdf' : (request.format ?? (name === current.printer ? current.format : printer.supportsRawZpl ? 'zpl' : 'pdf'));
  // ZPL and EPL2 go to the printer byte for byte: only a raw queue (no driver) passes them through.
  if (RAW_PRINT_FORMATS.includes(format) && !printer.supportsRawZpl) {
    const language = format.toUpperCase();
    throw new StationError('print.printerTakesNoZpl', ERROR_TEXT.invalidData('data.attributes.format'), {
      pointer: '/data/attributes/format',
      meta: { reason: ERROR_TEXT.printerTakesNoZpl(name, language), printer: name, format: language },
    });
  }
  return { name, format, dpi: current.dpi };
}
