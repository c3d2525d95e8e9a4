// The integration examples of the docs, run as written: the fenced sh blocks of "How an integration authenticates"
// (docs/integrations.md), "Shipments: the workflow" (docs/shipments.md) and "Integrations" (docs/integrations.md), one
// bash script in that order, against the station they start
// themselves (npm run serve), on a clock the test sets (libfaketime) in a data folder of its own. Two things are
// rewritten, and only these: the port (8411 may be taken), and the working folder, which holds links to the project
// so that `npm run …` and `./shipment.json` work as in a checkout. Every curl whose line ends in "# <status>" must
// answer that status, and the script must end without an error: an example cannot rot.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync, symlinkSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faketimeLibrary, sharedFaketime } from '../helpers/faketime.ts';
import { setClock } from '../helpers/clock.ts';
import { freePort } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The sections an integrator reads, in the order their examples build on each other, each in its page of docs/. */
const SECTIONS = [
  ['docs/integrations.md', '## How an integration authenticates'],
  ['docs/shipments.md', '## Shipments: the workflow'],
  ['docs/integrations.md', '## Integrations'],
] as const;

function missing(): string | undefined {
  const faketime = faketimeLibrary();
  if ('missing' in faketime) return faketime.missing;
  try {
    execFileSync('curl', ['--version'], { stdio: 'pipe' });
  } catch {
    return 'curl is not installed';
  }
  return undefined;
}
const notHere = missing();
if (notHere && process.env.CI) throw new Error(`${notHere}; in CI the examples of the docs run.`);
if (notHere) console.log(`Skipping the examples of the docs: ${notHere}.`);

/** The text of a level-2 section of a page, up to the next level-2 heading. */
function section(page: string, heading: string): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const start = text.indexOf(`\n${heading}`);
  if (start < 0) throw new Error(`${page} has no section ${heading}`);
  const end = text.indexOf('\n## ', start + heading.length + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The fenced sh blocks of a text, each without the indentation of the list item it sits in. */
function shBlocks(text: string): string[] {
  return [...text.matchAll(/^([ \t]*)```sh\n([\s\S]*?)^[ \t]*```/gm)].map(([, indent, body]) =>
    body!
      .split('\n')
      .map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line))
      .join('\n'),
  );
}

/**
 * A block with each checked curl announced: a command (with its continuation lines) whose last line ends in
 * "# <status>" is preceded by the status it must answer.
 */
function withChecks(block: string): { script: string; checks: number } {
  const out: string[] = [];
  let command: string[] = [];
  let checks = 0;
  for (const line of block.split('\n')) {
    command.push(line);
    if (line.endsWith('\\')) continue;
    const expected = /\bcurl\b/.test(command.join('\n')) ? /#\s*(\d{3})\b[^'"]*$/.exec(line)?.[1] : undefined;
    if (expected) {
      checks++;
      out.push(`export DOC_EXPECT=${expected} DOC_LINE=${JSON.stringify(command[0]!.slice(0, 80)).replace(/\$/g, '\\$')}`);
      out.push(...command, 'unset DOC_EXPECT');
    } else out.push(...command);
    command = [];
  }
  return { script: out.join('\n'), checks };
}

/** curl as the examples call it, recording each status; a stream (curl -N) is cut after two seconds. */
const PRELUDE = `set -eo pipefail
curl() {
  local limit=20 rc=0 status
  case "$*" in *stream*) limit=2;; esac
  command curl --max-time "$limit" --write-out '%{stderr}%{http_code}\\n' "$@" 2>>"$DOC_STATUSES" || rc=$?
  status=$(tail -n 1 "$DOC_STATUSES")
  if [ -n "\${DOC_EXPECT:-}" ]; then echo "$DOC_EXPECT $status $DOC_LINE" >> "$DOC_CHECKS"; fi
  if [ "$rc" -eq 28 ] && [[ "$*" == *stream* ]]; then return 0; fi
  return "$rc"
}
export -f curl
`;

let running: ReturnType<typeof spawn> | undefined;
let stopClock: (() => void) | undefined;
afterAll(() => {
  stopClock?.();
  // The script's station runs in the background: the whole process group goes.
  if (running?.pid) {
    try {
      process.kill(-running.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

describe('the integration examples of the docs', () => {
  it.skipIf(notHere)(
    'run as written, in order, and every curl marked with a status answers it',
    async () => {
      const work = tempDir('docs-examples-');
      // The project as a checkout looks: links to its folders and files, so what the examples write stays here.
      for (const entry of readdirSync(ROOT)) {
        if (entry === '.git') continue;
        symlinkSync(join(ROOT, entry), join(work, entry));
      }
      const dataDir = join(work, 'station-data');
      mkdirSync(dataDir);
      const port = await freePort();
      const blocks = SECTIONS.flatMap(([page, heading]) => shBlocks(section(page, heading)));
      const checked = blocks.map(withChecks);
      const body = checked
        .map((block) => block.script)
        .join('\n')
        .replaceAll('127.0.0.1:8411', `127.0.0.1:${port}`)
        .replaceAll('npm run serve &', `npm run serve -- --port ${port} &`);
      const script = join(work, 'docs-examples.sh');
      writeFileSync(script, `${PRELUDE}\n${body}\n`);
      const statuses = join(work, 'statuses.log');
      const checks = join(work, 'checks.log');
      // A Monday morning in Rome, before every carrier's cutoff: what the examples' comments describe.
      const clock = setClock('2026-11-23 09:00', 'Europe/Rome');
      const library = faketimeLibrary() as { path: string };
      const faketime = await sharedFaketime(library.path, clock(), clock.timeZone);
      stopClock = faketime.stop;
      running = spawn('bash', [script], {
        cwd: work,
        detached: true,
        env: { ...process.env, ...faketime.env, STATION_DATA_DIR: dataDir, DOC_STATUSES: statuses, DOC_CHECKS: checks },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      running.stdout!.on('data', (chunk) => (output += chunk));
      running.stderr!.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => running!.on('exit', resolve));
      expect(code, `the examples stopped with an error:\n${output.slice(-4000)}`).toBe(0);
      const results = existsSync(checks) ? readFileSync(checks, 'utf8').trim().split('\n').filter(Boolean) : [];
      const expectedChecks = checked.reduce((sum, block) => sum + block.checks, 0);
      expect(expectedChecks).toBeGreaterThanOrEqual(10);
      expect(results).toHaveLength(expectedChecks);
      const wrong = results.filter((line) => {
        const [expected, actual] = line.split(' ');
        return expected !== actual;
      });
      expect(wrong, `examples that answered another status:\n${wrong.join('\n')}\n${output.slice(-3000)}`).toEqual([]);
    },
    240_000,
  );
});
