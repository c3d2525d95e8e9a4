// Which Chromium the end-to-end tests drive: Debian's, never a downloaded build.
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Why the e2e tests cannot run here, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  const path = chromiumPath();
  return existsSync(path) ? undefined : `Chromium not found at ${path} (install Debian's chromium or set CHROMIUM_PATH)`;
}
