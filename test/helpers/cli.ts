// Runs the real `station` command in a child process on the project's Node, as `npm run station --` does.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../src-main/cli.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Another operating-system user to run the station as (for the tests of file modes, which root ignores; the test
 * runs as root then), with the Node and the CLI as that user reaches them.
 */
export interface RunAs {
  user: string;
  group: string;
  node: string;
  cli: string;
}

/**
 * The program and arguments that run `station <args>`: on the project's Node, or as another user. `setpriv` changes
 * the user and then is the station itself, so a signal sent to the child reaches the station (runuser would stay
 * between).
 */
function stationCommand(args: string[], as: RunAs | undefined): [string, string[]] {
  return as
    ? ['setpriv', [`--reuid=${as.user}`, `--regid=${as.group}`, '--clear-groups', '--', as.node, as.cli, ...args]]
    : [process.execPath, [CLI, ...args]];
}

/** Runs `station <args>`; `stdin`, when given, is what the command reads from standard input. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, stdin?: string, asUser?: RunAs): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(...stationCommand(args, asUser), {
      env: { ...process.env, ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (stdin !== undefined) child.stdin!.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Served {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `station serve` (as `asUser`, when given) and resolves once it logged its URL. */
export function serve(args: string[], env: NodeJS.ProcessEnv = {}, asUser?: RunAs): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(...stationCommand(['serve', ...args], asUser), {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stdout}\n${stderr}`)), 20_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (https?:\/\/\S+)/.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({
          child,
          url,
          stdout: () => stdout,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${stdout}\n${stderr}`));
    });
  });
}
