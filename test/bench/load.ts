// One load, run by autocannon in its own process so the load never shares a thread with the station: a warm-up,
// then the measured run. Prints one JSON line: requests per second, latency percentiles, and failures.
// Usage: node test/bench/load.ts '<LoadSpec as JSON>'
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  kind: 'bare' | 'test' | 'shipment' | 'summaries' | 'addresses' | 'rate' | 'create' | 'documents' | 'report';
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /**
   * A paced load instead of a flat-out one: one request every 1/rate seconds, evenly spaced (autocannon's own
   * rate limit sends each second's requests in a burst), over at most `connections` keep-alive connections.
   */
  overallRate?: number;
  /** Bearer tokens, one per client; a request of client i uses tokens[i]. */
  tokens: string[];
  /** A JSON file of [id, client] pairs to pick shipments from. */
  idsFile?: string;
  /** The request body of rate and create. */
  body?: string;
  /** The first and last ship date of the seed, for summary windows. */
  dates?: { first: string; last: string };
  /** Words of the seeded address book, for search fragments. */
  words?: string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
}

const spec = JSON.parse(process.argv[2]!) as LoadSpec;
const ids = spec.idsFile ? (JSON.parse(readFileSync(spec.idsFile, 'utf8')) as [string, number][]) : [];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const DAY = 86_400_000;

function request(): { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { Accept: 'application/vnd.api+json' };
  const as = (client: number) => (headers.Authorization = `Bearer ${spec.tokens[client]}`);
  switch (spec.kind) {
    case 'bare':
      return { path: '/v3/test', method: 'GET', headers };
    case 'test':
      as(0);
      return { path: '/v3/test', method: 'GET', headers };
    case 'shipment':
    case 'documents': {
      const [id, client] = pick(ids);
      as(client);
      return { path: `/v3/shipments/${id}${spec.kind === 'documents' ? '/documents' : ''}`, method: 'GET', headers };
    }
    case 'summaries': {
      as(Math.floor(Math.random() * spec.tokens.length));
      const first = Date.parse(spec.dates!.first);
      const span = Date.parse(spec.dates!.last) - first - 30 * DAY;
      const from = new Date(first + Math.floor(Math.random() * (span / DAY)) * DAY);
      const to = new Date(from.getTime() + 29 * DAY);
      return {
        path: `/v3/shipment-summaries?dateFrom=${from.toISOString().slice(0, 10)}&dateTo=${to.toISOString().slice(0, 10)}&limit=100`,
        method: 'GET',
        headers,
      };
    }
    case 'report': {
      // A year's range at a random start: the Reports screen's widest view.
      as(Math.floor(Math.random() * spec.tokens.length));
      const first = Date.parse(spec.dates!.first);
      const span = Math.max(DAY, Date.parse(spec.dates!.last) - first - 365 * DAY);
      const from = new Date(first + Math.floor(Math.random() * (span / DAY)) * DAY);
      const to = new Date(from.getTime() + 364 * DAY);
      return {
        path: `/v3/reports/daily?dateFrom=${from.toISOString().slice(0, 10)}&dateTo=${to.toISOString().slice(0, 10)}`,
        method: 'GET',
        headers,
      };
    }
    case 'addresses': {
      as(0);
      const word = pick(spec.words!);
      const length = 3 + Math.floor(Math.random() * 3);
      const start = Math.floor(Math.random() * Math.max(1, word.length - length + 1));
      return { path: `/v3/addresses?searchString=${encodeURIComponent(word.slice(start, start + length))}`, method: 'GET', headers };
    }
    case 'rate':
    case 'create':
      as(0);
      headers['Content-Type'] = 'application/vnd.api+json';
      return { path: `/v3/shipments${spec.kind === 'rate' ? '/rate' : ''}`, method: 'POST', headers, body: spec.body! };
  }
}

async function run(seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    requests: [{ setupRequest: (previous) => ({ ...previous, ...request() }) }],
    setupClient: (client) => {
      client.on('response', (statusCode: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
        if (statusCode >= 400) failures++;
      });
    },
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: latencies.length,
    failures: failures + result.errors + result.timeouts,
  };
}

/** Evenly spaced requests; the latency of each from its planned start, so a stalled server cannot hide. */
async function paced(seconds: number, rate: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const total = Math.round(seconds * rate);
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const planned = started + (index * 1000) / rate;
      const { path, method, headers, body } = request();
      const outgoing = httpRequest(`${spec.url}${path}`, { method, headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - planned);
          if ((response.statusCode ?? 0) >= 400) failures++;
          resolve();
        });
      });
      outgoing.on('error', () => {
        failures++;
        resolve();
      });
      outgoing.end(body);
    });
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: latencies.length,
    failures,
  };
}

const measure = (seconds: number) => (spec.overallRate ? paced(seconds, spec.overallRate) : run(seconds));
if (spec.warmupSeconds > 0) await measure(spec.warmupSeconds);
console.log(JSON.stringify(await measure(spec.seconds)));
