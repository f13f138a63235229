import { defineConfig } from 'vitest/config'

// CI collects one JSON report per run to print a single closing summary line.
const reportDir = process.env.EMPORIUM_TEST_REPORT

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    // One server and one browser at a time on a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // A page that waits on the server: polls get the time a busy CI machine needs, not 1 s.
    expect: { poll: { timeout: 10_000 } },
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/e2e.json` } : undefined,
  },
})
