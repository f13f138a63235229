import { defineConfig } from 'vitest/config'

// CI collects one JSON report per run to print a single closing summary line.
const reportDir = process.env.EMPORIUM_TEST_REPORT

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Each test file holds its own PGlite (~100 MB); two at a time fits the 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files in one module graph instead of importing the server afresh for each
    // (about 2.7 s a file). Every file builds its own app and database, and no test mocks a module;
    // what a module keeps is shared, so a test must not count on it being new (ids.test.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/server.json` } : undefined,
  },
})
