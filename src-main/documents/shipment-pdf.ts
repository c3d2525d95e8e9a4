// The shipment's PDF: one 4×6 in thermal label per package, then a commercial invoice page (A4) when the
// shipment carries an export declaration. A pure function of the shipment: the station stores the bytes once.
import { PDFDocument, degrees, rgb, type PDFPage } from 'pdf-lib';
import type { Address, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { drawCode128, drawQrCode } from './barcodes.ts';
import { embedDocumentFonts, type DocumentFonts, type FontLibrary } from './fonts.ts';

export const LABEL_SIZE = { width: 288, height: 432 } as const;
const A4 = { width: 595.28, height: 841.89 } as const;
const BLACK = rgb(0, 0, 0);
const MARGIN = 10;

export interface ShipmentDocumentInput {
  reference: string;
  trackingNumber: string;
  carrierName: string;
  serviceName: string;
  shipDate: string;
  sandbox: boolean;
  attributes: ShipmentAttributes;
  createdAt: Date;
}

interface TextOptions {
  size: number;
  weight?: 'regular' | 'bold';
  maxWidth?: number;
}

function drawText(page: PDFPage, fonts: DocumentFonts, text: string, x: number, y: number, options: TextOptions): void {
  const weight = options.weight ?? 'regular';
  let shown = text;
  if (options.maxWidth !== undefined && fonts.width(shown, options.size, weight) > options.maxWidth) {
    while (shown.length > 1 && fonts.width(`${shown}…`, options.size, weight) > options.maxWidth) shown = [...shown].slice(0, -1).join('');
    shown = `${shown}…`;
  }
  let cursor = x;
  for (const run of fonts.runs(shown, weight)) {
    page.drawText(run.text, { x: cursor, y, size: options.size, font: run.font, color: BLACK });
    cursor += run.font.widthOfTextAtSize(run.text, options.size);
  }
}

function addressLines(address: Address): string[] {
  const cityLine = [address.postalCode, address.city, address.state].filter(Boolean).join(' ');
  return [address.name, address.contact, address.address1, address.address2 ?? '', cityLine, address.country, address.phone ? `Tel. ${address.phone}` : '']
    .filter((line) => line && line.trim() !== '');
}

function allTexts(input: ShipmentDocumentInput): string[] {
  const { attributes } = input;
  const addresses = [attributes.shipFrom, attributes.shipTo, attributes.collectionLocation].filter((a): a is Address => !!a);
  const lines = addresses.flatMap(addressLines);
  const items = attributes.exportDeclaration?.lineItems.map((item) => item.description) ?? [];
  return [...lines, ...items, attributes.goodsDescription ?? '', attributes.specialInstructions ?? '', input.carrierName, input.serviceName];
}

function drawLabel(page: PDFPage, fonts: DocumentFonts, input: ShipmentDocumentInput, index: number, count: number): void {
  const { width, height } = LABEL_SIZE;
  const { attributes } = input;
  const pkg = attributes.packages[index]!;
  const inner = width - 2 * MARGIN;

  // Header: carrier and service.
  drawText(page, fonts, input.carrierName, MARGIN, height - 28, { size: 16, weight: 'bold', maxWidth: inner });
  drawText(page, fonts, input.serviceName, MARGIN, height - 42, { size: 9, maxWidth: inner });
  page.drawLine({ start: { x: MARGIN, y: height - 50 }, end: { x: width - MARGIN, y: height - 50 }, thickness: 1, color: BLACK });

  // Sender.
  let y = height - 62;
  drawText(page, fonts, 'FROM', MARGIN, y, { size: 6, weight: 'bold' });
  for (const line of addressLines(attributes.shipFrom).slice(0, 6)) {
    y -= 9;
    drawText(page, fonts, line, MARGIN, y, { size: 7.5, maxWidth: inner });
  }
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 0.5, color: BLACK });

  // Receiver, large: the part a driver reads.
  y -= 12;
  drawText(page, fonts, 'TO', MARGIN, y, { size: 6, weight: 'bold' });
  const receiver = addressLines(attributes.shipTo).slice(0, 7);
  receiver.forEach((line, i) => {
    y -= i === 0 ? 15 : 13;
    drawText(page, fonts, line, MARGIN, y, { size: i === 0 ? 13 : 11, weight: i === 0 || line === attributes.shipTo.country ? 'bold' : 'regular', maxWidth: inner });
  });
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: width - MARGIN, y }, thickness: 1, color: BLACK });

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
  facts.forEach((fact, i) => drawText(page, fonts, fact, MARGIN, factsTop - i * 11, { size: i === 0 ? 10 : 8, weight: i === 0 ? 'bold' : 'regular', maxWidth: inner - qrSize - 6 }));
  const qrData = [input.trackingNumber, input.reference, attributes.shipTo.postalCode, attributes.shipTo.country, `${index + 1}/${count}`].join('|');
  drawQrCode(page, qrData, { x: width - MARGIN - qrSize, y: factsTop - qrSize + 8, size: qrSize });

  // Tracking barcode and its human-readable line.
  const barcodeBottom = 36;
  drawCode128(page, input.trackingNumber, { x: MARGIN, y: barcodeBottom, width: inner, height: 60 });
  const trackingText = input.trackingNumber;
  const textWidth = fonts.width(trackingText, 11, 'bold');
  drawText(page, fonts, trackingText, (width - textWidth) / 2, barcodeBottom - 14, { size: 11, weight: 'bold' });
  if (attributes.documentsOnly) drawText(page, fonts, 'DOCUMENTS', MARGIN, 10, { size: 7, weight: 'bold' });

  if (input.sandbox) {
    page.drawText('TEST LABEL', {
      x: 40,
      y: 120,
      size: 44,
      rotate: degrees(50),
      color: rgb(0.45, 0.45, 0.45),
      opacity: 0.55,
      font: fonts.runs('TEST LABEL', 'bold')[0]!.font,
    });
    drawText(page, fonts, 'TEST LABEL - NOT VALID FOR SHIPPING', MARGIN, 10, { size: 7, weight: 'bold' });
  }
}

/** The commercial invoice on A4; its item table continues on further pages, so no item is ever left out. */
function drawCommercialInvoice(addPage: () => PDFPage, fonts: DocumentFonts, input: ShipmentDocumentInput): void {
  let page = addPage();
  const declaration = input.attributes.exportDeclaration!;
  const { attributes } = input;
  const left = 40;
  let y = A4.height - 60;
  drawText(page, fonts, 'COMMERCIAL INVOICE', left, y, { size: 18, weight: 'bold' });
  if (input.sandbox) drawText(page, fonts, 'TEST - NOT VALID FOR CUSTOMS', A4.width - 220, y, { size: 10, weight: 'bold' });
  y -= 24;
  const facts = [
    `Invoice ${declaration.invoiceReference} of ${declaration.invoiceDate}`,
    `Shipment reference ${input.reference}, ${input.carrierName} tracking ${input.trackingNumber}, ship date ${input.shipDate}`,
    `Reason for export ${declaration.exportReasonType}; purpose ${declaration.shipmentPurpose}; Incoterms ${['', 'DDP', 'DAP', 'EXW'][attributes.incoTerms ?? 2]}`,
  ];
  for (const fact of facts) {
    drawText(page, fonts, fact, left, y, { size: 9, maxWidth: A4.width - 2 * left });
    y -= 13;
  }
  y -= 10;
  const columnWidth = (A4.width - 2 * left) / 2;
  const blocks: [string, Address][] = [['Exporter', attributes.shipFrom], ['Consignee', attributes.shipTo]];
  blocks.forEach(([title, address], column) => {
    let blockY = y;
    drawText(page, fonts, title, left + column * columnWidth, blockY, { size: 9, weight: 'bold' });
    const lines = [...addressLines(address), address.taxIdentification ? `Tax ID ${address.taxIdentification}` : ''].filter(Boolean);
    for (const line of lines) {
      blockY -= 12;
      drawText(page, fonts, line, left + column * columnWidth, blockY, { size: 9, maxWidth: columnWidth - 10 });
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
    for (const column of columns) drawText(page, fonts, column.title, column.x, y, { size: 8, weight: 'bold' });
    y -= 4;
    page.drawLine({ start: { x: left, y }, end: { x: A4.width - left, y }, thickness: 0.5, color: BLACK });
  };
  tableHeader();
  let totalCents = 0;
  let totalWeight = 0;
  for (const item of declaration.lineItems) {
    if (y < 130) {
      page = addPage();
      y = A4.height - 60;
      drawText(page, fonts, `COMMERCIAL INVOICE ${declaration.invoiceReference} (continued)`, left, y, { size: 10, weight: 'bold' });
      y -= 24;
      tableHeader();
    }
    y -= 13;
    const lineCents = Math.round(Number(item.unitPrice) * 100) * Number(item.quantity);
    totalCents += lineCents;
    totalWeight += Number(item.unitWeight) * Number(item.quantity);
    const cells = [item.description, item.commodityCode ?? '', item.originCountry, item.quantity, item.unitPrice, item.unitWeight, (lineCents / 100).toFixed(2)];
    cells.forEach((cell, i) => drawText(page, fonts, cell, columns[i]!.x, y, { size: 8, maxWidth: columns[i]!.width }));
  }
  y -= 8;
  page.drawLine({ start: { x: left, y }, end: { x: A4.width - left, y }, thickness: 0.5, color: BLACK });
  y -= 14;
  const currency = attributes.invoiceSubtotal?.currency ?? 'EUR';
  drawText(page, fonts, `Goods total ${(totalCents / 100).toFixed(2)} ${currency}`, left + 320, y, { size: 9, weight: 'bold' });
  y -= 12;
  drawText(page, fonts, `Freight ${(declaration.invoiceFreight ?? 0).toFixed(2)} ${currency}`, left + 320, y, { size: 9 });
  y -= 12;
  drawText(page, fonts, `Total net weight ${totalWeight.toFixed(3)} kg, ${attributes.packages.length} package(s)`, left + 320, y, { size: 9 });
  drawText(page, fonts, 'I declare that the information on this invoice is true and correct.', left, 60, { size: 8 });
}

export async function renderShipmentPdf(input: ShipmentDocumentInput, library: FontLibrary): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shipment ${input.reference}`);
  pdf.setProducer('Shipping Station');
  pdf.setCreator('Shipping Station');
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);
  const fonts = await embedDocumentFonts(pdf, library, allTexts(input));
  const count = input.attributes.packages.length;
  for (let index = 0; index < count; index++) {
    drawLabel(pdf.addPage([LABEL_SIZE.width, LABEL_SIZE.height]), fonts, input, index, count);
  }
  if (input.attributes.exportDeclaration) drawCommercialInvoice(() => pdf.addPage([A4.width, A4.height]), fonts, input);
  return pdf.save();
}
