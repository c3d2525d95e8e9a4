// A desk that starts before its database (a power cut: the desks' PCs boot before the database server). A real
// `station serve` on a PostgreSQL cluster of this file's own, stopped when the desk starts: the desk listens at once,
// serves the desk UI, says "starting" at /health and answers every API call 503 with Retry-After and the catalogue's
// words; once PostgreSQL starts it serves 201s within seconds, with no restart. A stop while it waits is clean, and a
// second desk on the same data folder is refused while the first waits.
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../helpers/postgres.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const USER = { username: 'erp', password: 'erp-password-2026' };

let cluster: PostgresCluster;
const served: Served[] = [];
beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  for (const desk of served) await desk.stop().catch(() => undefined);
  cluster.stop();
});

/** Whether a test left the server stopped (it failed before starting it again): the next test gets it running. */
let halted = false;
async function haltServer(): Promise<void> {
  await cluster.halt('fast');
  halted = true;
}
async function resumeServer(): Promise<void> {
  await cluster.resume();
  halted = false;
}
afterEach(async () => {
  if (halted) await resumeServer();
});

/** A database with an integration user, set up while the server runs; its integration key to sign in with. */
async function preparedDatabase(): Promise<{ url: string; integrationKey: string }> {
  const url = await createDatabase(cluster.url);
  const added = await runCli([
    'client',
    'add',
    '--database',
    url,
    ...['--username', USER.username, '--password', USER.password, '--name', 'ERP'],
  ]);
  expect(added.code, added.stderr).toBe(0);
  const keys = JSON.parse((await runCli(['keys', '--database', url, '--json'])).stdout) as { integrationKey: string };
  return { url, integrationKey: keys.integrationKey };
}

describe('a desk that starts before its database', () => {
  it('answers 503 with Retry-After at once, serves the desk UI, and serves 201s within seconds of PostgreSQL starting', async () => {
    const { url, integrationKey } = await preparedDatabase();
    await haltServer();
    const started = performance.now();
    const desk = await serve(['--database', url, '--desk', 'desk-late', '--data', tempDir('station-late-'), '--port', '0']);
    served.push(desk);

    const health = await http(`${desk.url}/health`, { headers: { Accept: JSONAPI } });
    const answeredMs = performance.now() - started;
    expect(health.status, health.text).toBe(503);
    expect(health.headers['retry-after']).toMatch(/^\d+$/);
    expect(health.json.meta.health).toMatchObject({
      status: 'starting',
      desk: 'desk-late',
      database: { backend: 'postgres', available: false },
    });
    expect(health.json.errors[0]).toMatchObject({ code: 'storage.unavailable', meta: { fault: 'unreachable' } });
    expect(answeredMs, 'the first answer comes within 2 s of the start').toBeLessThan(2_000);

    // Every API call: 503 with Retry-After and the catalogue's words, never a refused connection or a 500.
    for (const path of ['/v3/test', '/v3/shipments', '/station-config']) {
      const answer = await http(`${desk.url}${path}`, { headers: { Accept: JSONAPI } });
      expect(answer.status, `${path}: ${answer.text}`).toBe(503);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer.json.errors[0].detail).toMatch(/^The station is starting and cannot reach its shared database/);
    }
    // The desk UI loads, so the packer sees the banner rather than a browser's error page.
    const page = await http(`${desk.url}/`, { headers: { Accept: 'text/html' }, unchecked: true });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(desk.stderr() + desk.stdout()).toMatch(/cannot reach its database/);

    await resumeServer();
    const resumed = performance.now();
    const authorization = serviceApiAuthorization(authenticationHash(USER.username, USER.password), integrationKey);
    let token = '';
    await waitFor('the desk signs in once the database answers', async () => {
      const signIn = await http(`${desk.url}/v3/clients/authentication`, {
        method: 'POST',
        headers: { Accept: JSONAPI, Authorization: authorization },
      });
      token = signIn.status === 200 ? (signIn.json.meta.token as string) : '';
      return token !== '';
    });
    const created = await http(`${desk.url}/v3/shipments`, {
      method: 'POST',
      headers: { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${token}` },
      body: JSON.stringify(document(attributes({ customerReference: 'LATE-1' }), { service: 'economy', scheduledProcessing: false })),
    });
    expect(created.status, created.text).toBe(201);
    const servedMs = performance.now() - resumed;
    console.log(
      `a desk started before its database: the first 503 ${Math.round(answeredMs)} ms after the start; a 201 ${Math.round(servedMs)} ms after the database started`,
    );
    expect(servedMs, 'a 201 within 5 s of the database starting').toBeLessThan(5_000);
    const healthy = await http(`${desk.url}/health`, { headers: { Accept: JSONAPI } });
    expect(healthy.status).toBe(200);
    expect(healthy.json.data.attributes).toMatchObject({ status: 'ok', deskLockHeld: true });
  });

  it('a stop while it waits is clean, and a second desk on the same folder is refused while the first waits', async () => {
    const { url } = await preparedDatabase();
    await haltServer();
    const dataDir = tempDir('station-late-');
    const first = await serve(['--database', url, '--desk', 'desk-wait', '--data', dataDir, '--port', '0']);
    served.push(first);
    const second = await serve(['--database', url, '--desk', 'desk-wait-2', '--data', dataDir, '--port', '0']).then(
      (desk) => {
        served.push(desk);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(second).toMatch(/another station|already running|in use/i);
    expect(await first.stop('SIGTERM')).toBe(0);
    // A stop is not a failure: nothing on stderr says the command failed.
    expect(first.stderr()).not.toMatch(/^station: /m);
  });
});
