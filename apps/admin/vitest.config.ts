import react from '@vitejs/plugin-react'
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'
import { workspaceSources } from './vite.config.ts'

const reportDir = process.env.EMPORIUM_TEST_REPORT

export default defineConfig({
  plugins: [react()],
  resolve: workspaceSources,
  // Tests in the Node environment (next to the real server) resolve the workspace sources too.
  ssr: { resolve: { conditions: ['emporium-source', ...defaultServerConditions] } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // Tests that drive a screen against the real server start it on a copy of this migrated database.
    globalSetup: ['../../packages/server/src/testing/global-setup.ts'],
    // Starting a server on its own database takes a while on two shared cores.
    hookTimeout: 60_000,
    testTimeout: 60_000,
    include: ['src/**/*.test.{ts,tsx}', 'extensions-example/**/*.test.{ts,tsx}'],
    maxWorkers: 2,
    // CI collects one JSON report per run to print a single closing summary line.
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/admin.json` } : undefined,
  },
})
