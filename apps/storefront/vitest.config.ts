import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

const reportDir = process.env.EMPORIUM_TEST_REPORT

export default defineConfig({
  resolve: {
    conditions: ['emporium-source', ...defaultClientConditions],
    alias: { '@emporium/react': fileURLToPath(new URL('../../packages/react/src/index.ts', import.meta.url)) },
  },
  ssr: { resolve: { conditions: ['emporium-source', ...defaultServerConditions] } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // The page tests start the real server in-process, on a database made from its migrated image.
    globalSetup: ['../../packages/server/src/testing/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/storefront.json` } : undefined,
  },
})
