// The thermal label's layout, once, for every format drawn at the printer's own dots (ZPL, EPL2, PNG): what goes
// where on the 4×6 in label, in points from its top-left corner. Each format turns the points into its dots and
// draws text in its own way (a printer font, or the PDF's font at whole pixels); bars and modules are whole dots.
// The same content as the PDF label (./shipment-pdf.ts), laid out on the same grid.
import { addressLines, countryLine } from './address-lines.ts';
import {
  CATEGORIES,
  DANGEROUS_GOODS_HEADING,
  DECLARATION_TEXT,
  categoryOf,
  customsFormsOf,
  declaredDangerousGoods,
  importerReference,
  itemRows,
  senderReference,
  totals,
} from './customs-forms.ts';
import { MARK_LINE_CHARS, serviceMarkLines } from './service-marks.ts';
import type { ShipmentDocumentInput } from './shipment-pdf.ts';

/** The label's size in points (4×6 in) and its side margin. */
export const THERMAL_LABEL = { width: 288, height: 432, margin: 10 } as const;

export type LabelElement =
  /** One line of text cut to `width` (points; absent: margin to margin), or a block of up to `lines` wrapped lines. `turned`: a quarter turn clockwise. */
  | { kind: 'text'; x: number; y: number; size: number; value: string; width?: number; lines?: number; turned?: boolean; bold?: boolean }
  /** A horizontal rule from margin to margin. */
  | { kind: 'rule'; y: number; thickness: number }
  /** A Code 128 of `data`, `height` points tall, starting at the left margin. */
  | { kind: 'code128'; x: number; y: number; height: number; data: string }
  /** A QR code of `data` whose top-left is at (x, y), at most `size` points wide. */
  | { kind: 'qr'; x: number; y: number; size: number; data: string };

/** One label: its elements in drawing order. */
export interface ThermalLabel {
  elements: LabelElement[];
}

/** The text of a package's QR code: tracking number, reference, receiver's postal code and country, package n/count. */
export function qrText(input: ShipmentDocumentInput, index: number): string {
  const count = input.attributes.packages.length;
  return [
    input.trackingNumber,
    input.reference,
    input.attributes.shipTo.postalCode,
    input.attributes.shipTo.country,
    `${index + 1}/${count}`,
  ].join('|');
}

function packageLabel(input: ShipmentDocumentInput, index: number): ThermalLabel {
  const count = input.attributes.packages.length;
  const pkg = input.attributes.packages[index]!;
  const elements: LabelElement[] = [];
  const text = (x: number, y: number, size: number, value: string, width?: number, bold = false) =>
    elements.push({ kind: 'text', x, y, size, value, ...(width === undefined ? {} : { width }), ...(bold ? { bold } : {}) });
  const rule = (y: number, thickness = 1) => elements.push({ kind: 'rule', y, thickness });
  text(10, 12, 16, input.carrierName, undefined, true);
  text(10, 32, 9, input.serviceName);
  rule(48);
  let y = 54;
  text(10, y, 6, 'FROM', undefined, true);
  for (const value of addressLines(input.attributes.shipFrom).slice(0, 6)) {
    y += 9;
    text(10, y, 7.5, value);
  }
  y += 12;
  rule(y, 0.5);
  y += 6;
  text(10, y, 6, 'TO', undefined, true);
  addressLines(input.attributes.shipTo)
    .slice(0, 7)
    .forEach((value, i) => {
      y += i === 0 ? 10 : 14;
      text(10, y, i === 0 ? 13 : 11, value, undefined, i === 0 || value === countryLine(input.attributes.shipTo.country));
    });
  y += 18;
  rule(y);
  const factsTop = y + 6;
  const facts = [
    `Package ${index + 1} of ${count}`,
    `Weight ${pkg.weight.value} kg`,
    `Ship date ${input.shipDate}`,
    `Reference ${input.reference}`,
  ];
  if (input.attributes.customerReference) facts.push(`Customer ref. ${input.attributes.customerReference}`);
  facts.forEach((fact, i) => text(10, factsTop + i * 11, i === 0 ? 10 : 8, fact, 190, i === 0));
  elements.push({ kind: 'qr', x: 208, y: factsTop - 4, size: 70, data: qrText(input, index) });
  // The special services' marks under the tracking number, the barcode shorter to make room for them.
  const marks = serviceMarkLines(input.attributes, index);
  if (marks.length === 0) {
    elements.push({ kind: 'code128', x: 10, y: 312, height: 60, data: input.trackingNumber });
    text(10, 378, 11, input.trackingNumber, undefined, true);
  } else {
    elements.push({ kind: 'code128', x: 10, y: 312, height: 46, data: input.trackingNumber });
    text(10, 362, 11, input.trackingNumber, undefined, true);
    rule(378, 0.5);
    marks.forEach((mark, i) => text(10, 382 + i * 9, 7, mark, undefined, true));
  }
  if (input.attributes.documentsOnly) text(10, 410, 7, 'DOCUMENTS', undefined, true);
  if (input.sandbox) {
    text(10, 420, 7, 'TEST LABEL - NOT VALID FOR SHIPPING', undefined, true);
    // Turned down the label's left side, ending above the barcode, so a test label still scans.
    elements.push({ kind: 'text', x: 40, y: 66, size: 36, value: 'TEST LABEL', turned: true, bold: true });
  }
  return { elements };
}

/** Words in rows of at most `chars` characters (a longer word is cut). */
function wrapWords(value: string, chars: number): string[] {
  const rows: string[] = [];
  for (const word of value.split(' ')) {
    const last = rows.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= chars) rows[rows.length - 1] = `${last} ${word}`;
    else rows.push(word.slice(0, chars));
  }
  return rows;
}

/** The CN22 as a label of its own, laid out as the PDF's CN22 page; the declaration's text in a wrapping block. */
function cn22Label(input: ShipmentDocumentInput): ThermalLabel {
  const { attributes } = input;
  const elements: LabelElement[] = [];
  const text = (x: number, y: number, size: number, value: string, width?: number) =>
    elements.push({ kind: 'text', x, y, size, value, ...(width === undefined ? {} : { width }) });
  const rule = (y: number, thickness = 1) => elements.push({ kind: 'rule', y, thickness });
  text(10, 10, 12, 'CUSTOMS DECLARATION');
  text(226, 8, 14, 'CN 22', 60);
  text(10, 27, 7, `Designated operator: ${input.carrierName}. May be opened officially`);
  text(10, 37, 7, `Item ${input.trackingNumber}   Ref. ${input.reference}`);
  rule(47);
  const category = categoryOf(attributes);
  CATEGORIES.forEach((name, index) =>
    text(10 + (index % 3) * 92, 52 + Math.floor(index / 3) * 11, 6.5, `[${name === category ? 'X' : ' '}] ${name}`, 90),
  );
  rule(76);
  text(10, 80, 5.5, 'Qty and description / HS tariff no. / origin / kg / EUR');
  let y = 90;
  for (const row of itemRows(attributes.exportDeclaration)) {
    text(10, y, 7, `${row.quantity} × ${row.description}`, 118);
    text(131, y, 7, row.hsCode, 44);
    text(178, y, 7, row.origin, 24);
    text(204, y, 7, row.kg, 34);
    text(240, y, 7, row.value, 38);
    y += 10;
  }
  const dangerous = declaredDangerousGoods(attributes);
  if (dangerous.length > 0) {
    text(10, y, 6.5, `${DANGEROUS_GOODS_HEADING}:`);
    // In rows that every printer font holds whole, as the label's marks.
    for (const line of dangerous) for (const row of wrapWords(line, MARK_LINE_CHARS)) text(10, (y += 8), 6.5, row, 268);
    y += 10;
  }
  const sum = totals(input);
  rule(y + 2, 0.5);
  text(10, y + 6, 7, `Total gross weight ${sum.grossKg} kg   Total value (EUR) ${sum.value}`);
  y += 20;
  const sender = senderReference(attributes);
  if (sender) text(10, y, 7, `Sender’s customs reference (EORI): ${sender}`);
  const importer = importerReference(attributes);
  if (importer) text(10, y + 9, 7, `Importer’s reference: ${importer}`);
  elements.push({ kind: 'text', x: 10, y: y + 22, size: 6, value: DECLARATION_TEXT, width: 268, lines: 8 });
  text(10, y + 90, 7.5, `Date and sender’s signature: ${input.shipDate}   ${attributes.shipFrom.contact}`);
  return { elements };
}

/** The shipment's thermal labels: one per package, then a postal item's CN22. */
export function thermalLabels(input: ShipmentDocumentInput): ThermalLabel[] {
  const labels = input.attributes.packages.map((_, index) => packageLabel(input, index));
  if (customsFormsOf(input).includes('CN22')) labels.push(cn22Label(input));
  return labels;
}
