import { describe, expect, it } from 'vitest'
import { isValidHandle } from './handle'

describe('isValidHandle', () => {
  it('accepts lower-case letters, digits, dashes and an empty handle, ignoring outer spaces', () => {
    for (const good of ['', 'summer-shirts-2', ' hats ']) expect(isValidHandle(good)).toBe(true)
  })

  it('refuses capitals, spaces inside, slashes and accents', () => {
    for (const bad of ['Summer', 'two words', 'a/b', 'café']) expect(isValidHandle(bad)).toBe(false)
  })
})
