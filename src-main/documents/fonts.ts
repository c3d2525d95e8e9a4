// Fonts for documents: Noto Sans for Latin, Greek and Cyrillic, then fallbacks: Droid Sans Fallback for Chinese
// and Japanese, Nanum Gothic for Korean. Text is split into runs by which font has each character; a character
// no font has prints as "?" instead of failing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type FontRole = 'regular' | 'bold' | 'cjk' | 'hangul';

const FILES: Record<FontRole, string> = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
  cjk: 'DroidSansFallbackFull.ttf',
  hangul: 'NanumGothic-Hangul.ttf',
};

/** Tried in order for characters the main font lacks. */
const FALLBACKS: readonly FontRole[] = ['cjk', 'hangul'];

interface LoadedFont {
  bytes: Uint8Array;
  hasGlyph(codePoint: number): boolean;
}

export interface FontLibrary {
  load(role: FontRole): LoadedFont;
}

/** Reads each font file once, on first use. */
export function fontLibrary(fontsDir: string): FontLibrary {
  const cache = new Map<FontRole, LoadedFont>();
  return {
    load(role) {
      let font = cache.get(role);
      if (!font) {
        const bytes = new Uint8Array(readFileSync(join(fontsDir, FILES[role])));
        const parsed = fontkit.create(bytes as unknown as Buffer);
        font = { bytes, hasGlyph: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
        cache.set(role, font);
      }
      return font;
    },
  };
}

export interface TextRun {
  text: string;
  font: PDFFont;
}

/** The fonts of one document, embedded (as subsets) only when a text needs them. */
export interface DocumentFonts {
  runs(text: string, weight?: 'regular' | 'bold'): TextRun[];
  width(text: string, size: number, weight?: 'regular' | 'bold'): number;
}

export async function embedDocumentFonts(pdf: PDFDocument, library: FontLibrary, texts: string[]): Promise<DocumentFonts> {
  pdf.registerFontkit(fontkit);
  const regular = library.load('regular');
  const missing = new Set<number>();
  for (const text of texts) {
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      if (isPrintable(char) && !regular.hasGlyph(codePoint)) missing.add(codePoint);
    }
  }
  const main = {
    regular: await pdf.embedFont(regular.bytes, { subset: true }),
    bold: await pdf.embedFont(library.load('bold').bytes, { subset: true }),
  };
  // A fallback font is embedded only when this document has a character that needs it.
  const fallbacks: { font: LoadedFont; embedded: PDFFont }[] = [];
  for (const role of FALLBACKS) {
    const font = library.load(role);
    const needed = [...missing].filter((codePoint) => font.hasGlyph(codePoint));
    if (needed.length === 0) continue;
    fallbacks.push({ font, embedded: await pdf.embedFont(font.bytes, { subset: true }) });
    for (const codePoint of needed) missing.delete(codePoint);
  }

  const runs = (text: string, weight: 'regular' | 'bold' = 'regular'): TextRun[] => {
    const result: TextRun[] = [];
    for (const rawChar of text.normalize('NFC')) {
      const codePoint = rawChar.codePointAt(0)!;
      let char = isPrintable(rawChar) ? rawChar : ' ';
      let font: PDFFont = main[weight];
      if (char !== ' ' && !regular.hasGlyph(codePoint)) {
        const fallback = fallbacks.find((candidate) => candidate.font.hasGlyph(codePoint));
        if (fallback) font = fallback.embedded;
        else char = '?';
      }
      const last = result[result.length - 1];
      if (last && last.font === font) last.text += char;
      else result.push({ text: char, font });
    }
    return result;
  };

  return {
    runs,
    width: (text, size, weight = 'regular') =>
      runs(text, weight).reduce((total, run) => total + run.font.widthOfTextAtSize(run.text, size), 0),
  };
}

function isPrintable(char: string): boolean {
  return !/[\u0000-\u001f\u007f-\u009f]/.test(char);
}
