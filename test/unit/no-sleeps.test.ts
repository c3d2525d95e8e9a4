// Tests wait for events, never for the clock: a fixed sleep that waits for something to happen is slow when the
// machine is idle and flaky when it is busy. A test waits for the event itself (a promise, a marker event after the
// one that must not come, Playwright's expect), for waitFor (test/helpers/wait.ts, the one polling loop), or moves
// an injectable clock. This test reads every TypeScript file under test/ and fails on any timer (setTimeout,
// waitForTimeout, sleep, delay) outside the list below: the deliberate simulations (a slow endpoint, a person's
// pause), and timers that are deadlines rather than waits, each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

/** A timer or pause in a line of a test: setTimeout( (not Playwright's test.setTimeout), waitForTimeout(, sleep(, delay(. */
const TIMER = /(?<![.\w])setTimeout\s*\(|\.waitForTimeout\s*\(|(?<![.\w])(?:sleep|delay)\s*\(/;

/** The timers allowed: the file, a piece of the line that names the one meant, and why it is no wait for an event. */
const ALLOWED: { file: string; line: string; reason: string }[] = [
  {
    file: 'test/helpers/wait.ts',
    line: 'setTimeout(resolve, options.intervalMs',
    reason: 'waitFor itself: the pause between two asks of its probe',
  },
  {
    file: 'test/helpers/http.ts',
    line: 'const timer = setTimeout(',
    reason: 'a deadline: a request without an answer in time fails, it waits for nothing',
  },
  {
    file: 'test/helpers/cli.ts',
    line: 'setTimeout(() => reject(new Error(`serve did not start',
    reason: 'a deadline: a station that does not start in time fails the test',
  },
  {
    file: 'test/helpers/database-proxy.ts',
    line: 'setTimeout(resolve, ms)',
    reason: 'the simulation: the database is unreachable for the blip’s length',
  },
  {
    file: 'test/api/scheduler.test.ts',
    line: 'setTimeout(resolve, 30)',
    reason: 'the simulation: a scheduled run that takes 30 ms, so runs could overlap',
  },
  {
    file: 'test/api/bad-input.test.ts',
    line: 'setTimeout(() => socket.end(), 50)',
    reason: 'the simulation: a client that sends part of a body and gives up',
  },
  {
    file: 'test/reliability/faults.test.ts',
    line: "setTimeout(() => { db.exec('COMMIT')",
    reason: 'the simulation: another program holds the write lock for a given time',
  },
  {
    file: 'test/integrations/upstream-gateway.test.ts',
    line: 'setTimeout(() => client.destroy(), hold)',
    reason: 'the simulation: an upstream answer that comes after the gateway gave up',
  },
  {
    file: 'test/e2e/integrations.e2e.ts',
    line: 'setTimeout(resolve, 400)',
    reason: 'the simulation: the station answers the confirm slowly, so a second Enter comes meanwhile',
  },
  {
    file: 'test/e2e/scan-to-ship.e2e.ts',
    line: 'waitForTimeout(400)',
    reason: 'the simulation: a person’s Enter, well after their last key (a scanner types faster)',
  },
  { file: 'test/bench/load.ts', line: 'setTimeout(resolve, wait)', reason: 'the load generator’s pacing: requests at the rate asked for' },
  {
    file: 'test/bench/fleet-load.ts',
    line: 'new Promise((resolve) => setTimeout(resolve, ms))',
    reason: 'the fleet load’s clock: its warm-up, its measured window, and a paced load’s pacing',
  },
  {
    file: 'test/bench/fleet.ts',
    line: 'setTimeout(() => reject(new Error(`a desk did not start',
    reason: 'a deadline: a desk that does not start in time fails the run',
  },
  {
    file: 'test/bench/large.ts',
    line: 'if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))',
    reason: 'the ten-million bench’s pacing: reads at the rate asked for, each timed from its planned start',
  },
  {
    file: 'test/bench/large.ts',
    line: 'setTimeout(resolve, 5)',
    reason: 'a start timed to its first 200 on /health: the poll’s period is the measurement’s resolution',
  },
  {
    file: 'test/bench/fleet.ts',
    line: 'setTimeout(resolve, 250)',
    reason: 'a sampler’s period: the database’s sessions are read four times a second while a load runs',
  },
];

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : testFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every timer under test/: file and line. */
function timers(): { file: string; number: number; text: string }[] {
  return testFiles(join(root, 'test')).flatMap((path) => {
    const file = relative(root, path);
    if (file === 'test/unit/no-sleeps.test.ts') return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .map((text, index) => ({ file, number: index + 1, text }))
      .filter(({ text }) => TIMER.test(text));
  });
}

describe('tests wait for events, not for the clock', () => {
  it('finds a timer however it is written, and not Playwright’s test timeout or a typing delay', () => {
    for (const line of [
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      'await page.waitForTimeout(7_000);',
      'await sleep(100);',
      'await delay(50);',
      'setTimeout(() => socket.end(), 50);',
      'const pause = () => new Promise((r) => setTimeout(r, 5));',
    ])
      expect(TIMER.test(line), line).toBe(true);
    for (const line of [
      'test.setTimeout(60_000);',
      "await page.keyboard.type('SO-7004\\n', { delay: 5 });",
      "await waitFor('the label', () => labels() > 0);",
      'const asleep = wake();',
    ])
      expect(TIMER.test(line), line).toBe(false);
  });

  it('has no timer under test/ but the listed simulations and deadlines', () => {
    const unlisted = timers().filter(
      (timer) => !ALLOWED.some((allowed) => allowed.file === timer.file && timer.text.includes(allowed.line)),
    );
    expect(
      unlisted.map((timer) => `${timer.file}:${timer.number}: ${timer.text.trim()}`),
      'wait for the event, a later marker, waitFor (test/helpers/wait.ts) or the clock instead',
    ).toEqual([]);
  });

  it('lists only timers that are still there, each once, with its reason', () => {
    const found = timers();
    for (const allowed of ALLOWED) {
      expect(allowed.reason.length, `${allowed.file}: ${allowed.line}`).toBeGreaterThan(20);
      expect(
        found.filter((timer) => timer.file === allowed.file && timer.text.includes(allowed.line)),
        `${allowed.file}: ${allowed.line}`,
      ).toHaveLength(1);
    }
  });
});
