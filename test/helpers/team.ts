// The team scenario of docs/desk.md, "A team at the warehouse", run on whichever desks a suite gives it: on one station
// (SQLite, and PostgreSQL) and on two desks sharing PostgreSQL. An admin hires three packers and a supervisor
// through the API; the packers ship from the desks; the supervisor sees every parcel, voids one packer's label,
// reprints another's (through a real CUPS queue when there is one), and closes UPS's day with every packer's
// UPS parcels in it; Reports count parcels per person; the audit log names each person.
import { expect } from 'vitest';
import { workingDayFrom } from '../../src-shared/calendar.ts';
import { attributes, document } from './shipments.ts';
import { JSONAPI, OPERATOR, type TestStation } from './station.ts';
import { waitFor } from './wait.ts';

const PASSWORD = 'Team-Password-2026';

export interface TeamDesks {
  /** The desks the people work at; the admin and supervisor use the first. */
  desks: TestStation[];
  /** A CUPS queue to reprint on, or undefined where the machine has no CUPS. */
  queue?: string;
}

const request = (desk: TestStation, token: string, method: string, path: string, body?: unknown) =>
  desk.call(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function signIn(desk: TestStation, username: string, password = PASSWORD) {
  const response = await desk.signIn(username, password);
  expect(response.status, response.text).toBe(200);
  return response.json as {
    data: { id: string };
    meta: { token: string; username: string; role: string; user: { id: string; name: string } };
  };
}

/** Runs the scenario with a fresh account named by `prefix`; returns the account id. */
export async function runTeamScenario({ desks, queue }: TeamDesks, prefix: string): Promise<string> {
  const [first] = desks;
  const deskOf = (index: number) => desks[index % desks.length]!;
  // The day the parcels ship: today, or after a weekend the next working day, as the station books it (a test
  // station has no holidays). On a Saturday the station would move today's ship date to Monday.
  const day = workingDayFrom(first!.clock.today(), []);

  // The account and its admin, as docs/desk.md's `client add … --role admin`.
  const account = await first!.station.clients.add(OPERATOR, {
    username: `${prefix}-boss`,
    password: PASSWORD,
    role: 'admin',
    profile: { name: `${prefix} warehouse`, country: 'IT' },
  });
  const admin = (await signIn(first!, `${prefix}-boss`)).meta.token;

  // The admin hires three packers and a supervisor.
  const hire = async (username: string, name: string, role: string | null) => {
    const response = await request(first!, admin, 'POST', '/v3/users', {
      data: { type: 'user', attributes: { username, password: PASSWORD, name, role } },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.data.attributes).toMatchObject({ username, name, role: (role ?? 'packer').toLowerCase(), state: 'active' });
    return response.json.data.id as string;
  };
  const packers = [`${prefix}-anna`, `${prefix}-bruno`, `${prefix}-carla`];
  for (const [index, username] of packers.entries()) await hire(username, `Packer ${index + 1}`, index === 0 ? null : 'PACKER');
  await hire(`${prefix}-sofia`, 'Sofia Supervisor', 'supervisor');
  const team = await request(first!, admin, 'GET', '/v3/users');
  expect(team.json.data.map((user: { attributes: { username: string } }) => user.attributes.username)).toEqual([
    `${prefix}-boss`,
    ...packers,
    `${prefix}-sofia`,
  ]);

  // Every person signs in with their own hash and is answered with the account.
  const tokens: Record<string, string> = {};
  for (const [index, username] of packers.entries()) {
    const signedIn = await signIn(deskOf(index), username);
    expect(signedIn.data.id).toBe(account.id);
    expect(signedIn.meta).toMatchObject({ username, role: 'packer', user: { name: `Packer ${index + 1}` } });
    tokens[username] = signedIn.meta.token;
  }
  const supervisor = (await signIn(first!, `${prefix}-sofia`)).meta.token;

  // The packers ship from the desks: each two UPS parcels, one DHL.
  const made: Record<string, string[]> = {};
  for (const [index, username] of packers.entries()) {
    made[username] = [];
    for (const carrier of ['UPS', 'UPS', 'DHL']) {
      const response = await request(
        deskOf(index),
        tokens[username]!,
        'POST',
        '/v3/shipments',
        document(attributes({ shipDate: day }), { scheduledProcessing: false, service: 'economy', carrierChoice: carrier }),
      );
      expect(response.status, response.text).toBe(201);
      expect(response.json.data.meta).toMatchObject({ createdBy: username, desk: deskOf(index).station.desk });
      made[username]!.push(response.json.data.id as string);
    }
  }

  // The supervisor sees every parcel, and who made it.
  const listed = await request(first!, supervisor, 'GET', `/v3/shipment-summaries?dateFrom=${day}&dateTo=${day}&limit=100`);
  expect(listed.status).toBe(200);
  const byMaker = (rows: { meta: { createdBy: string } }[]) =>
    rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.meta.createdBy]: (counts[row.meta.createdBy] ?? 0) + 1 }), {});
  expect(byMaker(listed.json.data)).toEqual(Object.fromEntries(packers.map((username) => [username, 3])));
  const onlyBruno = await request(
    first!,
    supervisor,
    'GET',
    `/v3/shipment-summaries?dateFrom=${day}&dateTo=${day}&filter[createdBy]=${packers[1]}`,
  );
  expect(onlyBruno.json.data.map((row: { id: string }) => row.id).sort()).toEqual([...made[packers[1]!]!].sort());
  for (const id of Object.values(made).flat()) expect((await request(first!, supervisor, 'GET', `/v3/shipments/${id}`)).status).toBe(200);

  // A packer may not void a teammate's label (nor their own); the supervisor voids one of Anna's.
  const annasFirst = made[packers[0]!]![0]!;
  expect((await request(deskOf(1), tokens[packers[1]!]!, 'DELETE', `/v3/shipments/${annasFirst}`)).status).toBe(403);
  expect((await request(first!, supervisor, 'DELETE', `/v3/shipments/${annasFirst}`)).status).toBe(204);

  // Bruno prints his label; the supervisor reprints it (a packer may not).
  if (queue) {
    const brunos = made[packers[1]!]![0]!;
    const print = (token: string) =>
      request(first!, token, 'POST', `/v3/shipments/${brunos}/print`, { data: { type: 'printJob', attributes: { printer: queue } } });
    expect((await print(tokens[packers[1]!]!)).status).toBe(202);
    expect((await print(tokens[packers[2]!]!)).status).toBe(403);
    const reprint = await print(supervisor);
    expect(reprint.status, reprint.text).toBe(202);
  }

  // The supervisor closes UPS's day: every packer's UPS parcel but the voided one is in the manifest.
  const preview = await request(first!, supervisor, 'GET', `/v3/manifests/preview?carrier=UPS&date=${day}`);
  const upsParcels = packers.flatMap((username) => made[username]!.slice(0, 2)).filter((id) => id !== annasFirst);
  expect(preview.json.data.attributes.included.map((line: { shipmentId: string }) => line.shipmentId).sort()).toEqual(
    [...upsParcels].sort(),
  );
  const closed = await request(first!, supervisor, 'POST', '/v3/manifests', {
    data: { type: 'manifest', attributes: { carrier: 'UPS', date: day } },
  });
  expect(closed.status, closed.text).toBe(201);
  expect(closed.json.data.attributes).toMatchObject({ status: 'closed', closedBy: `${prefix}-sofia`, totals: { shipments: 5 } });
  // A packer may not close a day.
  expect(
    (
      await request(deskOf(2), tokens[packers[2]!]!, 'POST', '/v3/manifests', {
        data: { type: 'manifest', attributes: { carrier: 'DHL', date: day } },
      })
    ).status,
  ).toBe(403);

  // Reports: parcels per person (Anna's voided label is not a parcel).
  const report = await request(first!, supervisor, 'GET', `/v3/reports/daily?dateFrom=${day}&dateTo=${day}`);
  expect(report.status, report.text).toBe(200);
  const people = report.json.meta.people as { username: string; name: string; shipments: number; perHour: number }[];
  expect(people.map(({ username, name, shipments }) => ({ username, name, shipments }))).toEqual([
    { username: packers[1], name: 'Packer 2', shipments: 3 },
    { username: packers[2], name: 'Packer 3', shipments: 3 },
    { username: packers[0], name: 'Packer 1', shipments: 2 },
  ]);
  expect(people.every((person) => person.perHour > 0)).toBe(true);
  expect(report.json.meta.totals.shipments).toBe(8);
  // One person's report: Bruno's two UPS parcels and one DHL, from the shipments themselves.
  const brunos = await request(
    first!,
    supervisor,
    'GET',
    `/v3/reports/daily?dateFrom=${day}&dateTo=${day}&filter[createdBy]=${packers[1]}`,
  );
  expect(brunos.json.meta).toMatchObject({ createdBy: packers[1], totals: { shipments: 3, packages: 3 } });
  expect(
    brunos.json.data[0].attributes.carriers.map((carrier: { carrier: string; shipments: number }) => [carrier.carrier, carrier.shipments]),
  ).toEqual([
    ['DHL_EXPRESS', 1],
    ['UPS', 2],
  ]);
  expect(brunos.json.meta.topDestinations).toEqual([{ country: 'DE', shipments: 3 }]);
  expect(brunos.json.meta.people).toEqual(people);
  const today = await request(first!, supervisor, 'GET', `/v3/today?date=${day}&filter[createdBy]=${packers[2]}`);
  expect(today.json.data.attributes.totals.made).toBe(3);
  expect(today.json.data.attributes.people.map((person: { username: string; made: number }) => [person.username, person.made])).toEqual([
    [packers[1], 3],
    [packers[2], 3],
    [packers[0], 2],
  ]);

  // The audit log names each person.
  const audit = await request(first!, admin, 'GET', '/v3/audit-events?page[size]=200');
  const actions = (audit.json.data as { attributes: { actor: { username: string; clientId: string }; action: string } }[]).map(
    (event) => event.attributes,
  );
  for (const username of packers)
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'shipment.created', actor: expect.objectContaining({ username, clientId: account.id }) }),
    );
  expect(actions).toContainEqual(
    expect.objectContaining({ action: 'shipment.voided', actor: expect.objectContaining({ username: `${prefix}-sofia` }) }),
  );
  expect(actions).toContainEqual(
    expect.objectContaining({ action: 'manifest.closed', actor: expect.objectContaining({ username: `${prefix}-sofia` }) }),
  );
  expect(actions).toContainEqual(
    expect.objectContaining({ action: 'user.added', actor: expect.objectContaining({ username: `${prefix}-boss` }) }),
  );

  // A leaver: removed on one desk, their token stops working on every desk within a second.
  const leaver = packers[2]!;
  const leaverId = (team.json.data as { id: string; attributes: { username: string } }[]).find(
    (user) => user.attributes.username === leaver,
  )!.id;
  const lastDesk = deskOf(2);
  expect((await request(lastDesk, tokens[leaver]!, 'GET', '/v3/shipment-summaries')).status).toBe(200);
  expect((await request(first!, admin, 'DELETE', `/v3/users/${leaverId}`)).status).toBe(204);
  const removedAt = Date.now();
  let status = 200;
  await waitFor(
    'the leaver’s token refused on the last desk',
    async () => {
      status = (await request(lastDesk, tokens[leaver]!, 'GET', '/v3/shipment-summaries')).status;
      return status !== 200;
    },
    { timeoutMs: 3000, intervalMs: 50, seen: () => status },
  );
  expect(status).toBe(401);
  expect(Date.now() - removedAt).toBeLessThan(1500);
  // What they did stays, under their name.
  expect((await request(first!, supervisor, 'GET', `/v3/shipments/${made[leaver]![0]}`)).json.data.meta.createdBy).toBe(leaver);
  return account.id;
}
