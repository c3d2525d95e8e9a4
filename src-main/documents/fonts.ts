// Fonts for documents: Noto Sans for Latin, Greek and Cyrillic, then fallbacks: Droid Sans Fallback for Chinese
// and Japanese, Nanum Gothic for Korean. Each file is parsed once per process, on first use. A document lays its
// text out in runs by which font has each character (a character no font has prints as "?"), and embeds at the
// end a subset of each font it used, with a ToUnicode map so its text stays extractable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrueType, type FontFile } from './font-file.ts';
import { subsetFont } from './font-subset.ts';
import type { PdfWriter } from './pdf-writer.ts';

export type FontRole = 'regular' | 'bold' | 'cjk' | 'hangul';
export type Weight = 'regular' | 'bold';

const FILES: Record<FontRole, string> = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
  cjk: 'DroidSansFallbackFull.ttf',
  hangul: 'NanumGothic-Hangul.ttf',
};

/** Tried in order for characters the main font lacks. */
const FALLBACKS: readonly FontRole[] = ['cjk', 'hangul'];

export interface FontLibrary {
  load(role: FontRole): FontFile;
}

/** Reads and parses each font file once, on first use. */
export function fontLibrary(fontsDir: string): FontLibrary {
  const cache = new Map<FontRole, FontFile>();
  return {
    load(role) {
      let font = cache.get(role);
      if (!font) {
        font = parseTrueType(new Uint8Array(readFileSync(join(fontsDir, FILES[role]))), FILES[role]);
        cache.set(role, font);
      }
      return font;
    },
  };
}

const isControl = (codePoint: number) => codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f);
const hex4 = (value: number) => value.toString(16).padStart(4, '0');

/** One font as one document uses it: glyphs numbered in order of first use, each with the text it shows. */
class UsedFont {
  readonly key: string;
  readonly file: FontFile;
  private readonly order: number[] = [0];
  private readonly newIds = new Map<number, number>([[0, 0]]);
  private readonly texts: string[] = [''];

  constructor(key: string, file: FontFile) {
    this.key = key;
    this.file = file;
  }

  /** The 2-byte hex code of a glyph in this document's subset. */
  code(glyph: number, text: string): string {
    let id = this.newIds.get(glyph);
    if (id === undefined) {
      id = this.order.length;
      this.newIds.set(glyph, id);
      this.order.push(glyph);
      this.texts.push(text);
    }
    return hex4(id);
  }

  /** Writes the Type 0 font with its CIDFontType2 subset, descriptor and ToUnicode map; returns its object. */
  write(writer: PdfWriter): number {
    const { bytes, order } = subsetFont(this.file, this.order);
    const { metrics } = this.file;
    const scale = 1000 / metrics.unitsPerEm;
    const tag = subsetTag(order);
    const name = `${tag}+${this.file.postScriptName}`;
    const fontFile = writer.stream(bytes, `/Length1 ${bytes.length}`);
    const descriptor = writer.add(
      `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [${metrics.bbox.map((value) => Math.round(value * scale)).join(' ')}]` +
        ` /ItalicAngle ${metrics.italicAngle} /Ascent ${Math.round(metrics.ascent * scale)} /Descent ${Math.round(metrics.descent * scale)}` +
        ` /CapHeight ${Math.round(metrics.capHeight * scale)} /StemV 80 /FontFile2 ${fontFile} 0 R >>`,
    );
    const widths = order.map((glyph) => Math.round(this.file.advance(glyph) * scale)).join(' ');
    const cidFont = writer.add(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>` +
        ` /FontDescriptor ${descriptor} 0 R /W [0 [${widths}]] /CIDToGIDMap /Identity >>`,
    );
    const toUnicode = writer.stream(new TextEncoder().encode(toUnicodeCMap(this.texts)));
    return writer.add(
      `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
    );
  }
}

/** Six capital letters that name a subset (PDF 9.6.4), derived from its glyphs so output is repeatable. */
function subsetTag(glyphs: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const glyph of glyphs) hash = Math.imul(hash ^ glyph, 0x01000193) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (hash % 26));
    hash = Math.floor(hash / 26) + i * 7919;
  }
  return tag;
}

function toUnicodeCMap(texts: readonly string[]): string {
  const entries = texts.flatMap((text, id) => {
    if (id === 0 || text === '') return [];
    let unicode = '';
    for (let i = 0; i < text.length; i++) unicode += hex4(text.charCodeAt(i));
    return [`<${hex4(id)}> <${unicode}>`];
  });
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

export interface TextRun {
  fontKey: string;
  /** The run's glyphs as hex codes for a Tj operator. */
  hex: string;
  /** The run's advance at a size of 1 point. */
  advance: number;
}

/** The fonts of one document: text becomes runs of glyph codes; the used subsets are written at the end. */
export class DocumentFonts {
  private readonly library: FontLibrary;
  private readonly used = new Map<FontRole, UsedFont>();

  constructor(library: FontLibrary) {
    this.library = library;
  }

  private font(role: FontRole): UsedFont {
    let font = this.used.get(role);
    if (!font) {
      font = new UsedFont(`F${this.used.size + 1}`, this.library.load(role));
      this.used.set(role, font);
    }
    return font;
  }

  /** Which font draws a character, and its glyph there: the weight's own font, else a fallback, else "?". */
  private glyphOf(codePoint: number, weight: Weight): { role: FontRole; glyph: number; char: string } {
    const main = this.library.load(weight);
    if (isControl(codePoint)) return { role: weight, glyph: main.glyphFor(32), char: ' ' };
    const own = main.glyphFor(codePoint);
    if (own !== 0 || codePoint === 32) return { role: weight, glyph: own, char: String.fromCodePoint(codePoint) };
    for (const role of FALLBACKS) {
      const glyph = this.library.load(role).glyphFor(codePoint);
      if (glyph !== 0) return { role, glyph, char: String.fromCodePoint(codePoint) };
    }
    return { role: weight, glyph: main.glyphFor(63), char: '?' };
  }

  runs(text: string, weight: Weight = 'regular'): TextRun[] {
    const runs: TextRun[] = [];
    let current: (TextRun & { role: FontRole }) | undefined;
    for (const char of text.normalize('NFC')) {
      const { role, glyph, char: shown } = this.glyphOf(char.codePointAt(0)!, weight);
      const font = this.font(role);
      const code = font.code(glyph, shown);
      const advance = font.file.advance(glyph) / font.file.metrics.unitsPerEm;
      if (current && current.role === role) {
        current.hex += code;
        current.advance += advance;
      } else {
        current = { role, fontKey: font.key, hex: code, advance };
        runs.push(current);
      }
    }
    return runs.map(({ fontKey, hex, advance }) => ({ fontKey, hex, advance }));
  }

  /** Each character's font file and glyph, as a picture draws them (with the same fallbacks as `runs`). */
  glyphs(text: string, weight: Weight = 'regular'): { file: FontFile; glyph: number }[] {
    return [...text.normalize('NFC')].map((char) => {
      const { role, glyph } = this.glyphOf(char.codePointAt(0)!, weight);
      return { file: this.library.load(role), glyph };
    });
  }

  width(text: string, size: number, weight: Weight = 'regular'): number {
    let advance = 0;
    for (const char of text.normalize('NFC')) {
      const { role, glyph } = this.glyphOf(char.codePointAt(0)!, weight);
      const file = this.library.load(role);
      advance += file.advance(glyph) / file.metrics.unitsPerEm;
    }
    return advance * size;
  }

  /** The longest start of `text` that fits `maxWidth` with an ellipsis, or the text itself when it fits. */
  fit(text: string, size: number, maxWidth: number, weight: Weight = 'regular'): string {
    if (this.width(text, size, weight) <= maxWidth) return text;
    const ellipsis = this.width('…', size, weight);
    const chars = [...text.normalize('NFC')];
    let used = 0;
    let count = 0;
    for (const char of chars) {
      const next = this.width(char, size, weight);
      if (used + next + ellipsis > maxWidth) break;
      used += next;
      count++;
    }
    return `${chars.slice(0, Math.max(1, count)).join('')}…`;
  }

  /** Writes every font used so far; returns the /Font resource entries, e.g. `/F1 12 0 R /F2 17 0 R`. */
  writeTo(writer: PdfWriter): string {
    return [...this.used.values()].map((font) => `/${font.key} ${font.write(writer)} 0 R`).join(' ');
  }
}
