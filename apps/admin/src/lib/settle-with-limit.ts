/**
 * Runs `task` for every item with at most `limit` running at once. One failure does not stop the
 * others; the outcomes come back in the items' order, as `Promise.allSettled` gives them.
 */
export async function settleWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const outcomes: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      try {
        outcomes[index] = { status: 'fulfilled', value: await task(items[index]) }
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker))
  return outcomes
}
