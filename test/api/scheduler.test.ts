import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../../src-main/scheduler/index.ts';
import { silentLogger } from '../../src-main/logger.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { waitFor } from '../helpers/wait.ts';
import { waitingCount } from '../helpers/store-reads.ts';

describe('the scheduler never overlaps runs', () => {
  it('joins a run in progress instead of starting another', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const scheduler = createScheduler({
      intervalMs: 1,
      logger: silentLogger,
      task: async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active--;
      },
    });
    scheduler.start();
    await Promise.all([scheduler.runOnce(), scheduler.runOnce(), scheduler.runOnce()]);
    // The timer's own runs too, every millisecond, while a run takes 30 ms: each one joins or follows the last.
    await waitFor('runs of the timer', () => runs >= 3);
    await scheduler.stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it('keeps running after a failed run', async () => {
    let calls = 0;
    const scheduler = createScheduler({
      intervalMs: 1000,
      logger: silentLogger,
      task: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    await scheduler.runOnce();
    await scheduler.runOnce();
    expect(calls).toBe(2);
  });
});

describe('the API answers while a large batch is processed', () => {
  let t: TestStation;
  let token: string;
  beforeAll(async () => {
    t = await startTestStation({ schedulerIntervalMs: 0 });
    token = await t.token();
  });
  afterAll(() => t.close());

  it('serves a request before the batch is over', async () => {
    for (let i = 0; i < 30; i++) await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy' }));
    let runOver = false;
    const run = t.station.scheduler.runOnce().then(() => (runOver = true));
    await new Promise((resolve) => setImmediate(resolve));
    const response = await get(t, token, '/v3/test');
    expect(response.status).toBe(200);
    expect(runOver).toBe(false);
    expect(await waitingCount(t.station.store)).toBeGreaterThan(0);
    await run;
    expect(await waitingCount(t.station.store)).toBe(0);
  });
});
