import { describe, expect, it } from 'vitest'
import { batchJobsWindowStart, completedSince, importsAfter, jobTypeLabel, latestCompletion } from './completed-jobs'

const at = (iso: string) => new Date(iso).getTime()
const jobs = [
  { id: 'batch_1', type: 'product-import', status: 'completed', completed_at: '2026-11-22T10:00:05Z' },
  { id: 'batch_2', type: 'product-export', status: 'processing', completed_at: null },
  { id: 'batch_3', type: 'order-export', status: 'completed', completed_at: '2026-11-22T09:59:00Z' },
  { id: 'batch_4', type: 'product-export', status: 'completed', completed_at: '2026-11-22T10:00:01Z' },
]

describe('batch-job notifications', () => {
  it('picks the jobs completed after the last notification, oldest first', () => {
    expect(completedSince(jobs, at('2026-11-22T10:00:00Z')).map((job) => job.id)).toEqual(['batch_4', 'batch_1'])
    expect(completedSince(jobs, at('2026-11-22T10:00:05Z'))).toEqual([])
  })

  it('moves the notification time to the latest completion', () => {
    expect(latestCompletion(jobs, at('2026-11-22T10:00:00Z'))).toBe(at('2026-11-22T10:00:05Z'))
    expect(latestCompletion(jobs, at('2026-11-22T11:00:00Z'))).toBe(at('2026-11-22T11:00:00Z'))
  })

  it('names the type with dashes as spaces', () => {
    expect(jobTypeLabel('product-import')).toBe('product import')
    expect(jobTypeLabel('price-list-import-v2')).toBe('price list import v2')
  })

  it('sees a product import that finished after the product list was fetched', () => {
    expect(importsAfter(jobs, at('2026-11-22T10:00:00Z'))).toBe(true)
    expect(importsAfter(jobs, at('2026-11-22T10:00:06Z'))).toBe(false)
    expect(importsAfter([jobs[3]], 0)).toBe(false)
  })

  it('lists from the start of the day one month ago', () => {
    const start = batchJobsWindowStart(new Date(2026, 10, 22, 15, 30))
    expect(start).toEqual(new Date(2026, 9, 22, 0, 0, 0, 0))
  })
})
