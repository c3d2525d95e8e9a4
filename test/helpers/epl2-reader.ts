// A printer for tests: reads the EPL2 the station sends a thermal printer and draws each form (N … P1) into a
// 1-bit picture as the printer would, so its barcodes can be decoded. It knows the commands the station uses
// (N, I8, ZT, q, Q, A, B, LO, P and its copies) and fails on any other, on a malformed one, and on anything drawn off the label.
// Text is not drawn (its glyphs are the printer's own); its field is checked for its parameters and quoting.
// Code 128 (B, selection 1: the printer's automatic subsets) is encoded with bwip-js at the command's module width.
import bwipjs from 'bwip-js';
import { Bitmap, encodePng } from '../../src-main/documents/bitmap.ts';

export interface Epl2Form {
  width: number;
  height: number;
  png: Uint8Array;
  /** The text fields' data, in order, as the printer reads them (Windows-1252). */
  texts: string[];
  /** How many of the form the printer prints (P<n>). */
  copies: number;
}

const decoder = new TextDecoder('windows-1252');

/** The field data after the last parameter: a quoted string with \" and \\ escapes. */
function fieldData(rest: string): string {
  if (!rest.startsWith('"') || !rest.endsWith('"')) throw new Error(`EPL2 field data not quoted: ${rest}`);
  let out = '';
  for (let i = 1; i < rest.length - 1; i++) {
    const char = rest[i]!;
    if (char === '\\') out += rest[++i] ?? '';
    else if (char === '"') throw new Error(`EPL2 unescaped quote in ${rest}`);
    else out += char;
  }
  return out;
}

function numbers(text: string, count: number, command: string): number[] {
  const values = text.split(',');
  if (values.length !== count || values.some((value) => !/^\d+$/.test(value))) throw new Error(`EPL2 ${command}: bad parameters ${text}`);
  return values.map(Number);
}

export function readEpl2(bytes: Uint8Array): Epl2Form[] {
  const forms: Epl2Form[] = [];
  let width = 0;
  let height = 0;
  let bitmap: Bitmap | undefined;
  let texts: string[] = [];
  const inside = (x: number, y: number, w: number, h: number, what: string) => {
    if (!bitmap) throw new Error(`EPL2 ${what} before N`);
    if (x < 0 || y < 0 || x + w > width || y + h > height)
      throw new Error(`EPL2 ${what} off the ${width}×${height} label: ${x},${y} ${w}×${h}`);
  };
  for (const raw of decoder.decode(bytes).split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line === '') continue;
    if (line === 'N') {
      texts = [];
      bitmap = undefined;
      if (width && height) bitmap = new Bitmap(width, height);
      continue;
    }
    if (line === 'ZT' || line === 'I8,A,001') continue;
    if (/^q\d+$/.test(line)) {
      width = Number(line.slice(1));
      continue;
    }
    if (/^Q\d+,\d+$/.test(line)) {
      height = Number(line.slice(1).split(',')[0]);
      bitmap = new Bitmap(width, height);
      continue;
    }
    if (line.startsWith('LO')) {
      const [x, y, w, h] = numbers(line.slice(2), 4, 'LO') as [number, number, number, number];
      inside(x, y, w, h, 'LO');
      bitmap!.fill(x, y, w, h);
      continue;
    }
    const field = /^([AB])((?:[^,"]*,){8})(".*")$/.exec(line) ?? /^(A)((?:[^,"]*,){7})(".*")$/.exec(line);
    if (field) {
      const [, command, parameters, data] = field as unknown as [string, string, string, string];
      const values = parameters.slice(0, -1).split(',');
      const text = fieldData(data);
      if (command === 'A') {
        const [x, y, rotation, font, h, v, reverse] = values;
        if (
          values.length !== 7 ||
          !/^[0-3]$/.test(rotation!) ||
          !/^[1-5]$/.test(font!) ||
          !/^[1-6,8]$/.test(h!) ||
          !/^[1-9]$/.test(v!) ||
          reverse !== 'N'
        )
          throw new Error(`EPL2 A: bad parameters ${line}`);
        inside(Number(x), Number(y), 1, 1, 'A');
        texts.push(text);
        continue;
      }
      const [x, y, rotation, selection, narrow, , barHeight, readable] = values.map((value, index) =>
        index === 3 || index === 7 ? value : Number(value),
      ) as [number, number, number, string, number, number, number, string];
      if (rotation !== 0 || selection !== '1' || readable !== 'N' || !(narrow >= 1 && narrow <= 10))
        throw new Error(`EPL2 B: unexpected parameters ${line}`);
      const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
      const modules = symbol!.sbs.reduce((total, one) => total + one, 0);
      inside(x, y, modules * narrow, barHeight, 'B');
      let at = x;
      symbol!.sbs.forEach((one, index) => {
        if (index % 2 === 0) bitmap!.fill(at, y, one * narrow, barHeight);
        at += one * narrow;
      });
      continue;
    }
    const print = /^P([1-9]\d*)$/.exec(line);
    if (print) {
      if (!bitmap) throw new Error(`EPL2 ${line} before a form`);
      forms.push({ width, height, png: encodePng(bitmap, 203), texts, copies: Number(print[1]) });
      continue;
    }
    throw new Error(`EPL2 command this reader does not know: ${line}`);
  }
  return forms;
}
