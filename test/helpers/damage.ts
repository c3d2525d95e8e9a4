// Damage as a failing disk or a copy cut short leaves it in a stopped station's SQLite file: pages in the middle
// of the file overwritten with noise, which the header does not show; and reading a damaged station back.
import { closeSync, openSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { get } from './shipments.ts';
import type { TestStation } from './station.ts';

/** Overwrites every other page of the b-tree called `name` (and its children) with noise; how many pages it hit. */
export function damagePages(file: string, name: RegExp): number {
  const db = new Database(file);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = (db.prepare('SELECT name, pageno FROM dbstat ORDER BY pageno').all() as { name: string; pageno: number }[])
    .filter((row) => name.test(row.name) && row.pageno > 1)
    .map((row) => row.pageno);
  db.close();
  const hit = pages.filter((_, index) => index % 2 === 0);
  const fd = openSync(file, 'r+');
  try {
    for (const page of hit) writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
  return hit.length;
}

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
