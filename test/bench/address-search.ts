// Benchmark: address search over a book of a million addresses (the FTS5 trigram index).
// Run with `npm run bench`; it prints timings and is not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src-main/store/index.ts';

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 1_000_000);
const SEARCHES = 200;
const dir = mkdtempSync(join(tmpdir(), 'bench-addresses-'));
const store = openStore(join(dir, 'station.sqlite'));
store.db.prepare("INSERT INTO clients (username, credential, client_key, name, created_at, updated_at) VALUES ('bench', x'00', 'k', 'Bench', 'now', 'now')").run();

const streets = ['Via Roma', 'Marienplatz', 'Rue de Rivoli', 'Calle Mayor', 'Main Street', 'Ulica Długa', 'Οδός Ερμού', 'Kärntner Straße'];
const names = ['Becker', 'Rossi', 'Dubois', 'García', 'Smith', 'Kowalski', 'Papadopoulos', 'Müller', 'Yamada', 'Jensen'];
const started = performance.now();
const insertAll = store.db.transaction(() => {
  for (let i = 0; i < ADDRESSES; i++) {
    const name = `${names[i % names.length]} ${i}`;
    store.addresses.remember('1', false, {
      name,
      contact: `Contact ${i % 9973}`,
      address1: `${streets[i % streets.length]} ${i % 300}`,
      city: `City ${i % 5000}`,
      postalCode: String(10000 + (i % 89999)),
      country: 'DE',
      email: `desk${i}@example.com`,
    });
  }
});
insertAll();
console.log(`inserted ${ADDRESSES} addresses in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const terms = ['beck', 'rossi 12', 'marienpl', '10042', 'desk99', 'müll', 'Kowal', 'Ερμού', 'City 4999', 'zzzz-no-match'];
const timings: number[] = [];
for (let i = 0; i < SEARCHES; i++) {
  const term = terms[i % terms.length]!;
  const t0 = performance.now();
  store.addresses.search('1', false, term, 50);
  timings.push(performance.now() - t0);
}
timings.sort((a, b) => a - b);
const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!.toFixed(2);
console.log(`search over ${ADDRESSES} addresses: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${SEARCHES} searches)`);
store.close();
rmSync(dir, { recursive: true, force: true });
