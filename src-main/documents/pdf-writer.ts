// A small PDF 1.7 writer for the station's documents: numbered objects, deflated streams, a cross-reference
// table and a trailer, written in one pass into one buffer. It knows nothing of labels; pages get their
// content from PageContent, whose operators are the few a label and an invoice need.
import { deflateSync } from 'node:zlib';

const encoder = new TextEncoder();

/** A number as PDF writes it: at most three decimals, no exponent, no trailing zeros. */
export function pdfNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const text = value.toFixed(3);
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** A text string for the document information: ASCII as a literal, anything else as UTF-16BE hex. */
export function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

export function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `(D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z)`;
}

/** The operators of one page's content stream. Coordinates are PDF points from the bottom-left. */
export class PageContent {
  private readonly parts: string[] = [];

  /** Text already encoded as glyph ids (hex) in a font of the page's resources. */
  text(fontKey: string, size: number, x: number, y: number, hexGlyphs: string): void {
    this.parts.push(`BT /${fontKey} ${pdfNumber(size)} Tf ${pdfNumber(x)} ${pdfNumber(y)} Td <${hexGlyphs}> Tj ET`);
  }

  /** Text turned by `degrees` about its start point, e.g. a watermark. */
  rotatedText(fontKey: string, size: number, x: number, y: number, degrees: number, hexGlyphs: string): void {
    const radians = (degrees * Math.PI) / 180;
    const [cos, sin, minusSin] = [Math.cos(radians), Math.sin(radians), -Math.sin(radians)].map(pdfNumber);
    this.parts.push(
      `BT /${fontKey} ${pdfNumber(size)} Tf ${cos} ${sin} ${minusSin} ${cos} ${pdfNumber(x)} ${pdfNumber(y)} Tm <${hexGlyphs}> Tj ET`,
    );
  }

  rectangle(x: number, y: number, width: number, height: number): void {
    this.parts.push(`${pdfNumber(x)} ${pdfNumber(y)} ${pdfNumber(width)} ${pdfNumber(height)} re`);
  }

  /** Fills the rectangles added since the last fill. */
  fill(): void {
    this.parts.push('f');
  }

  /** Outlines the rectangles added since the last paint, with a thin line. */
  stroke(): void {
    this.parts.push('0.75 w S');
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number): void {
    this.parts.push(`${pdfNumber(thickness)} w ${pdfNumber(x1)} ${pdfNumber(y1)} m ${pdfNumber(x2)} ${pdfNumber(y2)} l S`);
  }

  /** Sets the fill and stroke grey, 0 black to 1 white. */
  gray(level: number): void {
    this.parts.push(`${pdfNumber(level)} g ${pdfNumber(level)} G`);
  }

  /** Applies a graphics state of the page's resources, e.g. an opacity. */
  graphicsState(key: string): void {
    this.parts.push(`/${key} gs`);
  }

  save(): void {
    this.parts.push('q');
  }

  /** Maps what is drawn next (until restore) through the matrix [a b c d e f]: placing a label on a sheet. */
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    this.parts.push(`${[a, b, c, d, e, f].map(pdfNumber).join(' ')} cm`);
  }

  /** Keeps what is drawn next (until restore) inside the rectangle. */
  clip(x: number, y: number, width: number, height: number): void {
    this.parts.push(`${pdfNumber(x)} ${pdfNumber(y)} ${pdfNumber(width)} ${pdfNumber(height)} re W n`);
  }

  restore(): void {
    this.parts.push('Q');
  }

  bytes(): Uint8Array {
    return encoder.encode(this.parts.join('\n'));
  }
}

export interface PageSpec {
  width: number;
  height: number;
  content: PageContent;
}

/** Objects by number; `reserve` hands out a number before its body is known (for references back). */
export class PdfWriter {
  private readonly bodies: (Uint8Array | undefined)[] = [];

  reserve(): number {
    this.bodies.push(undefined);
    return this.bodies.length;
  }

  add(body: string): number {
    const ref = this.reserve();
    this.set(ref, body);
    return ref;
  }

  set(ref: number, body: string): void {
    this.bodies[ref - 1] = encoder.encode(body);
  }

  /** A deflated stream; `extra` are further dictionary entries, e.g. `/Length1 1234`. */
  stream(data: Uint8Array, extra = ''): number {
    const compressed = deflateSync(data, { level: 6 });
    const head = encoder.encode(`<< /Length ${compressed.length} /Filter /FlateDecode${extra ? ` ${extra}` : ''} >>\nstream\n`);
    const tail = encoder.encode('\nendstream');
    const body = new Uint8Array(head.length + compressed.length + tail.length);
    body.set(head);
    body.set(compressed, head.length);
    body.set(tail, head.length + compressed.length);
    const ref = this.reserve();
    this.bodies[ref - 1] = body;
    return ref;
  }

  /** The whole file: header, objects, cross-reference table and trailer. */
  finish(catalog: number, info: number): Uint8Array {
    // The version line, then a comment of bytes above 127 that marks the file as binary.
    const headerBytes = new Uint8Array([...encoder.encode('%PDF-1.7\n'), 0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
    const chunks: Uint8Array[] = [headerBytes];
    const offsets: number[] = [];
    let length = headerBytes.length;
    this.bodies.forEach((body, index) => {
      if (!body) throw new Error(`PDF object ${index + 1} was reserved but never written`);
      const open = encoder.encode(`${index + 1} 0 obj\n`);
      const close = encoder.encode('\nendobj\n');
      offsets.push(length);
      chunks.push(open, body, close);
      length += open.length + body.length + close.length;
    });
    const xref = [
      `xref\n0 ${this.bodies.length + 1}\n0000000000 65535 f \n`,
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    ].join('');
    chunks.push(
      encoder.encode(
        `${xref}trailer\n<< /Size ${this.bodies.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      ),
    );
    const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }
}
