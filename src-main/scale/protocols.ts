// What the common serial scale protocols say, and how to ask: Mettler Toledo SICS (`SI` answers `S S     1.234 kg`
// when settled, `S D` while moving, `S +`/`S -` off range) and the NCI/Avery Weigh-Tronix protocol (`W` answers
// `<LF> 1.234kg<CR><LF>hh<CR><ETX>`, two status bytes: motion, over and under capacity). Pure: bytes in, readings out.
import type { ScaleProtocol, ScaleStatus, ScaleUnit } from '../../src-shared/scale.ts';

export interface ParsedReading {
  status: Exclude<ScaleStatus, 'noAnswer' | 'unplugged' | 'off'>;
  /** Kilograms, when the answer carried a weight. */
  weightKg: number | null;
  problem: string | null;
}

/** The request for one reading, settled or not: SICS's immediate weight, NCI's weight. */
export const WEIGHT_REQUEST: Record<ScaleProtocol, string> = { sics: 'SI\r\n', nci: 'W\r' };

const ETX = '\u0003';
const TO_KG: Record<string, number> = { kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125 };

function kilograms(value: string, unit: string | undefined, fallback: ScaleUnit): number | null {
  const factor = TO_KG[(unit || fallback).toLowerCase()];
  const number = Number(value);
  return factor === undefined || !Number.isFinite(number) ? null : number * factor;
}

/**
 * Splits what arrived into whole answers, keeping an unfinished one for later: SICS answers end with CR LF, NCI
 * answers with ETX (an NCI `?` for a command it does not know ends with CR).
 */
export function splitAnswers(protocol: ScaleProtocol, buffered: string): { answers: string[]; rest: string } {
  const end = protocol === 'sics' ? '\r\n' : ETX;
  const parts = buffered.split(end);
  const rest = parts.pop() ?? '';
  return { answers: parts.filter((part) => part.trim() !== ''), rest };
}

function parseSics(answer: string, units: ScaleUnit): ParsedReading {
  const match = /^\s*S\s+([SD+\-I])\s*([-+]?\d+(?:\.\d+)?)?\s*([a-zA-Z]+)?\s*$/.exec(answer);
  if (!match) {
    // ES: syntax error; ET: transmission error; EL: logical error.
    return { status: 'error', weightKg: null, problem: `The scale answered “${answer.trim()}”.` };
  }
  const [, code, value, unit] = match;
  if (code === '+') return { status: 'overload', weightKg: null, problem: 'The scale is overloaded.' };
  if (code === '-') return { status: 'underload', weightKg: null, problem: 'The scale reads below zero: zero it.' };
  if (code === 'I' || value === undefined) return { status: 'error', weightKg: null, problem: 'The scale is busy and cannot weigh now.' };
  const weightKg = kilograms(value, unit, units);
  if (weightKg === null)
    return { status: 'error', weightKg: null, problem: `The scale weighs in ${unit}, which the station does not know.` };
  return { status: code === 'S' ? 'stable' : 'moving', weightKg, problem: null };
}

function parseNci(answer: string, units: ScaleUnit): ParsedReading {
  const lines = answer
    .split(/[\r\n]+/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines[0] === '?') return { status: 'error', weightKg: null, problem: 'The scale did not understand the request.' };
  const status = lines.at(-1) ?? '';
  const weightLine = lines.length > 1 ? lines[0]! : '';
  // Each status byte keeps its flags in the low bits: byte 1 bit 0 motion; byte 2 bit 0 under, bit 1 over capacity.
  const first = status.charCodeAt(0);
  const second = status.charCodeAt(1);
  if (status.length < 2 || Number.isNaN(first) || Number.isNaN(second))
    return { status: 'error', weightKg: null, problem: `The scale answered “${answer.trim()}”.` };
  if (second & 0b10) return { status: 'overload', weightKg: null, problem: 'The scale is overloaded.' };
  if (second & 0b01) return { status: 'underload', weightKg: null, problem: 'The scale reads below zero: zero it.' };
  const match = /^([-+]?\s*\d+(?:\.\d+)?)\s*([a-zA-Z]+)?$/.exec(weightLine);
  if (!match) return { status: 'error', weightKg: null, problem: 'The scale gave no weight.' };
  const weightKg = kilograms(match[1]!.replace(/\s/g, ''), match[2], units);
  if (weightKg === null)
    return { status: 'error', weightKg: null, problem: `The scale weighs in ${match[2]}, which the station does not know.` };
  return { status: first & 0b1 ? 'moving' : 'stable', weightKg, problem: null };
}

export function parseAnswer(protocol: ScaleProtocol, answer: string, units: ScaleUnit): ParsedReading {
  return protocol === 'sics' ? parseSics(answer, units) : parseNci(answer, units);
}
