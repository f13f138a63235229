import { defineConfig } from 'vitest/config'

// CI collects one JSON report per run to print a single closing summary line.
const reportDir = process.env.EMPORIUM_TEST_REPORT

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/bench.json` } : undefined,
  },
})
