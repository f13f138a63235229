import { expect, it } from 'vitest'
import { operationsOf, type JsonSchema, type OpenApiDocument } from '../testing/openapi-fuzz.js'
import { makeFuzzIdentities, ValuePool } from '../testing/fuzz-data.js'
import { useTestApp } from '../testing/test-app.js'

/**
 * Query strings are parsed into nested values (`id[0][1]=x` → `{ id: [['x']] }`). Every query
 * parameter of every GET route, sent nested deeper than its schema takes, is a 400 that names the
 * parameter — never a 500 from a handler that trusted its shape.
 */
const ctx = useTestApp({
  featureFlags: {
    sales_channels: true,
    publishable_api_keys: true,
    order_editing: true,
    analytics: true,
    product_categories: true,
    tax_inclusive_pricing: true,
    inventoryService: true,
  },
})

const takesList = (schema: JsonSchema): boolean =>
  schema.type === 'array' || (schema.anyOf ?? schema.oneOf ?? []).some(takesList)

it('refuses nested values in every list filter with a 400 naming the parameter', { timeout: 300_000 }, async () => {
  const { app } = ctx
  const identities = await makeFuzzIdentities(app.db, new ValuePool())
  const operations = operationsOf(app.swagger() as OpenApiDocument).filter(
    (operation) => operation.method === 'GET' && operation.pathParams.length === 0,
  )
  const checked: string[] = []
  const failures: string[] = []
  for (const operation of operations) {
    const headers = operation.path.startsWith('/admin') ? identities.admin : identities.customer
    for (const [name, schema] of Object.entries(operation.query)) {
      const shapes = takesList(schema)
        ? [`${name}[0][1]=x`, `${name}[0][0]=x`, `${name}[0][a]=x`]
        : [`${name}[a][b][c]=x`]
      for (const shape of shapes) {
        const answer = await app.inject({ method: 'GET', url: `${operation.path}?${shape}`, headers })
        checked.push(shape)
        const body = answer.json() as { type?: string; message?: string }
        if (answer.statusCode !== 400 || body.type !== 'invalid_data' || !body.message?.includes(name)) {
          failures.push(`GET ${operation.path}?${shape} → ${answer.statusCode} ${answer.body.slice(0, 200)}`)
        }
      }
    }
  }
  expect(checked.length).toBeGreaterThan(100)
  expect(failures).toEqual([])
})
