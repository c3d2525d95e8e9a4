// `station check` against a running station's database, on SQLite (the full integrity_check of the file) and on
// PostgreSQL (amcheck of every table and B-tree index, and whether data checksums are on): whole, exit status 0.
// The damaged case is the damage suite's (test/reliability/damage.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { attributes, document, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  const token = await t.token();
  for (let i = 0; i < 5; i++)
    expect((await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }))).status).toBe(
      201,
    );
});
afterAll(() => t?.close());

describe('station check', () => {
  it('finds a running station’s database whole, and says how it looked', async () => {
    const args = t.databaseUrl ? ['check', '--database', t.databaseUrl, '--json'] : ['check', '--data', t.dataDir, '--json'];
    const checked = await runCli(args);
    expect(checked.code, checked.stderr).toBe(0);
    const report = JSON.parse(checked.stdout);
    expect(report).toMatchObject({ ok: true, problems: [] });
    if (t.databaseUrl) {
      // The test cluster's user is its superuser: amcheck is created and runs over every table and index.
      expect(report).toMatchObject({ amcheck: 'ran', dataChecksums: expect.any(Boolean) });
      expect(report.tables).toBeGreaterThan(15);
      expect(report.indexes).toBeGreaterThan(report.tables);
      expect(report.file).not.toMatch(/:[^/@]*@/);
    }
    const text = await runCli(args.filter((arg) => arg !== '--json'));
    expect(text.stdout).toMatch(/^The database (\S+ )?is whole/);
  });
});
