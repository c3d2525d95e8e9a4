// Makes a file's (or a folder's) content durable: what a rename or a new file relies on before it counts.
// Windows cannot open a folder to flush it (NTFS records renames in its own journal): there a folder is skipped.
import { closeSync, fsyncSync, openSync, statSync } from 'node:fs';

export function fsyncPath(path: string): void {
  if (process.platform === 'win32' && statSync(path).isDirectory()) return;
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
