// No caller stalls the others: password guessing is slowed and then costs nothing, sign-ins cannot fill the thread
// pool, clients that trickle bytes are cut off, a burst of creates meets 503 instead of piling up in memory, and
// the largest shipments render off the event loop.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { FREE_ADDRESS_FAILURES, FREE_FAILURES } from '../../src-main/services/sign-in-backoff.ts';
import { handMadeToken } from '../helpers/tokens.ts';
import { attributes, document, get, parcel, post } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, SMITH, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

let t: TestStation;
let token: string;
const TIMEOUTS = { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 1_000 };
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, timeouts: TIMEOUTS });
  token = await t.token();
});
afterAll(() => t.close());

const port = () => Number(new URL(t.url).port);

/** A sign-in from a given loopback address (127.0.0.x), with the given password and integration key, by the spec's hash alone. */
function signInFrom(address: string, password: string, integrationKey = t.integrationKey) {
  return new Promise<{ status: number; headers: Record<string, unknown>; json: any }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: port(),
        path: '/v3/clients/authentication',
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: {
          Accept: JSONAPI,
          Authorization: serviceApiAuthorization(authenticationHash(SMITH.username, password), integrationKey),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe('password guessing', () => {
  it(`locks an integration key's hash-only sign-ins after ${FREE_FAILURES} failures, answers 429 without any password work, and doubles the wait`, async () => {
    for (let i = 0; i < FREE_FAILURES; i++) expect((await signInFrom('127.0.0.2', 'wrong-guess')).status).toBe(401);
    // Locked: the right password too is refused, from another address too, and at once.
    const locked = await timed(signInFrom('127.0.0.3', SMITH.password));
    expect(locked.value.status).toBe(429);
    expect(locked.value.headers['retry-after']).toBe('1');
    expect(locked.value.json.errors[0].detail).toBe(
      'Too many failed sign-ins for this username, integration key or address. Try again in 1 s.',
    );
    const guesses = await timed(Promise.all(Array.from({ length: 100 }, () => signInFrom('127.0.0.3', 'another-guess'))));
    expect(guesses.value.every((answer) => answer.status === 429)).toBe(true);
    // A hundred scrypt derivations would take seconds; refusals take next to nothing.
    expect(guesses.ms).toBeLessThan(1_000);

    // Once the second has passed, the next failure is checked (a 401) and the wait doubles. Refusals while locked are
    // not counted, so asking until the lock ends changes nothing.
    const unlocked = (password: string) =>
      waitFor(
        'the lock to end',
        async () => {
          const answer = await signInFrom('127.0.0.2', password);
          return answer.status === 429 ? undefined : answer;
        },
        { intervalMs: 100 },
      );
    expect((await unlocked('wrong-again')).status).toBe(401);
    expect((await signInFrom('127.0.0.4', SMITH.password)).headers['retry-after']).toBe('2');
    // A success through the key resets nothing of the key's count (only its own user's): a guesser who signs in as
    // themselves between guesses gains nothing. The next failure waits 4 s.
    expect((await unlocked(SMITH.password)).status).toBe(200);
    expect((await signInFrom('127.0.0.2', 'wrong-once-more')).status).toBe(401);
    const after = await signInFrom('127.0.0.2', SMITH.password);
    expect(after.status).toBe(429);
    expect(after.headers['retry-after']).toBe('4');
  });

  it(`checks at most ${FREE_FAILURES} passwords of twenty guessers at once: the count is taken before the password work`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInFrom('127.0.0.8', `burst-guess-${i}`, 'burst-guessing-key')),
    );
    const statuses = answers.map((answer) => answer.status);
    // A 401 is a password checked and refused; a 503 (checks of this key under way) was refused before any
    // password work.
    expect(statuses.filter((status) => status === 401).length).toBe(FREE_FAILURES);
    expect(statuses.filter((status) => status === 503).length).toBe(20 - FREE_FAILURES);
    // Locked now: the next guess is refused before the work too.
    expect((await signInFrom('127.0.0.8', 'one-more', 'burst-guessing-key')).status).toBe(429);
  });

  it(`locks a remote address that guesses with made-up integration keys after ${FREE_ADDRESS_FAILURES} failures, and no other address`, async () => {
    for (let i = 0; i < FREE_ADDRESS_FAILURES; i++)
      expect((await signInFrom('127.0.0.5', SMITH.password, `made-up-key-${i}`)).status).toBe(401);
    // Through a key no guess has counted under (the station's own waits after the first test's guesses).
    const key = (await t.station.integrations.add(OPERATOR, 'After the made-up keys')).integrationKey;
    expect((await signInFrom('127.0.0.5', SMITH.password, key)).status).toBe(429);
    expect((await signInFrom('127.0.0.6', SMITH.password, key)).status).toBe(200);
  });
});

describe('a burst of sign-ins', () => {
  it('is bounded: every answer is 200 or 503 with Retry-After, and token checks do not wait behind it', async () => {
    // Through a key of its own: the station's counts failures of the guessing tests above (a success resets only its user's).
    const key = (await t.station.integrations.add(OPERATOR, 'Burst of sign-ins')).integrationKey;
    const burst = Promise.all(Array.from({ length: 40 }, (_, i) => signInFrom(`127.0.1.${i + 1}`, SMITH.password, key)));
    const checks: number[] = [];
    for (let i = 0; i < 10; i++) {
      // A token never seen before is checked in full (its HMAC runs on the same thread pool as scrypt).
      const fresh = handMadeToken({ sub: t.client.id, clientKey: t.client.clientKey, nonce: i }, t.station.keys.serverKey);
      const { value, ms } = await timed(t.call('/v3/test', { headers: { Authorization: `Bearer ${fresh}` } }));
      expect(value.status).toBe(200);
      checks.push(ms);
    }
    const answers = await burst;
    expect(answers.every((answer) => answer.status === 200 || (answer.status === 503 && answer.headers['retry-after'] === '1'))).toBe(true);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    console.log(
      `sign-in burst: ${answers.filter((a) => a.status === 200).length} × 200, ${answers.filter((a) => a.status === 503).length} × 503; fresh token checks meanwhile: max ${Math.max(...checks).toFixed(0)} ms`,
    );
    expect(Math.max(...checks)).toBeLessThan(250);
  });
});

/**
 * Opens a socket, sends `first`, then one more byte every `everyMs` until closed (calling `trickling` after the first
 * such byte); resolves with what came back and when.
 */
function trickle(first: string, everyMs: number, trickling = () => {}): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket: Socket = connect(port(), '127.0.0.1', () => socket.write(first));
    let bytes = 0;
    const timer = setInterval(() => {
      if (!socket.writable) return;
      socket.write('x');
      if (++bytes === 1) trickling();
    }, everyMs);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
  });
}

describe('clients that trickle bytes (slowloris)', () => {
  it('cuts off fifty that never finish their headers, while others are served', async () => {
    let trickling = 0;
    const slow = Array.from({ length: 50 }, () => trickle(`GET /v3/test HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `, 200, () => trickling++));
    await waitFor('fifty clients trickling', () => trickling === 50, { seen: () => trickling });
    const { value, ms } = await timed(get(t, token, '/v3/test'));
    expect(value.status).toBe(200);
    expect(ms).toBeLessThan(250);
    const cut = await Promise.all(slow);
    for (const { answer, closedAfterMs } of cut) {
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
      // The headers timeout plus at most one check interval (1 s).
      expect(closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + 1_500);
    }
  });

  it('cuts off a body that trickles past the request timeout', async () => {
    const { answer, closedAfterMs } = await trickle(
      `POST /v3/shipments/rate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${JSONAPI}\r\nContent-Length: 100000\r\n\r\n{"data":`,
      100,
    );
    expect(answer === '' || /^HTTP\/1\.1 (408|400)/.test(answer)).toBe(true);
    expect(closedAfterMs).toBeGreaterThan(TIMEOUTS.requestMs - 500);
    expect(closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 1_500);
  });

  it('closes an idle keep-alive connection', async () => {
    const closed = await new Promise<number>((resolve) => {
      const socket = connect(port(), '127.0.0.1', () =>
        socket.write(`GET /v3/test HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`),
      );
      const started = performance.now();
      socket.on('data', () => undefined);
      socket.on('close', () => resolve(performance.now() - started));
    });
    expect(closed).toBeLessThan(TIMEOUTS.keepAliveMs + 1_500);
  });
});

describe('a burst of immediate creates', () => {
  it('meets 503 with Retry-After past the label queue, keeps memory bounded, and loses no acknowledged shipment', async () => {
    const rssBefore = process.memoryUsage().rss;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false })),
      ),
    );
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    const created = answers.filter((answer) => answer.status === 201);
    const busy = answers.filter((answer) => answer.status === 503);
    console.log(`200 creates at once: ${created.length} × 201, ${busy.length} × 503; RSS grew ${rssGrowthMb.toFixed(0)} MB`);
    expect(created.length + busy.length).toBe(200);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of busy) expect(answer.headers['retry-after']).toBe('1');
    for (const answer of created) expect((await get(t, token, `/v3/shipments/${answer.json.data.id}`)).json.data.meta.status).toBe(3);
    expect(rssGrowthMb).toBeLessThan(300);
  });
});

describe('the largest shipments', () => {
  it('render off the event loop: five 99-package labels at once never hold it for long', async () => {
    const big = attributes({ packages: Array.from({ length: 99 }, () => parcel('2.5')) });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, token, '/v3/shipments', document(big, { service: 'economy', scheduledProcessing: false }))),
    );
    delay.disable();
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const worstMs = delay.max / 1e6;
    console.log(`five 99-package creates: the event loop's longest stall was ${worstMs.toFixed(0)} ms`);
    // Before the label pool, one such label held the loop for 2 s and five for 18 s.
    expect(worstMs).toBeLessThan(300);
    const documents = await get(t, token, `/v3/shipments/${answers[0]!.json.data.id}/documents`);
    expect(documents.status).toBe(200);
  });
});
