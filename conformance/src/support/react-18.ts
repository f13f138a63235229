import Module, { createRequire } from 'node:module'

/**
 * medusa-react runs on React 18, the copy this workspace pins; the repository's other packages use
 * React 19, hoisted to the root. A CommonJS package hoisted there too (use-sync-external-store, which
 * TanStack Query 4 uses) would `require('react')` and get React 19 beside React DOM 18. Vite's
 * aliases (vitest.config.ts) cover ES imports; this covers `require`: in these tests every `react`
 * and `react-dom` is this workspace's.
 */
const own = createRequire(import.meta.url)
const ownCopy = /^(react|react-dom)(\/.*)?$/
type Resolve = (request: string, ...rest: unknown[]) => string
const loader = Module as unknown as { _resolveFilename: Resolve }
const resolve = loader._resolveFilename
let redirecting = false
loader._resolveFilename = function (request, ...rest) {
  if (redirecting || !ownCopy.test(request)) return resolve.call(this, request, ...rest)
  redirecting = true
  try {
    return own.resolve(request)
  } finally {
    redirecting = false
  }
}
