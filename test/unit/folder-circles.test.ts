// The folders of each side import one way: no folder reaches back to itself through another (the desk's `store/`
// reads `i18n/` and `feedback/`, so neither of those may read `store/`). A folder is a first-level folder of
// src-main, src-renderer or src-shared (its subfolders belong to it); a file at the top of one is a unit of its own.
// Imports are read with single or double quotes, type-only ones counted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SIDES = ['src-main', 'src-renderer', 'src-shared'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative modules a file names: static imports and re-exports, bare imports and dynamic imports, either quote. */
function relativeSpecifiers(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s+(['"])([^'"]+)\1/gms,
    /^\s*import\s+(['"])([^'"]+)\1/gm,
    /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) if (match[2]!.startsWith('.')) found.add(match[2]!);
  return [...found];
}

/** The folder a repository path belongs to: `src-renderer/store/` for any file under it, the file itself at the top. */
function folderOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : path;
}

/** Folder-level edges: which folder imports which other one, and through which file imports. */
function folderEdges(imports: ReadonlyArray<readonly [file: string, imported: string]>): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const [file, imported] of imports) {
    const from = folderOf(file);
    const to = folderOf(imported);
    if (from === to) continue;
    const targets = edges.get(from) ?? new Map<string, string[]>();
    edges.set(from, targets);
    targets.set(to, [...(targets.get(to) ?? []), `${file} → ${imported}`]);
  }
  return edges;
}

/** Each circle between folders, as the imports that close it: a folder that reaches itself again through others. */
function folderCircles(edges: Map<string, Map<string, string[]>>): string[] {
  const found: string[] = [];
  const reported = new Set<string>();
  for (const start of edges.keys()) {
    // Breadth first from `start`, remembering the way back, until `start` is reached again.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const folder = queue.shift()!;
      for (const next of edges.get(folder)?.keys() ?? []) {
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, folder);
        if (next === start) {
          queue.length = 0;
          break;
        }
        queue.push(next);
      }
    }
    if (!cameFrom.has(start)) continue;
    const way: string[] = [];
    for (let at = cameFrom.get(start)!; at !== start; at = cameFrom.get(at)!) way.unshift(at);
    way.unshift(start);
    const key = [...way].sort().join(' ');
    if (reported.has(key)) continue;
    reported.add(key);
    const loop = [...way, start];
    const steps = loop.slice(1).map((to, i) => `${loop[i]} → ${to} (${edges.get(loop[i]!)!.get(to)![0]})`);
    found.push(steps.join('; '));
  }
  return found;
}

function importsOf(side: string): Array<[string, string]> {
  return sourceFiles(side).flatMap((file) =>
    relativeSpecifiers(readFileSync(join(ROOT, file), 'utf8'))
      .map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier.replace(/\?.*$/, ''))))
      .map((imported): [string, string] => [file, imported]),
  );
}

describe('no circle between folders', () => {
  for (const side of SIDES) {
    it(`has none in ${side}`, () => {
      const imports = importsOf(side);
      expect(imports.length).toBeGreaterThan(50);
      expect(folderCircles(folderEdges(imports))).toEqual([]);
    });
  }

  it('catches what it is meant to catch', () => {
    expect(
      relativeSpecifiers(
        `import a from "../store/a.ts";\nimport type { B } from '../i18n/b.ts';\nexport * from "./c.ts";\nimport "./d.css";\nawait import("../e.ts");\nimport x from 'react';`,
      ),
    ).toEqual(['../store/a.ts', '../i18n/b.ts', './c.ts', './d.css', '../e.ts']);
    expect(folderOf('src-renderer/screens/today/Today.tsx')).toBe('src-renderer/screens/');
    expect(folderOf('src-main/logger.ts')).toBe('src-main/logger.ts');
    // Two folders that read each other, a longer circle of three, and one-way reads that make none.
    const circles = folderCircles(
      folderEdges([
        ['src-renderer/store/a.ts', 'src-renderer/i18n/format.ts'],
        ['src-renderer/i18n/format.ts', 'src-renderer/store/clock.ts'],
        ['src-renderer/screens/x/X.tsx', 'src-renderer/store/a.ts'],
        ['src-main/api/routes/r.ts', 'src-main/api/app.ts'],
        ['src-main/a/1.ts', 'src-main/b/1.ts'],
        ['src-main/b/1.ts', 'src-main/c.ts'],
        ['src-main/c.ts', 'src-main/a/2.ts'],
      ]),
    );
    expect(circles).toEqual([
      'src-renderer/store/ → src-renderer/i18n/ (src-renderer/store/a.ts → src-renderer/i18n/format.ts); src-renderer/i18n/ → src-renderer/store/ (src-renderer/i18n/format.ts → src-renderer/store/clock.ts)',
      'src-main/a/ → src-main/b/ (src-main/a/1.ts → src-main/b/1.ts); src-main/b/ → src-main/c.ts (src-main/b/1.ts → src-main/c.ts); src-main/c.ts → src-main/a/ (src-main/c.ts → src-main/a/2.ts)',
    ]);
  });
});
