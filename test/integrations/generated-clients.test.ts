// The integration walk-through of docs/integrations.md, run by two clients generated from a served station's /v3/openapi.json, as an
// integrator would make them, with no type written by hand: @hey-api/openapi-ts with its fetch client, and
// openapi-typescript with openapi-fetch. Each is generated at test time into a folder of its own (never committed: what
// is checked is what the station serves now), type-checked strictly, then run: sign in, the current client, the test
// echo, save, rate, confirm the saved one, a one-step create with an Idempotency-Key and its replay, the shipment, its
// label as PDF and ZPL, tracking, summaries, addresses, the event feed, a webhook, and the void.
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const EXAMPLES = join(ROOT, 'examples/generated-clients');
const run = promisify(execFile);

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
});
afterAll(() => t?.close());

/** A folder with the example script, beside the project's node_modules (openapi-fetch, @types/node). */
function workspace(script: string): string {
  const folder = tempDir('generated-client-');
  copyFileSync(join(EXAMPLES, script), join(folder, script));
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
  writeFileSync(join(folder, 'package.json'), '{"type":"module"}\n');
  return folder;
}

function typeCheck(folder: string, script: string): void {
  const check = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/typescript-native/bin/tsc'),
      '--ignoreConfig',
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--allowImportingTsExtensions',
      '--target',
      'es2023',
      '--lib',
      'es2023,dom',
      '--types',
      'node',
      '--skipLibCheck',
      script,
    ],
    { cwd: folder, encoding: 'utf8' },
  );
  expect(check.stdout + check.stderr).toBe('');
  expect(check.status).toBe(0);
}

/** What both clients print: the flow of docs/integrations.md, step by step. */
function expectTheWholeFlow(stdout: string, base: string): void {
  expect(stdout).toContain(`base ${base}/v3; signed in: client ${t.client.id}`);
  expect(stdout).toContain(`current client ${t.client.id}; test echo {"type":"test","id":null,"meta":{"method":"GET"}}`);
  expect(stdout).toMatch(/^saved [0-9A-F]{64}: status 0$/m);
  expect(stdout).toMatch(/^\d+ rates; the cheapest: t\d-\S+, \d+(\.\d+)? EUR$/m);
  const saved = /^saved ([0-9A-F]{64})/m.exec(stdout)![1];
  expect(stdout).toMatch(new RegExp(`^confirmed ${saved}: status 3, tracking number \\S+$`, 'm'));
  const id = /^created ([0-9A-F]{64}): 201, Location (\S+); repeated: 201 the same shipment, Idempotent-Replayed true$/m.exec(stdout);
  expect(id, stdout).not.toBeNull();
  expect(id![2]).toBe(`${base}/v3/shipments/${id![1]}`);
  expect(stdout).toContain('shipment 3');
  expect(stdout).toMatch(/^label %PDF- \d+ bytes; zpl \^XA$/m);
  expect(stdout).toMatch(/^tracking (null|"?\w+"?), \d+ events$/m);
  expect(stdout).toMatch(/^summaries [2-9]\d*; addresses [1-9]\d*$/m);
  expect(stdout).toMatch(/^events .*shipment\.created.*$/m);
  expect(stdout).toMatch(/^events .*shipment\.processed.*$/m);
  expect(stdout).toMatch(/^webhook \d+: secret given once$/m);
  expect(stdout).toContain(`voided ${id![1]}: 204`);
}

describe('clients generated from the served description run the whole flow of docs/integrations.md', () => {
  it('@hey-api/openapi-ts with its fetch client, whose default base URL is the served description’s first server', async () => {
    const script = 'readme-flow-hey-api.ts';
    const folder = workspace(script);
    writeConfig(folder, `${t.url}/v3/openapi.json`);
    await run(process.execPath, [join(ROOT, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-f', 'openapi-ts.config.mjs'], {
      cwd: folder,
      timeout: 120_000,
    });
    expect(readFileSync(join(folder, 'hey-api/client.gen.ts'), 'utf8')).toContain(`baseUrl: '${t.url}/v3'`);
    typeCheck(folder, script);
    const made = await run(process.execPath, [script], {
      cwd: folder,
      timeout: 60_000,
      env: { ...process.env, INTEGRATION_KEY: t.integrationKey },
    });
    expect(made.stderr).toBe('');
    expectTheWholeFlow(made.stdout, t.url);
  });

  it('openapi-typescript with openapi-fetch', async () => {
    const script = 'readme-flow-openapi-fetch.ts';
    const folder = workspace(script);
    await run(
      process.execPath,
      [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), `${t.url}/v3/openapi.json`, '-o', 'station-api.d.ts'],
      { cwd: folder, timeout: 120_000 },
    );
    typeCheck(folder, script);
    const made = await run(process.execPath, [script], {
      cwd: folder,
      timeout: 60_000,
      env: { ...process.env, INTEGRATION_KEY: t.integrationKey, STATION_URL: t.url },
    });
    expect(made.stderr).toBe('');
    expectTheWholeFlow(made.stdout, t.url);
  });
});

/** The generator's settings: the served description, the fetch client, imports Node runs as they are (.ts). */
function writeConfig(folder: string, input: string): void {
  const config = {
    input,
    output: { path: './hey-api', importFileExtension: '.ts' },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { file: false },
  };
  writeFileSync(join(folder, 'openapi-ts.config.mjs'), `export default ${JSON.stringify(config)};\n`);
}
