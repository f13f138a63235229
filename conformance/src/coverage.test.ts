import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COVERAGE_DOC, coverageMarkdown, referenceRoutes, REGENERATE } from './coverage/report.js'
import { liveServerForFile } from './support/live-server.js'
import { routesOfDocument } from './support/routes.js'

const server = liveServerForFile('coverage')

describe('docs/coverage.md', () => {
  it('holds the whole reference route list: 66 store and 265 admin routes', () => {
    const routes = referenceRoutes()
    expect(routes.filter((route) => route.key.includes(' /store')).length).toBe(66)
    expect(routes.filter((route) => route.key.includes(' /admin')).length).toBe(265)
  })

  it('is current with the server routes', () => {
    const expected = coverageMarkdown(routesOfDocument(server.app.swagger()))
    const actual = existsSync(COVERAGE_DOC) ? readFileSync(COVERAGE_DOC, 'utf8') : ''
    expect(actual === expected, `docs/coverage.md is stale: run \`${REGENERATE}\` and commit it`).toBe(true)
  })
})
