// Fonts for documents: Noto Sans for Latin, Greek and Cyrillic, Droid Sans Fallback for CJK. Text is split
// into runs by which font has each character; a character neither has prints as "?" instead of failing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type FontRole = 'regular' | 'bold' | 'fallback';

const FILES: Record<FontRole, string> = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
  fallback: 'DroidSansFallbackFull.ttf',
};

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
  const needsFallback = texts.some((text) => [...text].some((char) => !regular.hasGlyph(char.codePointAt(0)!) && isPrintable(char)));
  const embedded = {
    regular: await pdf.embedFont(regular.bytes, { subset: true }),
    bold: await pdf.embedFont(library.load('bold').bytes, { subset: true }),
    fallback: needsFallback ? await pdf.embedFont(library.load('fallback').bytes, { subset: true }) : undefined,
  };
  const fallback = needsFallback ? library.load('fallback') : undefined;

  const runs = (text: string, weight: 'regular' | 'bold' = 'regular'): TextRun[] => {
    const result: TextRun[] = [];
    for (const rawChar of text.normalize('NFC')) {
      const codePoint = rawChar.codePointAt(0)!;
      let char = isPrintable(rawChar) ? rawChar : ' ';
      let font: PDFFont = embedded[weight];
      if (!regular.hasGlyph(codePoint) && char !== ' ') {
        if (fallback?.hasGlyph(codePoint) && embedded.fallback) font = embedded.fallback;
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
