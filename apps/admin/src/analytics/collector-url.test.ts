import { afterEach, describe, expect, it } from 'vitest'
import { COLLECTOR_META, configuredCollectorUrl } from './collector-url'

function serve(content: string) {
  const meta = document.createElement('meta')
  meta.name = COLLECTOR_META
  meta.content = content
  document.head.append(meta)
}

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${COLLECTOR_META}"]`).forEach((meta) => meta.remove())
})

describe('configuredCollectorUrl', () => {
  it('is the collector the server names in the page, before the build-time one', () => {
    serve('https://collect.example.com/v1/batch')
    expect(configuredCollectorUrl(document, 'https://build.example.com/e')).toBe('https://collect.example.com/v1/batch')
  })

  it('falls back to the build-time collector, and is undefined without either', () => {
    expect(configuredCollectorUrl(document, 'https://build.example.com/e')).toBe('https://build.example.com/e')
    serve('')
    expect(configuredCollectorUrl(document, undefined)).toBeUndefined()
    expect(configuredCollectorUrl(document, '')).toBeUndefined()
  })
})
