import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safe-next'

describe('safeNextPath', () => {
  it('returns to the page the visitor asked for', () => {
    expect(safeNextPath('/a/products?q=shirt')).toBe('/a/products?q=shirt')
  })

  it.each([null, '', 'https://evil.test/a', '//evil.test', '/\\evil.test', 'a/products'])(
    'goes home instead of %j',
    (next) => {
      expect(safeNextPath(next)).toBe('/a')
    },
  )
})
