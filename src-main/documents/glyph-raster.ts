// Text drawn into a 1-bit picture with the PDF label's own fonts: a TrueType glyph's outline (its quadratic
// curves, composite glyphs resolved) filled by the non-zero rule at each pixel's centre, each glyph starting on
// a whole pixel. No anti-aliasing: a pixel is black or white, as a thermal printer's dot is.
import type { FontFile } from './font-file.ts';

interface Point {
  x: number;
  y: number;
  on: boolean;
}

/** A glyph's contours in font units (y up), composite glyphs resolved into their parts. */
export function glyphContours(font: FontFile, glyph: number, depth = 0): Point[][] {
  const bytes = font.glyphBytes(glyph);
  if (bytes.length < 10 || depth > 8) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const contourCount = view.getInt16(0);
  return contourCount >= 0 ? simpleContours(view, contourCount) : compositeContours(font, view, depth);
}

function simpleContours(view: DataView, contourCount: number): Point[][] {
  let at = 10;
  const ends: number[] = [];
  for (let i = 0; i < contourCount; i++, at += 2) ends.push(view.getUint16(at));
  const pointCount = ends.length === 0 ? 0 : ends[ends.length - 1]! + 1;
  at += 2 + view.getUint16(at); // the instructions, which a bitmap at these sizes does without
  const flags: number[] = [];
  while (flags.length < pointCount) {
    const flag = view.getUint8(at++);
    flags.push(flag);
    if (flag & 8) for (let repeat = view.getUint8(at++); repeat > 0; repeat--) flags.push(flag);
  }
  const coordinates = (short: number, same: number): number[] => {
    const values: number[] = [];
    let value = 0;
    for (const flag of flags.slice(0, pointCount)) {
      if (flag & short) value += flag & same ? view.getUint8(at++) : -view.getUint8(at++);
      else if (!(flag & same)) {
        value += view.getInt16(at);
        at += 2;
      }
      values.push(value);
    }
    return values;
  };
  const xs = coordinates(2, 16);
  const ys = coordinates(4, 32);
  const contours: Point[][] = [];
  let start = 0;
  for (const end of ends) {
    const contour: Point[] = [];
    for (let i = start; i <= end; i++) contour.push({ x: xs[i]!, y: ys[i]!, on: (flags[i]! & 1) === 1 });
    contours.push(contour);
    start = end + 1;
  }
  return contours;
}

function compositeContours(font: FontFile, view: DataView, depth: number): Point[][] {
  const contours: Point[][] = [];
  let at = 10;
  let flags: number;
  do {
    flags = view.getUint16(at);
    const component = view.getUint16(at + 2);
    at += 4;
    let dx = 0;
    let dy = 0;
    if (flags & 1) {
      dx = flags & 2 ? view.getInt16(at) : 0;
      dy = flags & 2 ? view.getInt16(at + 2) : 0;
      at += 4;
    } else {
      dx = flags & 2 ? view.getInt8(at) : 0;
      dy = flags & 2 ? view.getInt8(at + 1) : 0;
      at += 2;
    }
    let [a, b, c, d] = [1, 0, 0, 1];
    const f2dot14 = (offset: number) => view.getInt16(offset) / 16384;
    if (flags & 8) {
      a = d = f2dot14(at);
      at += 2;
    } else if (flags & 0x40) {
      a = f2dot14(at);
      d = f2dot14(at + 2);
      at += 4;
    } else if (flags & 0x80) {
      [a, b, c, d] = [f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6)];
      at += 8;
    }
    for (const contour of glyphContours(font, component, depth + 1))
      contours.push(contour.map((p) => ({ x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, on: p.on })));
  } while (flags & 0x20);
  return contours;
}

/** The contours as closed polygons: each quadratic curve cut into short straight pieces. */
function polygons(contours: Point[][], steps: number): { x: number; y: number }[][] {
  return contours
    .filter((contour) => contour.length > 1)
    .map((contour) => {
      // Start on an on-curve point; between two off-curve points lies an implied on-curve one.
      const first = contour.findIndex((p) => p.on);
      const ring =
        first >= 0
          ? [...contour.slice(first), ...contour.slice(0, first)]
          : [
              { x: (contour[0]!.x + contour[1]!.x) / 2, y: (contour[0]!.y + contour[1]!.y) / 2, on: true },
              ...contour.slice(1),
              contour[0]!,
            ];
      const out: { x: number; y: number }[] = [{ x: ring[0]!.x, y: ring[0]!.y }];
      let current = ring[0]!;
      for (let i = 1; i <= ring.length; i++) {
        const point = ring[i % ring.length]!;
        if (point.on) {
          out.push({ x: point.x, y: point.y });
          current = point;
          continue;
        }
        const next = ring[(i + 1) % ring.length]!;
        const end = next.on ? next : { x: (point.x + next.x) / 2, y: (point.y + next.y) / 2, on: true };
        for (let step = 1; step <= steps; step++) {
          const t = step / steps;
          const u = 1 - t;
          out.push({
            x: u * u * current.x + 2 * u * t * point.x + t * t * end.x,
            y: u * u * current.y + 2 * u * t * point.y + t * t * end.y,
          });
        }
        current = end;
        if (next.on) i++;
      }
      return out;
    });
}

/** A glyph drawn at a size, as the pixels it blackens relative to its origin (on the baseline). */
export interface GlyphMask {
  /** Offsets of black pixels from the origin: x right, y down. */
  pixels: Int32Array;
}

/**
 * Fills the glyph at `pixelsPerEm`, turned a quarter clockwise if asked: each pixel whose centre lies inside the
 * outline (non-zero winding) is black.
 */
export function rasteriseGlyph(font: FontFile, glyph: number, pixelsPerEm: number, turned = false): GlyphMask {
  const scale = pixelsPerEm / font.metrics.unitsPerEm;
  const steps = pixelsPerEm > 60 ? 8 : 4;
  // Font units (y up) to pixels (y down); turned, the glyph's up points to the right.
  const place = (p: { x: number; y: number }) => (turned ? { x: p.y * scale, y: p.x * scale } : { x: p.x * scale, y: -p.y * scale });
  const edges: [number, number, number, number][] = [];
  let top = Infinity;
  let bottom = -Infinity;
  for (const polygon of polygons(glyphContours(font, glyph), steps)) {
    const points = polygon.map(place);
    for (let i = 0; i < points.length; i++) {
      const a = points[i]!;
      const b = points[(i + 1) % points.length]!;
      if (a.y === b.y) continue;
      edges.push([a.x, a.y, b.x, b.y]);
      top = Math.min(top, a.y, b.y);
      bottom = Math.max(bottom, a.y, b.y);
    }
  }
  const pixels: number[] = [];
  for (let row = Math.floor(top); row <= Math.ceil(bottom); row++) {
    const centre = row + 0.5;
    const crossings: { x: number; winding: number }[] = [];
    for (const [x0, y0, x1, y1] of edges) {
      const [low, high] = y0 < y1 ? [y0, y1] : [y1, y0];
      if (centre < low || centre >= high) continue;
      crossings.push({ x: x0 + ((centre - y0) * (x1 - x0)) / (y1 - y0), winding: y1 > y0 ? 1 : -1 });
    }
    crossings.sort((p, q) => p.x - q.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += crossings[i]!.winding;
      if (winding === 0) continue;
      // Pixels whose centres lie between this crossing and the next.
      for (let x = Math.ceil(crossings[i]!.x - 0.5); x < Math.ceil(crossings[i + 1]!.x - 0.5); x++) pixels.push(x, row);
    }
  }
  return { pixels: Int32Array.from(pixels) };
}
