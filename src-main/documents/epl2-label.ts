// The shipment's labels in native EPL2, the language of older Zebra and Eltron desk printers, at 203 or 300 dpi:
// the thermal layout (./label-layout.ts) at the printer's dots. Text in the printer's resident fonts (A, in
// Windows-1252: I8,A), the tracking number as the printer's own Code 128 (B, auto subsets) with a module of whole
// dots, rules and the QR code's modules as black lines (LO; EPL2 has no QR command every printer knows). One
// N … P1 form per package, and one more for a postal item's CN22.
import type { RasterDpi } from './bitmap.ts';
import { code128ModuleDots, qrModules } from './png-label.ts';
import { THERMAL_LABEL, thermalLabels, type LabelElement } from './label-layout.ts';
import type { ShipmentDocumentInput } from './shipment-pdf.ts';

/** The resident fonts 1 to 4: each character's cell in dots, and its pitch (the cell and the gap after it). */
const FONTS: Record<RasterDpi, { width: number; height: number; pitch: number }[]> = {
  203: [
    { width: 8, height: 12, pitch: 10 },
    { width: 10, height: 16, pitch: 12 },
    { width: 12, height: 20, pitch: 14 },
    { width: 14, height: 24, pitch: 16 },
  ],
  300: [
    { width: 12, height: 20, pitch: 14 },
    { width: 16, height: 28, pitch: 18 },
    { width: 20, height: 36, pitch: 22 },
    { width: 24, height: 44, pitch: 26 },
  ],
};

/** Windows-1252's characters between 0x80 and 0x9F. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Letters with a stroke, which no decomposition turns into their plain letter. */
const STROKED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

/** A character in Windows-1252, its accents dropped when only the plain letter is there, else "?". */
function cp1252(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return 0x20;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  const high = CP1252_HIGH.indexOf(char);
  if (high >= 0 && !/[\u0080-\u009f]/.test(char)) return 0x80 + high;
  const plain = (STROKED[char] ?? char).normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (plain !== char && plain.length === 1) return cp1252(plain);
  return 0x3f;
}

/** Text as EPL2 field data: in Windows-1252, with the quote and the backslash escaped. */
function quoted(text: string): number[] {
  const bytes: number[] = [0x22];
  for (const char of text.normalize('NFC')) {
    const byte = cp1252(char);
    if (byte === 0x22 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  bytes.push(0x22);
  return bytes;
}

/** The resident font and multiplier whose height comes closest to `dots`. */
function fontFor(dpi: RasterDpi, dots: number): { font: number; multiplier: number; pitch: number } {
  let best = { font: 1, multiplier: 1, pitch: FONTS[dpi][0]!.pitch, error: Infinity };
  FONTS[dpi].forEach((font, index) => {
    for (let multiplier = 1; multiplier <= 4; multiplier++) {
      const error = Math.abs(font.height * multiplier - dots);
      if (error < best.error) best = { font: index + 1, multiplier, pitch: font.pitch * multiplier, error };
    }
  });
  return best;
}

/** Words wrapped to lines of at most `chars` characters, at most `lines` of them. */
function wrap(text: string, chars: number, lines: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && next.length > chars) {
      out.push(current);
      current = word;
    } else current = next;
  }
  if (current) out.push(current);
  return out.slice(0, lines).map((line) => line.slice(0, chars));
}

export function renderEpl2Labels(input: ShipmentDocumentInput, dpi: RasterDpi): Uint8Array {
  const dot = (points: number) => Math.round((points * dpi) / 72);
  const width = dot(THERMAL_LABEL.width);
  const height = dot(THERMAL_LABEL.height);
  const margin = dot(THERMAL_LABEL.margin);
  const inner = width - 2 * margin;
  const bytes: number[] = [];
  const line = (command: string, data?: string) => {
    for (const char of command) bytes.push(char.charCodeAt(0));
    if (data !== undefined) bytes.push(...quoted(data));
    bytes.push(0x0a);
  };
  const draw = (element: LabelElement) => {
    switch (element.kind) {
      case 'text': {
        const { font, multiplier, pitch } = fontFor(dpi, dot(element.size));
        if (element.turned) {
          line(`A${dot(element.x) + dot(element.size)},${dot(element.y)},1,${font},${multiplier},${multiplier},N,`, element.value);
          return;
        }
        const chars = Math.max(1, Math.floor((element.width === undefined ? inner : dot(element.width)) / pitch));
        const rows = (element.lines ?? 1) > 1 ? wrap(element.value, chars, element.lines!) : [[...element.value].slice(0, chars).join('')];
        const lineHeight = FONTS[dpi][font - 1]!.height * multiplier + Math.round(dpi / 100);
        rows.forEach((row, index) =>
          line(`A${dot(element.x)},${dot(element.y) + index * lineHeight},0,${font},${multiplier},${multiplier},N,`, row),
        );
        return;
      }
      case 'rule':
        line(`LO${margin},${dot(element.y)},${inner},${Math.max(1, dot(element.thickness))}`);
        return;
      case 'code128': {
        const module = code128ModuleDots(element.data, dpi, inner);
        line(`B${dot(element.x)},${dot(element.y)},0,1,${module},${module},${dot(element.height)},N,`, element.data);
        return;
      }
      case 'qr': {
        // Each row's runs of dark modules as one black line each.
        const { count, dark, moduleDots } = qrModules(element.data, dot(element.size));
        const [left, top] = [dot(element.x), dot(element.y)];
        for (let row = 0; row < count; row++) {
          let start = -1;
          for (let col = 0; col <= count; col++) {
            const isDark = col < count && dark(row, col);
            if (isDark && start < 0) start = col;
            if (!isDark && start >= 0) {
              line(`LO${left + start * moduleDots},${top + row * moduleDots},${(col - start) * moduleDots},${moduleDots}`);
              start = -1;
            }
          }
        }
      }
    }
  };
  for (const label of thermalLabels(input)) {
    // A blank line first ends any command a previous job left open; then a fresh form of the label's size,
    // printed top first, its gap 3 mm.
    line('');
    line('N');
    line('I8,A,001');
    line('ZT');
    line(`q${width}`);
    line(`Q${height},${dpi === 300 ? 36 : 24}`);
    for (const element of label.elements) draw(element);
    line('P1');
  }
  return Uint8Array.from(bytes);
}
