import { describe, expect, it } from 'vitest'
import { settleWithLimit } from './settle-with-limit'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('settleWithLimit', () => {
  it('never runs more than the limit at once', async () => {
    let running = 0
    let peak = 0
    const outcomes = await settleWithLimit([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++
      peak = Math.max(peak, running)
      await tick()
      running--
      return item * 10
    })
    expect(peak).toBe(3)
    expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.value)).toEqual([
      10, 20, 30, 40, 50, 60, 70,
    ])
  })

  it('keeps going after a failure and reports each outcome in the items order', async () => {
    const outcomes = await settleWithLimit(['a', 'bad', 'c'], 2, async (item) => {
      await tick()
      if (item === 'bad') throw new Error('not found')
      return item
    })
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('not found'))
  })

  it('returns nothing for no items', async () => {
    expect(await settleWithLimit([], 4, async () => 1)).toEqual([])
  })
})
