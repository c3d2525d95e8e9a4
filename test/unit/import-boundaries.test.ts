// Keeps the "What may import what" table of docs/ARCHITECTURE.md true: every import in src-main, src-renderer and src-shared,
// type-only ones included, must be allowed by the row its file belongs to. The table is the rule; this reads it.
// And no module imports itself round a circle, type-only imports counted: each room's imports run one way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE_FOLDERS = ['src-main', 'src-renderer', 'src-shared'];

interface Row {
  paths: string[];
  allowed: string[];
}

/** The rows of the table under "### What may import what": backticked paths, then backticked allowed entries. */
function readTable(readme: string): Row[] {
  const section = readme.split(/^### What may import what$/m)[1];
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "### What may import what" section');
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    if (/^#{1,3} /.test(line)) break;
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || !cells[1]?.startsWith('`')) continue;
    const ticks = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    rows.push({ paths: ticks(cells[1]), allowed: ticks(cells[3]!) });
  }
  return rows;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every module specifier a file names: static imports and re-exports (type-only too), and dynamic imports, each in
 * single or double quotes (or a template without substitutions, for a dynamic one).
 */
function specifiers(source: string): string[] {
  const found = new Set<string>();
  const quoted = `(['"])([^'"\\n]+)\\1`;
  const patterns = [
    new RegExp(`^\\s*(?:import|export)\\s[^;]*?\\sfrom\\s*${quoted}`, 'gms'),
    new RegExp(`^\\s*import\\s*${quoted}`, 'gm'),
    new RegExp(`\\bimport\\(\\s*(?:${quoted}|\`([^\`$]+)\`)\\s*[,)]`, 'g'),
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add((match[2] ?? match[3])!);
  return [...found];
}

/** What an import names, as the table names things: a repo path, `node:`, or an npm package name. */
function target(file: string, specifier: string): string {
  const bare = specifier.replace(/\?.*$/, '');
  if (bare.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(file), bare));
  if (bare.startsWith('node:') || builtinModules.includes(bare)) return 'node:';
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const covers = (entry: string, path: string) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry);

function rowOf(rows: Row[], file: string): { row: Row; path: string } | undefined {
  let best: { row: Row; path: string } | undefined;
  for (const row of rows) {
    for (const path of row.paths) {
      if (covers(path, file) && (!best || path.length > best.path.length)) best = { row, path };
    }
  }
  return best;
}

/** The circles in a graph of modules (Tarjan's strongly connected components of more than one module, or a self-import). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, counter);
    low.set(module, counter++);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

const rows = readTable(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8'));
const files = SOURCE_FOLDERS.flatMap(sourceFiles);

describe('the import-boundary table', () => {
  it('is found in docs/ARCHITECTURE.md, and every path it names exists', () => {
    expect(rows.length).toBeGreaterThan(15);
    for (const path of rows.flatMap((row) => [...row.paths, ...row.allowed.filter((entry) => /^src-/.test(entry))])) {
      expect(() => statSync(join(ROOT, path)), `${path} is in the table but not in the tree`).not.toThrow();
    }
  });

  it('has a row for every source file', () => {
    const homeless = files.filter((file) => !rowOf(rows, file));
    expect(homeless, 'files no row of the table covers: add a row').toEqual([]);
  });
});

describe('every import keeps to the table', () => {
  it('has no import the table does not allow', () => {
    const broken: string[] = [];
    for (const file of files) {
      const home = rowOf(rows, file)!;
      for (const specifier of specifiers(readFileSync(join(ROOT, file), 'utf8'))) {
        const named = target(file, specifier);
        const ownRow = home.row.paths.some((path) => covers(path, named));
        if (!ownRow && !home.row.allowed.some((entry) => entry === named || covers(entry, named)))
          broken.push(`${file} imports ${specifier}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    // The checker itself: a store import from api/ and a Node import in src-shared are refused by the table.
    const api = rowOf(rows, 'src-main/api/routes/shipments.ts')!;
    expect(api.row.allowed.some((entry) => covers(entry, target('src-main/api/routes/shipments.ts', '../../store/index.ts')))).toBe(false);
    const shared = rowOf(rows, 'src-shared/errors.ts')!;
    expect(shared.row.allowed).not.toContain(target('src-shared/errors.ts', 'node:fs'));
    expect(specifiers("import type { A } from '../store/index.ts';\nexport { b } from './b.ts';\nawait import('./c.ts');")).toEqual([
      '../store/index.ts',
      './b.ts',
      './c.ts',
    ]);
    // Double quotes, a side-effect import, a dynamic import in double quotes, in a template, and with options.
    const double =
      'import { d } from "./d.ts";\nimport "./e.ts";\nexport * from "./f.ts";\nawait import("./g.ts");\nawait import(`./h.ts`);\nawait import(\'./i.json\', { with: { type: \'json\' } });';
    expect(specifiers(double).sort()).toEqual(['./d.ts', './e.ts', './f.ts', './g.ts', './h.ts', './i.json']);
    // A service reaches the store through its index only: a table module of it is refused.
    const service = rowOf(rows, 'src-main/services/backups.ts')!;
    const allowed = (specifier: string) =>
      service.row.allowed.some((entry) => covers(entry, target('src-main/services/backups.ts', specifier)));
    expect(allowed('../store/index.ts')).toBe(true);
    expect(allowed('../store/backup.ts')).toBe(false);
  });
});

describe('no import circle', () => {
  it('has none among the source modules, type-only imports counted', () => {
    const graph = new Map(
      files.map((file) => [
        file,
        specifiers(readFileSync(join(ROOT, file), 'utf8'))
          .filter((specifier) => specifier.startsWith('.'))
          .map((specifier) => target(file, specifier)),
      ]),
    );
    expect(circles(graph)).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});
