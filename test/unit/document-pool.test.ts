import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fontLibrary } from '../../src-main/documents/fonts.ts';
import { createDocumentPool, PoolBusyError, RenderFailedError, type DocumentPool } from '../../src-main/documents/pool.ts';
import { renderShipmentPdf, type ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { setClock } from '../helpers/clock.ts';
import { documentInput, parcel } from '../helpers/document-input.ts';

/** When the labels were made: rendering takes the day it is given. */
const LABELLED = setClock('2026-11-23 10:00', 'Europe/Rome', { running: false });

const fontsDir = join(DEFAULT_RESOURCES_DIR, 'fonts');
const crashingWorker = new URL('../helpers/crashing-document-worker.ts', import.meta.url);

function input(customerReference = 'ORDER-1', packages = 1): ShipmentDocumentInput {
  return documentInput(LABELLED, {
    trackingNumber: '4829301756',
    carrierName: 'DHL Express',
    serviceName: 'DHL Express Worldwide',
    attributes: { packages: Array.from({ length: packages }, () => parcel('1.4')), customerReference },
  });
}

let pool: DocumentPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the document pool renders off the calling thread', () => {
  it('answers the same bytes as rendering in-process', async () => {
    pool = createDocumentPool({ fontsDir, size: 2 });
    const [pdf, labels] = await Promise.all([pool.render(input()), pool.render(input(), { labelsOnly: true })]);
    expect(Buffer.from(pdf).equals(Buffer.from(renderShipmentPdf(input(), fontLibrary(fontsDir))))).toBe(true);
    expect(Buffer.from(labels).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0, replaced: 0 });
  });

  it('serves a waiting request before the scheduler’s batch', async () => {
    pool = createDocumentPool({ fontsDir, size: 1 });
    const finished: string[] = [];
    const batch = Array.from({ length: 6 }, (_, i) =>
      pool!.render(input(`batch-${i}`, 10), {}, 'batch').then(() => finished.push(`batch-${i}`)),
    );
    const request = pool.render(input('request'), {}, 'request').then(() => finished.push('request'));
    await Promise.all([...batch, request]);
    // The first batch job was already running; the request goes next, ahead of the five still waiting.
    expect(finished.indexOf('request')).toBeLessThanOrEqual(1);
  });

  it('refuses requests past its bound with PoolBusyError, and takes them again once it has room', async () => {
    pool = createDocumentPool({ fontsDir, size: 1, maxQueued: 2 });
    const accepted = [pool.render(input('a', 20)), pool.render(input('b', 20)), pool.render(input('c', 20))];
    await expect(pool.render(input('d'))).rejects.toBeInstanceOf(PoolBusyError);
    await Promise.all(accepted);
    await expect(pool.render(input('e'))).resolves.toBeInstanceOf(Uint8Array);
  });

  it('reports a renderer error without retrying it or losing the worker', async () => {
    pool = createDocumentPool({ fontsDir, size: 1 });
    // A package without a weight makes the renderer throw; the pool passes that on as it is.
    const broken = {
      ...input(),
      attributes: { ...input().attributes, packages: [{} as ShipmentDocumentInput['attributes']['packages'][number]] },
    };
    await expect(pool.render(broken)).rejects.toThrow(/Cannot read properties of undefined/);
    await expect(pool.render(broken)).rejects.toBeInstanceOf(RenderFailedError);
    expect(pool.stats().replaced).toBe(0);
    await expect(pool.render(input())).resolves.toBeInstanceOf(Uint8Array);
  });
});

describe('a worker that dies is replaced, and its job tried once more', () => {
  it('retries a job whose worker crashed once, on a new worker, and it succeeds', async () => {
    pool = createDocumentPool({ fontsDir, size: 1, workerUrl: crashingWorker });
    const marker = join(tempDir(), 'crashed-once');
    const pdf = await pool.render(input(`CRASH-ONCE:${marker}`));
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.stats()).toMatchObject({ workers: 1, replaced: 1 });
  });

  it('fails a job that kills two workers, with the reason, and keeps serving others', async () => {
    pool = createDocumentPool({ fontsDir, size: 1, workerUrl: crashingWorker });
    const failed = pool.render(input('CRASH-ALWAYS'));
    const next = pool.render(input('after'));
    await expect(failed).rejects.toThrow('The label renderer stopped twice on this shipment: the worker exited with code 3.');
    await expect(failed).rejects.toBeInstanceOf(RenderFailedError);
    await expect(next).resolves.toBeInstanceOf(Uint8Array);
    expect(pool.stats()).toMatchObject({ workers: 1, replaced: 2 });
  });

  it('replaces a worker whose job hangs past the time limit', async () => {
    // The limit counts from the job's hand-over, a replaced worker's start included: 1.5 s leaves a cold worker room
    // on a loaded machine (300 ms did not, with two test files running at once), and the hang is still cut twice.
    pool = createDocumentPool({ fontsDir, size: 1, workerUrl: crashingWorker, jobTimeoutMs: 1_500 });
    await expect(pool.render(input('HANG'))).rejects.toThrow(
      'The label renderer stopped twice on this shipment: the document took longer than 2 s.',
    );
    await expect(pool.render(input())).resolves.toBeInstanceOf(Uint8Array);
    expect(pool.stats().replaced).toBe(2);
  });

  it('rejects what waits when it closes', async () => {
    pool = createDocumentPool({ fontsDir, size: 1 });
    const waiting = Promise.allSettled(Array.from({ length: 4 }, () => pool!.render(input('x', 10))));
    await pool.close();
    const outcomes = await waiting;
    expect(outcomes.some((outcome) => outcome.status === 'rejected')).toBe(true);
    await expect(pool.render(input())).rejects.toThrow('The station is stopping; the document was not rendered.');
    pool = undefined;
  });
});
