// Where the installed Electron binary is, found without require('electron'), which would try to download it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export function electronBinary(): string | undefined {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
    const pathFile = join(packageDir, 'path.txt');
    const binary = join(distDir, existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
