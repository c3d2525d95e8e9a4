// Keeps the built desk UI current for the headless station: `serve` builds it with electron-vite when the
// build is missing or older than its sources, so `npm ci && npm run serve` is all a desk needs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './logger.ts';

export const PROJECT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const RENDERER_OUT_DIR = join(PROJECT_DIR, 'out', 'renderer');
const SOURCES = ['src-renderer', 'src-shared', 'electron.vite.config.ts'].map((entry) => join(PROJECT_DIR, entry));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

export function rendererIsStale(): boolean {
  const built = join(RENDERER_OUT_DIR, 'index.html');
  if (!existsSync(built)) return true;
  return Math.max(...SOURCES.map(newestMtime)) > statSync(built).mtimeMs;
}

export function buildRenderer(): Promise<void> {
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build'], { cwd: PROJECT_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`electron-vite build failed (exit ${code}):\n${output}`))));
  });
}

/** The folder to serve the UI from, built first when needed; undefined when there is no UI to serve. */
export async function ensureRendererBuilt(logger: Logger): Promise<string | undefined> {
  const hasSources = existsSync(join(PROJECT_DIR, 'src-renderer', 'index.html'));
  if (hasSources && rendererIsStale()) {
    logger.info('Building the desk UI…');
    try {
      await buildRenderer();
    } catch (error) {
      logger.error('The desk UI could not be built; serving the API only', error);
    }
  }
  return existsSync(join(RENDERER_OUT_DIR, 'index.html')) ? RENDERER_OUT_DIR : undefined;
}
