// The webhook signature checks of docs/integrations.md ("Webhooks"), run as a receiver would run them: the Node and the
// PHP snippet are taken from the page itself, and must accept a real delivery's signature and refuse a wrong secret or a
// changed body.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src-main/security/webhook-signature.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const PAGE = readFileSync(new URL('../../docs/integrations.md', import.meta.url), 'utf8');
const SECRET = 'whsec_docs-check';
const BODY = '{"data":{"type":"event","id":"7","attributes":{"eventType":"shipment.processed"}}}';

/** The fenced block of this language that contains `marker`. */
function snippet(language: string, marker: string): string {
  const blocks = [...PAGE.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) =>
    match[1]!.replace(/^ {2}/gm, ''),
  );
  const found = blocks.find((block) => block.includes(marker));
  if (!found) throw new Error(`docs/integrations.md has no ${language} block with ${marker}`);
  return found;
}

function phpMissing(): string | undefined {
  try {
    execFileSync('php', ['-v'], { stdio: 'pipe' });
    return undefined;
  } catch {
    return 'php is not installed';
  }
}
const noPhp = phpMissing();
if (noPhp && process.env.CI) throw new Error(`${noPhp}; in CI the PHP signature check of docs/integrations.md runs.`);
if (noPhp) console.log(`Skipping the PHP signature check of docs/integrations.md: ${noPhp}.`);

const cases = () => {
  const header = signatureHeader(SECRET, Math.floor(Date.now() / 1000), BODY);
  return [
    { secret: SECRET, header, body: BODY, expected: true },
    { secret: 'whsec_wrong', header, body: BODY, expected: false },
    { secret: SECRET, header, body: BODY.replace('7', '8'), expected: false },
    { secret: SECRET, header: signatureHeader(SECRET, Math.floor(Date.now() / 1000) - 3600, BODY), body: BODY, expected: false },
  ];
};

describe('the webhook signature checks of docs/integrations.md', () => {
  it('Node: accepts a delivery signed with the secret, refuses a wrong secret, a changed body and an old time', () => {
    const dir = tempDir();
    const file = join(dir, 'verify.mjs');
    writeFileSync(
      file,
      `${snippet('js', 'function verify')}\nconst cases = JSON.parse(process.argv[2]);\nconsole.log(JSON.stringify(cases.map((c) => verify(c.secret, c.header, c.body))));\n`,
    );
    const run = cases();
    const answers = JSON.parse(execFileSync(process.execPath, [file, JSON.stringify(run)], { encoding: 'utf8' }));
    expect(answers).toEqual(run.map((entry) => entry.expected));
  });

  it.skipIf(noPhp)('PHP: the same', () => {
    const dir = tempDir();
    const file = join(dir, 'verify.php');
    const code = snippet('php', 'function verify').replace(/^\$ok = .*$/m, '');
    writeFileSync(
      file,
      `${code}\n$cases = json_decode($argv[1], true);\necho json_encode(array_map(fn($c) => verify($c['secret'], $c['header'], $c['body']), $cases));\n`,
    );
    const run = cases();
    const answers = JSON.parse(execFileSync('php', [file, JSON.stringify(run)], { encoding: 'utf8' }));
    expect(answers).toEqual(run.map((entry) => entry.expected));
  });
});
