// npm run soak: the reliability suites, heavier. Ten times the fuzz (about 59,000 bad requests), twenty kills in
// the middle of create bursts, ten concurrency bursts in a row, then the fault and stall suites as always.
// Takes several minutes; CI runs the ordinary suites inside npm test instead.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/vitest.config.ts', '--testTimeout=900000', 'test/reliability'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10',
      CRASH_KILLS: process.env.CRASH_KILLS ?? '20',
      CONCURRENCY_ROUNDS: process.env.CONCURRENCY_ROUNDS ?? '10',
    },
  },
);
process.exit(result.status ?? 1);
