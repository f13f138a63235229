import { adminBatchJobKeys, adminProductKeys, useEmporium, useLadderPolledQuery } from '@emporium/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notify, notifyWithAction } from '../components/toasts/notify'
import {
  batchJobsWindowStart,
  completedSince,
  exportFileKey,
  importsAfter,
  jobTypeLabel,
  latestCompletion,
} from './completed-jobs'
import { ExportDownloadLink } from './export-download-link'

/** SPEC §7: up to 100 jobs created since the start of the day one month ago. */
export const BATCH_JOBS_LIMIT = 100

/**
 * Watches the batch jobs on the polling ladder (2, 5, 10, 15, 30, 60 s; also on window focus) and
 * announces each job that completes: '{type} batch job completed', with a download link for an export. A product import that finished
 * after the product list was last fetched refreshes the cached products.
 */
export function BatchJobNotifications() {
  const { t } = useTranslation('common')
  const { t: to } = useTranslation('orders')
  const { client } = useEmporium()
  const queryClient = useQueryClient()
  // One window per mount: a stable query key, so polling does not restart on each render.
  const [query] = useState(() => ({
    limit: BATCH_JOBS_LIMIT,
    created_at: { gte: batchJobsWindowStart(new Date()).toISOString() },
  }))
  const { data } = useLadderPolledQuery({
    queryKey: adminBatchJobKeys.list(query),
    queryFn: () => client.admin.batchJobs.list(query),
    refetchOnWindowFocus: true,
  })
  // Jobs that completed before this page opened were announced already (or long ago).
  const [openedAt] = useState(() => Date.now())
  const lastNotified = useRef(openedAt)

  useEffect(
    function announceCompletedJobs() {
      const jobs = data?.batch_jobs ?? []
      const completed = completedSince(jobs, lastNotified.current)
      if (completed.length === 0) return
      for (const job of completed) {
        const message = t('batchJobs.completed', { type: jobTypeLabel(job.type ?? '') })
        const fileKey = exportFileKey(job)
        if (fileKey) {
          notifyWithAction(
            t('toasts.success'),
            message,
            <ExportDownloadLink fileKey={fileKey} label={to('export.download')} />,
          )
        } else notify.success(t('toasts.success'), message)
      }
      // The oldest cached product list decides: any list fetched before the import ended is stale.
      const productLists = queryClient.getQueryCache().findAll({ queryKey: adminProductKeys.lists() })
      const oldestFetch = Math.min(...productLists.map((entry) => entry.state.dataUpdatedAt))
      if (productLists.length > 0 && importsAfter(completed, oldestFetch)) {
        void queryClient.invalidateQueries({ queryKey: adminProductKeys.all })
      }
      lastNotified.current = latestCompletion(completed, lastNotified.current)
    },
    [data, queryClient, t, to],
  )

  return null
}
