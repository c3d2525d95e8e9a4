// Before the e2e run: make sure Chromium is there (required in CI) and the desk UI is built once.
import { mkdirSync } from 'node:fs';
import { buildRenderer, rendererIsStale } from '../../src-main/renderer-build.ts';
import { chromiumMissing } from './chromium.ts';

export default async function globalSetup(): Promise<void> {
  mkdirSync('test-results', { recursive: true });
  const missing = chromiumMissing();
  if (missing) {
    if (process.env.CI) throw new Error(`${missing}; in CI the end-to-end tests must run.`);
    console.log(`Skipping the end-to-end tests: ${missing}.`);
    return;
  }
  if (rendererIsStale()) await buildRenderer();
}
