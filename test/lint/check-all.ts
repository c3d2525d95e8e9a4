// The checks `npm test` starts with: the type check and the lint (ESLint, Prettier, unused code), in two lanes at
// once. ESLint's typed rules keep one core busy for most of their time, and the other checks fit beside it on the
// second core: the lanes end in about ESLint's time instead of the sum of all four. Each check's output is printed
// whole when its lane ends, under its name and time, so two lanes never interleave; any failing check fails the run.
// Usage: node test/lint/check-all.ts (npm test runs it; `npm run typecheck` and `npm run lint` run their parts alone).
import { spawn } from 'node:child_process';

const LANES: string[][] = [['lint:eslint'], ['typecheck', 'lint:format', 'lint:unused']];

/** Runs `npm run -s <script>`, and says how it ended, how long it took and what it printed. */
function runScript(script: string): Promise<{ ok: boolean; seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ ok: code === 0, seconds: (performance.now() - started) / 1000, output }));
  });
}

/** Runs a lane's scripts one after another, stopping at the first that fails. */
async function runLane(scripts: string[]): Promise<boolean> {
  for (const script of scripts) {
    const result = await runScript(script);
    process.stdout.write(`${result.ok ? 'passed' : 'FAILED'}: npm run ${script} (${result.seconds.toFixed(1)} s)\n${result.output}`);
    if (!result.ok) return false;
  }
  return true;
}

const passed = await Promise.all(LANES.map(runLane));
process.exit(passed.every(Boolean) ? 0 : 1);
