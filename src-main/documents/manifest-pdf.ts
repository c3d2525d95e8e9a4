// The end-of-day manifest: what a carrier's driver takes away and signs for. A4 pages list the closed shipments
// per service (reference, tracking number, receiver's city and country, packages, weight), with the manifest
// number as a Code 128 barcode and the totals; the last part is the driver hand-off sheet: counts, a signature
// line and the time. A pure function of its input, like the labels.
import { dateTimeIn } from '../../src-shared/calendar.ts';
import { formatCents, parseCents } from '../../src-shared/money.ts';
import { DEFAULT_MINIMUM_AGE, DRY_ICE_UN_NUMBER } from '../../src-shared/shipment-options.ts';
import { specialHandlingOf, type ManifestLine, type ManifestTotals } from '../../src-shared/manifests.ts';
import { drawCode128 } from './barcodes.ts';
import { DocumentFonts, type FontLibrary, type Weight } from './fonts.ts';
import { assemblePdf, drawText } from './pdf-document.ts';
import { PageContent, type PageSpec } from './pdf-writer.ts';

export interface ManifestDocumentInput {
  number: string;
  carrierName: string;
  shipDate: string;
  shipper: string;
  closedAt: Date;
  /** The station's time zone: the closing time is written on its clock. */
  timeZone: string;
  closedBy: string;
  lines: readonly ManifestLine[];
  totals: ManifestTotals;
}

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const ROW = 13;
/** The table's columns: where each starts, and how wide it may draw. */
const COLUMNS = [
  { title: 'Reference', x: MARGIN, width: 80 },
  { title: 'Tracking number', x: MARGIN + 85, width: 150 },
  { title: 'Receiver', x: MARGIN + 240, width: 160 },
  { title: 'Packages', x: MARGIN + 405, width: 50 },
  { title: 'Weight (kg)', x: MARGIN + 460, width: 55 },
] as const;

/** The manifest number's barcode: its width at the top right, and the room kept free to its left. */
const BARCODE_WIDTH = 220;
const BARCODE_GAP = 14;

const kg = (value: number) => value.toFixed(2);
/** Dry ice as declared: kilograms to the gram, without trailing zeros. */
const dryIceKg = (value: number) => String(Math.round(value * 1000) / 1000);

/** Who must sign, as the manifest says it. */
const SIGNATURE_WORDS: Record<NonNullable<ManifestLine['deliveryConfirmation']>, (age: number) => string> = {
  signature: () => 'Signature',
  adultSignature: (age) => `Adult signature ${age}+`,
  direct: () => 'Direct signature',
  indirect: () => 'Indirect signature',
};

/**
 * A shipment's special services a driver and the carrier's depot need on the manifest: who must sign, the COD to
 * collect, the dry ice, the dangerous goods' UN numbers.
 */
function serviceLine(line: ManifestLine): string {
  const parts: string[] = [];
  if (line.deliveryConfirmation) parts.push(SIGNATURE_WORDS[line.deliveryConfirmation](line.minimumAge ?? DEFAULT_MINIMUM_AGE));
  if (line.cashOnDelivery) {
    const cents = parseCents(line.cashOnDelivery.amount);
    parts.push(`COD ${cents === undefined ? line.cashOnDelivery.amount : formatCents(cents)} ${line.cashOnDelivery.currency}`);
  }
  if (line.dryIceKg !== undefined) parts.push(`Dry ice ${DRY_ICE_UN_NUMBER} ${dryIceKg(line.dryIceKg)} kg`);
  if (line.dangerousGoods) parts.push(`Dangerous goods ${line.dangerousGoods.join(', ')}`);
  return parts.join(' · ');
}

/** The manifest's COD summed per currency (in the currencies' order) and its dry ice summed. */
function serviceTotals(lines: readonly ManifestLine[]): string[] {
  const { cod, dryIce, dangerous, signed } = specialHandlingOf(lines);
  const shipments = (count: number) => `${count} shipment${count === 1 ? '' : 's'}`;
  return [
    ...cod.map((sum) => `Cash on delivery: ${formatCents(sum.cents)} ${sum.currency}`),
    ...(dryIce.shipments > 0 ? [`Dry ice (${DRY_ICE_UN_NUMBER}): ${dryIceKg(dryIce.kg)} kg in ${shipments(dryIce.shipments)}`] : []),
    ...(dangerous.shipments > 0 ? [`Dangerous goods: ${shipments(dangerous.shipments)} (${dangerous.unNumbers.join(', ')})`] : []),
    ...(signed > 0 ? [`To be signed for: ${shipments(signed)}`] : []),
  ];
}

export function renderManifestPdf(input: ManifestDocumentInput, library: FontLibrary): Uint8Array {
  const fonts = new DocumentFonts(library);
  const pages: PageSpec[] = [];
  let page = new PageContent();
  let y = 0;

  const text = (value: string, x: number, at: number, size: number, weight: Weight = 'regular', maxWidth?: number) =>
    drawText(page, fonts, value, x, at, { size, weight, maxWidth });
  const newPage = () => {
    page = new PageContent();
    pages.push({ ...A4, content: page });
    y = A4.height - MARGIN;
    text(`Manifest ${input.number} · ${input.carrierName} · ${input.shipDate} · page ${pages.length}`, MARGIN, MARGIN / 2, 7);
  };
  /** Room for `height` more points on this page, or a new page. */
  const room = (height: number) => {
    if (y - height < MARGIN + 10) newPage();
  };

  newPage();
  // The barcode and its number stand at the top right; the title and the facts beside it keep left of it, with a
  // gap of a quiet zone and more, so no text ever runs into the bars (long numbers, such as Poste Italiane's).
  const top = y;
  const barcode = { x: A4.width - MARGIN - BARCODE_WIDTH, y: top - 46, width: BARCODE_WIDTH, height: 40 };
  drawCode128(page, input.number, barcode);
  text(input.number, barcode.x, top - 58, 8, 'regular', BARCODE_WIDTH);
  /** Below this line the page's full width is free again. */
  const barcodeBottom = top - 62;
  const beside = barcode.x - BARCODE_GAP - MARGIN;
  // The title at 18 pt, shrunk down to 13 pt to stay on one line; else "Manifest" above the number, the number
  // as large as fits (cut only if it cannot fit at 8 pt: the barcode's own text has it whole).
  const title = `Manifest ${input.number}`;
  const oneLine = Math.min(18, (18 * beside) / fonts.width(title, 18, 'bold'));
  if (oneLine >= 13) {
    text(title, MARGIN, top - 16, oneLine, 'bold');
    y = top - 34;
  } else {
    text('Manifest', MARGIN, top - 16, 18, 'bold');
    const size = Math.max(8, Math.min(18, (18 * beside) / fonts.width(input.number, 18, 'bold')));
    text(input.number, MARGIN, top - 18 - size, size, 'bold', beside);
    y = top - 18 - size - 16;
  }
  for (const [label, value] of [
    ['Carrier', input.carrierName],
    ['Ship date', input.shipDate],
    ['Shipper', input.shipper],
    ['Closed', `${dateTimeIn(input.closedAt, input.timeZone)} (${input.timeZone}) by ${input.closedBy}`],
  ] as const) {
    text(label, MARGIN, y, 9, 'bold');
    // Beside the barcode a value stops short of it; below, it has the table's width.
    text(value, MARGIN + 70, y, 9, 'regular', y + 9 > barcodeBottom ? beside - 70 : A4.width - 2 * MARGIN - 70);
    y -= ROW;
  }
  y -= 10;

  const services = [...new Set(input.lines.map((line) => line.serviceName))];
  for (const service of services) {
    const lines = input.lines.filter((line) => line.serviceName === service);
    room(ROW * 4);
    text(`${service} (${lines.length} shipment${lines.length === 1 ? '' : 's'})`, MARGIN, y, 11, 'bold');
    y -= ROW + 2;
    const header = () => {
      for (const column of COLUMNS) text(column.title, column.x, y, 8, 'bold');
      page.line(MARGIN, y - 3, A4.width - MARGIN, y - 3, 0.5);
      y -= ROW;
    };
    header();
    for (const line of lines) {
      if (y - ROW * (serviceLine(line) ? 2 : 1) < MARGIN + 10) {
        newPage();
        header();
      }
      const cells = [
        line.reference,
        line.trackingNumber,
        `${line.receiverCity}, ${line.receiverCountry}`,
        String(line.packages),
        kg(line.weightKg),
      ];
      cells.forEach((cell, index) => text(cell, COLUMNS[index]!.x, y, 9, 'regular', COLUMNS[index]!.width));
      y -= ROW;
      const services = serviceLine(line);
      if (services) {
        // Under its tracking number, on the same page as its row.
        text(services, COLUMNS[1].x, y + 2, 8, 'bold', A4.width - MARGIN - COLUMNS[1].x);
        y -= ROW - 2;
      }
    }
    y -= 6;
  }

  const totals = input.totals;
  const totalLines = [
    `Shipments: ${totals.shipments}`,
    `Packages: ${totals.packages}`,
    `Total weight: ${kg(totals.weightKg)} kg`,
    `Declared value: ${formatCents(totals.declaredCents)} ${totals.currency}`,
    ...serviceTotals(input.lines),
  ];
  room(ROW * (totalLines.length + 2));
  page.line(MARGIN, y + 4, A4.width - MARGIN, y + 4, 1);
  text('Totals', MARGIN, y - 10, 11, 'bold');
  y -= 24;
  for (const line of totalLines) {
    text(line, MARGIN, y, 10);
    y -= ROW;
  }

  // The driver hand-off sheet: on this page when it fits, else on its own.
  room(190);
  y -= 16;
  page.rectangle(MARGIN, y - 160, A4.width - 2 * MARGIN, 170);
  page.stroke();
  text('Driver hand-off', MARGIN + 10, y - 10, 13, 'bold');
  text(
    `Handed to ${input.carrierName}: ${totals.shipments} shipments, ${totals.packages} packages, ${kg(totals.weightKg)} kg, manifest ${input.number}.`,
    MARGIN + 10,
    y - 30,
    9,
    'regular',
    A4.width - 2 * MARGIN - 20,
  );
  for (const [index, label] of ['Packages counted by the driver', 'Driver name', 'Driver signature', 'Date and time'].entries()) {
    const at = y - 60 - index * 28;
    text(label, MARGIN + 10, at, 9, 'bold');
    page.line(MARGIN + 170, at - 2, A4.width - MARGIN - 10, at - 2, 0.75);
  }

  return assemblePdf({ pages, fonts, title: `Manifest ${input.number}`, createdAt: input.closedAt });
}
