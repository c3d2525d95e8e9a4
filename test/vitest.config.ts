// Test runner settings: unit and API tests under Node; end-to-end and bench suites join as they arrive.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/printing/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    setupFiles: ['test/helpers/setup.ts'],
  },
});
