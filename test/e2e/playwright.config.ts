// End-to-end tests of the desk UI in Debian's Chromium against a real headless station (see fixtures.ts).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

export default defineConfig({
  testDir: '..',
  testMatch: ['e2e/*.e2e.ts', 'electron/*.e2e.ts'],
  outputDir: '../../test-results/e2e-artifacts',
  globalSetup: './global-setup.ts',
  // Two files at a time, each worker with a station of its own (fixtures.ts): 2.3 min instead of 3.4 on 2 cores.
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
