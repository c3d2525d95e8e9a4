// The station on the LAN: names given with --allow-host pass the Host guard, every other name is still refused
// (DNS rebinding), and with a certificate the station serves HTTPS only, with links that say so.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { http } from '../helpers/http.ts';
import { JSONAPI, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';
import { runCli } from '../helpers/cli.ts';

const DESK_NAME = 'desk-7.warehouse.lan';
const DESK_ADDRESS = '192.168.1.20';

/** A self-signed certificate for the desk's name, its LAN address and loopback, as docs/operations.md ("The station on the LAN") shows how to make. */
function certificate(folder: string): { certFile: string; keyFile: string } {
  const certFile = join(folder, 'station.crt');
  const keyFile = join(folder, 'station.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      `/CN=${DESK_NAME}`,
      '-addext',
      `subjectAltName=DNS:${DESK_NAME},IP:${DESK_ADDRESS},IP:127.0.0.1`,
    ],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

let t: TestStation;
let tls: { certFile: string; keyFile: string };
let port: string;
let auth: Record<string, string>;
beforeAll(async () => {
  tls = certificate(tempDir());
  t = await startTestStation({ schedulerIntervalMs: 0, allowedHosts: [DESK_NAME, DESK_ADDRESS], tls });
  port = new URL(t.url).port;
  auth = { Authorization: `Bearer ${await t.token()}` };
});
afterAll(() => t.close());

const asHost = (host: string, headers: Record<string, string> = {}) => t.call('/v3/test', { headers: { ...auth, Host: host, ...headers } });

describe('the Host guard with --allow-host', () => {
  it.each([`${DESK_NAME}:PORT`, `DESK-7.Warehouse.LAN:PORT`, `${DESK_ADDRESS}:PORT`, '127.0.0.1:PORT', 'localhost:PORT'])(
    'lets %s in',
    async (host) => {
      const response = await asHost(host.replace('PORT', port));
      expect(response.status, response.text).toBe(200);
    },
  );

  it.each(['evil.example:PORT', 'desk-7.warehouse.lan.evil.example:PORT', '192.168.1.21:PORT', 'warehouse.lan:PORT'])(
    'still refuses %s',
    async (host) => {
      const value = host.replace('PORT', port);
      const response = await asHost(value);
      expect(response.status).toBe(403);
      expect(response.json.errors[0].detail).toBe(ERROR_TEXT.hostNotAllowed(value));
    },
  );

  it('accepts the desk UI of another PC (its own origin) and refuses a foreign page', async () => {
    const own = await asHost(`${DESK_NAME}:${port}`, { Origin: `https://${DESK_NAME}:${port}` });
    expect(own.status).toBe(200);
    const foreign = await asHost(`${DESK_NAME}:${port}`, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json.errors[0].detail).toBe(ERROR_TEXT.originNotAllowed('https://evil.example'));
  });
});

describe('HTTPS with --tls-cert and --tls-key', () => {
  it('serves HTTPS only, verified against its certificate', async () => {
    expect(t.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect((await t.call('/v3/test', { headers: auth })).status).toBe(200);
    await expect(http(`http://127.0.0.1:${port}/v3/test`)).rejects.toThrow(/socket hang up|ECONNRESET|EPROTO/);
    // A client that does not trust the certificate is refused by TLS itself.
    await expect(http(`https://127.0.0.1:${port}/v3/test`)).rejects.toThrow(/self-signed|self signed/);
  });

  it('signs in, ships and answers with https links under the name the desk used', async () => {
    const token = auth.Authorization!.slice('Bearer '.length);
    const created = await t.call('/v3/shipments', {
      method: 'POST',
      headers: { Host: `${DESK_NAME}:${port}`, Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
      body: JSON.stringify(document(attributes(), { service: 'express', scheduledProcessing: false })),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.location).toBe(`https://${DESK_NAME}:${port}/v3/shipments/${created.json.data.id}`);
    expect(created.json.data.links.tracking).toMatch(new RegExp(`^https://${DESK_NAME.replace(/\./g, '\\.')}:${port}/track/`));
  });
});

describe('station serve on the LAN', () => {
  it.each([
    [['--tls-cert', 'x.crt'], 'Give both --tls-cert and --tls-key, or neither.'],
    [
      ['--allow-host', 'http://desk-7:8411'],
      "--allow-host takes a host name or an IP address (e.g. desk-7.warehouse.lan or 192.168.1.20), not 'http://desk-7:8411'.",
    ],
  ])('refuses %j with the reason', async (args, message) => {
    const result = await runCli(['serve', '--data', join(tempDir(), 'data'), '--port', '0', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('refuses a key that does not belong to the certificate, naming both files', async () => {
    const other = certificate(tempDir());
    const result = await runCli([
      'serve',
      '--data',
      join(tempDir(), 'data'),
      '--port',
      '0',
      '--tls-cert',
      tls.certFile,
      '--tls-key',
      other.keyFile,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The TLS certificate ${tls.certFile} and key ${other.keyFile} cannot serve HTTPS`);
    expect(readFileSync(tls.certFile, 'utf8')).toContain('BEGIN CERTIFICATE');
  });
});
