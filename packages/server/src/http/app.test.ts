import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { testConfig, useTestApp } from '../testing/test-app.js'

const ctx = useTestApp()

describe('http basics', () => {
  it('answers /health with OK', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('OK')
  })

  it('echoes or generates a request id', async () => {
    const given = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } })
    expect(given.headers['x-request-id']).toBe('abc-123')
    const generated = await ctx.app.inject({ method: 'GET', url: '/health' })
    expect(generated.headers['x-request-id']).toMatch(/^req_[0-9A-Z]{26}$/)
  })

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('answers unknown routes with the not_found envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/store/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ type: 'not_found', message: 'Route GET /store/nothing-here not found' })
  })

  it('answers a path parameter too long for the router with a 414 envelope, not the path echoed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/store/products/${'a'.repeat(5000)}` })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ type: 'invalid_data', message: 'A path parameter is too long' })
  })

  it('answers a malformed percent-encoding in a path parameter with a 400 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/store/products/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      type: 'invalid_data',
      message: 'The path is not a valid URL: it holds a malformed percent-encoding',
    })
  })

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(doc.statusCode).toBe(200)
    expect(doc.json().openapi).toMatch(/^3\./)
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
  })

  it('serves neither in production unless EXPOSE_API_DOCS asks for them', async () => {
    for (const exposeApiDocs of [false, true]) {
      const config = testConfig({ production: true, exposeApiDocs })
      const app = await buildApp({ config, database: ctx.database, logger: false })
      try {
        const answers = await Promise.all(
          ['/openapi.json', '/docs/'].map((url) => app.inject({ method: 'GET', url }).then((res) => res.statusCode)),
        )
        expect(answers).toEqual(exposeApiDocs ? [200, 200] : [404, 404])
      } finally {
        await app.close()
      }
    }
  })

  it('rejects an admin call without credentials with a bare 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/store' })
    expect(res.statusCode).toBe(401)
  })
})

describe('request bodies', () => {
  it('accepts a POST with a JSON content type and no body, as v1 clients send for actions', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    // No body reaches validation as "missing", never as a parse failure.
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ type: 'invalid_data' })
    expect(res.json().message).not.toMatch(/Body cannot be empty/)
  })

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().type).toBe('invalid_data')
  })

  it('refuses prototype poisoning', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@example.com", "password": "x"}',
    })
    expect(res.statusCode).toBe(400)
  })
})
