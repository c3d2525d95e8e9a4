// The documentation holds together: README.md stays a quick start (at most 400 lines; the rest lives in docs/ by
// topic), and every relative link of README.md and docs/*.md points to a file or folder that exists and, when it
// names an anchor, to a heading of that page (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text of a page without its fenced code blocks, where a bracket is code, not a link. */
function prose(text: string): string {
  return text.replace(/^[ \t]*```[\s\S]*?^[ \t]*```/gm, '');
}

/** GitHub's anchor for a heading's text. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a page: its headings' (a repeated one numbered as GitHub does) and its own `<a id>`s. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** The relative links of a page: `[words](target)`, outside code. */
function linksOf(text: string): string[] {
  const inline = prose(text).replace(/`[^`\n]*`/g, '');
  return [...inline.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target!).filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** What is wrong with one link from `page`, or undefined. */
function brokenLink(page: string, target: string): string | undefined {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
  if (!existsSync(file)) return `${page}: ${target}: no file ${relative(ROOT, file)}`;
  if (anchor === undefined || statSync(file).isDirectory() || !file.endsWith('.md')) return undefined;
  return anchorsOf(readFileSync(file, 'utf8')).has(anchor)
    ? undefined
    : `${page}: ${target}: no heading #${anchor} in ${relative(ROOT, file)}`;
}

describe('the documentation', () => {
  it('README.md is a quick start of at most 400 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(400);
  });

  it('README.md links every page of docs/', () => {
    const links = new Set(linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((target) => target.split('#')[0]));
    expect(PAGES.filter((page) => page !== 'README.md' && !links.has(page))).toEqual([]);
  });

  it('every page of docs/ says what it is for and links back to the README', () => {
    for (const page of PAGES.filter((name) => name !== 'README.md' && name !== 'docs/error-codes.md')) {
      const [title, purpose] = readFileSync(join(ROOT, page), 'utf8').split('\n\n');
      expect(title, page).toMatch(/^# [^\n]+$/);
      expect(purpose, page).toContain('](../README.md)');
    }
  });

  it('every relative link of README.md and docs/*.md reaches an existing file, and heading when it names one', () => {
    const links = PAGES.flatMap((page) => linksOf(readFileSync(join(ROOT, page), 'utf8')).map((target) => [page, target] as const));
    expect(links.length).toBeGreaterThan(20);
    expect(links.flatMap(([page, target]) => brokenLink(page, target) ?? [])).toEqual([]);
  });

  it('finds a broken file or anchor (the check checks)', () => {
    expect(brokenLink('README.md', 'docs/no-such-page.md')).toContain('no file docs/no-such-page.md');
    expect(brokenLink('README.md', 'docs/operations.md#no-such-heading')).toContain('no heading #no-such-heading');
    expect(brokenLink('docs/desk.md', '#the-desk-ui')).toBeUndefined();
    expect(anchorOf('The API described: OpenAPI, /docs and a typed client')).toBe('the-api-described-openapi-docs-and-a-typed-client');
    expect(anchorOf('The `station` command')).toBe('the-station-command');
  });
});
