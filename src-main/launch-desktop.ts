// `npm start`: launches the desktop app where the Electron binary is installed, and otherwise says in one
// line why not, and that `npm run serve` runs the same station headless.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './desktop/electron-binary.ts';

const require = createRequire(import.meta.url);
const projectDir = fileURLToPath(new URL('..', import.meta.url));

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
