// Benchmark: scheduled processing throughput (rate, book, label PDF per shipment) and how quickly the API
// answers while a large batch runs. Run with `npm run bench`; it prints timings and is not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { silentLogger } from '../../src-main/logger.ts';
import { createStation } from '../../src-main/station.ts';

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'bench-processing-'));
const station = createStation({ dataDir: join(dir, 'data'), port: 0, logger: silentLogger, schedulerIntervalMs: 0 });
await station.clients.add({ username: 'bench', password: 'pw', profile: { name: 'Bench' } });
const url = await station.start();
const signIn = await fetch(`${url}/v3/clients/authentication`, {
  method: 'POST',
  headers: { Authorization: serviceApiAuthorization(authenticationHash('bench', 'pw'), station.keys.desktopIntegrationKey) },
});
const headers = { Authorization: `Bearer ${(await signIn.json()).meta.token}`, 'Content-Type': 'application/vnd.api+json' };
const attributes = {
  shipFrom: { name: 'Bottega Verdi', address1: 'Via Roma 12', city: 'Milano', postalCode: '20129', state: 'MI', country: 'IT', contact: 'Anna Verdi', email: 'anna@verdi.example' },
  shipTo: { name: 'Kunde Becker', address1: 'Marienplatz 8', city: 'München', postalCode: '80331', country: 'DE', contact: 'Jonas Becker' },
  packages: [{ weight: { value: '1.4', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '1' }, type: 'CARTON' }],
  goodsDescription: 'Ceramic cups',
  invoiceSubtotal: { amount: '64.50', currency: 'EUR' },
};
for (let i = 0; i < SHIPMENTS; i++) {
  await fetch(`${url}/v3/shipments`, { method: 'POST', headers, body: JSON.stringify({ data: { type: 'shipment', attributes, meta: { service: 'economy' } } }) });
}

const latencies: number[] = [];
let running = true;
const probe = (async () => {
  while (running) {
    const started = performance.now();
    await fetch(`${url}/v3/test`, { headers });
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
const started = performance.now();
while (station.store.shipments.waitingCount() > 0) await station.shipments.processWaiting(20);
const elapsed = performance.now() - started;
running = false;
await probe;

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
console.log(`processed ${SHIPMENTS} scheduled shipments in ${(elapsed / 1000).toFixed(1)} s: ${(elapsed / SHIPMENTS).toFixed(0)} ms each`);
console.log(`API latency while processing: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${latencies.length} requests)`);
console.log(`memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB resident`);
await station.stop();
rmSync(dir, { recursive: true, force: true });
