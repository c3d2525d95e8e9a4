// A damaged page on PostgreSQL, as a failing disk leaves it: a cluster with data checksums (initdb
// --data-checksums), blocks of the shipments table overwritten with noise while it was stopped. PostgreSQL finds
// each when it reads it (XX001); the station answers those reads 503 with the damage's text, never 500, and goes
// on serving what is whole; `station check --database` runs amcheck and names the damaged blocks (exit 1).
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { readThroughDamage } from '../helpers/damaged-reads.ts';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../helpers/postgres.ts';
import { attributes, document, post, shipTo } from '../helpers/shipments.ts';
import { startTestStation, tempDir } from '../helpers/station.ts';

const BLOCK = 8192;
let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgresCluster({ checksums: true });
});
afterAll(() => cluster?.stop());

/** The file of a table's first segment, in the cluster's folder. */
async function relationFile(url: string, table: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const path = (await client.query<{ path: string }>('SELECT pg_relation_filepath($1::regclass) AS path', [table])).rows[0]!.path;
    return join(cluster.dataDir, path);
  } finally {
    await client.end();
  }
}

describe('a damaged page on PostgreSQL with data checksums', () => {
  it('is a 503 for each read that meets it, never a 500; what is whole is served; station check names it', async () => {
    const url = await createDatabase(cluster.url);
    const dataDir = join(tempDir(), 'data');
    const first = await startTestStation({ databaseUrl: url, dataDir, schedulerIntervalMs: 0 });
    const token = await first.token();
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const made = await post(
        first,
        token,
        '/v3/shipments',
        document(attributes({ shipTo: { ...shipTo(), name: `Receiver ${i}` } }), { service: 'economy', scheduledProcessing: false }),
      );
      expect(made.status).toBe(201);
      ids.push(made.json.data.id);
    }
    const file = await relationFile(url, 'shipments');
    await first.station.stop();
    // A fast stop checkpoints: every page is in the files before the damage.
    await cluster.halt('fast');
    const blocks = statSync(file).size / BLOCK;
    expect(blocks).toBeGreaterThan(3);
    const fd = openSync(file, 'r+');
    for (let block = 1; block < blocks; block += 2) writeSync(fd, Buffer.alloc(BLOCK, 0xa5), 0, BLOCK, block * BLOCK);
    closeSync(fd);
    await cluster.resume();

    const t = await startTestStation({ databaseUrl: url, dataDir, schedulerIntervalMs: 0 });
    try {
      const again = await t.token();
      const statuses = await readThroughDamage(t, again, [
        ...ids.map((id) => `/v3/shipments/${id}`),
        '/v3/shipment-summaries?limit=1000',
        '/v3/today',
        '/v3/addresses?searchString=Receiver',
      ]);
      // Half the table's blocks are noise: some reads meet them, and the others are served.
      expect(statuses['503'] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
      expect(statuses['200'] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
      // amcheck meets the damaged blocks too, and says where.
      const checked = await runCli(['check', '--database', url, '--json']);
      expect(checked.code, checked.stderr).toBe(1);
      const report = JSON.parse(checked.stdout);
      expect(report).toMatchObject({ ok: false, amcheck: 'ran', dataChecksums: true });
      expect(report.problems.join('\n')).toMatch(/shipments.*(invalid page|checksum)/i);
      console.log(`damaged PostgreSQL pages: ${JSON.stringify(statuses)} over ${ids.length + 3} reads; amcheck: ${report.problems[0]}`);
    } finally {
      await t.close();
      await first.close();
    }
  });
});
