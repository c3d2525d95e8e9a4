// PostgreSQL's address search by a name's beginning reads migration 25's index in its order and stops at the 50 it
// answers: no sort of the names that share the beginning (in a book of 2,000,000, 200,000 names sorted for `mar`:
// 385 ms, against 0.5 ms read in order; docs/benchmarks.md, "Ten million shipments"). Runs in the PostgreSQL run of
// the suite; SQLite's side is test/unit/address-name-order.test.ts.
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src-main/store/postgres/database.ts';
import { POSTGRES } from '../../src-main/store/sql/dialect.ts';
import { tempDir, testDatabaseFor } from '../helpers/station.ts';

const POSTGRES_URL = inject('postgresUrl');
const closing: (() => unknown)[] = [];
afterAll(async () => {
  for (const close of closing) await close();
});

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe.skipIf(!POSTGRES_URL)("the address book's index by name on PostgreSQL", () => {
  it('gives the search by a name’s beginning its 50 in order, with no sort of every name that shares it', async () => {
    const url = (await testDatabaseFor(tempDir('address-order-')))!;
    const pool = await openPostgres(url);
    closing.push(() => pool.end());
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    closing.push(() => client.end());
    // The book of one account, its client row not needed here: foreign keys are not checked in this session.
    const owner = 1;
    await client.query('SET session_replication_role = replica');
    // A book where thousands of names begin alike: a first name on many entries.
    await client.query(
      `INSERT INTO addresses (client_id, sandbox, fingerprint, name, use_count, last_used_at)
       SELECT $1, 0, 'f' || i, 'Marie Becker ' || i, 1 + i % 7, now()::text FROM generate_series(1, 5000) i`,
      [owner],
    );
    await client.query('ANALYZE addresses');
    // Neither a scan of the whole table nor a bitmap of the range: what is left is an index, read in order or sorted.
    await client.query('SET enable_seqscan = off');
    await client.query('SET enable_bitmapscan = off');
    const [text, values] = POSTGRES.addressSearch.byName('mar', 50);
    const explained = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${text}`, [owner, 0, ...values]);
    const plan = nodes(explained.rows[0]!['QUERY PLAN'][0].Plan);
    expect(plan.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(plan.find((node) => node['Node Type'] === 'Index Scan')?.['Index Name']).toBe('addresses_by_name');
  });
});
