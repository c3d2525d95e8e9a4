// A TrueType subset holding only the glyphs one document uses, renumbered in order of first use. Glyphs are
// copied byte for byte from the parsed font; composite glyphs bring their components along. Hinting programs
// are left out: labels print on printers that rasterise at their own resolution, and the subset stays small.
import type { FontFile } from './font-file.ts';

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

/** Where each component's glyph id sits in a composite glyph, and which id it names. */
function components(data: Uint8Array): { at: number; glyph: number }[] {
  const found: { at: number; glyph: number }[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 10;
  for (;;) {
    const flags = view.getUint16(at);
    found.push({ at: at + 2, glyph: view.getUint16(at + 2) });
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
    if (!(flags & MORE_COMPONENTS)) return found;
  }
}

const isComposite = (data: Uint8Array) => data.length >= 10 && ((data[0]! << 8) | data[1]!) >= 0x8000;

/** The glyph's bytes without its instructions; composite component ids renumbered through `renumber`. */
function strippedGlyph(data: Uint8Array, renumber: (glyph: number) => number): Uint8Array {
  if (data.length === 0) return data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (!isComposite(data)) {
    const contours = view.getInt16(0);
    const instructionsAt = 10 + contours * 2;
    const instructionLength = view.getUint16(instructionsAt);
    const out = new Uint8Array(data.length - instructionLength);
    out.set(data.subarray(0, instructionsAt + 2));
    out[instructionsAt] = 0;
    out[instructionsAt + 1] = 0;
    out.set(data.subarray(instructionsAt + 2 + instructionLength), instructionsAt + 2);
    return out;
  }
  const parts = components(data);
  const last = parts[parts.length - 1]!;
  // The end of the last component record: where its instructions would start.
  const lastFlags = view.getUint16(last.at - 2);
  let end = last.at + 2 + (lastFlags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
  if (lastFlags & WE_HAVE_A_SCALE) end += 2;
  else if (lastFlags & WE_HAVE_AN_X_AND_Y_SCALE) end += 4;
  else if (lastFlags & WE_HAVE_A_TWO_BY_TWO) end += 8;
  const out = data.slice(0, end);
  const outView = new DataView(out.buffer);
  for (const part of parts) {
    outView.setUint16(part.at, renumber(part.glyph));
    outView.setUint16(part.at - 2, outView.getUint16(part.at - 2) & ~WE_HAVE_INSTRUCTIONS);
  }
  return out;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = data.length + ((4 - (data.length % 4)) % 4);
  for (let i = 0; i < padded; i += 4) {
    sum = (sum + (((data[i] ?? 0) << 24) | ((data[i + 1] ?? 0) << 16) | ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0))) >>> 0;
  }
  return sum;
}

/**
 * A font file with `glyphs` (old ids; the position in the list is the new id, and glyph 0 must be .notdef)
 * plus the components their composites need, appended. Returns the file and the final glyph order.
 */
export function subsetFont(font: FontFile, glyphs: readonly number[]): { bytes: Uint8Array; order: number[] } {
  const order = [...glyphs];
  const newId = new Map<number, number>(order.map((glyph, index) => [glyph, index]));
  for (let i = 0; i < order.length; i++) {
    const data = font.glyphBytes(order[i]!);
    if (!isComposite(data)) continue;
    for (const part of components(data)) {
      if (!newId.has(part.glyph)) {
        newId.set(part.glyph, order.length);
        order.push(part.glyph);
      }
    }
  }
  const renumber = (glyph: number) => newId.get(glyph) ?? 0;

  const glyphData = order.map((glyph) => strippedGlyph(font.glyphBytes(glyph), renumber));
  const paddedLength = (length: number) => length + ((4 - (length % 4)) % 4);
  const glyf = new Uint8Array(glyphData.reduce((total, data) => total + paddedLength(data.length), 0));
  const loca = new Uint8Array((order.length + 1) * 4);
  const locaView = new DataView(loca.buffer);
  let at = 0;
  glyphData.forEach((data, index) => {
    locaView.setUint32(index * 4, at);
    glyf.set(data, at);
    at += paddedLength(data.length);
  });
  locaView.setUint32(order.length * 4, at);

  const hmtx = new Uint8Array(order.length * 4);
  const hmtxView = new DataView(hmtx.buffer);
  order.forEach((glyph, index) => {
    hmtxView.setUint16(index * 4, font.advance(glyph));
    hmtxView.setInt16(index * 4 + 2, font.leftSideBearing(glyph));
  });

  const copy = (tag: string) => {
    const source = font.table(tag);
    return source && source.slice();
  };
  const head = copy('head')!;
  const headView = new DataView(head.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, set below
  headView.setInt16(50, 1); // long loca
  const hhea = copy('hhea')!;
  new DataView(hhea.buffer).setUint16(34, order.length);
  const maxp = copy('maxp')!;
  new DataView(maxp.buffer).setUint16(4, order.length);
  const post = new Uint8Array(32);
  const sourcePost = font.table('post');
  if (sourcePost) post.set(sourcePost.subarray(0, 32));
  new DataView(post.buffer).setUint32(0, 0x00030000); // version 3: no glyph names

  const candidates: [string, Uint8Array | undefined][] = [
    ['OS/2', copy('OS/2')],
    ['glyf', glyf],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
    ['post', post],
  ];
  const tables = candidates.filter((entry): entry is [string, Uint8Array] => entry[1] !== undefined);

  const directoryLength = 12 + tables.length * 16;
  const total = directoryLength + tables.reduce((sum, [, data]) => sum + paddedLength(data.length), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const searchRange = 2 ** Math.floor(Math.log2(tables.length)) * 16;
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tables.length);
  view.setUint16(6, searchRange);
  view.setUint16(8, Math.floor(Math.log2(tables.length)));
  view.setUint16(10, tables.length * 16 - searchRange);
  let offset = directoryLength;
  let headOffset = 0;
  tables.forEach(([tag, data], index) => {
    const entry = 12 + index * 16;
    for (let i = 0; i < 4; i++) out[entry + i] = tag.charCodeAt(i);
    view.setUint32(entry + 4, checksum(data));
    view.setUint32(entry + 8, offset);
    view.setUint32(entry + 12, data.length);
    out.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += paddedLength(data.length);
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return { bytes: out, order };
}
