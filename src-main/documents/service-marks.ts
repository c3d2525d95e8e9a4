// The special services' marks on a package's label, in the label's words: the delivery confirmation, cash on
// delivery, Saturday and Sunday delivery, and the package's dry ice, lithium batteries and dangerous goods. Packed
// into a few short lines that every label format draws whole (no line longer than the narrowest printer font
// holds), so a mark is never cut in two. Shared by the thermal layout (./label-layout.ts) and the PDF label. The
// customs papers (./customs-forms.ts, the commercial invoice) declare the same goods and COD in the same words, in
// full: dangerousGoodsLines and cashOnDeliveryLine.
import { formatCents, parseCents } from '../../src-shared/money.ts';
import {
  DEFAULT_MINIMUM_AGE,
  DRY_ICE_UN_NUMBER,
  type DangerousGood,
  type LithiumBatteries,
  type PackageOptions,
  type ShipmentServices,
} from '../../src-shared/shipment-options.ts';
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

/** The words label and papers share: the label writes them in capitals. */
const DRY_ICE = 'Dry ice';
const SECTION_II = 'Section II';
const hazardClass = (good: DangerousGood) => `class ${good.class}`;

/**
 * The proper shipping name of lithium batteries: Lithium ion batteries (UN3480), … contained in equipment (UN3481)
 * or … packed with equipment (UN3481); lithium metal alike (UN3090, UN3091).
 */
export function lithiumShippingName(batteries: LithiumBatteries): string {
  const name = `Lithium ${batteries.type} batteries`;
  if (batteries.packing === 'containedInEquipment') return `${name} contained in equipment`;
  if (batteries.packing === 'packedWithEquipment') return `${name} packed with equipment`;
  return name;
}

type CashOnDelivery = NonNullable<ShipmentServices['cashOnDelivery']>;

/** The amount cash on delivery collects, as label and papers write it: two decimals and the currency. */
export function codAmount(cod: CashOnDelivery): string {
  const cents = parseCents(cod.amount);
  return `${cents === undefined ? cod.amount : formatCents(cents)} ${cod.currency}`;
}

const COD_METHOD_WORDS: Record<CashOnDelivery['method'], string> = {
  cash: 'in cash',
  cheque: 'by cheque',
  any: 'in cash or by cheque',
};

/** Cash on delivery as the papers state it: the amount to collect, how the receiver pays, and the account paid. */
export function cashOnDeliveryLine(cod: CashOnDelivery): string {
  return `Cash on delivery: collect ${codAmount(cod)} ${COD_METHOD_WORDS[cod.method]}${cod.account ? `, paid into ${cod.account}` : ''}`;
}

/**
 * What a package carries that is dangerous, as the shipping papers declare it in full: each dangerous good
 * ("UN1266 Perfumery products, class 3, PG II, 2 × 0.5 kg": its quantity times its net kg), its lithium batteries
 * ("Lithium ion batteries contained in equipment, UN3481, Section II") and its dry ice ("Dry ice UN1845, 2.5 kg").
 */
export function dangerousGoodsLines(pkg: PackageOptions): string[] {
  const lines = (pkg.dangerousGoods ?? []).map(
    (good) =>
      `${good.unNumber} ${good.properShippingName}, ${hazardClass(good)}${good.packingGroup ? `, PG ${good.packingGroup}` : ''}, ${good.quantity} × ${good.netWeightKg} kg`,
  );
  const batteries = pkg.lithiumBatteries;
  if (batteries)
    lines.push(`${lithiumShippingName(batteries)}, ${lithiumUnNumber(batteries)}${batteries.section2 ? `, ${SECTION_II}` : ''}`);
  if (pkg.dryIceKg !== undefined) lines.push(`${DRY_ICE} ${DRY_ICE_UN_NUMBER}, ${pkg.dryIceKg} kg`);
  return lines;
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
  if (cod) marks.push(`COD ${codAmount(cod)}`);
  if (services?.saturdayDelivery) marks.push('SATURDAY');
  if (services?.sundayDelivery) marks.push('SUNDAY');
  const pkg = attributes.packages[index];
  if (pkg?.dryIceKg !== undefined) marks.push(`${DRY_ICE.toUpperCase()} ${DRY_ICE_UN_NUMBER} ${pkg.dryIceKg} kg`);
  if (pkg?.lithiumBatteries) {
    const batteries = pkg.lithiumBatteries;
    marks.push(`LITHIUM BATTERY ${lithiumUnNumber(batteries)}${batteries.section2 ? ` ${SECTION_II.toUpperCase()}` : ''}`);
  }
  for (const good of pkg?.dangerousGoods ?? []) {
    const tail = ` (${hazardClass(good)})`;
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
