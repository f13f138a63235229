import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// CI collects one JSON report per run to print a single closing summary line.
const reportDir = process.env.EMPORIUM_TEST_REPORT

export default defineConfig({
  // Resolve @emporium/client to its sources, so the tests need no prior build of it.
  resolve: { conditions: ['emporium-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['emporium-source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // The integration tests start the real server on a database made from the server's migrated image.
    globalSetup: ['../server/src/testing/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/react.json` } : undefined,
  },
})
