// The route table (src-shared/routes.ts) is the API's one list of routes: the station serves each route it lists,
// at its method, and no other; the routes registered in src-main/api/routes/ name their entry of the table; and a
// route the table gives to supervisors or admins refuses a packer with 403, naming the role it needs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, pathOf, type RouteSpec } from '../../src-shared/routes.ts';
import { OPERATOR, JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let packer: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  await t.station.users.add(OPERATOR, { clientId: t.client.id, username: 'table-packer', password: 'Packing-Desk-2026', role: 'packer' });
  packer = (await t.signIn('table-packer', 'Packing-Desk-2026')).json.meta.token as string;
});
afterAll(() => t?.close());

const routes = Object.entries(ROUTES) as [string, RouteSpec][];
/** A path of the route with a made-up value for each parameter. */
const sample = (spec: RouteSpec) =>
  pathOf(spec, Object.fromEntries([...spec.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1]!, '1'])));

describe('the route table', () => {
  it('lists each route once', () => {
    const keys = routes.map(([, spec]) => `${spec.method} ${spec.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is what the station serves: each route at its method, under /v3 and without it', async () => {
    const missing: string[] = [];
    for (const [name, spec] of routes.filter(([, spec]) => !spec.desktopOnly)) {
      for (const prefix of ['/v3', '']) {
        const answer = await t.call(`${prefix}${sample(spec)}`, { method: 'OPTIONS' });
        const allowed = String(answer.headers.allow ?? '').split(/,\s*/);
        if (answer.status !== 204 || !allowed.includes(spec.method))
          missing.push(`${name}: ${spec.method} ${prefix}${spec.path} (${answer.status}, Allow: ${answer.headers.allow})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is where every registration comes from: the route modules serve only entries of the table', () => {
    const folder = join(import.meta.dirname, '../../src-main/api/routes');
    const strays: string[] = [];
    for (const file of readdirSync(folder)) {
      const source = readFileSync(join(folder, file), 'utf8');
      for (const match of source.matchAll(/\b\w+\.(on|get|post|patch|delete)\(\s*([^,)]+)/g)) {
        const [, method, first] = match;
        // An event listener (req.on('close')) is no route; a route is named by its entry, never by a path.
        const route = method === 'on' ? !first!.startsWith("'") || first!.startsWith("'/") : first!.startsWith("'/");
        if (route && !first!.startsWith('ROUTES.')) strays.push(`${file}: ${match[0]}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('holds for signed-in routes: no token, 401', async () => {
    for (const [name, spec] of routes.filter(([, spec]) => spec.access !== 'open')) {
      const answer = await t.call(`/v3${sample(spec)}`, {
        method: spec.method,
        headers: spec.method === 'GET' || spec.method === 'DELETE' ? {} : { 'Content-Type': JSONAPI },
        body: spec.method === 'GET' || spec.method === 'DELETE' ? undefined : '{}',
      });
      expect(answer.status, name).toBe(401);
    }
  });

  it('holds for the roles: a packer is refused with 403 by every route for supervisors or admins', async () => {
    const answers: string[] = [];
    for (const [name, spec] of routes.filter(([, spec]) => spec.access === 'supervisor' || spec.access === 'admin')) {
      const body = spec.method === 'GET' || spec.method === 'DELETE' ? undefined : JSON.stringify({ data: { type: 'x', attributes: {} } });
      const answer = await t.call(`/v3${sample(spec)}`, {
        method: spec.method,
        headers: { Authorization: `Bearer ${packer}`, ...(body ? { 'Content-Type': JSONAPI } : {}) },
        body,
      });
      if (answer.status !== 403) answers.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else expect(answer.json.errors[0].detail, name).toMatch(spec.access === 'admin' ? /admin/i : /supervisor/i);
    }
    expect(answers).toEqual([]);
  });
});
