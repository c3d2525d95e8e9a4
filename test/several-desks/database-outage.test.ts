// When the shared database goes away: real stations (`station serve` child processes) on a PostgreSQL cluster of
// this file's own, which is restarted (fast, then immediate) under load while a desk is SIGKILLed; cut off for 5 s
// through a relay; failed over to a promoted standby; and cut between a COMMIT and its answer. An integration that
// retries 503s with its Idempotency-Key loses nothing and doubles nothing, no caller sees a 500 or waits past its
// timeout, and every desk serves again by itself within seconds of the database's return.
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { startDatabaseProxy, type DatabaseProxy } from '../helpers/database-proxy.ts';
import { http } from '../helpers/http.ts';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../helpers/postgres.ts';
import { ThermalPrinter, cupsMissing } from '../helpers/printers.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI the database outage test prints through CUPS.`);
if (noCups) console.log(`Skipping the printing part of the database outage test: ${noCups}.`);

const USER = { username: 'erp', password: 'erp-password-2026' };
/** What an integration waits for one answer: a request that hangs past it fails the test. */
const REQUEST_TIMEOUT_MS = 30_000;
const env = { STATION_SCHEDULER_INTERVAL_MS: '100', STATION_CLAIM_LEASE_MS: '3000', STATION_DOCUMENT_WORKERS: '1' };

interface Desk {
  name: string;
  dataDir: string;
  served?: Served;
  printer?: ThermalPrinter;
  queue?: string;
}

/** One warehouse: a database, an integration user, and desks on it. */
class Warehouse {
  token = '';
  readonly statuses = new Map<number, number>();
  readonly desks: Desk[];
  db!: pg.Client;

  readonly url: string;

  constructor(url: string, names: string[]) {
    this.url = url;
    this.desks = names.map((name) => ({ name, dataDir: tempDir('station-outage-') }));
  }

  async open(): Promise<void> {
    const added = await runCli([
      'client',
      'add',
      '--database',
      this.url,
      '--username',
      USER.username,
      '--password',
      USER.password,
      '--name',
      'ERP',
      '--role',
      'supervisor',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const keys = JSON.parse((await runCli(['keys', '--database', this.url, '--json'])).stdout);
    for (const desk of this.desks) await this.start(desk);
    const signIn = await http(`${this.desks[0]!.served!.url}/v3/clients/authentication`, {
      method: 'POST',
      headers: {
        Accept: JSONAPI,
        Authorization: serviceApiAuthorization(authenticationHash(USER.username, USER.password), keys.integrationKey),
      },
    });
    expect(signIn.status, signIn.text).toBe(200);
    this.token = signIn.json.meta.token;
  }

  async start(desk: Desk): Promise<void> {
    desk.served = await serve(['--database', this.url, '--desk', desk.name, '--data', desk.dataDir, '--port', '0'], env);
  }

  /** The database itself, for the checks (not through any desk). */
  async inspect(url: string): Promise<void> {
    await this.db?.end().catch(() => undefined);
    this.db = new pg.Client({ connectionString: url });
    this.db.on('error', () => undefined);
    await this.db.connect();
  }

  async count(sql: string): Promise<number> {
    return Number((await this.db.query<{ n: string }>(sql)).rows[0]!.n);
  }

  /** A request as an integration sends it, with its own timeout; every status is counted. */
  async call(desk: Desk, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await http(`${desk.served!.url}${path}`, {
      method,
      headers: {
        Accept: JSONAPI,
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': JSONAPI }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: REQUEST_TIMEOUT_MS,
    }).catch((error: Error) => {
      // A desk killed on purpose refuses the connection; a request that outlives its timeout fails the test.
      expect(error.name, `${method} ${path} at ${desk.name}: ${error.message}`).not.toBe('TimeoutError');
      return undefined;
    });
    if (response) this.statuses.set(response.status, (this.statuses.get(response.status) ?? 0) + 1);
    if (response && response.status >= 500) {
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    }
    return response;
  }

  /**
   * Creates shipment `number` as an ERP does: with its order as the Idempotency-Key, tried again (at the next
   * desk) on a 503 or no answer until acknowledged. Returns the shipment's id.
   */
  async create(number: number, immediate: boolean, live: () => Desk[]): Promise<string> {
    const body = document(attributes({ customerReference: `OUT-${number}` }), {
      service: number % 3 ? 'economy' : 'express',
      ...(immediate ? { scheduledProcessing: false } : {}),
    });
    let attempt = 0;
    let last: unknown;
    return waitFor(
      `create ${number} acknowledged`,
      async () => {
        const desks = live();
        const desk = desks[(number + attempt++) % desks.length]!;
        const response = await this.call(desk, 'POST', '/v3/shipments', body, { 'Idempotency-Key': `order-${number}` });
        last = response?.status;
        if (response && (response.status === 201 || response.status === 202)) return response.json.data.id as string;
        if (response && response.status !== 503) throw new Error(`create ${number}: ${response.status} ${response.text}`);
        return undefined;
      },
      { timeoutMs: 120_000, intervalMs: 100, seen: () => last },
    );
  }

  /** Milliseconds until every desk answers an authenticated read again. */
  async servingAgain(): Promise<number> {
    const started = Date.now();
    for (const desk of this.desks) {
      await waitFor(
        `${desk.name} to serve again`,
        async () => (await this.call(desk, 'GET', '/v3/shipment-summaries?filter[limit]=1'))?.status === 200,
        {
          timeoutMs: Math.max(0, 30_000 - (Date.now() - started)),
          intervalMs: 100,
        },
      );
    }
    return Date.now() - started;
  }

  /** Every scheduled shipment is processed, then: each stored shipment exactly once, nothing acknowledged missing. */
  async expectEachOnce(acknowledged: Set<string>, orders: number): Promise<void> {
    await waitFor(
      'every scheduled shipment processed',
      async () => (await this.count('SELECT count(*) AS n FROM shipments WHERE status = 0')) === 0,
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    const stored = await this.count('SELECT count(*) AS n FROM shipments');
    expect(stored).toBe(orders);
    expect(await this.count("SELECT count(DISTINCT attributes::json->>'customerReference') AS n FROM shipments")).toBe(orders);
    expect(await this.count('SELECT count(*) AS n FROM shipments WHERE status = 3')).toBe(stored);
    expect(await this.count('SELECT count(DISTINCT reference) AS n FROM shipments')).toBe(stored);
    expect(await this.count('SELECT count(DISTINCT tracking_number) AS n FROM shipments')).toBe(stored);
    expect(
      await this.count(
        "SELECT count(*) AS n FROM (SELECT shipment_id FROM shipment_audit WHERE action = 'processed' GROUP BY shipment_id HAVING count(*) > 1) twice",
      ),
    ).toBe(0);
    expect(await this.count("SELECT count(*) AS n FROM audit_events WHERE action = 'shipment.created'")).toBe(stored);
    const ids = new Set((await this.db.query<{ id: string }>('SELECT id FROM shipments')).rows.map((row) => row.id));
    for (const id of acknowledged) expect(ids.has(id), `acknowledged shipment ${id} is missing`).toBe(true);
  }

  async close(): Promise<void> {
    for (const desk of this.desks) await desk.served?.stop();
    await this.db?.end().catch(() => undefined);
  }
}

/** The event ids a live Server-Sent Events stream delivers, as they arrive. */
function watchEvents(url: string, token: string): { ids: number[]; close(): void } {
  const ids: number[] = [];
  const req = request(
    `${url}/v3/events/stream`,
    { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` } },
    (response) => {
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const id = /^id: (\d+)$/m.exec(buffer.slice(0, end))?.[1];
          if (id) ids.push(Number(id));
          buffer = buffer.slice(end + 2);
        }
      });
    },
  );
  req.on('error', () => undefined);
  req.end();
  return { ids, close: () => req.destroy() };
}

const clusters: PostgresCluster[] = [];
const proxies: DatabaseProxy[] = [];
const warehouses: Warehouse[] = [];
let cluster: PostgresCluster;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  clusters.push(cluster);
});

afterAll(async () => {
  for (const warehouse of warehouses) await warehouse.close();
  for (const proxy of proxies) await proxy.close();
  for (const each of clusters) each.stop();
});

async function warehouseOn(url: string, names: string[]): Promise<Warehouse> {
  const warehouse = new Warehouse(url, names);
  warehouses.push(warehouse);
  await warehouse.open();
  return warehouse;
}

describe('when the shared PostgreSQL database goes away', () => {
  it('two desks ride through a fast and an immediate restart and a killed desk: every order once, every label once', async () => {
    const SCHEDULED = 1_000;
    const IMMEDIATE = 200;
    const PRINT_EVERY = 10;
    const url = await createDatabase(cluster.url);
    const warehouse = await warehouseOn(url, ['desk-a', 'desk-b']);
    await warehouse.inspect(url);
    const [deskA, deskB] = warehouse.desks as [Desk, Desk];
    if (!noCups) {
      for (const desk of warehouse.desks) {
        desk.printer = new ThermalPrinter();
        await desk.printer.start();
        desk.queue = `station-outage-${desk.name}-${process.pid}`;
        execFileSync('lpadmin', ['-p', desk.queue, '-v', `socket://127.0.0.1:${desk.printer.port}`, '-E'], { stdio: 'pipe' });
        const settings = await warehouse.call(desk, 'PATCH', '/v3/print-settings', {
          data: { type: 'printSettings', attributes: { printer: desk.queue, format: 'zpl' } },
        });
        expect(settings?.status, settings?.text).toBe(200);
      }
    }

    let bDown = false;
    const live = () => (bDown ? [deskA] : [deskA, deskB]);
    const acknowledged = new Set<string>();
    let prints = 0;
    const recoveries: string[] = [];
    const orders = Array.from({ length: SCHEDULED + IMMEDIATE }, (_, index) => index);
    let next = 0;
    let faults: Promise<void> | undefined;

    const afterRestart = async (what: string, restart: Promise<void>) => {
      await restart;
      const ms = await warehouse.servingAgain();
      recoveries.push(`${what}: both desks served ${ms} ms after the database was back`);
      expect(ms, what).toBeLessThan(10_000);
    };
    const breakThings = async () => {
      await afterRestart('restart -m fast', cluster.restart('fast'));
      await waitFor('500 acknowledged creates', () => acknowledged.size >= 500, {
        timeoutMs: 200_000,
        intervalMs: 50,
        seen: () => acknowledged.size,
      });
      bDown = true;
      await deskB.served!.stop('SIGKILL');
      await warehouse.start(deskB);
      bDown = false;
      await waitFor('800 acknowledged creates', () => acknowledged.size >= 800, {
        timeoutMs: 200_000,
        intervalMs: 50,
        seen: () => acknowledged.size,
      });
      await afterRestart('restart -m immediate', cluster.restart('immediate'));
    };
    const lane = async () => {
      for (;;) {
        const number = orders[next++];
        if (number === undefined) return;
        if (acknowledged.size >= 200 && !faults) {
          faults = breakThings();
          // Awaited below; a failure meanwhile must not count as unhandled.
          faults.catch(() => undefined);
        }
        // One immediate create in six, each printed now and then at the desk that made it.
        const immediate = number % 6 === 0;
        const id = await warehouse.create(number, immediate, live);
        acknowledged.add(id);
        if (immediate && !noCups && number % (6 * PRINT_EVERY) === 0) {
          let attempt = 0;
          let last: unknown;
          await waitFor(
            `print ${number} queued`,
            async () => {
              const desk = live()[attempt++ % live().length]!;
              const job = await warehouse.call(
                desk,
                'POST',
                `/v3/shipments/${id}/print`,
                { data: { type: 'printJob' } },
                { 'Idempotency-Key': `print-${number}` },
              );
              last = `${job?.status} ${job?.text}`;
              return job?.status === 202;
            },
            { timeoutMs: 120_000, intervalMs: 100, seen: () => last },
          );
          prints++;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    await faults;
    // The test's own connection went with the restarts.
    await warehouse.inspect(url);
    expect(recoveries).toHaveLength(2);
    // Each desk took its name again when the database came back: a second station as desk-a is still refused.
    for (const desk of warehouse.desks) {
      const health = await http(`${desk.served!.url}/v3/health`, { headers: { Accept: JSONAPI } });
      expect(health.json.data.attributes).toMatchObject({ status: 'ok', deskLockHeld: true });
    }
    const twin = await serve(['--database', url, '--desk', 'desk-a', '--data', tempDir('station-twin-'), '--port', '0'], env).catch(
      (error: Error) => error,
    );
    expect(String(twin)).toMatch(/already is desk 'desk-a'/);
    // Each desk listens again for settings changes (it keeps them in memory meanwhile): a surcharge changed at
    // desk-a prices at desk-b at once.
    const listening = "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'";
    await waitFor('both desks listening again', async () => (await warehouse.count(listening)) >= 2, { timeoutMs: 5000, intervalMs: 100 });
    expect(await warehouse.count(listening)).toBe(2);
    const rate = async (desk: Desk) => {
      const rated = await warehouse.call(desk, 'POST', '/v3/shipments/rate', document(attributes()));
      expect(rated?.status, rated?.text).toBe(202);
      return Number(
        rated!.json.data.find((quote: { attributes: { carrierCode: string } }) => quote.attributes.carrierCode === 'DHL_EXPRESS').attributes
          .finalCost.amount,
      );
    };
    const before = await rate(deskB);
    const changed = await warehouse.call(deskA, 'PATCH', '/v3/carriers/DHL', {
      data: { type: 'carrier', attributes: { fuelSurchargePercent: 40 } },
    });
    expect(changed?.status, changed?.text).toBe(200);
    expect(await rate(deskB)).toBeGreaterThan(before);
    expect(acknowledged.size).toBe(SCHEDULED + IMMEDIATE);
    expect(warehouse.statuses.get(500)).toBeUndefined();
    expect(warehouse.statuses.get(503), 'the restarts were met by requests').toBeGreaterThan(0);

    await warehouse.expectEachOnce(acknowledged, SCHEDULED + IMMEDIATE);
    if (!noCups) {
      await waitFor(
        'every print job ended',
        async () => (await warehouse.count("SELECT count(*) AS n FROM print_jobs WHERE status IN ('queued', 'printing')")) === 0,
        { timeoutMs: 60_000, intervalMs: 250 },
      );
      expect(await warehouse.count('SELECT count(*) AS n FROM print_jobs')).toBe(prints);
      expect(await warehouse.count("SELECT count(*) AS n FROM print_jobs WHERE status = 'done'")).toBe(prints);
      for (const desk of warehouse.desks) {
        const printed = desk.printer!.received.map((data) => /Reference (\d+)/.exec(data.toString('latin1'))?.[1]);
        const expected = (
          await warehouse.db.query<{ reference: string }>(
            'SELECT s.reference FROM print_jobs j JOIN shipments s ON s.id = j.shipment_id WHERE j.desk = $1',
            [desk.name],
          )
        ).rows.map((row) => row.reference);
        expect(printed.sort(), `labels printed at ${desk.name}`).toEqual(expected.sort());
        execFileSync('lpadmin', ['-x', desk.queue!], { stdio: 'pipe' });
        await desk.printer!.stop();
      }
    }
    console.log(
      `database outage: ${acknowledged.size} acknowledged, statuses ${JSON.stringify(Object.fromEntries(warehouse.statuses))}, ${prints} labels printed once; ${recoveries.join('; ')}`,
    );
  });

  it('a desk rides through a 5 s network blip: 503 with Retry-After meanwhile, "unavailable since" on its health, serving again after', async () => {
    const proxy = await startDatabaseProxy({ host: '127.0.0.1', port: cluster.port });
    proxies.push(proxy);
    const url = await createDatabase(cluster.url);
    const warehouse = await warehouseOn(`${proxy.url}/${url.split('/').pop()}`, ['desk-blip']);
    await warehouse.inspect(url);
    const [desk] = warehouse.desks as [Desk];
    // A live event stream across the blip: it carries on from where it was, with no gap and nothing twice.
    const stream = watchEvents(desk.served!.url, warehouse.token);
    const acknowledged = new Set<string>();
    let next = 0;
    let blipped = false;
    let healthDuring: { status: number; detail: string; since: string | null } | undefined;
    const lane = async () => {
      while (next < 120) {
        const id = await warehouse.create(next++, next % 4 === 0, () => [desk]);
        acknowledged.add(id);
      }
    };
    const blip = (async () => {
      await waitFor('30 acknowledged creates', () => acknowledged.size >= 30, { timeoutMs: 60_000, intervalMs: 20 });
      const cut = proxy.blip(5_000);
      // A request during the blip meets the lost connection; the health check then says since when.
      healthDuring = await waitFor(
        'the health check to see the lost database',
        async () => {
          const health = await http(`${desk.served!.url}/v3/health`, { headers: { Accept: JSONAPI } });
          return health.status === 200
            ? undefined
            : {
                status: health.status,
                detail: health.json.errors?.[0]?.detail,
                since: health.json.meta?.health?.database?.unavailableSince ?? null,
              };
        },
        { timeoutMs: 4_000, intervalMs: 100 },
      );
      await cut;
      blipped = true;
      return warehouse.servingAgain();
    })();
    await Promise.all([lane(), lane(), lane(), lane()]);
    const recoveredMs = await blip;
    expect(blipped).toBe(true);
    expect(healthDuring?.status).toBe(503);
    expect(healthDuring?.detail).toMatch(/^The station’s database is unavailable since \d{4}-\d\d-\d\dT/);
    expect(healthDuring?.since).not.toBeNull();
    expect(recoveredMs).toBeLessThan(10_000);
    const healthAfter = await http(`${desk.served!.url}/v3/health`, { headers: { Accept: JSONAPI } });
    expect(healthAfter.status).toBe(200);
    expect(healthAfter.json.data.attributes).toMatchObject({
      status: 'ok',
      desk: 'desk-blip',
      deskLockHeld: true,
      database: { backend: 'postgres', available: true },
    });
    expect(warehouse.statuses.get(500)).toBeUndefined();
    expect(warehouse.statuses.get(503)).toBeGreaterThan(0);
    await warehouse.expectEachOnce(acknowledged, 120);
    const eventIds = (await warehouse.db.query<{ id: string }>('SELECT id FROM events ORDER BY id')).rows.map((row) => Number(row.id));
    await waitFor('every event on the stream', () => stream.ids.length >= eventIds.length, { timeoutMs: 10_000, intervalMs: 100 });
    stream.close();
    expect(stream.ids).toEqual(eventIds);
    expect(eventIds.length).toBeGreaterThanOrEqual(120);
    expect(desk.served!.stderr() + desk.served!.stdout()).toMatch(/The database is unavailable/);
    expect(desk.served!.stderr() + desk.served!.stdout()).toMatch(/The database answers again, after [\d.]+ s unavailable/);
    console.log(
      `network blip: served again ${recoveredMs} ms after the relay took connections again; statuses ${JSON.stringify(Object.fromEntries(warehouse.statuses))}`,
    );
  });

  it('a commit whose answer is lost is a 503, and the retry with its Idempotency-Key gives the original shipment', async () => {
    const proxy = await startDatabaseProxy({ host: '127.0.0.1', port: cluster.port });
    proxies.push(proxy);
    const url = await createDatabase(cluster.url);
    const warehouse = await warehouseOn(`${proxy.url}/${url.split('/').pop()}`, ['desk-commit']);
    await warehouse.inspect(url);
    const [desk] = warehouse.desks as [Desk];
    for (const immediate of [true, false]) {
      const key = `lost-commit-${immediate ? 'immediate' : 'scheduled'}`;
      const body = document(attributes({ customerReference: key }), {
        service: 'economy',
        ...(immediate ? { scheduledProcessing: false } : {}),
      });
      const cut = proxy.cutAfterCommit('shipments');
      const first = await warehouse.call(desk, 'POST', '/v3/shipments', body, { 'Idempotency-Key': key });
      await cut;
      expect(first?.status, first?.text).toBe(503);
      // It did commit: the shipment is there, once, though the desk could not know.
      expect(await warehouse.count(`SELECT count(*) AS n FROM shipments WHERE attributes::json->>'customerReference' = '${key}'`)).toBe(1);
      const again = await waitFor(
        `the repeat of ${key} answered`,
        async () => {
          const answer = await warehouse.call(desk, 'POST', '/v3/shipments', body, { 'Idempotency-Key': key });
          return answer?.status === 503 ? undefined : answer;
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(again?.status, again?.text).toBe(immediate ? 201 : 202);
      const stored = (
        await warehouse.db.query<{ id: string }>(`SELECT id FROM shipments WHERE attributes::json->>'customerReference' = $1`, [key])
      ).rows;
      expect(stored).toHaveLength(1);
      expect(again!.json.data.id).toBe(stored[0]!.id);
    }
    expect(warehouse.statuses.get(500)).toBeUndefined();
  });

  it('desks given a primary and its standby follow the promoted standby within 15 s, and nothing acknowledged is lost', async () => {
    const primary = await startPostgresCluster();
    clusters.push(primary);
    const databaseUrl = await createDatabase(primary.url);
    const name = databaseUrl.split('/').pop()!;
    const standby = await primary.startStandby();
    clusters.push(standby);
    const both = `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/${name}?target_session_attrs=read-write`;
    const warehouse = await warehouseOn(both, ['desk-x', 'desk-y']);
    await warehouse.inspect(databaseUrl);
    const acknowledged = new Set<string>();
    let next = 0;
    let failedOverMs: number | undefined;
    const lane = async () => {
      while (next < 300) {
        const id = await warehouse.create(next++, next % 5 === 0, () => warehouse.desks);
        acknowledged.add(id);
      }
    };
    const failover = (async () => {
      await waitFor('100 acknowledged creates', () => acknowledged.size >= 100, { timeoutMs: 120_000, intervalMs: 20 });
      // What the operator does: stop the primary (if it is not already gone), then promote the standby.
      await primary.halt('fast');
      const promotedAt = Date.now();
      await standby.promote();
      await warehouse.servingAgain();
      failedOverMs = Date.now() - promotedAt;
    })();
    await Promise.all([lane(), lane(), lane(), lane()]);
    await failover;
    expect(failedOverMs).toBeLessThan(15_000);
    await warehouse.inspect(`${standby.url}/${name}`);
    await warehouse.expectEachOnce(acknowledged, 300);
    expect(warehouse.statuses.get(500)).toBeUndefined();
    console.log(
      `failover: desks served ${failedOverMs} ms after pg_ctl promote; statuses ${JSON.stringify(Object.fromEntries(warehouse.statuses))}`,
    );
  });
});
