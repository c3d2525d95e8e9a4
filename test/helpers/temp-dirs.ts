// Temp folders for a test file, removed when the file is done (setup.ts). A module of its own, so the setup that
// every test file runs does not load the station: a unit test pays only for what it imports.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const createdDirs: string[] = [];

/** A new folder under the OS temp folder, removed after the test file by removeTempDirs(). */
export function tempDir(prefix = 'station-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  createdDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of createdDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
