// The routes take their request the way the route table types it (src-main/api/router.ts): the body through their
// endpoint's parse step, the path's parameters and the entry's query parameters as the endpoint's input. None reads
// the raw body, names a query parameter by a free string, or annotates its handler's context by hand (the router
// infers it from the entry). A self-test shows each rule catches what it is for.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTES_FOLDER = resolve(import.meta.dirname, '../../src-main/api/routes');

const RULES: { rule: string; pattern: RegExp }[] = [
  {
    rule: 'reads the raw body (ctx.state.body): the endpoint’s parse step takes it',
    pattern: /\bctx\.state\.body\b|\bstate\s*\.\s*body\b/,
  },
  {
    rule: 'reads a query parameter by a free name (queryParameter): the endpoint’s query has the entry’s',
    pattern: /\bqueryParameter\s*\(/,
  },
  {
    rule: 'annotates a route handler’s context ((ctx: ApiContext) in router.on): the router infers it',
    pattern: /\.on\(\s*ROUTES\.\w+[^\n]*\(ctx: ApiContext/,
  },
];

/** Each line of a source that breaks a rule: file:line, and the rule. */
function breaches(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) => RULES.filter(({ pattern }) => pattern.test(line)).map(({ rule }) => `${file}:${index + 1} ${rule}`));
}

describe('routes take their request as their entry types it', () => {
  it('no route file reads the raw body, a query parameter by a free name, or annotates its handler’s context', () => {
    const files = readdirSync(ROUTES_FOLDER).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((name) => breaches(name, readFileSync(join(ROUTES_FOLDER, name), 'utf8')))).toEqual([]);
  });

  it('catches each of them (self-test)', () => {
    const source = [
      'router.on(ROUTES.addOrder, async (ctx: ApiContext) => {',
      '  const order = validateOrderDocument(ctx.state.body);',
      "  const status = queryParameter(ctx, 'status');",
      '});',
    ].join('\n');
    expect(breaches('sample.ts', source)).toEqual([
      `sample.ts:1 ${RULES[2]!.rule}`,
      `sample.ts:2 ${RULES[0]!.rule}`,
      `sample.ts:3 ${RULES[1]!.rule}`,
    ]);
  });
});
