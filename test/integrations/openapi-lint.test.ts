// Redocly's recommended-strict lint (redocly.yaml) of the description as a served station answers it, absolute
// servers and all: 0 errors and 0 warnings. It runs offline: the rules ship with @redocly/cli, and its update check
// and telemetry are off.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
});
afterAll(() => t?.close());

describe('the served description passes Redocly’s recommended-strict lint', () => {
  it.each(['/v3', '/v3-testing'])('at %s/openapi.json: 0 errors, 0 warnings', async (prefix) => {
    const served = await t.call(`${prefix}/openapi.json`);
    expect(served.status).toBe(200);
    const file = join(tempDir('openapi-lint-'), 'openapi.json');
    writeFileSync(file, served.text);
    const linted = await run(
      process.execPath,
      [join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json'],
      {
        cwd: ROOT,
        timeout: 120_000,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }));
    const report = JSON.parse(linted.stdout.slice(linted.stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: Problem[];
    };
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // The lint saw the served servers: absolute, at this station.
    expect(JSON.parse(served.text).servers[0].url).toBe(`${t.url}${prefix}`);
  });
});
