import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { verifySignature } from '../../src-main/security/webhook-signature.ts';
import { describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { http } from '../helpers/http.ts';
import { runCli, serve } from '../helpers/cli.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';
import { runningClock, setClock } from '../helpers/clock.ts';
import { addDays, dayIn, nextWorkingDay } from '../../src-shared/calendar.ts';
import { waitFor } from '../helpers/wait.ts';

async function signIn(url: string, username: string, password: string, integrationKey: string) {
  return http(`${url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Accept: JSONAPI, Authorization: serviceApiAuthorization(authenticationHash(username, password), integrationKey) },
  });
}

function lastJsonLine(stdout: string): any {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

describe('station client add / keys / serve: the README session works end to end', () => {
  it('creates a client that then signs in against the served station and calls the API', async () => {
    const data = join(tempDir(), 'data');
    const added = await runCli([
      'client',
      'add',
      '--data',
      data,
      '--username',
      'smith',
      '--password',
      'HowSoonIsNow?1985',
      '--name',
      'Bottega Verdi',
      '--address1',
      'Via Roma 12',
      '--city',
      'Milano',
      '--postal-code',
      '20129',
      '--state',
      'MI',
      '--country',
      'it',
      '--contact',
      'Anna Verdi',
      '--phone',
      '3331234567',
      '--email',
      'anna@verdi.example',
      '--tax-id',
      'IT01234567890',
      '--json',
    ]);
    expect(added.code).toBe(0);
    const client = lastJsonLine(added.stdout);
    expect(Object.keys(client)).toEqual(['id', 'clientKey', 'role']);
    expect(client.role).toBe('packer');
    expect(client.clientKey).toMatch(/^[0-9a-f]{40}$/);

    const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
    expect(Object.keys(keys)).toEqual(['serverKey', 'integrationKey']);
    expect(keys).toEqual(lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout));

    const station = await serve(['--data', data, '--port', '0']);
    try {
      expect(station.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // A client existed already, so no first-run client, no secrets on the console, no credentials file: the
      // README's desk UI step 1 says so.
      expect(station.stdout()).not.toMatch(/password/i);
      expect(existsSync(join(data, 'first-run-credentials.txt'))).toBe(false);
      expect((await runCli(['client', 'list', '--data', data, '--json'])).stdout).not.toContain('"admin"');
      const response = await signIn(station.url, 'smith', 'HowSoonIsNow?1985', keys.integrationKey);
      expect(response.status).toBe(200);
      expect(response.json.data.id).toBe(client.id);
      expect(response.json.data.attributes).toMatchObject({
        country: 'IT',
        city: 'Milano',
        postalCode: '20129',
        clientKey: client.clientKey,
      });
      const echo = await http(`${station.url}/v3/test`, { headers: { Authorization: `Bearer ${response.json.meta.token}` } });
      expect(echo.status).toBe(200);
      expect(station.stdout() + station.stderr()).not.toContain(keys.serverKey);
      expect(station.stdout() + station.stderr()).not.toContain(response.json.meta.token);
    } finally {
      expect(await station.stop('SIGTERM')).toBe(0);
    }
  });

  it('adds integration keys that sign clients in too', async () => {
    const data = join(tempDir(), 'data');
    await runCli(['client', 'add', '--data', data, '--username', 'u', '--password', 'password-u1', '--name', 'N']);
    const added = await runCli(['integration', 'add', '--data', data, '--name', 'ERP', '--json']);
    expect(added.code).toBe(0);
    const { integrationKey } = lastJsonLine(added.stdout);
    expect(Object.keys(lastJsonLine(added.stdout))).toEqual(['integrationKey']);
    const station = await serve(['--data', data, '--port', '0']);
    try {
      expect((await signIn(station.url, 'u', 'password-u1', integrationKey)).status).toBe(200);
    } finally {
      await station.stop();
    }
    const list = lastJsonLine((await runCli(['integration', 'list', '--data', data, '--json'])).stdout);
    expect(list.map((i: { name: string }) => i.name)).toEqual(['Shipping Station desk', 'ERP']);
  });
});

describe('station serve on a new data folder creates a first client once', () => {
  it('prints admin credentials once, saves them for the user only, and never again', async () => {
    const data = join(tempDir(), 'data');
    const first = await serve(['--data', data, '--port', '0']);
    let password: string;
    try {
      password = /client 'admin' with password (\S+)/.exec(first.stdout())?.[1] ?? '';
      expect(password).toMatch(/^\S{20}$/);
      const file = join(data, 'first-run-credentials.txt');
      expect(readFileSync(file, 'utf8')).toContain(`password: ${password}`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(data).mode & 0o777).toBe(0o700);
      expect(statSync(join(data, 'station.sqlite')).mode & 0o777).toBe(0o600);
      const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
      expect((await signIn(first.url, 'admin', password, keys.integrationKey)).status).toBe(200);
    } finally {
      expect(await first.stop('SIGINT')).toBe(0);
    }
    const second = await serve(['--data', data, '--port', '0']);
    try {
      expect(second.stdout()).not.toContain(password);
      expect(second.stdout()).not.toMatch(/password/i);
    } finally {
      await second.stop();
    }
  });

  it('honours STATION_DATA_DIR when --data is not given', async () => {
    const data = join(tempDir(), 'from-env');
    const added = await runCli(['client', 'add', '--username', 'e', '--password', 'password-e1', '--name', 'Env', '--json'], {
      STATION_DATA_DIR: data,
    });
    expect(added.code).toBe(0);
    expect(existsSync(join(data, 'station.sqlite'))).toBe(true);
  });
});

describe('station serve fails clearly', () => {
  it('reports a port in use and exits non-zero', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await runCli(['serve', '--data', join(tempDir(), 'data'), '--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a second station on the same data folder, naming the running one; a killed one leaves no lock', async () => {
    const data = join(tempDir(), 'data');
    const first = await serve(['--data', data, '--port', '0']);
    const second = await runCli(['serve', '--data', data, '--port', '0']);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Another station is already running on the data folder ${data} (pid ${first.child.pid}, started `);
    expect(await first.stop('SIGKILL')).toBeNull();
    const third = await serve(['--data', data, '--port', '0']);
    expect(readFileSync(join(data, 'station.pid'), 'utf8')).toContain(`pid ${third.child.pid}`);
    const code = await third.stop();
    expect(code).toBe(0);
    expect(existsSync(join(data, 'station.pid'))).toBe(false);
  });

  it('refuses an empty station.sqlite instead of starting a new station in its place', async () => {
    const data = join(tempDir(), 'data');
    mkdirSync(data);
    writeFileSync(join(data, 'station.sqlite'), '');
    const result = await runCli(['serve', '--data', data, '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is empty, so it is no station database');
    expect(statSync(join(data, 'station.sqlite')).size).toBe(0);
  });

  it('refuses a duration setting that is not a number of milliseconds', async () => {
    const result = await runCli(['serve', '--data', join(tempDir(), 'data'), '--port', '0'], { STATION_PRINT_TIMEOUT_MS: '1 minute' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("STATION_PRINT_TIMEOUT_MS must be a whole number of milliseconds, not '1 minute'.");
  });

  it('refuses a port that is not a number', async () => {
    const result = await runCli(['serve', '--port', 'eighty']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port must be a number');
  });
});

describe('station client administration', () => {
  it('lists, rotates keys and resets passwords', async () => {
    const data = join(tempDir(), 'data');
    const added = lastJsonLine(
      (await runCli(['client', 'add', '--data', data, '--username', 'packer', '--password', 'old-password', '--name', 'Desk 1', '--json']))
        .stdout,
    );
    const list = lastJsonLine((await runCli(['client', 'list', '--data', data, '--json'])).stdout);
    expect(list).toEqual([{ id: added.id, username: 'packer', name: 'Desk 1', createdAt: expect.any(String), role: 'packer' }]);
    expect(JSON.stringify(list)).not.toContain(added.clientKey);

    const rotated = lastJsonLine((await runCli(['client', 'rotate-key', '--data', data, '--username', 'packer', '--json'])).stdout);
    expect(rotated.id).toBe(added.id);
    expect(rotated.clientKey).not.toBe(added.clientKey);

    expect((await runCli(['client', 'set-password', '--data', data, '--id', added.id, '--password', 'new-password'])).code).toBe(0);
    const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
    const station = await serve(['--data', data, '--port', '0']);
    try {
      expect((await signIn(station.url, 'packer', 'old-password', keys.integrationKey)).status).toBe(401);
      const ok = await signIn(station.url, 'packer', 'new-password', keys.integrationKey);
      expect(ok.status).toBe(200);
      expect(ok.json.data.attributes.clientKey).toBe(rotated.clientKey);
    } finally {
      await station.stop();
    }
  });

  it.each([
    [['client', 'add', '--username', 'x', '--password', 'password-x1'], 2, '--name is required'],
    [['client', 'add', '--username', 'x', '--name', 'N'], 2, 'Give exactly one of --password or --password-stdin.'],
    [['client', 'add', '--username', 'x', '--password', 'short', '--name', 'N'], 1, 'password: at least 10 characters'],
    [['client', 'add', '--username', 'x', '--password', 'password-x1', '--name', 'N', '--colour', 'red'], 2, "Unknown option '--colour'"],
    [
      ['client', 'add', '--username', 'x', '--password', 'password-x1', '--name', 'N', '--country', 'Italy'],
      1,
      'country: a two-letter ISO 3166-1 code',
    ],
    // A folder with no station: only `client add` sets one up; other commands refuse and leave nothing behind.
    [['client', 'rotate-key', '--username', 'ghost'], 1, 'There is no station in '],
    [['carriers', 'set-surcharge', '--carrier', 'UPS', '--percent', '5'], 1, 'There is no station in '],
    [['client'], 2, "'client' needs a command first: add, list, rotate-key, set-password, set-role, remove or merge."],
    [['carriers', '--json'], 2, "'carriers' needs a command first: list, set-surcharge, set-cutoff, add-upstream or remove-upstream."],
    [['client', 'rotate-key'], 2, 'Give exactly one of --id or --username'],
    [['client', 'fly'], 2, "Unknown client command 'fly'"],
    [['launch'], 2, "Unknown command 'launch'"],
  ])('station %j fails with exit %i and says why on stderr', async (args, code, message) => {
    const data = join(tempDir(), 'data');
    const result = await runCli([...args, '--data', data]);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
    if (message.startsWith('There is no station')) expect(existsSync(data)).toBe(false);
  });

  it("keeps an account's last admin: set-role to packer is refused, and another admin of the account makes it possible", async () => {
    const data = join(tempDir(), 'data');
    const shop = lastJsonLine(
      (
        await runCli([
          'client',
          'add',
          '--data',
          data,
          '--username',
          'shop-admin',
          '--password',
          'password-a1',
          '--name',
          'Shop',
          '--role',
          'admin',
          '--json',
        ])
      ).stdout,
    ) as { id: string };
    const refused = await runCli(['client', 'set-role', '--data', data, '--username', 'shop-admin', '--role', 'packer']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("'shop-admin' is the account's last admin: make another user of the account admin first.");
    await runCli([
      'user',
      'add',
      '--data',
      data,
      '--client',
      shop.id,
      '--username',
      'shop-second',
      '--password',
      'password-a2',
      '--role',
      'admin',
    ]);
    const demoted = await runCli(['client', 'set-role', '--data', data, '--username', 'shop-admin', '--role', 'packer', '--json']);
    expect(demoted.code, demoted.stderr).toBe(0);
    expect(lastJsonLine(demoted.stdout)).toMatchObject({ role: 'packer' });
  });

  it('refuses a second client with the same username, and an unknown one by name', async () => {
    const data = join(tempDir(), 'data');
    await runCli(['client', 'add', '--data', data, '--username', 'dup', '--password', 'password-d1', '--name', 'N']);
    const again = await runCli(['client', 'add', '--data', data, '--username', 'dup', '--password', 'password-d2', '--name', 'M']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Username 'dup' is already taken.");
    const ghost = await runCli(['client', 'rotate-key', '--data', data, '--username', 'ghost']);
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toContain("No client has username 'ghost'");
  });

  it('prints help', async () => {
    const result = await runCli(['help']);
    expect(result.code).toBe(0);
    for (const command of ['serve', 'client add', 'client list', 'client rotate-key', 'keys', 'integration add']) {
      expect(result.stdout).toContain(command);
    }
  });
});

describe('station accounts and keys: removing, revoking, and passwords that never show', () => {
  const bearer = (url: string, token: string) => http(`${url}/v3/test`, { headers: { Accept: JSONAPI, Authorization: `Bearer ${token}` } });
  /** The station rechecks its clients every second: waits until it refuses the token. */
  const refusedAfterRecheck = (url: string, token: string) =>
    waitFor('the token refused after the recheck', async () => (await bearer(url, token)).status === 401, { intervalMs: 100 });

  it('removes a client: it cannot sign in, its tokens stop, its shipments stay, its username stays reserved', async () => {
    const data = join(tempDir(), 'data');
    await runCli(
      ['client', 'add', '--data', data, '--username', 'leaver', '--name', 'Leaver', '--password-stdin'],
      {},
      'leaver-password\n',
    );
    await runCli(
      ['client', 'add', '--data', data, '--username', 'stayer', '--name', 'Stayer', '--password-stdin'],
      {},
      'stayer-password\n',
    );
    const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
    const station = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '0' });
    try {
      const token = (await signIn(station.url, 'leaver', 'leaver-password', keys.integrationKey)).json.meta.token;
      const headers = { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${token}` };
      const shipment = await http(`${station.url}/v3/shipments`, {
        method: 'POST',
        headers,
        body: JSON.stringify(document(attributes(), { service: 'express', scheduledProcessing: false })),
      });
      expect(shipment.status).toBe(201);

      const removed = await runCli(['client', 'remove', '--data', data, '--username', 'leaver', '--json']);
      expect(removed.code).toBe(0);
      await refusedAfterRecheck(station.url, token);
      expect((await signIn(station.url, 'leaver', 'leaver-password', keys.integrationKey)).status).toBe(401);
      expect((await signIn(station.url, 'stayer', 'stayer-password', keys.integrationKey)).status).toBe(200);
      // The shipment is still on record: the admin can still add its tracking.
      const tracked = await runCli([
        'tracking',
        'add',
        '--data',
        data,
        '--shipment',
        shipment.json.data.id,
        '--status',
        '5',
        '--at',
        `${runningClock().today()} 10:00:00`,
      ]);
      expect(tracked.code).toBe(0);
    } finally {
      await station.stop();
    }
    const list = lastJsonLine((await runCli(['client', 'list', '--data', data, '--json'])).stdout);
    expect(list.map((client: { username: string }) => client.username)).toEqual(['stayer']);
    const again = await runCli(['client', 'add', '--data', data, '--username', 'leaver', '--password', 'leaver-again-1', '--name', 'New']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Username 'leaver' belonged to a removed client and stays reserved; choose another.");
    expect((await runCli(['client', 'remove', '--data', data, '--username', 'leaver'])).stderr).toContain(
      "No client has username 'leaver'.",
    );
  });

  it('revokes an integration key: nobody signs in through it, its tokens stop, the desk key cannot be revoked', async () => {
    const data = join(tempDir(), 'data');
    await runCli(['client', 'add', '--data', data, '--username', 'shop', '--name', 'Shop', '--password', 'shop-password']);
    const erp = lastJsonLine((await runCli(['integration', 'add', '--data', data, '--name', 'ERP', '--json'])).stdout);
    const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
    const station = await serve(['--data', data, '--port', '0']);
    try {
      const throughErp = (await signIn(station.url, 'shop', 'shop-password', erp.integrationKey)).json.meta.token;
      const throughDesk = (await signIn(station.url, 'shop', 'shop-password', keys.integrationKey)).json.meta.token;
      expect((await bearer(station.url, throughErp)).status).toBe(200);

      const revoked = await runCli(['integration', 'revoke', '--data', data, '--name', 'ERP']);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain('Revoked the integration key');
      await refusedAfterRecheck(station.url, throughErp);
      expect((await signIn(station.url, 'shop', 'shop-password', erp.integrationKey)).status).toBe(401);
      expect((await bearer(station.url, throughDesk)).status).toBe(200);
    } finally {
      await station.stop();
    }
    const desk = await runCli(['integration', 'revoke', '--data', data, '--name', 'Shipping Station desk']);
    expect(desk.code).toBe(1);
    expect(desk.stderr).toContain('The desk app’s own integration key cannot be revoked');
    expect((await runCli(['integration', 'revoke', '--data', data])).code).toBe(2);
    const list = lastJsonLine((await runCli(['integration', 'list', '--data', data, '--json'])).stdout);
    expect(list.map((integration: { name: string }) => integration.name)).toEqual(['Shipping Station desk']);
  });

  it('reads passwords from standard input, and deletes the first-run credentials once the admin password changes', async () => {
    const data = join(tempDir(), 'data');
    const first = await serve(['--data', data, '--port', '0']);
    expect(await first.stop()).toBe(0);
    const file = join(data, 'first-run-credentials.txt');
    expect(existsSync(file)).toBe(true);
    expect(
      (await runCli(['client', 'set-password', '--data', data, '--username', 'admin', '--password-stdin'], {}, 'short\n')).stderr,
    ).toContain('password: at least 10 characters');
    expect(existsSync(file)).toBe(true);
    const changed = await runCli(
      ['client', 'set-password', '--data', data, '--username', 'admin', '--password-stdin'],
      {},
      'a new admin password\n',
    );
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain('The first-run credentials file is deleted.');
    expect(existsSync(file)).toBe(false);
    const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
    const station = await serve(['--data', data, '--port', '0']);
    try {
      expect((await signIn(station.url, 'admin', 'a new admin password', keys.integrationKey)).status).toBe(200);
    } finally {
      await station.stop();
    }
    const both = await runCli(
      ['client', 'set-password', '--data', data, '--username', 'admin', '--password', 'x-long-password', '--password-stdin'],
      {},
      'y\n',
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give exactly one of --password or --password-stdin.');
  });
});

describe('station webhook', () => {
  it('registers an endpoint for every client, shows the secret once, and a running station delivers to it signed', async () => {
    const data = join(tempDir(), 'data');
    const received: { signature: string; body: string }[] = [];
    const receiver = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ signature: String(request.headers['station-signature']), body });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    await runCli(['client', 'add', '--data', data, '--username', 'erp', '--password', 'erp-password-2026', '--name', 'ERP']);
    const refused = await runCli(['webhook', 'add', '--data', data, '--url', url, '--events', 'shipment.exploded']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Invalid --events (one or more of shipment.created');
    const added = await runCli([
      'webhook',
      'add',
      '--data',
      data,
      '--url',
      url,
      '--events',
      'shipment.created,shipment.processed',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { id, secret } = lastJsonLine(added.stdout);
    expect(Object.keys(lastJsonLine(added.stdout))).toEqual(['id', 'secret']);
    const listed = lastJsonLine((await runCli(['webhook', 'list', '--data', data, '--json'])).stdout);
    expect(listed).toEqual([
      expect.objectContaining({ id, url, clientId: null, status: 'active', eventTypes: ['shipment.created', 'shipment.processed'] }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await runCli(['webhook', '--data', data])).stderr).toContain(
      "'webhook' needs a command first: add, list, change, rotate-secret, pause, resume, remove, deliveries or replay.",
    );

    const keys = lastJsonLine((await runCli(['keys', '--data', data, '--json'])).stdout);
    const station = await serve(['--data', data, '--port', '0']);
    try {
      const token = (await signIn(station.url, 'erp', 'erp-password-2026', keys.integrationKey)).json.meta.token;
      const created = await http(`${station.url}/v3/shipments`, {
        method: 'POST',
        headers: { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${token}` },
        body: JSON.stringify(document(attributes(), { scheduledProcessing: false, service: 'economy' })),
      });
      expect(created.status).toBe(201);
      await waitFor('both deliveries', () => received.length >= 2, { timeoutMs: 10_000, intervalMs: 50 });
      expect(received.map((entry) => JSON.parse(entry.body).data.attributes.eventType)).toEqual(['shipment.created', 'shipment.processed']);
      for (const entry of received) expect(verifySignature(secret, entry.signature, entry.body, Math.floor(Date.now() / 1000))).toBe(true);
      const log = lastJsonLine((await runCli(['webhook', 'deliveries', '--data', data, '--id', id, '--json'])).stdout);
      expect(log.map((entry: { status: string }) => entry.status)).toEqual(['delivered', 'delivered']);
    } finally {
      await station.stop();
      receiver.close();
    }
  });
});

/** A data folder with a station in it: its first client added, as the README's set-up does. */
async function stationFolder(): Promise<string> {
  const data = join(tempDir(), 'data');
  const added = await runCli(['client', 'add', '--data', data, '--username', 'first', '--password', 'first-password-1', '--name', 'First']);
  expect(added.code, added.stderr).toBe(0);
  return data;
}

describe('station carriers add-upstream', () => {
  it('configures an upstream service, lists it without its keys, refuses bad options by name, and removes it', async () => {
    const data = await stationFolder();
    const bad = await runCli([
      'carriers',
      'add-upstream',
      '--data',
      data,
      '--code',
      'pv!',
      '--url',
      'ftp://x',
      '--client-id',
      '7',
      '--client-key',
      'k',
      '--server-key',
      's',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid --code (2 to 10 capital letters or digits), --url (an http or https URL).');
    const taken = await runCli([
      'carriers',
      'add-upstream',
      '--data',
      data,
      '--code',
      'UPS',
      '--url',
      'https://api.example.com',
      '--client-id',
      '7',
      '--client-key',
      'k',
      '--server-key',
      's',
    ]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain("The code UPS is a rate-card carrier's");
    const added = await runCli([
      'carriers',
      'add-upstream',
      '--data',
      data,
      '--code',
      'pv',
      '--name',
      'ParcelValue',
      '--url',
      'https://api.example.com/v3/',
      '--client-id',
      '7',
      '--client-key',
      'client-key-secret',
      '--server-key',
      'server-key-secret',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(lastJsonLine(added.stdout)).toEqual({
      carrierChoice: 'PV',
      name: 'ParcelValue',
      baseUrl: 'https://api.example.com',
      version: 'v3',
      clientId: '7',
    });
    const listed = await runCli(['carriers', 'list', '--data', data, '--json']);
    expect(lastJsonLine(listed.stdout).upstreams).toEqual([
      { carrierChoice: 'PV', name: 'ParcelValue', baseUrl: 'https://api.example.com', version: 'v3', clientId: '7' },
    ]);
    expect(listed.stdout).not.toContain('secret');
    expect((await runCli(['carriers', 'remove-upstream', '--data', data, '--code', 'PV'])).code).toBe(0);
    expect(lastJsonLine((await runCli(['carriers', 'list', '--data', data, '--json'])).stdout).upstreams).toEqual([]);
    expect((await runCli(['carriers', 'remove-upstream', '--data', data, '--code', 'PV'])).stderr).toContain(
      'No upstream service has the code PV.',
    );
  });
});

describe('station carriers set-cutoff', () => {
  it('sets, shows and clears a carrier’s cutoff time, and refuses a time that is not one', async () => {
    const data = await stationFolder();
    const set = await runCli(['carriers', 'set-cutoff', '--data', data, '--carrier', 'UPS', '--time', '17:30', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect(lastJsonLine(set.stdout)).toEqual({ carrierChoice: 'UPS', cutoffTime: '17:30' });
    const listed = lastJsonLine((await runCli(['carriers', 'list', '--data', data, '--json'])).stdout);
    expect(listed.cards.find((card: { carrierChoice: string }) => card.carrierChoice === 'UPS').cutoffTime).toBe('17:30');
    expect(listed.cards.find((card: { carrierChoice: string }) => card.carrierChoice === 'DHL').cutoffTime).toBeNull();
    const bad = await runCli(['carriers', 'set-cutoff', '--data', data, '--carrier', 'UPS', '--time', '25:00']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--time must be a time of day as HH:MM (00:00 to 23:59), or none, not '25:00'.");
    expect(
      lastJsonLine((await runCli(['carriers', 'set-cutoff', '--data', data, '--carrier', 'UPS', '--time', 'none', '--json'])).stdout)
        .cutoffTime,
    ).toBeNull();
  });
});

describe('station config: the station calendar', () => {
  it('starts in the operating system’s zone, changes it and the holidays, and refuses what is not one', async () => {
    // The operating system of the first set-up is in Honolulu: the new station counts days there.
    const data = join(tempDir(), 'data');
    expect(
      (
        await runCli(
          [
            'client',
            'add',
            '--data',
            data,
            '--username',
            'calendar',
            '--password',
            'calendar-password',
            '--name',
            'Calendar',
            '--role',
            'admin',
          ],
          { TZ: 'Pacific/Honolulu' },
        )
      ).code,
    ).toBe(0);
    const shown = lastJsonLine((await runCli(['config', 'show', '--data', data, '--json'])).stdout);
    const today = dayIn(new Date(), 'Pacific/Honolulu');
    expect(shown).toEqual({ timeZone: 'Pacific/Honolulu', today, nextWorkingDay: nextWorkingDay(today, []), holidays: [] });

    const zone = await runCli(['config', 'set-time-zone', 'europe/rome', '--data', data]);
    expect(zone.code, zone.stderr).toBe(0);
    expect(zone.stdout).toContain('The station counts days in Europe/Rome.');
    // A computer in another zone opens the same station: the station's zone stands.
    expect(lastJsonLine((await runCli(['config', 'show', '--data', data, '--json'], { TZ: 'Asia/Tokyo' })).stdout).timeZone).toBe(
      'Europe/Rome',
    );

    const christmas = setClock('2026-12-25 00:00', 'Europe/Rome', { running: false });
    // Refusals change nothing: they run side by side.
    const refusals: Promise<void>[] = [];
    const added = await runCli([
      'config',
      'holidays',
      'add',
      christmas.today(),
      christmas.day(1),
      christmas.today(),
      '--data',
      data,
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(lastJsonLine(added.stdout).holidays).toEqual([christmas.today(), christmas.day(1)]);
    const removed = await runCli(['config', 'holidays', 'remove', christmas.day(1), '--data', data]);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await runCli(['config', 'holidays', 'list', '--data', data])).stdout.trim()).toBe(christmas.today());

    for (const [args, message] of [
      [['config', 'set-time-zone', 'Mars/Base'], "'Mars/Base' is not a time zone. Give an IANA name such as Europe/Rome"],
      [['config', 'set-time-zone'], "'config set-time-zone' needs the zone"],
      [['config', 'holidays', 'add', `${christmas.today().slice(0, 4)}-02-30`], 'is not a date. Give holidays as YYYY-MM-DD'],
      [['config', 'holidays', 'add'], "'config holidays add' needs one or more dates"],
      [['config', 'holidays', 'remove', addDays(christmas.today(), 7)], "is not one of the station's holidays."],
      [['config', 'holidays', 'clear'], "Unknown config holidays command 'clear'. Use list, add or remove."],
      [['config'], "'config' needs a command first: show, set-time-zone, holidays or token-lifetime."],
    ] as const) {
      refusals.push(
        runCli([...args, '--data', data]).then((refused) => {
          expect(refused.code, args.join(' ')).toBe(2);
          expect(refused.stderr).toContain(message);
        }),
      );
    }
    await Promise.all(refusals);
    // Every change is in the audit log, with what it was before.
    const audit = lastJsonLine((await runCli(['audit', '--action', 'calendar.changed', '--data', data, '--json'])).stdout);
    expect(audit).toHaveLength(3);
    expect(audit.at(-1).detail).toEqual({ timeZone: { from: 'Pacific/Honolulu', to: 'Europe/Rome' } });
  });
});
