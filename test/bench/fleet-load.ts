// The fleet benchmark's load: creates with labels (POST /v3/shipments, immediate) from several client groups at
// once, one group per desk (or per desk UI of one station), each over its own keep-alive connections. Closed loop
// (each connection sends its next create when the last one is answered), or paced (`overallRate` creates a second
// over all groups, evenly spaced, latency from each request's planned start so a stalled station cannot hide).
// It runs in its own process, so the load never shares a thread with the orchestrator that samples CPU.
// Prints `measuring` when the measured window starts, then one JSON line (FleetLoadResult) when it ends.
// Usage: node test/bench/fleet-load.ts '<FleetLoadSpec as JSON>'
import { Agent, request as httpRequest } from 'node:http';

export interface FleetLoadSpec {
  /** One entry per client group: the station it talks to and the Bearer token it sends. */
  groups: { url: string; token: string }[];
  /** Keep-alive connections per group (closed loop: requests in flight per group). */
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Create bodies, used in turn. */
  bodies: string[];
  /** Creates a second over all groups, evenly spaced, instead of a closed loop. */
  overallRate?: number;
}

export interface GroupResult {
  requests: number;
  failures: number;
  p50: number;
  p99: number;
}

export interface FleetLoadResult {
  seconds: number;
  requests: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  groups: GroupResult[];
  /** The first failures' statuses and words, to say why. */
  failureSamples: string[];
}

const spec = JSON.parse(process.argv[2]!) as FleetLoadSpec;
const agents = spec.groups.map(() => new Agent({ keepAlive: true, maxSockets: spec.connections }));
const latencies = spec.groups.map((): number[] => []);
const failures = spec.groups.map(() => 0);
const failureSamples: string[] = [];
let measuring = false;
let stopping = false;
let sent = 0;

/** The load's clock: its warm-up, its measured window, and the pacing of a paced load. */
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One create from group `g`; resolves with its latency from `from` (ms), or records a failure. */
function create(g: number, from: number): Promise<void> {
  const { url, token } = spec.groups[g]!;
  const body = spec.bodies[sent++ % spec.bodies.length]!;
  const counted = measuring;
  return new Promise((resolve) => {
    const done = (ok: boolean, why?: string) => {
      // Closed loop: a create counts when it is answered within the window. Paced: when it was sent within it,
      // however late its answer (a stalled station must not hide its tail).
      if (spec.overallRate ? counted : measuring) {
        latencies[g]!.push(performance.now() - from);
        if (!ok) {
          failures[g]!++;
          if (failureSamples.length < 5 && why) failureSamples.push(why);
        }
      }
      resolve();
    };
    const outgoing = httpRequest(
      `${url}/v3/shipments`,
      {
        method: 'POST',
        agent: agents[g],
        headers: {
          Accept: 'application/vnd.api+json',
          'Content-Type': 'application/vnd.api+json',
          Authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          if (response.statusCode !== 201 && text.length < 300) text += chunk.toString();
        });
        response.on('end', () => done(response.statusCode === 201, `${response.statusCode}: ${text.slice(0, 300)}`));
      },
    );
    outgoing.on('error', (error) => done(false, error.message));
    outgoing.end(body);
  });
}

async function closedLoop(total: number): Promise<void> {
  const loops: Promise<void>[] = [];
  for (let g = 0; g < spec.groups.length; g++)
    for (let c = 0; c < spec.connections; c++)
      loops.push(
        (async () => {
          while (!stopping) await create(g, performance.now());
        })(),
      );
  await window(total);
  await Promise.all(loops);
}

async function paced(total: number, rate: number): Promise<void> {
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; !stopping; index++) {
    const planned = started + (index * 1000) / rate;
    const wait = planned - performance.now();
    if (wait > 0) await after(wait);
    if (stopping) break;
    inFlight.push(create(index % spec.groups.length, planned));
    if (index === 0) void window(total);
  }
  await Promise.all(inFlight);
}

/** The warm-up, then the measured window (announced on stdout), then the stop. */
let windowStart = 0;
let windowEnd = 0;
async function window(total: number): Promise<void> {
  await after(spec.warmupSeconds * 1000);
  measuring = true;
  windowStart = performance.now();
  process.stdout.write('measuring\n');
  await after(total * 1000);
  windowEnd = performance.now();
  if (!spec.overallRate) measuring = false;
  stopping = true;
  process.stdout.write('measured\n');
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

if (spec.overallRate) await paced(spec.seconds, spec.overallRate);
else await closedLoop(spec.seconds);
for (const agent of agents) agent.destroy();
const all = latencies.flat().sort((a, b) => a - b);
const seconds = (windowEnd - windowStart) / 1000;
const result: FleetLoadResult = {
  seconds,
  requests: all.length,
  failures: failures.reduce((sum, n) => sum + n, 0),
  p50: percentile(all, 0.5),
  p95: percentile(all, 0.95),
  p99: percentile(all, 0.99),
  max: all.at(-1) ?? 0,
  groups: latencies.map((list, g) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { requests: sorted.length, failures: failures[g]!, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  }),
  failureSamples,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
