// A TrueType font read once per process into compact tables: the character map, the advance widths and where
// each glyph's outline lies in the file. Documents then look characters up and copy glyphs from it, so no
// document parses a font again, and a large fallback font costs its file's bytes and a few typed arrays.

export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  italicAngle: number;
  bbox: [number, number, number, number];
}

export interface FontFile {
  /** The PostScript name, e.g. NotoSans-Regular. */
  readonly postScriptName: string;
  readonly metrics: FontMetrics;
  readonly numGlyphs: number;
  /** The glyph of a Unicode code point; 0 (.notdef) when the font has none. */
  glyphFor(codePoint: number): number;
  /** Advance width in font units. */
  advance(glyph: number): number;
  /** Left side bearing in font units. */
  leftSideBearing(glyph: number): number;
  /** The glyph's outline bytes in the `glyf` table; empty for a glyph with no outline (a space). */
  glyphBytes(glyph: number): Uint8Array;
  /** A table's bytes, for the few a subset copies (head, hhea, maxp, OS/2, post). */
  table(tag: string): Uint8Array | undefined;
}

interface TableEntry {
  offset: number;
  length: number;
}

type CharMap = (codePoint: number) => number;

export class FontFormatError extends Error {}

export function parseTrueType(bytes: Uint8Array, label = 'font'): FontFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, TableEntry>();
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    tables.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const required = (tag: string): TableEntry => {
    const entry = tables.get(tag);
    if (!entry) throw new FontFormatError(`${label}: no '${tag}' table; only TrueType outlines are supported`);
    return entry;
  };

  const head = required('head');
  const unitsPerEm = view.getUint16(head.offset + 18);
  const bbox: [number, number, number, number] = [
    view.getInt16(head.offset + 36),
    view.getInt16(head.offset + 38),
    view.getInt16(head.offset + 40),
    view.getInt16(head.offset + 42),
  ];
  const longLoca = view.getInt16(head.offset + 50) === 1;
  const hhea = required('hhea');
  const numberOfHMetrics = view.getUint16(hhea.offset + 34);
  const numGlyphs = view.getUint16(required('maxp').offset + 4);
  const hmtx = required('hmtx');
  const loca = required('loca');
  const glyf = required('glyf');

  const advances = new Uint16Array(numGlyphs);
  const bearings = new Int16Array(numGlyphs);
  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    if (glyph < numberOfHMetrics) {
      advances[glyph] = view.getUint16(hmtx.offset + glyph * 4);
      bearings[glyph] = view.getInt16(hmtx.offset + glyph * 4 + 2);
    } else {
      advances[glyph] = advances[numberOfHMetrics - 1]!;
      bearings[glyph] = view.getInt16(hmtx.offset + numberOfHMetrics * 4 + (glyph - numberOfHMetrics) * 2);
    }
  }
  const offsets = new Uint32Array(numGlyphs + 1);
  for (let glyph = 0; glyph <= numGlyphs; glyph++) {
    offsets[glyph] = longLoca ? view.getUint32(loca.offset + glyph * 4) : view.getUint16(loca.offset + glyph * 2) * 2;
  }

  const os2 = tables.get('OS/2');
  const ascent = os2 ? view.getInt16(os2.offset + 68) : view.getInt16(hhea.offset + 4);
  const descent = os2 ? view.getInt16(os2.offset + 70) : view.getInt16(hhea.offset + 6);
  const capHeight = os2 && view.getUint16(os2.offset) >= 2 && os2.length >= 90 ? view.getInt16(os2.offset + 88) : Math.round(ascent * 0.7);
  const post = tables.get('post');
  const italicAngle = post ? view.getInt32(post.offset + 4) / 65536 : 0;

  const charMap = readCharMap(view, required('cmap'), label);
  const tableBytes = (tag: string) => {
    const entry = tables.get(tag);
    return entry && bytes.subarray(entry.offset, entry.offset + entry.length);
  };

  return {
    postScriptName: readPostScriptName(view, bytes, tables.get('name')) ?? label.replace(/[^A-Za-z0-9-]/g, ''),
    metrics: { unitsPerEm, ascent, descent, capHeight, italicAngle, bbox },
    numGlyphs,
    glyphFor: (codePoint) => {
      const glyph = charMap(codePoint);
      return glyph < numGlyphs ? glyph : 0;
    },
    advance: (glyph) => advances[glyph] ?? 0,
    leftSideBearing: (glyph) => bearings[glyph] ?? 0,
    glyphBytes: (glyph) => bytes.subarray(glyf.offset + offsets[glyph]!, glyf.offset + offsets[glyph + 1]!),
    table: tableBytes,
  };
}

/** The best Unicode subtable: a full-range one (format 12) when there is one, else the BMP one (format 4). */
function readCharMap(view: DataView, cmap: TableEntry, label: string): CharMap {
  const count = view.getUint16(cmap.offset + 2);
  const candidates: { rank: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    const at = cmap.offset + 4 + i * 8;
    const platform = view.getUint16(at);
    const encoding = view.getUint16(at + 2);
    const offset = cmap.offset + view.getUint32(at + 4);
    const format = view.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && format === 12) candidates.push({ rank: 2, offset });
    else if (unicode && format === 4) candidates.push({ rank: 1, offset });
  }
  candidates.sort((a, b) => b.rank - a.rank);
  const best = candidates[0];
  if (!best) throw new FontFormatError(`${label}: no Unicode character map`);
  return best.rank === 2 ? format12(view, best.offset) : format4(view, best.offset);
}

function format4(view: DataView, offset: number): CharMap {
  const segments = view.getUint16(offset + 6) / 2;
  const ends = new Uint16Array(segments);
  const starts = new Uint16Array(segments);
  const deltas = new Int16Array(segments);
  const rangeOffsets = new Uint16Array(segments);
  const endsAt = offset + 14;
  const startsAt = endsAt + segments * 2 + 2;
  const deltasAt = startsAt + segments * 2;
  const rangeOffsetsAt = deltasAt + segments * 2;
  for (let i = 0; i < segments; i++) {
    ends[i] = view.getUint16(endsAt + i * 2);
    starts[i] = view.getUint16(startsAt + i * 2);
    deltas[i] = view.getInt16(deltasAt + i * 2);
    rangeOffsets[i] = view.getUint16(rangeOffsetsAt + i * 2);
  }
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    let low = 0;
    let high = segments - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! < codePoint) low = middle + 1;
      else high = middle;
    }
    if (starts[low]! > codePoint || ends[low]! < codePoint) return 0;
    if (rangeOffsets[low] === 0) return (codePoint + deltas[low]!) & 0xffff;
    const at = rangeOffsetsAt + low * 2 + rangeOffsets[low]! + (codePoint - starts[low]!) * 2;
    const glyph = view.getUint16(at);
    return glyph === 0 ? 0 : (glyph + deltas[low]!) & 0xffff;
  };
}

function format12(view: DataView, offset: number): CharMap {
  const groups = view.getUint32(offset + 12);
  const starts = new Uint32Array(groups);
  const ends = new Uint32Array(groups);
  const glyphs = new Uint32Array(groups);
  for (let i = 0; i < groups; i++) {
    const at = offset + 16 + i * 12;
    starts[i] = view.getUint32(at);
    ends[i] = view.getUint32(at + 4);
    glyphs[i] = view.getUint32(at + 8);
  }
  return (codePoint) => {
    let low = 0;
    let high = groups - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! < codePoint) low = middle + 1;
      else if (starts[middle]! > codePoint) high = middle - 1;
      else return glyphs[middle]! + (codePoint - starts[middle]!);
    }
    return 0;
  };
}

/** Name ID 6 in the Windows (UTF-16BE) or Macintosh (Roman) record. */
function readPostScriptName(view: DataView, bytes: Uint8Array, name: TableEntry | undefined): string | undefined {
  if (!name) return undefined;
  const count = view.getUint16(name.offset + 2);
  const strings = name.offset + view.getUint16(name.offset + 4);
  for (let i = 0; i < count; i++) {
    const at = name.offset + 6 + i * 12;
    if (view.getUint16(at + 6) !== 6) continue;
    const platform = view.getUint16(at);
    const length = view.getUint16(at + 8);
    const start = strings + view.getUint16(at + 10);
    const raw = bytes.subarray(start, start + length);
    const text =
      platform === 3
        ? String.fromCharCode(...Array.from({ length: length / 2 }, (_, j) => (raw[j * 2]! << 8) | raw[j * 2 + 1]!))
        : String.fromCharCode(...raw);
    const clean = text.replace(/[^A-Za-z0-9-]/g, '');
    if (clean) return clean;
  }
  return undefined;
}
