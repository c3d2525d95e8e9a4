// Damage as a failing disk or a copy cut short leaves it in a stopped station's SQLite file: pages in the middle
// of the file overwritten with noise, which the header does not show.
import { closeSync, openSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';

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
