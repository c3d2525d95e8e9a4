// The role matrix: every action of the API, tried by a packer, a supervisor and an admin, answers its success
// status for the roles it allows and 403 naming the role it needs for the others; a refused action changes
// nothing, and each allowed change is in the audit log with who did it and from which desk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, hasRole, type Role } from '../../src-shared/roles.ts';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { execBehindTheStation, JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { document, get, post } from '../helpers/shipments.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI the role matrix prints through CUPS.`);
if (noCups) console.log(`Skipping the print and reprint rows of the role matrix: ${noCups}.`);
const QUEUE = `station-roles-${process.pid}`;

const DESK = 'desk-roles';
const PASSWORD = 'role-password-2026';

let t: TestStation;
const thermal = new ThermalPrinter();
const tokens = {} as Record<Role, string>;
/** The user id of each role's person: all three are users of one account, `account`. */
const ids = {} as Record<Role, string>;
let account: string;

const send = (role: Role, method: string, path: string, body?: unknown) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${tokens[role]}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * A new shipment of the account, made by the packer, processed unless `saved`: what each role may do to a
 * teammate's shipment is the matrix (a supervisor voids and reprints a packer's label).
 */
async function shipmentOf(_role: Role, saved = false): Promise<string> {
  const maker = tokens.packer;
  const response = saved
    ? await post(t, maker, '/v3/shipments/save', document())
    : await post(t, maker, '/v3/shipments', document(undefined, { scheduledProcessing: false, service: 'economy' }));
  expect(response.status, response.text).toBe(saved ? 202 : 201);
  return response.json.data.id as string;
}

let unique = 0;
const next = () => `${++unique}-${Date.now()}`;

interface Action {
  name: string;
  needs: Role;
  status: number;
  cups?: boolean;
  run(role: Role): Promise<{ status: number; text: string }>;
}

const ACTIONS: Action[] = [
  {
    name: 'create a shipment',
    needs: 'packer',
    status: 201,
    run: (role) => post(t, tokens[role], '/v3/shipments', document(undefined, { scheduledProcessing: false, service: 'economy' })),
  },
  { name: 'save a shipment', needs: 'packer', status: 202, run: (role) => post(t, tokens[role], '/v3/shipments/save', document()) },
  { name: 'rate a shipment', needs: 'packer', status: 202, run: (role) => post(t, tokens[role], '/v3/shipments/rate', document()) },
  {
    name: 'retrieve a shipment',
    needs: 'packer',
    status: 200,
    run: async (role) => get(t, tokens[role], `/v3/shipments/${await shipmentOf(role)}`),
  },
  { name: 'list shipments', needs: 'packer', status: 200, run: (role) => get(t, tokens[role], '/v3/shipment-summaries') },
  {
    name: 'download documents',
    needs: 'packer',
    status: 200,
    run: async (role) => get(t, tokens[role], `/v3/shipments/${await shipmentOf(role)}/documents`),
  },
  {
    name: 'track a shipment',
    needs: 'packer',
    status: 200,
    run: async (role) => get(t, tokens[role], `/v3/shipments/${await shipmentOf(role)}/tracking`),
  },
  {
    name: 'search the address book',
    needs: 'packer',
    status: 200,
    run: (role) => get(t, tokens[role], '/v3/addresses?searchString=Becker'),
  },
  {
    name: 'delete a saved shipment',
    needs: 'packer',
    status: 204,
    run: async (role) => send(role, 'DELETE', `/v3/shipments/${await shipmentOf(role, true)}`),
  },
  {
    name: 'void a processed shipment',
    needs: 'supervisor',
    status: 204,
    run: async (role) => send(role, 'DELETE', `/v3/shipments/${await shipmentOf(role)}`),
  },
  { name: 'read print settings', needs: 'packer', status: 200, run: (role) => get(t, tokens[role], '/v3/print-settings') },
  {
    name: 'change own print settings',
    needs: 'packer',
    status: 200,
    run: (role) => send(role, 'PATCH', '/v3/print-settings', { data: { type: 'printSettings', attributes: { dpi: 300 } } }),
  },
  {
    name: 'print a label',
    needs: 'packer',
    status: 202,
    cups: true,
    run: async (role) =>
      post(t, tokens[role], `/v3/shipments/${await shipmentOf(role)}/print`, {
        data: { type: 'printJob', attributes: { printer: QUEUE } },
      }),
  },
  {
    name: 'reprint a label',
    needs: 'supervisor',
    status: 202,
    cups: true,
    run: async (role) => {
      const id = await shipmentOf(role);
      const first = await post(t, tokens.packer, `/v3/shipments/${id}/print`, {
        data: { type: 'printJob', attributes: { printer: QUEUE } },
      });
      expect(first.status, first.text).toBe(202);
      return post(t, tokens[role], `/v3/shipments/${id}/print`, { data: { type: 'printJob', attributes: { printer: QUEUE } } });
    },
  },
  { name: 'list carriers', needs: 'packer', status: 200, run: (role) => get(t, tokens[role], '/v3/carriers') },
  {
    name: 'change a carrier setting',
    needs: 'supervisor',
    status: 200,
    run: (role) => send(role, 'PATCH', '/v3/carriers/DHL', { data: { type: 'carrier', attributes: { fuelSurchargePercent: '4.5' } } }),
  },
  { name: 'read the audit log', needs: 'supervisor', status: 200, run: (role) => get(t, tokens[role], '/v3/audit-events') },
  { name: 'list clients', needs: 'admin', status: 200, run: (role) => get(t, tokens[role], '/v3/clients') },
  {
    name: 'add a client',
    needs: 'admin',
    status: 201,
    run: (role) =>
      post(t, tokens[role], '/v3/clients', {
        data: {
          type: 'client',
          attributes: { username: `new-${next()}`, password: PASSWORD, name: 'New desk', role: 'Packer', city: null },
        },
      }),
  },
  // The account's own first user's password, set to what it is: an admin manages their own account only. The change
  // ends the first user's sessions (the admin's own here), who signs in again, as their desk does.
  {
    name: "reset the account's first password",
    needs: 'admin',
    status: 200,
    run: async (role) => {
      const answer = await send(role, 'PATCH', `/v3/clients/${account}`, { data: { type: 'client', attributes: { password: PASSWORD } } });
      if (answer.status === 200) {
        expect((await get(t, tokens[role], '/v3/clients/current')).status).toBe(401);
        tokens[role] = (await t.signIn(`the-${role}`, PASSWORD)).json.meta.token as string;
      }
      return answer;
    },
  },
  { name: 'list the team', needs: 'admin', status: 200, run: (role) => get(t, tokens[role], '/v3/users') },
  {
    name: 'add a user',
    needs: 'admin',
    status: 201,
    run: (role) =>
      post(t, tokens[role], '/v3/users', {
        data: { type: 'user', attributes: { username: `hire-${next()}`, password: PASSWORD, name: 'New hire', role: null } },
      }),
  },
  {
    name: "change a user's role",
    needs: 'admin',
    status: 200,
    run: async (role) => {
      const added = await t.station.users.add(OPERATOR, { clientId: account, username: `rolechange-${next()}`, password: PASSWORD });
      return send(role, 'PATCH', `/v3/users/${added.id}`, { data: { type: 'user', attributes: { role: 'supervisor' } } });
    },
  },
  {
    name: 'remove a user',
    needs: 'admin',
    status: 204,
    run: async (role) => {
      const added = await t.station.users.add(OPERATOR, { clientId: account, username: `leaver-${next()}`, password: PASSWORD });
      return send(role, 'DELETE', `/v3/users/${added.id}`);
    },
  },
  { name: 'list integrations', needs: 'admin', status: 200, run: (role) => get(t, tokens[role], '/v3/integrations') },
  {
    name: 'add an integration',
    needs: 'admin',
    status: 201,
    run: (role) => post(t, tokens[role], '/v3/integrations', { data: { type: 'integration', attributes: { name: `ERP ${next()}` } } }),
  },
  {
    name: 'revoke an integration',
    needs: 'admin',
    status: 204,
    run: async (role) => {
      const added = await t.station.integrations.add(OPERATOR, `Old script ${next()}`);
      return send(role, 'DELETE', `/v3/integrations/${added.id}`);
    },
  },
];

beforeAll(async () => {
  if (!noCups) {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`, 'Roles Zebra');
  }
  t = await startTestStation({ schedulerIntervalMs: 0, desk: DESK, printPollMs: 200 });
  // One account, three people: its first user is the admin; the supervisor and the packer are users of it.
  account = (
    await t.station.clients.add(OPERATOR, { username: 'the-admin', password: PASSWORD, role: 'admin', profile: { name: 'The warehouse' } })
  ).id;
  for (const role of ROLES) {
    if (role !== 'admin')
      await t.station.users.add(OPERATOR, { clientId: account, username: `the-${role}`, password: PASSWORD, name: `The ${role}`, role });
    const user = await t.station.users.find(OPERATOR, { username: `the-${role}` });
    expect(user.clientId).toBe(account);
    ids[role] = user.id;
    const signIn = await t.signIn(`the-${role}`, PASSWORD);
    expect(signIn.json.data.id).toBe(account);
    expect(signIn.json.meta).toMatchObject({ role, username: `the-${role}` });
    expect(signIn.json.data.meta).toBeUndefined();
    tokens[role] = signIn.json.meta.token as string;
  }
});

afterAll(async () => {
  await t?.close();
  if (!noCups) {
    removeQueue(QUEUE);
    await thermal.stop();
  }
});

describe('the role matrix', () => {
  for (const action of ACTIONS) {
    for (const role of ROLES) {
      const allowed = hasRole(role, action.needs);
      it.skipIf(action.cups === true && noCups !== undefined)(`${role}: ${action.name} → ${allowed ? action.status : 403}`, async () => {
        const auditBefore = await t.station.store.audit.count();
        const response = await action.run(role);
        if (allowed) {
          expect(response.status, response.text).toBe(action.status);
        } else {
          expect(response.status, response.text).toBe(403);
          const error = JSON.parse(response.text).errors[0];
          expect(error.detail).toMatch(new RegExp(`needs the ${action.needs} role; this client's role is ${role}\\.$`));
          expect(error.meta).toEqual({ neededRole: action.needs, role });
          // A refused action writes nothing to the audit log (the setup's own creates aside).
          const written = await t.station.store.audit.list({ before: null, action: null, desk: null, actor: `the-${role}`, limit: 500 });
          const since = written.filter((event) => Number(event.id) > auditBefore && event.action !== 'shipment.created');
          expect(since).toEqual([]);
        }
      });
    }
  }
});

describe('what the refusals leave unchanged', () => {
  it('a packer cannot void: the shipment stays retrievable and processed', async () => {
    const id = await shipmentOf('packer');
    expect((await send('packer', 'DELETE', `/v3/shipments/${id}`)).status).toBe(403);
    const after = await get(t, tokens.packer, `/v3/shipments/${id}`);
    expect(after.json.data.meta.status).toBe(3);
  });

  it('a supervisor cannot make itself admin', async () => {
    const response = await send('supervisor', 'PATCH', `/v3/users/${ids.supervisor}`, {
      data: { type: 'user', attributes: { role: 'admin' } },
    });
    expect(response.status).toBe(403);
    expect((await t.station.users.find(OPERATOR, { id: ids.supervisor })).role).toBe('supervisor');
  });

  it('a role change counts at once: the same token is refused, then allowed', async () => {
    const added = await t.station.users.add(OPERATOR, { clientId: account, username: `promoted-${next()}`, password: PASSWORD });
    const signIn = await t.signIn(added.username, PASSWORD);
    const token = signIn.json.meta.token as string;
    expect((await get(t, token, '/v3/audit-events')).status).toBe(403);
    const changed = await send('admin', 'PATCH', `/v3/users/${added.id}`, { data: { type: 'user', attributes: { role: 'SUPERVISOR' } } });
    expect(changed.json.data.attributes).toMatchObject({ username: added.username, role: 'supervisor' });
    expect((await get(t, token, '/v3/audit-events')).status).toBe(200);
  });

  it("an account's last admin cannot be demoted or removed, and the station's last admin account cannot be removed", async () => {
    const demote = await send('admin', 'PATCH', `/v3/users/${ids.admin}`, { data: { type: 'user', attributes: { role: 'packer' } } });
    expect(demote.status).toBe(409);
    expect(demote.json.errors[0].detail).toBe("'the-admin' is the account's last admin: make another user of the account admin first.");
    expect((await send('admin', 'DELETE', `/v3/users/${ids.admin}`)).status).toBe(409);
    // The same demotion through the account's first user (PATCH /clients, `client set-role`) is refused alike.
    const throughClient = await send('admin', 'PATCH', `/v3/clients/${account}`, {
      data: { type: 'client', attributes: { role: 'packer' } },
    });
    expect(throughClient.status).toBe(409);
    expect(throughClient.json.errors[0].detail).toBe(
      "'the-admin' is the account's last admin: make another user of the account admin first.",
    );
    expect((await t.station.clients.list(OPERATOR)).find((client) => client.id === account)?.role).toBe('admin');
    // Other accounts, each with its one admin, are removed: this one is the station's last admin account.
    const admins = (await t.station.clients.list(OPERATOR)).filter((client) => client.role === 'admin' && client.id !== account);
    for (const admin of admins) await expect(t.station.clients.setRole(OPERATOR, { id: admin.id }, 'packer')).rejects.toThrow(/last admin/);
    for (const admin of admins) await t.station.clients.remove(OPERATOR, { id: admin.id });
    expect((await send('admin', 'DELETE', `/v3/clients/${account}`)).status).toBe(409);
  });

  it('bad administration input is a 400 naming the field', async () => {
    const badRole = await post(t, tokens.admin, '/v3/clients', {
      data: { type: 'client', attributes: { username: 'x-role', password: PASSWORD, name: 'X', role: 'boss' } },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.json.errors[0].source.pointer).toBe('/data/attributes/role');
    const badPercent = await send('supervisor', 'PATCH', '/v3/carriers/DHL', {
      data: { type: 'carrier', attributes: { fuelSurchargePercent: 'lots' } },
    });
    expect(badPercent.status).toBe(400);
    expect(badPercent.json.errors[0].source.pointer).toBe('/data/attributes/fuelSurchargePercent');
    expect(
      (await send('supervisor', 'PATCH', '/v3/carriers/NOPE', { data: { type: 'carrier', attributes: { fuelSurchargePercent: 3 } } }))
        .status,
    ).toBe(404);
    const badPage = await get(t, tokens.supervisor, '/v3/audit-events?page[size]=0');
    expect(badPage.status).toBe(400);
    expect(badPage.json.errors[0].source.parameter).toBe('page[size]');
  });
});

describe('the audit log', () => {
  it('records who did what, from which desk, and pages newest first', async () => {
    const voided = await shipmentOf('supervisor');
    expect((await send('supervisor', 'DELETE', `/v3/shipments/${voided}`)).status).toBe(204);
    const response = await get(t, tokens.supervisor, `/v3/audit-events?filter[action]=shipment.voided&page[size]=1`);
    expect(response.status).toBe(200);
    const [event] = response.json.data;
    expect(event).toMatchObject({
      type: 'auditEvent',
      attributes: {
        desk: DESK,
        via: 'api',
        actor: { clientId: account, username: 'the-supervisor', role: 'supervisor' },
        action: 'shipment.voided',
        subject: { type: 'shipment', id: voided },
      },
    });
    expect(event.attributes.detail.reference).toMatch(/^\d{12}$/);
    const page = await get(t, tokens.supervisor, '/v3/audit-events?page[size]=5');
    const newest = page.json.data.map((entry: { id: string }) => Number(entry.id));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const next = new URL(page.json.links.next);
    const older = await t.call(next.pathname + next.search, { headers: { Authorization: `Bearer ${tokens.supervisor}` } });
    expect(Number(older.json.data[0].id)).toBeLessThan(Math.min(...newest));
  });

  it('names the admin command and the operating-system user for changes made there', async () => {
    await t.station.carrierSettings.setFuelSurcharge(OPERATOR, 'UPS', 7);
    const [event] = await t.station.store.audit.list({
      before: null,
      action: 'carrier-settings.changed',
      desk: null,
      actor: 'test operator',
      limit: 1,
    });
    expect(event).toMatchObject({
      via: 'cli',
      actor: 'test operator',
      actorRole: null,
      desk: DESK,
      subjectId: 'UPS',
      detail: { fuelSurchargePercent: { to: 7 } },
    });
  });

  it('is append-only in the database itself', async () => {
    await expect(execBehindTheStation(t, "UPDATE audit_events SET actor = 'someone else'")).rejects.toThrow(/append-only/);
    await expect(execBehindTheStation(t, 'DELETE FROM audit_events')).rejects.toThrow(/append-only/);
    expect(await t.station.store.audit.count()).toBeGreaterThan(10);
  });
});
