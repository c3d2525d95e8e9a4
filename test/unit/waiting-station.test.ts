// station/waiting.ts on its own, with the real waiting API on a loopback port and the real data-folder lock: a stop
// that comes while the database is being opened never hands on a station (it is stopped, the port closed, the folder
// released), a stop while it waits ends `ready` as a stop rather than a failure, and the pause between tries ends
// at once on a stop. What opens is given by the test: the database itself is the integration test's
// (test/several-desks/database-late.test.ts).
import { describe, expect, it } from 'vitest';
import { consoleLogger } from '../../src-main/logger.ts';
import { StoppedWhileWaitingError, waitForDatabase } from '../../src-main/station/waiting.ts';
import { lockDataFolder } from '../../src-main/store/station-lock.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const quiet = { ...consoleLogger(), info: () => {}, warn: () => {} };

/** A port that answers, or why not. */
async function answers(url: string): Promise<number | string> {
  return fetch(`${url}/health`).then(
    (response) => response.status,
    (error: Error) => (error.cause as { code?: string } | undefined)?.code ?? error.message,
  );
}

describe('a station waiting for its database', () => {
  it('stops a station that opened just as the stop came, closes its port and frees the folder', async () => {
    const dataDir = tempDir('station-waiting-');
    type Opened = { stop(): Promise<void> };
    let release!: (station: Opened) => void;
    let tries = 0;
    let stops = 0;
    let url = '';
    const waiting = await waitForDatabase<Opened>(
      { dataDir, port: 0, host: '127.0.0.1', logger: quiet, backend: 'postgres', onWaiting: (at) => (url = at) },
      () => {
        tries++;
        if (tries === 1) return Promise.reject(refused());
        return new Promise<Opened>((resolve) => (release = resolve));
      },
    );
    await expect.poll(() => tries).toBe(2);
    expect(await answers(url)).toBe(503);
    const stopped = waiting.stop();
    release({ stop: async () => void stops++ });
    await stopped;
    await expect(waiting.ready).rejects.toBeInstanceOf(StoppedWhileWaitingError);
    expect(stops).toBe(1);
    expect(await answers(url)).toBe('ECONNREFUSED');
    // The folder is free again: another station may take it.
    lockDataFolder(dataDir).release();
  });

  it('a stop while it waits ends the pause at once, as a stop', async () => {
    const dataDir = tempDir('station-waiting-');
    let tries = 0;
    const waiting = await waitForDatabase({ dataDir, port: 0, host: '127.0.0.1', logger: quiet, backend: 'postgres' }, () => {
      tries++;
      return Promise.reject(refused());
    });
    await expect.poll(() => tries).toBeGreaterThanOrEqual(3);
    const started = performance.now();
    await waiting.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect(waiting.ready).rejects.toBeInstanceOf(StoppedWhileWaitingError);
    lockDataFolder(dataDir).release();
  });

  it('gives up at once on a failure that waiting cannot mend, freeing the folder', async () => {
    const dataDir = tempDir('station-waiting-');
    const denied = Object.assign(new Error('password authentication failed for user "station"'), { code: '28P01' });
    const waiting = await waitForDatabase({ dataDir, port: 0, host: '127.0.0.1', logger: quiet, backend: 'postgres' }, () =>
      Promise.reject(denied),
    );
    await expect(waiting.ready).rejects.toBe(denied);
    lockDataFolder(dataDir).release();
  });
});
