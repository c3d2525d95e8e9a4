// A database made by the release before the store's rewrite began (473ca86, the close of issue 27), one of each
// back end (test/fixtures/release-27/, made by that release's own code as its README says). The current station
// opens it and migrates it forward untouched: its people sign in with their own passwords and roles, its shipments
// read back with their documents, its order, webhook and carrier setting are there, and new writes land.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBinaries } from '../helpers/postgres.ts';
import { document, get, post } from '../helpers/shipments.ts';
import { startTestStation, tempDir, testDatabaseFor, type TestStation } from '../helpers/station.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/release-27');
const ADMIN = { username: 'fixture-admin', password: 'Fixture-Admin-2026' };
const PACKER = { username: 'fixture-packer', password: 'Fixture-Packer-2026' };

let t: TestStation | undefined;
afterAll(() => t?.close());

/** The fixture in a data folder of its own: the SQLite file copied, or the PostgreSQL dump loaded into this run's database. */
async function fixtureStation(): Promise<TestStation> {
  const dataDir = join(tempDir(), 'data');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const databaseUrl = await testDatabaseFor(dataDir);
  if (databaseUrl) {
    const { dir } = postgresBinaries() as { dir: string };
    execFileSync(join(dir, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-f', join(FIXTURE, 'station.pg.sql'), databaseUrl], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } else {
    copyFileSync(join(FIXTURE, 'station.sqlite'), join(dataDir, 'station.sqlite'));
    chmodSync(join(dataDir, 'station.sqlite'), 0o600);
  }
  return startTestStation({ dataDir, databaseUrl, schedulerIntervalMs: 0 });
}

describe('a database of the release before', () => {
  it('opens, migrates forward, and serves what it held', async () => {
    t = await fixtureStation();
    const signIn = async (who: { username: string; password: string }) => {
      const answer = await t!.signIn(who.username, who.password);
      expect(answer.status, answer.text).toBe(200);
      return answer;
    };
    const admin = await signIn(ADMIN);
    expect(admin.json.meta).toMatchObject({ username: ADMIN.username, role: 'admin' });
    const adminToken = admin.json.meta.token as string;
    const packer = await signIn(PACKER);
    expect(packer.json.meta).toMatchObject({ role: 'packer' });

    // Its four shipments: a saved one, two processed, one waiting for scheduled processing.
    const list = await get(t, adminToken, '/v3/shipment-summaries?limit=100');
    expect(list.status, list.text).toBe(200);
    const names = list.json.data.map((summary: { attributes: { shipToName: string } }) => summary.attributes.shipToName).sort();
    expect(names).toEqual(['Kunde Becker', 'Kunde Express', 'Kunde Gespeichert', 'Kunde Wartend']);
    const statuses = Object.fromEntries(
      list.json.data.map((summary: { attributes: { shipToName: string; status: number } }) => [
        summary.attributes.shipToName,
        summary.attributes.status,
      ]),
    );
    expect(statuses).toEqual({ 'Kunde Becker': 3, 'Kunde Express': 3, 'Kunde Gespeichert': 0, 'Kunde Wartend': 0 });
    for (const summary of list.json.data.filter((entry: { attributes: { status: number } }) => entry.attributes.status === 3)) {
      const shipment = await get(t, adminToken, `/v3/shipments/${summary.id}`);
      expect(shipment.status).toBe(200);
      expect(shipment.json.data.meta).toMatchObject({
        reference: expect.stringMatching(/^\d{12}$/),
        trackingNumber: expect.any(String),
        createdBy: expect.stringMatching(/^fixture-/),
      });
      const documents = await get(t, adminToken, `/v3/shipments/${summary.id}/documents`);
      expect(documents.status).toBe(200);
      expect(Buffer.from(documents.json.data.attributes.fileData, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Roles kept: the packer may not read the audit log, which the admin reads (a void's refusal would depend on
    // the day: past the ship date it is refused for everyone).
    const refused = await get(t, packer.json.meta.token as string, '/v3/audit-events');
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].meta).toEqual({ neededRole: 'supervisor', role: 'packer' });
    expect((await get(t, adminToken, '/v3/audit-events')).status).toBe(200);
    // The rest of what it held.
    expect((await get(t, adminToken, '/v3/orders/FIX-1001')).status).toBe(200);
    const webhooks = await get(t, adminToken, '/v3/webhooks');
    expect(webhooks.json.data.map((hook: { attributes: { url: string } }) => hook.attributes.url)).toEqual(['http://127.0.0.1:9/hook']);
    const carriers = await get(t, adminToken, '/v3/carriers');
    expect(carriers.json.data.find((carrier: { id: string }) => carrier.id === 'DHL').attributes.fuelSurchargePercent).toBe(4.5);
    const addresses = await get(t, adminToken, '/v3/addresses?searchString=Becker');
    expect(addresses.json.data.length).toBeGreaterThan(0);
    // And new writes land beside the old rows, with references above theirs.
    const saved = await post(t, adminToken, '/v3/shipments/save', document());
    expect(saved.status, saved.text).toBe(202);
    const references = list.json.data
      .map((entry: { attributes: { reference: string | null } }) => entry.attributes.reference)
      .filter(Boolean)
      .map(Number);
    expect(Number(saved.json.data.meta.reference)).toBeGreaterThan(Math.max(...references));
  });
});
