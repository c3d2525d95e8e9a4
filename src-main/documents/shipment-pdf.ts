// The shipment's PDF: one 4×6 in thermal label per package, then the customs declarations its route and service
// need (./customs-forms.ts): a CN22 label page, or the CN23 on A4 with its copies, and a commercial invoice. A pure function of the shipment: the same input gives the same
// bytes, and the station stores them once. Written with the station's own PDF writer and font subsets, it
// costs about a millisecond a page; the station renders it in its document workers, off the API's thread.
// Bulk print puts the labels of many shipments in one PDF, on 4×6 pages or A4 sheets of 2 or 4.
import { formatCents, parseCents } from '../../src-shared/money.ts';
import type { LabelLayout, LabelStock } from '../../src-shared/printing.ts';
import type { Address, DocumentPart, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { addressLines, countryLine } from './address-lines.ts';
import {
  A4,
  CN23_COPIES,
  customsFormsOf,
  DANGEROUS_GOODS_HEADING,
  declaredDangerousGoods,
  drawCn22,
  drawCn23,
  freightOf,
} from './customs-forms.ts';
import { drawCode128, drawQrCode } from './barcodes.ts';
import { DocumentFonts, type FontLibrary, type Weight } from './fonts.ts';
import { PageContent, type PageSpec } from './pdf-writer.ts';
import { assemblePdf, drawRow, drawText as drawSharedText } from './pdf-document.ts';
import type { RasterDpi } from './bitmap.ts';
import { cashOnDeliveryLine, serviceMarkLines } from './service-marks.ts';

export const LABEL_SIZE = { width: 288, height: 432 } as const;
const MARGIN = 10;
/** The watermark's see-through grey: a graphics state in every page's resources. */
const WATERMARK_STATE = 'GS1';

export interface ShipmentDocumentInput {
  reference: string;
  trackingNumber: string;
  carrierName: string;
  serviceName: string;
  shipDate: string;
  sandbox: boolean;
  attributes: ShipmentAttributes;
  createdAt: Date;
  /** A return's label: marked RETURN, and PAY ON USE when the carrier charges it only once it scans it first. */
  returnLabel?: { payOnUse: boolean };
  /** The postage booked: the freight of the CN23 and the invoice when the declaration gives none. */
  postage?: { cents: number; currency: string };
}

export interface RenderOptions {
  /** Only the 4×6 in pages, the labels and a CN22: what a label printer prints. No A4 page. */
  labelsOnly?: boolean;
  /** Only the A4 pages (the CN23 and its copies, the commercial invoice): what the desk's A4 printer prints. */
  a4Only?: boolean;
  /** Only one document: the labels, the CN22, the CN23 with its copies, or the commercial invoice. */
  part?: DocumentPart;
  /** Bulk print: the sheet the labels of many shipments go on. */
  layout?: LabelLayout;
  /** Bulk print on A4 sheets: the first sheet's first free place (1, the top left, by default). */
  start?: number;
  /** Not a PDF: the labels (and a CN22) as one 1-bit PNG at the printer's dots (./png-label.ts). */
  png?: { dpi: RasterDpi };
  /**
   * Only the label pages (the labels and a CN22, or `part` of them), drawn for a stock: one a page of its size,
   * or on A4 sheets from place `start` (1 = top left) of the first sheet.
   */
  stock?: { size: LabelStock; start: number };
}

interface TextOptions {
  size: number;
  weight?: Weight;
  maxWidth?: number;
}

/** One page being drawn: its content stream and the document's fonts. */
interface Page {
  content: PageContent;
  fonts: DocumentFonts;
}

function drawText(page: Page, text: string, x: number, y: number, options: TextOptions): void {
  drawSharedText(page.content, page.fonts, text, x, y, options);
}

function drawLine(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, thickness: number): void {
  page.content.line(from.x, from.y, to.x, to.y, thickness);
}

function drawLabel(page: Page, input: ShipmentDocumentInput, index: number, count: number): void {
  const { width, height } = LABEL_SIZE;
  const { attributes } = input;
  const pkg = attributes.packages[index]!;
  const inner = width - 2 * MARGIN;

  // Header: carrier and service.
  drawText(page, input.carrierName, MARGIN, height - 28, { size: 16, weight: 'bold', maxWidth: inner });
  drawText(page, input.serviceName, MARGIN, height - 42, { size: 9, maxWidth: inner });
  drawLine(page, { x: MARGIN, y: height - 50 }, { x: width - MARGIN, y: height - 50 }, 1);

  // Sender.
  let y = height - 62;
  drawText(page, 'FROM', MARGIN, y, { size: 6, weight: 'bold' });
  for (const line of addressLines(attributes.shipFrom).slice(0, 6)) {
    y -= 9;
    drawText(page, line, MARGIN, y, { size: 7.5, maxWidth: inner });
  }
  y -= 8;
  drawLine(page, { x: MARGIN, y }, { x: width - MARGIN, y }, 0.5);

  // Receiver, large: the part a driver reads.
  y -= 12;
  drawText(page, 'TO', MARGIN, y, { size: 6, weight: 'bold' });
  const receiver = addressLines(attributes.shipTo).slice(0, 7);
  receiver.forEach((line, i) => {
    y -= i === 0 ? 15 : 13;
    drawText(page, line, MARGIN, y, {
      size: i === 0 ? 13 : 11,
      weight: i === 0 || line === countryLine(attributes.shipTo.country) ? 'bold' : 'regular',
      maxWidth: inner,
    });
  });
  y -= 10;
  drawLine(page, { x: MARGIN, y }, { x: width - MARGIN, y }, 1);

  // Package facts beside the 2D code.
  const qrSize = 70;
  const factsTop = y - 12;
  const facts = [
    `Package ${index + 1} of ${count}`,
    `Weight ${pkg.weight.value} kg`,
    `Ship date ${input.shipDate}`,
    `Reference ${input.reference}`,
    attributes.customerReference ? `Customer ref. ${attributes.customerReference}` : '',
  ].filter(Boolean);
  facts.forEach((fact, i) =>
    drawText(page, fact, MARGIN, factsTop - i * 11, {
      size: i === 0 ? 10 : 8,
      weight: i === 0 ? 'bold' : 'regular',
      maxWidth: inner - qrSize - 6,
    }),
  );
  const qrData = [
    input.trackingNumber,
    input.reference,
    attributes.shipTo.postalCode,
    attributes.shipTo.country,
    `${index + 1}/${count}`,
  ].join('|');
  drawQrCode(page.content, qrData, { x: width - MARGIN - qrSize, y: factsTop - qrSize + 8, size: qrSize });

  // Tracking barcode and its human-readable line.
  // With special services, the barcode is shorter and their marks stand under the tracking number.
  const marks = serviceMarkLines(attributes, index);
  const barcodeBottom = marks.length === 0 ? 36 : 72;
  drawCode128(page.content, input.trackingNumber, { x: MARGIN, y: barcodeBottom, width: inner, height: marks.length === 0 ? 60 : 44 });
  const trackingText = input.trackingNumber;
  const textWidth = page.fonts.width(trackingText, 11, 'bold');
  drawText(page, trackingText, (width - textWidth) / 2, barcodeBottom - 14, { size: 11, weight: 'bold' });
  if (marks.length > 0) {
    drawLine(page, { x: MARGIN, y: 53 }, { x: width - MARGIN, y: 53 }, 0.5);
    marks.forEach((mark, i) => drawText(page, mark, MARGIN, 44 - i * 9, { size: 7, weight: 'bold', maxWidth: inner }));
  }
  if (attributes.documentsOnly) drawText(page, 'DOCUMENTS', MARGIN, 10, { size: 7, weight: 'bold' });
  if (input.returnLabel) {
    const mark = input.returnLabel.payOnUse ? 'RETURN - PAY ON USE' : 'RETURN';
    drawText(page, mark, width - MARGIN - page.fonts.width(mark, 9, 'bold'), height - 42, { size: 9, weight: 'bold' });
  }

  if (input.sandbox) {
    const [watermark] = page.fonts.runs('TEST LABEL', 'bold');
    page.content.save();
    page.content.gray(0.45);
    page.content.graphicsState(WATERMARK_STATE);
    page.content.rotatedText(watermark!.fontKey, 44, 40, 120, 50, watermark!.hex);
    page.content.restore();
    drawText(page, 'TEST LABEL - NOT VALID FOR SHIPPING', MARGIN, 10, { size: 7, weight: 'bold' });
  }
}

/** The commercial invoice on A4; its item table continues on further pages, so no item is ever left out. */
function drawCommercialInvoice(addPage: () => Page, input: ShipmentDocumentInput): void {
  let page = addPage();
  const declaration = input.attributes.exportDeclaration!;
  const { attributes } = input;
  const left = 40;
  let y = A4.height - 60;
  drawText(page, 'COMMERCIAL INVOICE', left, y, { size: 18, weight: 'bold' });
  if (input.sandbox) drawText(page, 'TEST - NOT VALID FOR CUSTOMS', A4.width - 220, y, { size: 10, weight: 'bold' });
  y -= 24;
  const facts = [
    `Invoice ${declaration.invoiceReference} of ${declaration.invoiceDate}`,
    `Shipment reference ${input.reference}, ${input.carrierName} tracking ${input.trackingNumber}, ship date ${input.shipDate}`,
    `Reason for export ${declaration.exportReasonType}; purpose ${declaration.shipmentPurpose}; Incoterms ${['', 'DDP', 'DAP', 'EXW'][attributes.incoTerms ?? 2]}`,
    [
      (declaration.exporterEori ?? attributes.shipFrom.taxIdentification)
        ? `Exporter EORI ${declaration.exporterEori ?? attributes.shipFrom.taxIdentification}`
        : '',
      declaration.iossNumber ? `IOSS ${declaration.iossNumber}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  ].filter(Boolean);
  for (const fact of facts) {
    drawText(page, fact, left, y, { size: 9, maxWidth: A4.width - 2 * left });
    y -= 13;
  }
  y -= 10;
  const columnWidth = (A4.width - 2 * left) / 2;
  const blocks: [string, Address][] = [
    ['Exporter', attributes.shipFrom],
    ['Consignee', attributes.shipTo],
  ];
  blocks.forEach(([title, address], column) => {
    let blockY = y;
    drawText(page, title, left + column * columnWidth, blockY, { size: 9, weight: 'bold' });
    const lines = [...addressLines(address), address.taxIdentification ? `Tax ID ${address.taxIdentification}` : ''].filter(Boolean);
    for (const line of lines) {
      blockY -= 12;
      drawText(page, line, left + column * columnWidth, blockY, { size: 9, maxWidth: columnWidth - 10 });
    }
  });
  y -= 12 * 9 + 10;

  const columns = [
    { title: 'Description', x: left, width: 170 },
    { title: 'HS code', x: left + 175, width: 60 },
    { title: 'Origin', x: left + 240, width: 35 },
    { title: 'Qty', x: left + 280, width: 35 },
    { title: 'Unit price', x: left + 320, width: 60 },
    { title: 'Unit kg', x: left + 385, width: 50 },
    { title: 'Total', x: left + 440, width: 75 },
  ];
  const tableHeader = () => {
    drawRow(
      page.content,
      page.fonts,
      columns,
      columns.map((column) => column.title),
      y,
      { size: 8, weight: 'bold' },
    );
    y -= 4;
    drawLine(page, { x: left, y }, { x: A4.width - left, y }, 0.5);
  };
  tableHeader();
  let totalCents = 0;
  let totalWeight = 0;
  for (const item of declaration.lineItems) {
    if (y < 130) {
      page = addPage();
      y = A4.height - 60;
      drawText(page, `COMMERCIAL INVOICE ${declaration.invoiceReference} (continued)`, left, y, { size: 10, weight: 'bold' });
      y -= 24;
      tableHeader();
    }
    y -= 13;
    const lineCents = (parseCents(item.unitPrice) ?? 0) * Number(item.quantity);
    totalCents += lineCents;
    totalWeight += Number(item.unitWeight) * Number(item.quantity);
    const cells = [
      item.description,
      item.commodityCode ?? '',
      item.originCountry,
      item.quantity,
      item.unitPrice,
      item.unitWeight,
      formatCents(lineCents),
    ];
    drawRow(page.content, page.fonts, columns, cells, y, { size: 8 });
  }
  y -= 8;
  drawLine(page, { x: left, y }, { x: A4.width - left, y }, 0.5);
  y -= 14;
  const currency = attributes.invoiceSubtotal?.currency ?? 'EUR';
  drawText(page, `Goods total ${formatCents(totalCents)} ${currency}`, left + 320, y, { size: 9, weight: 'bold' });
  y -= 12;
  const freight = freightOf(input);
  drawText(page, `Freight ${freight.amount} ${freight.currency}`, left + 320, y, { size: 9 });
  y -= 12;
  drawText(page, `Total net weight ${totalWeight.toFixed(3)} kg, ${attributes.packages.length} package(s)`, left + 320, y, { size: 9 });
  // The services the papers state: the cash to collect on delivery, and the dangerous goods in full.
  const notes: { text: string; weight: Weight; gap: number }[] = [];
  const cod = attributes.services?.cashOnDelivery;
  if (cod) notes.push({ text: cashOnDeliveryLine(cod), weight: 'bold', gap: 20 });
  const dangerous = declaredDangerousGoods(attributes);
  if (dangerous.length > 0) {
    notes.push({ text: DANGEROUS_GOODS_HEADING, weight: 'bold', gap: 20 });
    for (const line of dangerous) notes.push({ text: line, weight: 'regular', gap: 12 });
  }
  for (const note of notes) {
    // The declaration stands at the foot of the last page.
    if (y - note.gap < 80) {
      page = addPage();
      y = A4.height - 60;
      drawText(page, `COMMERCIAL INVOICE ${declaration.invoiceReference} (continued)`, left, y, { size: 10, weight: 'bold' });
      y -= 4;
    }
    y -= note.gap;
    drawText(page, note.text, left, y, { size: 9, weight: note.weight, maxWidth: A4.width - 2 * left });
  }
  drawText(page, 'I declare that the information on this invoice is true and correct.', left, 60, { size: 8 });
}

/** The shipment's PDF: a label per package, then the commercial invoice (unless only labels are asked for). */
/** The labels' page resources beyond their fonts: the sandbox watermark's opacity. */
const LABEL_RESOURCES = `/ExtGState << /${WATERMARK_STATE} << /Type /ExtGState /ca 0.55 /CA 0.55 >> >>`;

type Matrix = [number, number, number, number, number, number];

const MM = 72 / 25.4;
/** The page of each stock that holds one label a page, in points. */
const SINGLE_STOCKS: Record<'4x6' | '4x8' | 'a6' | 'a5', { width: number; height: number }> = {
  '4x6': LABEL_SIZE,
  '4x8': { width: 288, height: 576 },
  a6: { width: 105 * MM, height: 148 * MM },
  a5: { width: 148 * MM, height: 210 * MM },
};

/** The matrix that puts the 4×6 in label in a box, as large as fits without distortion, centred. */
function fitted(box: { x: number; y: number; width: number; height: number }): Matrix {
  const { width: w, height: h } = LABEL_SIZE;
  const scale = Math.min(box.width / w, box.height / h);
  return [scale, 0, 0, scale, box.x + (box.width - w * scale) / 2, box.y + (box.height - h * scale) / 2];
}

/**
 * Where each label goes on a sheet of a stock: the matrix that maps the label's 4×6 in space onto the sheet. One
 * a page: the page's size, the label scaled to fit it (4×6 in: as it is; 4×8 in: real size, centred; A6: at
 * 97.1%; A5: at 137.8%). A4 2-up: the sheet's halves, each label at real size turned a quarter (432×288 pt in a
 * 595×421 half). A4 4-up: its quarters, each label upright at 97.5% (281×421 pt in a 298×421 quarter).
 */
function sheetSlots(layout: LabelStock): { size: { width: number; height: number }; slots: Matrix[] } {
  const { width: w, height: h } = LABEL_SIZE;
  if (layout === '4x6') return { size: LABEL_SIZE, slots: [[1, 0, 0, 1, 0, 0]] };
  if (layout !== 'a4-2' && layout !== 'a4-4') {
    const size = SINGLE_STOCKS[layout];
    return { size, slots: [fitted({ x: 0, y: 0, ...size })] };
  }
  const halfHeight = A4.height / 2;
  if (layout === 'a4-2') {
    // Turned: the label's x runs up the sheet and its y runs right to left, so its top is at the sheet's left.
    const left = (A4.width - h) / 2;
    const bottom = (halfHeight - w) / 2;
    return {
      size: A4,
      slots: [halfHeight + bottom, bottom].map((y) => [0, 1, -1, 0, left + h, y] as Matrix),
    };
  }
  const halfWidth = A4.width / 2;
  const corners = [
    [0, halfHeight],
    [halfWidth, halfHeight],
    [0, 0],
    [halfWidth, 0],
  ];
  return { size: A4, slots: corners.map(([cx, cy]) => fitted({ x: cx!, y: cy!, width: halfWidth, height: halfHeight })) };
}

/** Draws label pages into the slots of a stock's sheets, in order, from place `start` of the first sheet. */
function drawOnSheets(fonts: DocumentFonts, layout: LabelStock, start: number, labels: readonly ((page: Page) => void)[]): PageSpec[] {
  const pages: PageSpec[] = [];
  const { size, slots } = sheetSlots(layout);
  let sheet: PageContent | undefined;
  let slot = Math.min(Math.max(1, start), slots.length) - 1;
  for (const draw of labels) {
    if (!sheet || slot === slots.length) {
      sheet = new PageContent();
      pages.push({ ...size, content: sheet });
      if (slot === slots.length) slot = 0;
    }
    sheet.save();
    sheet.transform(...slots[slot++]!);
    sheet.clip(0, 0, LABEL_SIZE.width, LABEL_SIZE.height);
    draw({ content: sheet, fonts });
    sheet.restore();
  }
  return pages;
}

/**
 * Bulk print: the label pages of many shipments, in the order given, as one PDF of 4×6 pages or A4 sheets, the
 * first sheet's labels from place `start`.
 */
export function renderLabelSheets(
  inputs: readonly ShipmentDocumentInput[],
  library: FontLibrary,
  layout: LabelLayout,
  start = 1,
): Uint8Array {
  const fonts = new DocumentFonts(library);
  const labels = inputs.flatMap((input) => {
    const count = input.attributes.packages.length;
    return Array.from({ length: count }, (_, index) => (page: Page) => drawLabel(page, input, index, count));
  });
  return assemblePdf({
    pages: drawOnSheets(fonts, layout, start, labels),
    fonts,
    title: `Labels of ${inputs.length} shipments`,
    createdAt: inputs[0]?.createdAt ?? new Date(0),
    extraResources: LABEL_RESOURCES,
  });
}

export function renderShipmentPdf(input: ShipmentDocumentInput, library: FontLibrary, options: RenderOptions = {}): Uint8Array {
  const fonts = new DocumentFonts(library);
  const pages: PageSpec[] = [];
  const addPage = (size: { width: number; height: number }): Page => {
    const content = new PageContent();
    pages.push({ ...size, content });
    return { content, fonts };
  };
  const count = input.attributes.packages.length;
  const forms = customsFormsOf(input);
  const wanted = (part: DocumentPart, a4: boolean) =>
    (options.part === undefined || options.part === part) && !(a4 ? options.labelsOnly : options.a4Only);
  // The label pages: the labels and a CN22, each on a 4×6 in page, or on the stock asked for.
  const labels: ((page: Page) => void)[] = [];
  if (wanted('labels', false)) for (let index = 0; index < count; index++) labels.push((page) => drawLabel(page, input, index, count));
  if (forms.includes('CN22') && wanted('cn22', false)) labels.push((page) => drawCn22(page, input));
  if (options.stock) pages.push(...drawOnSheets(fonts, options.stock.size, options.stock.start, labels));
  else for (const draw of labels) draw(addPage(LABEL_SIZE));
  // A4 documents are not label pages: a stock asks for the label pages only.
  if (!options.stock && forms.includes('CN23') && wanted('cn23', true))
    for (const copy of CN23_COPIES) drawCn23(() => addPage(A4), input, copy);
  if (!options.stock && forms.includes('commercialInvoice') && wanted('invoice', true)) drawCommercialInvoice(() => addPage(A4), input);

  return assemblePdf({
    pages,
    fonts,
    title: `Shipment ${input.reference}`,
    createdAt: input.createdAt,
    extraResources: LABEL_RESOURCES,
  });
}
