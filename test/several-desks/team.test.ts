// A team on two desks sharing PostgreSQL (docs/desk.md, "A team at the warehouse"): the team scenario with the packers
// spread over both desks and a leaver's token refused on the other desk within a second; and a station that made
// one client per person merged into one account, with its summaries, documents and tracking the same after.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { setClock } from '../helpers/clock.ts';
import { createDatabase } from '../helpers/postgres.ts';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, get, post, shipTo } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';
import { runTeamScenario } from '../helpers/team.ts';
import { waitFor } from '../helpers/wait.ts';

const server = inject('postgresUrl');
const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI the team scenario reprints through CUPS.`);
const QUEUE = `station-team-desks-${process.pid}`;
const thermal = new ThermalPrinter();
/**
 * Both desks' clock: a Monday morning, so that today is a working day whatever day the test runs (a parcel made on a
 * real Saturday ships on Monday, and Saturday's report counts none of it).
 */
const clock = setClock('2026-11-23 10:00', 'Europe/Rome');
let deskA: TestStation;
let deskB: TestStation;

beforeAll(async () => {
  if (!noCups) {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`, 'Team desks Zebra');
  }
  const databaseUrl = await createDatabase(server);
  const desk = { databaseUrl, clock, schedulerIntervalMs: 0, printPollMs: 200 };
  deskA = await startTestStation({ ...desk, desk: 'desk-a', dataDir: join(tempDir(), 'a') });
  deskB = await startTestStation({ ...desk, desk: 'desk-b', dataDir: join(tempDir(), 'b') });
});

afterAll(async () => {
  await deskA?.close();
  await deskB?.close();
  if (!noCups) {
    removeQueue(QUEUE);
    await thermal.stop();
  }
});

describe('a team on two desks', () => {
  it('ships from both desks, and the supervisor voids, reprints and closes the day for all of them', async () => {
    await runTeamScenario({ desks: [deskA, deskB], queue: noCups ? undefined : QUEUE }, 'desks');
  });
});

describe('client merge of a station that made one client per person', () => {
  it('moves the users and everything they own into one account: summaries, documents and tracking answer the same', async () => {
    const day = deskA.clock.today();
    const kept = await deskA.station.clients.add(OPERATOR, {
      username: 'merge-boss',
      password: 'Merge-Boss-2026',
      role: 'supervisor',
      profile: { name: 'Merged warehouse' },
    });
    const gone = await deskA.station.clients.add(OPERATOR, {
      username: 'merge-luca',
      password: 'Merge-Luca-2026',
      profile: { name: 'Luca, a client of his own' },
    });
    const boss = (await deskA.signIn('merge-boss', 'Merge-Boss-2026')).json.meta.token as string;
    const luca = (await deskB.signIn('merge-luca', 'Merge-Luca-2026')).json.meta.token as string;
    const lucas = [];
    for (const carrier of ['UPS', 'DHL']) {
      const made = await post(
        deskB,
        luca,
        '/v3/shipments',
        document(attributes({ shipDate: day }), { scheduledProcessing: false, service: 'economy', carrierChoice: carrier }),
      );
      expect(made.status).toBe(201);
      lucas.push(made.json.data.id as string);
    }
    expect(
      (
        await post(
          deskA,
          boss,
          '/v3/shipments',
          document(attributes({ shipDate: day }), { scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' }),
        )
      ).status,
    ).toBe(201);
    const before = await Promise.all(
      lucas.map(async (id) => ({
        documents: (await get(deskB, luca, `/v3/shipments/${id}/documents`)).json,
        tracking: (await get(deskB, luca, `/v3/shipments/${id}/tracking`)).json,
      })),
    );
    const reportBefore = (await get(deskB, luca, `/v3/reports/daily?dateFrom=${day}&dateTo=${day}`)).json.meta.totals;

    const { moved } = await deskA.station.clients.merge(OPERATOR, { id: kept.id }, { username: 'merge-luca' });
    expect(moved).toMatchObject({ users: 1, shipments: 2 });

    // Luca signs in as before, into the merged account, and finds his parcels as they were.
    const lucaNow = await deskB.signIn('merge-luca', 'Merge-Luca-2026');
    expect(lucaNow.json.data.id).toBe(kept.id);
    const token = lucaNow.json.meta.token as string;
    for (const [index, id] of lucas.entries()) {
      expect((await get(deskB, token, `/v3/shipments/${id}/documents`)).json).toEqual(before[index]!.documents);
      expect((await get(deskB, token, `/v3/shipments/${id}/tracking`)).json).toEqual(before[index]!.tracking);
      expect((await get(deskA, boss, `/v3/shipments/${id}`)).json.data.meta.createdBy).toBe('merge-luca');
    }
    // The account's summaries add up: the boss's parcel and Luca's two.
    const report = (await get(deskA, boss, `/v3/reports/daily?dateFrom=${day}&dateTo=${day}`)).json.meta;
    expect(report.totals.shipments).toBe(reportBefore.shipments + 1);
    expect(report.people.map((person: { username: string; shipments: number }) => [person.username, person.shipments])).toEqual([
      ['merge-luca', 2],
      ['merge-boss', 1],
    ]);
    // The old account is gone: its id names nothing, and a second merge is refused.
    await expect(deskA.station.clients.find(OPERATOR, { id: gone.id })).rejects.toThrow(`No client has id '${gone.id}'.`);
    await expect(deskA.station.clients.merge(OPERATOR, { id: kept.id }, { id: gone.id })).rejects.toThrow(`No client has id '${gone.id}'.`);
    const [entry] = await deskA.station.store.audit.list({ before: null, action: 'client.merged', desk: null, actor: null, limit: 1 });
    expect(entry!.detail).toMatchObject({
      from: { id: gone.id, username: 'merge-luca' },
      into: { id: kept.id },
      moved: { users: 1, shipments: 2 },
    });
  });

  it('refuses, naming each, while the account to merge has work that cannot move', async () => {
    const into = await deskA.station.clients.add(OPERATOR, { username: 'clash-a', password: 'Clash-Password-1', profile: { name: 'A' } });
    const from = await deskA.station.clients.add(OPERATOR, { username: 'clash-b', password: 'Clash-Password-2', profile: { name: 'B' } });
    const order = (number: string) => ({
      data: {
        type: 'order',
        attributes: { number, shipTo: shipTo(), lines: [{ sku: 'X', description: 'Thing', quantity: 1, unitPrice: 10 }] },
      },
    });
    for (const [username, password] of [
      ['clash-a', 'Clash-Password-1'],
      ['clash-b', 'Clash-Password-2'],
    ] as const) {
      const token = (await deskA.signIn(username, password)).json.meta.token as string;
      const made = await post(deskA, token, '/v3/orders', order('SO-1'));
      expect(made.status, made.text).toBe(201);
    }
    await expect(deskA.station.clients.merge(OPERATOR, { id: into.id }, { id: from.id })).rejects.toThrow(
      'The clients were not merged: order SO-1 exists in both accounts.',
    );
    // Nothing moved.
    expect((await deskA.station.users.find(OPERATOR, { username: 'clash-b' })).clientId).toBe(from.id);
  });
});

describe('a password change on one desk', () => {
  it('ends that user’s sessions on the other desk within a second, and no one else’s', async () => {
    const account = await deskA.station.clients.add(OPERATOR, {
      username: 'leaked-admin',
      password: 'Leaked-Admin-2026',
      role: 'admin',
      profile: { name: 'Leaked' },
    });
    await deskA.station.users.add(OPERATOR, { clientId: account.id, username: 'leaked-packer', password: 'Leaked-Packer-2026' });
    await deskA.station.users.add(OPERATOR, { clientId: account.id, username: 'other-packer', password: 'Other-Packer-2026' });
    // Both packers signed in at desk B, and have used their tokens there.
    const leaked = (await deskB.signIn('leaked-packer', 'Leaked-Packer-2026')).json.meta.token as string;
    const other = (await deskB.signIn('other-packer', 'Other-Packer-2026')).json.meta.token as string;
    for (const token of [leaked, other]) expect((await get(deskB, token, '/v3/clients/current')).status).toBe(200);

    // The admin changes the leaked password at desk A, through the API as Settings → Team does.
    const admin = (await deskA.signIn('leaked-admin', 'Leaked-Admin-2026')).json.meta.token as string;
    const packer = await deskA.station.users.find(OPERATOR, { username: 'leaked-packer' });
    const changed = await deskA.call(`/v3/users/${packer.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'user', id: packer.id, attributes: { password: 'Fresh-Packer-2026' } } }),
    });
    expect(changed.status).toBe(200);
    // Desk B rechecks its users every second (CLIENT_RECHECK_MS): its next check refuses the old token.
    await waitFor('desk B to refuse the packer’s old token', async () => (await get(deskB, leaked, '/v3/clients/current')).status === 401, {
      timeoutMs: 2_500,
    });
    expect((await get(deskB, other, '/v3/clients/current')).status).toBe(200);
    expect((await deskB.signIn('leaked-packer', 'Fresh-Packer-2026')).status).toBe(200);
  });
});
