// The special services' marks on a package's label, in the label's words: the delivery confirmation, cash on
// delivery, Saturday and Sunday delivery, and the package's dry ice, lithium batteries and dangerous goods. Packed
// into a few short lines that every label format draws whole (no line longer than the narrowest printer font
// holds), so a mark is never cut in two. Shared by the thermal layout (./label-layout.ts) and the PDF label.
import { formatCents, parseCents } from '../../src-shared/money.ts';
import { DEFAULT_MINIMUM_AGE, DRY_ICE_UN_NUMBER, type LithiumBatteries } from '../../src-shared/shipment-options.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';

/** The characters a marks line holds at 7 pt across the label (EPL2's resident font at 203 dpi takes 54). */
export const MARK_LINE_CHARS = 54;
/** The lines of marks a label has room for, under the tracking number. */
export const MARK_LINES = 3;
const GAP = '  ';
/** The end of the last line when not every mark fits. */
const MORE = 'SEE SHIPPING PAPERS';

/** The UN number of lithium batteries: ion or metal, alone, or in or with equipment. */
export function lithiumUnNumber(batteries: LithiumBatteries): string {
  if (batteries.type === 'ion') return batteries.packing === 'alone' ? 'UN3480' : 'UN3481';
  return batteries.packing === 'alone' ? 'UN3090' : 'UN3091';
}

/** A money amount as the label writes it: two decimals. */
function amount(text: string): string {
  const cents = parseCents(text);
  return cents === undefined ? text : formatCents(cents);
}

/** Each mark of package `index`'s label, shipment-wide services first. */
export function serviceMarks(attributes: ShipmentAttributes, index: number): string[] {
  const marks: string[] = [];
  const services = attributes.services;
  switch (services?.deliveryConfirmation) {
    case 'signature':
      marks.push('SIGNATURE');
      break;
    case 'adultSignature':
      marks.push(`ADULT SIGNATURE ${services.minimumAge ?? DEFAULT_MINIMUM_AGE}+`);
      break;
    case 'direct':
      marks.push('DIRECT SIGNATURE');
      break;
    case 'indirect':
      marks.push('INDIRECT SIGNATURE');
      break;
    default:
  }
  const cod = services?.cashOnDelivery;
  if (cod) marks.push(`COD ${amount(cod.amount)} ${cod.currency}`);
  if (services?.saturdayDelivery) marks.push('SATURDAY');
  if (services?.sundayDelivery) marks.push('SUNDAY');
  const pkg = attributes.packages[index];
  if (pkg?.dryIceKg !== undefined) marks.push(`DRY ICE ${DRY_ICE_UN_NUMBER} ${pkg.dryIceKg} kg`);
  if (pkg?.lithiumBatteries) {
    const batteries = pkg.lithiumBatteries;
    marks.push(`LITHIUM BATTERY ${lithiumUnNumber(batteries)}${batteries.section2 ? ' SECTION II' : ''}`);
  }
  for (const good of pkg?.dangerousGoods ?? []) {
    const tail = ` (class ${good.class})`;
    const room = MARK_LINE_CHARS - good.unNumber.length - 1 - tail.length;
    const name =
      good.properShippingName.length > room
        ? `${good.properShippingName.slice(0, Math.max(0, room - 1)).trimEnd()}.`
        : good.properShippingName;
    marks.push(`${good.unNumber} ${name}${tail}`);
  }
  return marks;
}

/**
 * The marks packed into at most MARK_LINES lines of at most MARK_LINE_CHARS characters, in order. When they do not
 * all fit, the last line keeps what it can of its marks and ends with SEE SHIPPING PAPERS, where the dangerous
 * goods are declared in full.
 */
export function serviceMarkLines(attributes: ShipmentAttributes, index: number): string[] {
  const lines: string[][] = [];
  const width = (line: readonly string[]) => line.join(GAP).length;
  const marks = serviceMarks(attributes, index).map((mark) => mark.slice(0, MARK_LINE_CHARS));
  for (const mark of marks) {
    const last = lines.at(-1);
    if (last !== undefined && width([...last, mark]) <= MARK_LINE_CHARS) last.push(mark);
    else if (lines.length < MARK_LINES) lines.push([mark]);
    else {
      const kept = lines[MARK_LINES - 1]!;
      while (kept.length > 0 && width([...kept, MORE]) > MARK_LINE_CHARS) kept.pop();
      kept.push(MORE);
      break;
    }
  }
  return lines.map((line) => line.join(GAP));
}
