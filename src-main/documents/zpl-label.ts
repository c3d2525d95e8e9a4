// The shipment's labels in native ZPL for thermal printers, at 203 or 300 dpi: the same content as the PDF
// label, laid out on the same 4×6 in grid, with a ^BC Code 128 of the tracking number, a ^BQ QR code and
// UTF-8 text (^CI28). One ^XA…^XZ block per package, and one more for a postal item's CN22.
import { addressLines } from './address-lines.ts';
import {
  CATEGORIES,
  DECLARATION_TEXT,
  categoryOf,
  customsFormsOf,
  importerReference,
  itemRows,
  senderReference,
  totals,
} from './customs-forms.ts';
import type { ShipmentDocumentInput } from './shipment-pdf.ts';

export type ZplDpi = 203 | 300;

/** Field data with ^FH: the three characters ZPL reads as commands are written as hex escapes. */
function field(text: string): string {
  const safe = text
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\\^~]/g, (char) => `\\${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `^FH\\^FD${safe}^FS`;
}

export function renderZplLabels(input: ShipmentDocumentInput, dpi: ZplDpi): string {
  const dot = (points: number) => Math.round((points * dpi) / 72);
  const width = dot(288);
  const height = dot(432);
  const margin = dot(10);
  const inner = width - 2 * margin;
  const count = input.attributes.packages.length;
  const text = (x: number, y: number, size: number, value: string, maxWidth = inner) =>
    `^FO${dot(x)},${dot(y)}^A0N,${dot(size)},${dot(size)}^FB${maxWidth},1,0,L,0${field(value)}`;
  const line = (y: number, thickness = 1) =>
    `^FO${margin},${dot(y)}^GB${inner},${Math.max(1, dot(thickness))},${Math.max(1, dot(thickness))}^FS`;

  const labels = input.attributes.packages.map((pkg, index) => {
    const commands = ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0'];
    commands.push(text(10, 12, 16, input.carrierName), text(10, 32, 9, input.serviceName), line(48));
    let y = 54;
    commands.push(text(10, y, 6, 'FROM'));
    for (const value of addressLines(input.attributes.shipFrom).slice(0, 6)) {
      y += 9;
      commands.push(text(10, y, 7.5, value));
    }
    y += 12;
    commands.push(line(y, 0.5));
    y += 6;
    commands.push(text(10, y, 6, 'TO'));
    addressLines(input.attributes.shipTo)
      .slice(0, 7)
      .forEach((value, i) => {
        y += i === 0 ? 10 : 14;
        commands.push(text(10, y, i === 0 ? 13 : 11, value));
      });
    y += 18;
    commands.push(line(y));
    const factsTop = y + 6;
    const facts = [
      `Package ${index + 1} of ${count}`,
      `Weight ${pkg.weight.value} kg`,
      `Ship date ${input.shipDate}`,
      `Reference ${input.reference}`,
    ];
    if (input.attributes.customerReference) facts.push(`Customer ref. ${input.attributes.customerReference}`);
    facts.forEach((fact, i) => commands.push(text(10, factsTop + i * 11, i === 0 ? 10 : 8, fact, dot(190))));
    const qrData = [
      input.trackingNumber,
      input.reference,
      input.attributes.shipTo.postalCode,
      input.attributes.shipTo.country,
      `${index + 1}/${count}`,
    ].join('|');
    commands.push(`^FO${dot(208)},${dot(factsTop - 4)}^BQN,2,${dpi === 300 ? 4 : 3}${field(`QA,${qrData}`)}`);
    // Code 128 with a 3-dot module at 203 dpi, 4 at 300: the same physical size as the PDF barcode.
    commands.push(`^FO${margin},${dot(312)}^BY${dpi === 300 ? 4 : 3},3,${dot(60)}^BCN,${dot(60)},N,N,N${field(input.trackingNumber)}`);
    commands.push(text(10, 378, 11, input.trackingNumber));
    if (input.attributes.documentsOnly) commands.push(text(10, 410, 7, 'DOCUMENTS'));
    if (input.sandbox)
      commands.push(
        text(10, 420, 7, 'TEST LABEL - NOT VALID FOR SHIPPING'),
        `^FO${dot(40)},${dot(190)}^A0R,${dot(40)},${dot(40)}${field('TEST LABEL')}`,
      );
    commands.push('^PQ1', '^XZ');
    return commands.join('\n');
  });
  if (customsFormsOf(input).includes('CN22')) labels.push(cn22(input, { dot, text, line, width, height }));
  return `${labels.join('\n')}\n`.trimEnd();
}

interface ZplPage {
  dot: (points: number) => number;
  text: (x: number, y: number, size: number, value: string, maxWidth?: number) => string;
  line: (y: number, thickness?: number) => string;
  width: number;
  height: number;
}

/** The CN22 as a label of its own, laid out as the PDF's CN22 page; the declaration's text in a wrapping field block. */
function cn22(input: ShipmentDocumentInput, { dot, text, line, width, height }: ZplPage): string {
  const { attributes } = input;
  const commands = ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0'];
  commands.push(text(10, 10, 12, 'CUSTOMS DECLARATION'), text(226, 8, 14, 'CN 22', dot(60)));
  commands.push(
    text(10, 27, 7, `Designated operator: ${input.carrierName}. May be opened officially`),
    text(10, 37, 7, `Item ${input.trackingNumber}   Ref. ${input.reference}`),
    line(47),
  );
  const category = categoryOf(attributes);
  CATEGORIES.forEach((name, index) =>
    commands.push(text(10 + (index % 3) * 92, 52 + Math.floor(index / 3) * 11, 6.5, `[${name === category ? 'X' : ' '}] ${name}`, dot(90))),
  );
  commands.push(line(76), text(10, 80, 5.5, 'Qty and description / HS tariff no. / origin / kg / EUR'));
  let y = 90;
  for (const row of itemRows(attributes.exportDeclaration)) {
    commands.push(
      text(10, y, 7, `${row.quantity} × ${row.description}`, dot(118)),
      text(131, y, 7, row.hsCode, dot(44)),
      text(178, y, 7, row.origin, dot(24)),
      text(204, y, 7, row.kg, dot(34)),
      text(240, y, 7, row.value, dot(38)),
    );
    y += 10;
  }
  const sum = totals(input);
  commands.push(line(y + 2, 0.5), text(10, y + 6, 7, `Total gross weight ${sum.grossKg} kg   Total value (EUR) ${sum.value}`));
  y += 20;
  const sender = senderReference(attributes);
  if (sender) commands.push(text(10, y, 7, `Sender’s customs reference (EORI): ${sender}`));
  const importer = importerReference(attributes);
  if (importer) commands.push(text(10, y + 9, 7, `Importer’s reference: ${importer}`));
  commands.push(`^FO${dot(10)},${dot(y + 22)}^A0N,${dot(6)},${dot(6)}^FB${dot(268)},8,0,L,0${field(DECLARATION_TEXT)}`);
  commands.push(text(10, y + 90, 7.5, `Date and sender’s signature: ${input.shipDate}   ${attributes.shipFrom.contact}`));
  commands.push('^PQ1', '^XZ');
  return commands.join('\n');
}
