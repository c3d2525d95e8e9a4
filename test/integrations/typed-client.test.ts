// The typed-client example of docs/api.md ("A typed client in a few lines"), run as an integrator would run it:
// openapi-typescript generates the types from a running station's GET /v3/openapi.json, TypeScript checks
// examples/typed-client/make-label.ts against them, and the script signs in, rates, confirms, saves the label and
// prints it through a real CUPS queue.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRawQueue, cupsMissing, removeQueue, ThermalPrinter } from '../helpers/printers.ts';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const EXAMPLE = join(ROOT, 'examples/typed-client');
const TYPES = join(EXAMPLE, 'station-api.d.ts');
const QUEUE = 'typed-client-zebra';
const run = promisify(execFile);

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI the typed-client example prints through CUPS.`);
if (noCups) console.log(`Skipping the typed-client example: ${noCups}.`);

describe.skipIf(noCups !== undefined)('a typed client generated from the station’s description', () => {
  let t: TestStation;
  const printer = new ThermalPrinter();
  beforeAll(async () => {
    t = await startTestStation({ schedulerIntervalMs: 0 });
    await printer.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${printer.port}`);
  });
  afterAll(async () => {
    removeQueue(QUEUE);
    await printer.stop();
    await t?.close();
    rmSync(TYPES, { force: true });
  });

  it('is generated, type-checks, and makes and prints a label', async () => {
    const page = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
    expect(page).toContain('npx openapi-typescript http://127.0.0.1:8411/v3/openapi.json -o station-api.d.ts');
    expect(page, 'docs/api.md shows make-label.ts whole').toContain(
      `\`\`\`ts\n${readFileSync(join(EXAMPLE, 'make-label.ts'), 'utf8')}\`\`\``,
    );

    // The station answers in this process: the children run while the test awaits them, never blocking it.
    await run(join(ROOT, 'node_modules/.bin/openapi-typescript'), [`${t.url}/v3/openapi.json`, '-o', TYPES], { cwd: EXAMPLE });
    expect(readFileSync(TYPES, 'utf8')).toContain('"/shipments/confirm"');

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
        'make-label.ts',
      ],
      { cwd: EXAMPLE, encoding: 'utf8' },
    );
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);

    const label = join(tempDir(), 'label.pdf');
    const made = await run(join(ROOT, 'node_modules/.bin/node'), ['make-label.ts'], {
      cwd: EXAMPLE,
      timeout: 60_000,
      env: { ...process.env, STATION_URL: t.url, INTEGRATION_KEY: t.integrationKey, PRINTER: QUEUE, LABEL_FILE: label },
    });
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(/^\d+ rates; the cheapest: .+ \d+(\.\d+)? EUR$/m);
    const id = /^shipment ([0-9A-F]{64}): status 3, tracking number (\S+)$/m.exec(made.stdout)?.[1];
    expect(id).toBeDefined();
    expect(made.stdout).toMatch(new RegExp(`^print job [0-9A-F]+ on ${QUEUE}: done$`, 'm'));
    expect(existsSync(label) && readFileSync(label).subarray(0, 5).toString()).toBe('%PDF-');
    // The station booked it once, and the printer got its ZPL.
    const summaries = await t.call('/v3/shipment-summaries', { headers: { Authorization: `Bearer ${await t.token()}` } });
    expect(summaries.json.data.map((summary: { id: string }) => summary.id)).toEqual([id]);
    await expect.poll(() => printer.received.length, { timeout: 15_000 }).toBe(1);
    expect(printer.received[0]!.toString('latin1')).toMatch(/^\^XA/);
  });
});
