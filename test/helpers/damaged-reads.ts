// Reading a damaged station back over HTTP, as both damage suites do (vitest only: the desk's Chromium tests
// damage a file through helpers/damage.ts without it).
import { expect } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { get } from './shipments.ts';
import type { TestStation } from './station.ts';
/**
 * Reads each path: every answer a 200, or a 503 with the damage's text and Retry-After 300, never anything else;
 * how many of each status came.
 */
export async function readThroughDamage(t: TestStation, token: string, paths: string[]): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const path of paths) {
    const answer = await get(t, token, path);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    expect([200, 503], `${path}: ${answer.text.slice(0, 300)}`).toContain(answer.status);
    if (answer.status === 503) {
      expect(answer.json.errors[0].detail).toBe(ERROR_TEXT.storeDamaged);
      expect(answer.headers['retry-after']).toBe('300');
    }
  }
  return statuses;
}
