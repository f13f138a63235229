import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { defineConfig } from 'vitest/config'

// CI collects one JSON report per run to print a single closing summary line.
const reportDir = process.env.EMPORIUM_TEST_REPORT

// medusa-react 9 is written for React 18 and TanStack Query 4, which this workspace pins while the
// rest of the repository uses React 19 and Query 5. npm may hoist medusa-react to the root
// node_modules, where a plain import would find the root's versions: it is run through Vite (inline)
// so that these imports resolve to this workspace's own copies.
const require = createRequire(import.meta.url)
const own = (name: string) => dirname(require.resolve(`${name}/package.json`))
const ownCopies = ['react-dom', 'react', '@tanstack/react-query'].map((name) => ({
  find: new RegExp(`^${name.replace('/', '\\/')}(?=$|/)`),
  replacement: own(name),
}))

export default defineConfig({
  resolve: { alias: ownCopies },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // A real server per test file on a database made from the server's migrated image.
    globalSetup: ['../packages/server/src/testing/global-setup.ts', 'src/support/tally-report.ts'],
    server: { deps: { inline: ['medusa-react'] } },
    setupFiles: ['src/support/react-18.ts'],
    pool: 'forks',
    maxWorkers: 2,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/conformance.json` } : undefined,
  },
})
