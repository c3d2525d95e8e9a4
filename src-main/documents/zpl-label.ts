// The shipment's labels in native ZPL for thermal printers, at 203 or 300 dpi: the thermal layout
// (./label-layout.ts) at the printer's dots, with a ^BC Code 128 of the tracking number, a ^BQ QR code and
// UTF-8 text (^CI28) in the printer's scalable font. One ^XA…^XZ block per package, and one more for a postal item's CN22.
import { THERMAL_LABEL, thermalLabels, type LabelElement } from './label-layout.ts';
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
  const width = dot(THERMAL_LABEL.width);
  const height = dot(THERMAL_LABEL.height);
  const margin = dot(THERMAL_LABEL.margin);
  const inner = width - 2 * margin;
  const command = (element: LabelElement): string => {
    switch (element.kind) {
      case 'text': {
        const font = `^A0${element.turned ? 'R' : 'N'},${dot(element.size)},${dot(element.size)}`;
        const block = element.turned ? '' : `^FB${element.width === undefined ? inner : dot(element.width)},${element.lines ?? 1},0,L,0`;
        return `^FO${dot(element.x)},${dot(element.y)}${font}${block}${field(element.value)}`;
      }
      case 'rule': {
        const thickness = Math.max(1, dot(element.thickness));
        return `^FO${margin},${dot(element.y)}^GB${inner},${thickness},${thickness}^FS`;
      }
      case 'qr':
        return `^FO${dot(element.x)},${dot(element.y)}^BQN,2,${dpi === 300 ? 4 : 3}${field(`QA,${element.data}`)}`;
      case 'code128':
        // A 3-dot module at 203 dpi, 4 at 300: the same physical size as the PDF barcode.
        return `^FO${dot(element.x)},${dot(element.y)}^BY${dpi === 300 ? 4 : 3},3,${dot(element.height)}^BCN,${dot(element.height)},N,N,N${field(element.data)}`;
    }
  };
  const labels = thermalLabels(input).map((label) =>
    ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0', ...label.elements.map(command), '^PQ1', '^XZ'].join('\n'),
  );
  return `${labels.join('\n')}\n`.trimEnd();
}
