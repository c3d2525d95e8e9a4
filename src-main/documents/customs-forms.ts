// The UPU's customs declarations, drawn from the shipment's export declaration: the CN22 on a 4×6 in label page
// (it goes on the parcel, so it prints on the label printer) and the CN23 on A4 with its copies. Which of them a
// shipment carries is src-shared/customs.ts's rule; a postal item is one whose tracking number is a UPU S10 one.
import { customsForms, declaredValueCents, type CustomsDocument } from '../../src-shared/customs.ts';
import { formatCents, parseCents } from '../../src-shared/money.ts';
import type { ExportDeclaration, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { addressLines } from './address-lines.ts';
import type { DocumentFonts, Weight } from './fonts.ts';
import { drawRow, drawText } from './pdf-document.ts';
import type { PageContent } from './pdf-writer.ts';
import { dangerousGoodsLines } from './service-marks.ts';

export const A4 = { width: 595.28, height: 841.89 } as const;
const LABEL = { width: 288, height: 432 } as const;

/** A page being drawn: its content stream and the document's fonts. */
export interface FormPage {
  content: PageContent;
  fonts: DocumentFonts;
}

/** What the forms read of a shipment. */
export interface CustomsInput {
  reference: string;
  trackingNumber: string;
  carrierName: string;
  shipDate: string;
  sandbox: boolean;
  attributes: ShipmentAttributes;
  /** The postage booked, in cents: the freight the forms declare when the declaration gives none of its own. */
  postage?: { cents: number; currency: string };
}

/** The freight customs is told: the declaration's own invoiceFreight, else the postage booked (what the carrier charges). */
export function freightOf(input: CustomsInput): { amount: string; currency: string } {
  const given = input.attributes.exportDeclaration?.invoiceFreight;
  if (given !== undefined)
    return { amount: formatCents(Math.round(given * 100)), currency: input.attributes.invoiceSubtotal?.currency ?? 'EUR' };
  return { amount: formatCents(input.postage?.cents ?? 0), currency: input.postage?.currency ?? 'EUR' };
}

/** The declarations this shipment carries (src-shared/customs.ts), by its tracking number and attributes. */
export const customsFormsOf = (input: CustomsInput): CustomsDocument[] => customsForms(input.attributes, input.trackingNumber);

/**
 * The dangerous goods, lithium batteries and dry ice the shipment's packages carry, in the label's words in full
 * (./service-marks.ts); each line names its package when there are several. Empty when there are none.
 */
export function declaredDangerousGoods(attributes: ShipmentAttributes): string[] {
  const several = attributes.packages.length > 1;
  return attributes.packages.flatMap((pkg, index) =>
    dangerousGoodsLines(pkg).map((line) => (several ? `Package ${index + 1}: ${line}` : line)),
  );
}

/** The heading of the dangerous goods' lines on the CN22 and the commercial invoice. */
export const DANGEROUS_GOODS_HEADING = 'Dangerous goods';
/** The CN23's box for what customs must know beyond the items, with the dangerous goods in it. */
const CN23_COMMENTS = 'Comments (dangerous goods)';

export const CATEGORIES = ['Gift', 'Commercial sample', 'Documents', 'Returned goods', 'Sale of goods', 'Other'] as const;
type Category = (typeof CATEGORIES)[number];

/** The form's category of item, from the export reason. */
export function categoryOf(attributes: ShipmentAttributes): Category {
  if (attributes.documentsOnly) return 'Documents';
  switch (attributes.exportDeclaration?.exportReasonType) {
    case 'GIFT':
      return 'Gift';
    case 'SAMPLE':
      return 'Commercial sample';
    case 'RETURN':
    case 'RETURN_TO_ORIGIN':
    case 'WARRANTY_REPLACEMENT':
      return 'Returned goods';
    case 'COMMERCIAL_PURPOSE_OR_SALE':
      return 'Sale of goods';
    default:
      return 'Other';
  }
}

export const DECLARATION_TEXT =
  'I, the undersigned, whose name and address are given on the item, certify that the particulars given in this declaration are correct and that this item does not contain any dangerous article or articles prohibited by legislation or by postal or customs regulations.';

function text(
  page: FormPage,
  value: string,
  x: number,
  y: number,
  size: number,
  options: { weight?: Weight; maxWidth?: number } = {},
): void {
  drawText(page.content, page.fonts, value, x, y, { size, ...options });
}

/** Words broken into lines no wider than `width`. */
function wrap(page: FormPage, value: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && page.fonts.width(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

function checkbox(page: FormPage, x: number, y: number, label: string, checked: boolean, size: number): void {
  const side = size + 1;
  page.content.rectangle(x, y - 1, side, side);
  page.content.stroke();
  if (checked) {
    page.content.line(x + 1.5, y + 0.5, x + side - 1.5, y + side - 2.5, 1);
    page.content.line(x + 1.5, y + side - 2.5, x + side - 1.5, y + 0.5, 1);
  }
  text(page, label, x + side + 3, y, size);
}

interface ItemRow {
  description: string;
  quantity: string;
  kg: string;
  value: string;
  hsCode: string;
  origin: string;
}

export function itemRows(declaration: ExportDeclaration | null | undefined): ItemRow[] {
  return (declaration?.lineItems ?? []).map((item) => {
    const quantity = Number(item.quantity);
    return {
      description: item.description,
      quantity: item.quantity,
      kg: (Number(item.unitWeight) * quantity).toFixed(3),
      value: formatCents((parseCents(item.unitPrice) ?? 0) * quantity),
      hsCode: item.commodityCode ?? '',
      origin: item.originCountry,
    };
  });
}

export function totals(input: CustomsInput): { kg: string; grossKg: string; value: string } {
  const rows = itemRows(input.attributes.exportDeclaration);
  const net = rows.reduce((total, row) => total + Number(row.kg), 0);
  const gross = input.attributes.packages.reduce((total, pkg) => total + Number(pkg.weight.value), 0);
  return { kg: net.toFixed(3), grossKg: gross.toFixed(3), value: formatCents(declaredValueCents(input.attributes)) };
}

/** The sender's customs reference: the EORI given, or an EORI-shaped tax id. */
export function senderReference(attributes: ShipmentAttributes): string {
  return attributes.exportDeclaration?.exporterEori ?? attributes.shipFrom.taxIdentification ?? '';
}

/** The importer's reference: the seller's IOSS number, or the receiver's tax id. */
export function importerReference(attributes: ShipmentAttributes): string {
  const ioss = attributes.exportDeclaration?.iossNumber;
  return ioss ? `IOSS ${ioss}` : (attributes.shipTo.taxIdentification ?? '');
}

/** The CN22 on a 4×6 in page: what goes on a postal item of up to 300 SDR. */
export function drawCn22(page: FormPage, input: CustomsInput): void {
  const { attributes } = input;
  const left = 10;
  const right = LABEL.width - 10;
  const inner = right - left;
  let y = LABEL.height - 24;
  text(page, 'CUSTOMS DECLARATION', left, y, 12, { weight: 'bold' });
  text(page, 'CN 22', right - page.fonts.width('CN 22', 14, 'bold'), y, 14, { weight: 'bold' });
  y -= 11;
  text(page, `Designated operator: ${input.carrierName}`, left, y, 7, { maxWidth: inner - 90 });
  text(page, 'May be opened officially', right - page.fonts.width('May be opened officially', 7), y, 7);
  y -= 10;
  text(page, `Item ${input.trackingNumber}   Ref. ${input.reference}`, left, y, 7, { maxWidth: inner });
  if (input.sandbox) text(page, 'TEST - NOT VALID FOR CUSTOMS', left + 150, y + 21, 6, { weight: 'bold' });
  y -= 4;
  page.content.line(left, y, right, y, 0.75);

  const category = categoryOf(attributes);
  y -= 11;
  CATEGORIES.forEach((name, index) => {
    const column = index % 3;
    const row = Math.floor(index / 3);
    checkbox(page, left + column * 92, y - row * 11, name, name === category, 6.5);
  });
  y -= 24;
  if (category === 'Other' && attributes.exportDeclaration)
    text(page, `Explanation: ${attributes.exportDeclaration.exportReasonType}`, left, y, 6.5, { maxWidth: inner });
  y -= 6;
  page.content.line(left, y, right, y, 0.75);

  const columns = [
    { title: 'Quantity and detailed description of contents', x: left, width: 118 },
    { title: 'HS tariff no.', x: left + 121, width: 44 },
    { title: 'Origin', x: left + 168, width: 24 },
    { title: 'Weight (kg)', x: left + 194, width: 34 },
    { title: 'Value (EUR)', x: left + 230, width: 38 },
  ];
  y -= 9;
  drawRow(
    page.content,
    page.fonts,
    columns,
    columns.map((column) => column.title),
    y,
    { size: 5.5, weight: 'bold' },
  );
  y -= 3;
  page.content.line(left, y, right, y, 0.5);
  for (const row of itemRows(attributes.exportDeclaration)) {
    y -= 10;
    const cells = [`${row.quantity} × ${row.description}`, row.hsCode, row.origin, row.kg, row.value];
    drawRow(page.content, page.fonts, columns, cells, y, { size: 7 });
  }
  if (attributes.documentsOnly) {
    y -= 10;
    text(page, 'Documents', left, y, 7);
  }
  const dangerous = declaredDangerousGoods(attributes);
  if (dangerous.length > 0) {
    y -= 10;
    text(page, `${DANGEROUS_GOODS_HEADING}:`, left, y, 6.5, { weight: 'bold' });
    for (const line of dangerous) {
      y -= 8;
      text(page, line, left, y, 6.5, { maxWidth: inner });
    }
  }
  y -= 5;
  page.content.line(left, y, right, y, 0.5);
  const sum = totals(input);
  y -= 10;
  text(page, 'Total gross weight (kg)', left, y, 7, { weight: 'bold' });
  text(page, sum.grossKg, columns[3]!.x, y, 7, { weight: 'bold' });
  text(page, sum.value, columns[4]!.x, y, 7, { weight: 'bold' });
  text(page, 'Total value (EUR)', left + 100, y, 7, { weight: 'bold' });
  y -= 6;
  page.content.line(left, y, right, y, 0.75);

  y -= 10;
  const sender = senderReference(attributes);
  if (sender) text(page, `Sender’s customs reference (EORI): ${sender}`, left, y, 7, { maxWidth: inner });
  const importer = importerReference(attributes);
  if (importer) {
    y -= 9;
    text(page, `Importer’s reference: ${importer}`, left, y, 7, { maxWidth: inner });
  }
  y -= 4;
  for (const line of wrap(page, DECLARATION_TEXT, 6, inner)) {
    y -= 8;
    text(page, line, left, y, 6);
  }
  y -= 14;
  text(page, `Date and sender’s signature: ${input.shipDate}   ${attributes.shipFrom.contact}`, left, y, 7.5, {
    weight: 'bold',
    maxWidth: inner,
  });
  y -= 16;
  text(page, 'From', left, y, 6, { weight: 'bold' });
  text(page, 'To', left + inner / 2, y, 6, { weight: 'bold' });
  const from = addressLines(attributes.shipFrom).slice(0, 6);
  const to = addressLines(attributes.shipTo).slice(0, 6);
  for (let index = 0; index < Math.max(from.length, to.length); index++) {
    y -= 8;
    if (from[index]) text(page, from[index]!, left, y, 6.5, { maxWidth: inner / 2 - 6 });
    if (to[index]) text(page, to[index]!, left + inner / 2, y, 6.5, { maxWidth: inner / 2 });
  }
}

/** The copies of the CN23: the original goes with the item, the others to customs and to the sender. */
export const CN23_COPIES = ['Original - attached to the item', 'Copy for the customs of destination', 'Copy for the sender'] as const;

/** The CN23 on A4, once per copy; a long list of items continues on further pages, so none is left out. */
export function drawCn23(addPage: () => FormPage, input: CustomsInput, copy: string): void {
  const { attributes } = input;
  const left = 40;
  const right = A4.width - 40;
  const inner = right - left;
  let page = addPage();
  let y = A4.height - 56;
  const heading = (continued: boolean) => {
    text(page, continued ? 'CUSTOMS DECLARATION CN 23 (continued)' : 'CUSTOMS DECLARATION', left, y, continued ? 11 : 18, {
      weight: 'bold',
    });
    if (!continued) text(page, 'CN 23', right - page.fonts.width('CN 23', 20, 'bold'), y, 20, { weight: 'bold' });
    y -= 16;
    text(page, `${copy}. May be opened officially.`, left, y, 9);
    if (input.sandbox) text(page, 'TEST - NOT VALID FOR CUSTOMS', right - 170, y, 9, { weight: 'bold' });
    y -= 13;
    text(page, `Designated operator ${input.carrierName}; item ${input.trackingNumber}; reference ${input.reference}`, left, y, 9, {
      maxWidth: inner,
    });
    y -= 8;
    page.content.line(left, y, right, y, 1);
  };
  heading(false);

  const half = inner / 2;
  const blocks: [string, string[]][] = [
    [
      'From (sender)',
      [
        ...addressLines(attributes.shipFrom),
        attributes.shipFrom.email ? `Email ${attributes.shipFrom.email}` : '',
        `Sender’s customs reference (EORI): ${senderReference(attributes) || '-'}`,
      ],
    ],
    [
      'To (addressee)',
      [
        ...addressLines(attributes.shipTo),
        attributes.shipTo.email ? `Email ${attributes.shipTo.email}` : '',
        `Importer’s reference: ${importerReference(attributes) || '-'}`,
      ],
    ],
  ];
  const top = y;
  let lowest = y;
  blocks.forEach(([title, lines], column) => {
    let blockY = top - 13;
    text(page, title, left + column * half, blockY, 9, { weight: 'bold' });
    for (const line of lines.filter(Boolean)) {
      blockY -= 12;
      text(page, line, left + column * half, blockY, 9, { maxWidth: half - 10 });
    }
    lowest = Math.min(lowest, blockY);
  });
  y = lowest - 10;
  page.content.line(left, y, right, y, 1);

  const columns = [
    { title: 'Detailed description of contents', x: left, width: 190 },
    { title: 'Quantity', x: left + 195, width: 45 },
    { title: 'Net weight (kg)', x: left + 245, width: 65 },
    { title: 'Value (EUR)', x: left + 315, width: 60 },
    { title: 'HS tariff number', x: left + 380, width: 75 },
    { title: 'Origin', x: left + 460, width: 55 },
  ];
  const tableHeader = () => {
    y -= 13;
    drawRow(
      page.content,
      page.fonts,
      columns,
      columns.map((column) => column.title),
      y,
      { size: 8, weight: 'bold' },
    );
    y -= 4;
    page.content.line(left, y, right, y, 0.5);
  };
  tableHeader();
  for (const row of itemRows(attributes.exportDeclaration)) {
    if (y < 250) {
      page = addPage();
      y = A4.height - 56;
      heading(true);
      tableHeader();
    }
    y -= 13;
    const cells = [row.description, row.quantity, row.kg, row.value, row.hsCode, row.origin];
    drawRow(page.content, page.fonts, columns, cells, y, { size: 9 });
  }
  y -= 8;
  page.content.line(left, y, right, y, 0.5);
  const sum = totals(input);
  const declaration = attributes.exportDeclaration;
  const facts = [
    `Total net weight ${sum.kg} kg; total gross weight ${sum.grossKg} kg in ${attributes.packages.length} package(s); total value ${sum.value} EUR`,
    `Postal charges/fees (freight) ${freightOf(input).amount} ${freightOf(input).currency}; terms of delivery (Incoterms) ${['', 'DDP', 'DAP', 'EXW'][attributes.incoTerms ?? 2]}`,
    declaration
      ? `Invoice ${declaration.invoiceReference} of ${declaration.invoiceDate}; reason for export ${declaration.exportReasonType}; purpose ${declaration.shipmentPurpose}`
      : 'Documents only',
  ];
  for (const fact of facts) {
    y -= 14;
    text(page, fact, left, y, 9, { maxWidth: inner });
  }
  const dangerous = declaredDangerousGoods(attributes);
  if (dangerous.length > 0) {
    y -= 18;
    text(page, CN23_COMMENTS, left, y, 9, { weight: 'bold' });
    for (const line of dangerous) {
      // The category, the declaration and the signature below take about 150 points.
      if (y < 170) {
        page = addPage();
        y = A4.height - 56;
        heading(true);
        y -= 16;
        text(page, `${CN23_COMMENTS} (continued)`, left, y, 9, { weight: 'bold' });
      }
      y -= 12;
      text(page, line, left, y, 9, { maxWidth: inner });
    }
  }
  y -= 20;
  text(page, 'Category of item', left, y, 9, { weight: 'bold' });
  const category = categoryOf(attributes);
  CATEGORIES.forEach((name, index) =>
    checkbox(page, left + 90 + (index % 3) * 140, y - Math.floor(index / 3) * 14, name, name === category, 9),
  );
  y -= 28;
  if (category === 'Other' && declaration) text(page, `Explanation: ${declaration.exportReasonType}`, left + 90, y, 9);
  y -= 18;
  for (const line of wrap(page, DECLARATION_TEXT, 8, inner)) {
    text(page, line, left, y, 8);
    y -= 11;
  }
  y -= 12;
  text(page, `Date and sender’s signature: ${input.shipDate}   ${attributes.shipFrom.contact}`, left, y, 10, {
    weight: 'bold',
    maxWidth: inner,
  });
}
