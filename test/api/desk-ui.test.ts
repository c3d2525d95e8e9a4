import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrintViews } from '../../src-main/printing/print-views.ts';
import { JSONAPI, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

let t: TestStation;
beforeAll(async () => {
  const rendererDir = join(tempDir(), 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Shipping Station</title>');
  writeFileSync(join(rendererDir, 'assets', 'index-abc123.js'), 'console.log("desk")');
  t = await startTestStation({ rendererDir });
});
afterAll(() => t.close());

describe('the station serves the built desk UI from its own origin', () => {
  it('serves index.html at / with a strict Content-Security-Policy', async () => {
    const response = await t.call('/', { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('<title>Shipping Station</title>');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await t.call('/', { method: 'HEAD' })).status).toBe(200);
  });

  it('serves hashed assets as long-lived', async () => {
    const response = await t.call('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never serves files outside its folder', async () => {
    for (const path of ['/../station.sqlite', '/%2e%2e/station.sqlite', '/assets/../../data/station.sqlite']) {
      const response = await t.call(path);
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe(JSONAPI);
    }
  });

  it('answers 404, never 500, to paths that only normalise into its folder, sent as they are', async () => {
    // node:http would tidy these paths before sending: a raw socket sends them untouched.
    const port = Number(new URL(t.url).port);
    const raw = (path: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('close', () => resolve(text));
      });
    for (const path of [
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '/./index.html',
      '//index.html',
      '/assets/..%2f..%2fstation.sqlite',
      '/assets/../../station.sqlite',
      '/..',
      '/%',
      '/assets/%ff',
      '/index.html%00',
    ]) {
      const answer = await raw(path);
      expect(answer, path).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer).toContain(`Content-Type: ${JSONAPI}`);
    }
  });

  it('keeps the UI behind the loopback guard', async () => {
    expect((await t.call('/', { headers: { Host: 'evil.example' } })).status).toBe(403);
  });

  it('leaves the API paths to the API', async () => {
    expect((await t.call('/v3/test')).status).toBe(401);
  });
});

describe('GET /station-config tells the UI in a browser where the API is', () => {
  it('returns the API base of the request, the desk app integration key, the desk and the station’s time zone', async () => {
    const response = await t.call('/station-config');
    expect(response.status).toBe(200);
    expect(response.json.data).toEqual({
      type: 'stationConfig',
      id: null,
      attributes: { apiBase: `${t.url}/v3`, integrationKey: t.integrationKey, desk: t.station.desk, timeZone: t.clock.timeZone },
    });
  });

  it('is not readable by other sites', async () => {
    const response = await t.call('/station-config', { headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(response.text).not.toContain(t.integrationKey);
  });
});

describe('GET /health says whether this desk can work now, without signing in', () => {
  it('answers 200 with the desk, its database and its lock while the database answers', async () => {
    for (const path of ['/v3/health', '/health', '/v3-testing/health']) {
      const response = await t.call(path);
      expect(response.status, path).toBe(200);
      expect(response.json.data).toEqual({
        type: 'health',
        id: null,
        attributes: {
          status: 'ok',
          desk: t.station.desk,
          database: { backend: t.station.store.backend, available: true, unavailableSince: null, problem: null },
          deskLockHeld: true,
        },
      });
    }
  });

  it('is not readable by other sites', async () => {
    expect((await t.call('/health', { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('the desktop app hands label PDFs to its hidden print window through the station', () => {
  it('serves a waiting label once under its token, then 404', async () => {
    const printViews = createPrintViews();
    const desktop = await startTestStation({ printViews });
    try {
      const token = printViews.add(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
      const first = await desktop.call(`/print-view/${token}`, { headers: { Accept: '*/*' } });
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.text).toBe('%PDF');
      const second = await desktop.call(`/print-view/${token}`);
      expect(second.status).toBe(404);
      expect(second.json.errors[0].detail).toBe('No label waits under this token.');
    } finally {
      await desktop.close();
    }
  });
});
