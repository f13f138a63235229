import { describe, expect, it } from 'vitest'
import { useTestApp } from '../test-app.js'
import { routes } from './index.js'

/**
 * The typed clients' route tables are written by hand from the contracts: they must name only
 * routes the app serves, and every route that declares a 200 answer, with that same schema.
 */
const ctx = useTestApp({ metricsEnabled: true })

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

describe('testing/api route tables', () => {
  it('match the routes the app serves and their 200 schemas', () => {
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> }
    const served = new Map<string, Operation>()
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        served.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation)
      }
    }
    // Hidden routes (/health, /metrics…) are not in the document; the router knows them.
    const unserved = Object.keys(routes).filter((key) => {
      const [method, url] = key.split(' ')
      return !served.has(key) && !ctx.app.hasRoute({ method: method as 'GET', url })
    })
    expect(unserved).toEqual([])
    const declaring = [...served].filter(([, operation]) => operation.responses?.['200']?.content).map(([key]) => key)
    expect(declaring.filter((key) => !(key in routes))).toEqual([])
    // Same schema: compared by the properties it declares at the top level.
    const topLevel = (schema: unknown) => Object.keys((schema as { properties?: object }).properties ?? {}).sort()
    const differing = declaring.filter((key) => {
      const answer = served.get(key)!.responses!['200'].content!['application/json']?.schema
      return answer && JSON.stringify(topLevel(answer)) !== JSON.stringify(topLevel(routes[key as keyof typeof routes]))
    })
    expect(differing).toEqual([])
  })
})
