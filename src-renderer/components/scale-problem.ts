// What is wrong with the desk's scale and what to do, in the packer's words, worded as it is shown (the New shipment
// screen's order panel and the Settings screen's scale both show it).
import type { ScaleReading } from '../../src-shared/scale.ts';
import { currentLanguage, translate } from '../i18n/i18n.ts';
import { SOURCE_LANGUAGE } from '../i18n/languages.ts';

/** The scale's states that are a problem to solve, with the desk's words for what to do. */
const PROBLEMS: ReadonlySet<ScaleReading['status']> = new Set(['unplugged', 'noAnswer', 'error', 'overload', 'underload']);

/**
 * What is wrong with the scale and what to do, in the packer's words, keyed on its state; null when nothing is.
 * `detail`: the station's own text (its port and the system's error), for an English desk, which speaks the
 * station's language; another language's desk never shows it.
 */
export function scaleProblem(reading: ScaleReading | null): { text: string; detail: string | null } | null {
  if (!reading || !PROBLEMS.has(reading.status)) return null;
  return {
    text: translate('scale.problem', { status: reading.status }),
    detail: currentLanguage() === SOURCE_LANGUAGE ? reading.problem : null,
  };
}
