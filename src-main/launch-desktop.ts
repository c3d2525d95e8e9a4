// `npm start`: launches the desktop app where the Electron binary is installed, and otherwise says in one
// line why not, and that `npm run serve` runs the same station headless.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const projectDir = fileURLToPath(new URL('..', import.meta.url));

/** The installed Electron binary. Not through require('electron'), which would try to download it. */
function electronBinary(): string | undefined {
  try {
    const packageDir = dirname(require.resolve('electron/package.json'));
    const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
    const pathFile = join(packageDir, 'path.txt');
    const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
    const binary = join(distDir, relative);
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const binary = electronBinary();
if (!binary) {
  console.error(
    'The Electron binary is not installed here (ELECTRON_SKIP_BINARY_DOWNLOAD), so the desktop app cannot start; `npm run serve` runs the same station headless at http://127.0.0.1:8411.',
  );
  process.exit(1);
}

const run = (command: string, args: string[]) =>
  new Promise<number>((resolve) => spawn(command, args, { cwd: projectDir, stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));

const built = await run(process.execPath, [require.resolve('electron-vite/bin/electron-vite.js'), 'build']);
if (built !== 0) process.exit(built);
process.exit(await run(binary, ['.']));
