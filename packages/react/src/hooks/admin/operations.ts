import type { QueryKey } from '@tanstack/react-query'
import { useState } from 'react'
import type { EmporiumClient } from '../../client.js'
import {
  detailQuery,
  idMutation,
  listQuery,
  mutation,
  useEmporiumMutation,
  useEmporiumQuery,
  type Answer,
  type Arg,
  type MutationOptions,
  type QueryOptions,
} from '../factory.js'
import { useLadderPolledQuery } from '../polling.js'
import { useEmporium } from '../../provider.js'
import {
  adminAnalyticsConfigKeys,
  adminBatchJobKeys,
  adminCustomerGroupKeys,
  adminCustomerKeys,
  adminDiscountKeys,
  adminGiftCardKeys,
  adminNotificationKeys,
  adminOrderKeys,
  adminPriceListKeys,
  adminProductKeys,
} from './keys.js'

type Admin = EmporiumClient['admin']
type BatchJobs = Admin['batchJobs']

const batchJobChange = (id: string) => [adminBatchJobKeys.lists(), adminBatchJobKeys.detail(id)]

/** @example const { batch_jobs } = useAdminBatchJobs({ limit: 10 }) */
export const useAdminBatchJobs = listQuery(adminBatchJobKeys, (c, q?: Arg<BatchJobs['list'], 0>) =>
  c.admin.batchJobs.list(q),
)
/** @example const { batch_job } = useAdminBatchJob(id) */
export const useAdminBatchJob = detailQuery(adminBatchJobKeys, (c, id) => c.admin.batchJobs.retrieve(id))
/**
 * Types: `product-import`, `price-list-import`, `product-export`, `order-export`.
 * @example useAdminCreateBatchJob().mutate({ type: 'product-export', context: {}, dry_run: false })
 * @example useAdminCreateBatchJob().mutate({ type: 'price-list-import', context: { fileKey, price_list_id }, dry_run: true })
 */
export const useAdminCreateBatchJob = mutation(
  (c, payload: Arg<BatchJobs['create'], 0>) => c.admin.batchJobs.create(payload),
  () => [adminBatchJobKeys.lists()],
)
/** @example useAdminCancelBatchJob(id).mutate() */
export const useAdminCancelBatchJob = idMutation((c, id) => c.admin.batchJobs.cancel(id), batchJobChange)
/** @example useAdminConfirmBatchJob(id).mutate() */
export const useAdminConfirmBatchJob = idMutation((c, id) => c.admin.batchJobs.confirm(id), batchJobChange)

/** Midnight (local time) of the day one month before `now`: the start of the jobs window. */
export function batchJobsWindowStart(now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth() - 1, now.getDate())
}

/**
 * The batch jobs of the last month (up to 100), polled on the back-off ladder 2, 5, 10, 15, 30,
 * 60 s and refetched on window focus; `resetInterval()` after starting a job polls fast again.
 *
 * @example
 * const { batch_jobs, resetInterval } = useAdminBatchJobsPolling()
 * @since 0.1.0
 */
export function useAdminBatchJobsPolling() {
  const { client } = useEmporium()
  const [query] = useState(() => ({
    limit: 100,
    created_at: { gte: batchJobsWindowStart().toISOString() },
  }))
  const result = useLadderPolledQuery({
    queryKey: adminBatchJobKeys.list(query),
    queryFn: () => client.admin.batchJobs.list(query),
    refetchOnWindowFocus: true,
  })
  return { ...result.data, ...result }
}

/** @example const { notifications } = useAdminNotifications({ resource_id: orderId }) */
export const useAdminNotifications = listQuery(adminNotificationKeys, (c, q?: Arg<Admin['notifications']['list'], 0>) =>
  c.admin.notifications.list(q),
)
/** @example useAdminResendNotification(id).mutate({ to: 'other@example.com' }) */
export const useAdminResendNotification = idMutation(
  (c, id, payload: Arg<Admin['notifications']['resend'], 1> | void) => c.admin.notifications.resend(id, payload ?? {}),
  () => [adminNotificationKeys.lists()],
)

/**
 * The usage-data preferences; read only when the analytics feature flag is on. A missing config
 * is an answer, not a failure to retry.
 *
 * @example
 * const { analytics_config } = useAdminAnalyticsConfig({ enabled: analyticsFlagOn })
 * @since 0.1.0
 */
export function useAdminAnalyticsConfig(options?: QueryOptions<Answer<Admin['analyticsConfigs']['retrieve']>>) {
  return useEmporiumQuery(adminAnalyticsConfigKeys.details(), (c) => c.admin.analyticsConfigs.retrieve(), {
    retry: false,
    ...options,
  })
}
/** @example useAdminCreateAnalyticsConfig().mutate({ opt_out: false, anonymize: false }) */
export const useAdminCreateAnalyticsConfig = mutation(
  (c, payload: Arg<Admin['analyticsConfigs']['create'], 0>) => c.admin.analyticsConfigs.create(payload),
  () => [adminAnalyticsConfigKeys.all],
)
/** @example useAdminUpdateAnalyticsConfig().mutate({ opt_out: true, anonymize: false }) */
export const useAdminUpdateAnalyticsConfig = mutation(
  (c, payload: Arg<Admin['analyticsConfigs']['update'], 0>) => c.admin.analyticsConfigs.update(payload),
  () => [adminAnalyticsConfigKeys.all],
)

/** Cached data a custom call may also make stale, named as in medusa-react or as in the spec. */
export interface RelatedDomains {
  product?: boolean
  customer?: boolean
  customerGroup?: boolean
  customer_group?: boolean
  order?: boolean
  discount?: boolean
  giftCard?: boolean
  gift_card?: boolean
  priceList?: boolean
  price_list?: boolean
}

const DOMAIN_KEYS: Record<keyof RelatedDomains, QueryKey> = {
  product: adminProductKeys.all,
  customer: adminCustomerKeys.all,
  customerGroup: adminCustomerGroupKeys.all,
  customer_group: adminCustomerGroupKeys.all,
  order: adminOrderKeys.all,
  discount: adminDiscountKeys.all,
  giftCard: adminGiftCardKeys.all,
  gift_card: adminGiftCardKeys.all,
  priceList: adminPriceListKeys.all,
  price_list: adminPriceListKeys.all,
}

function customKeys(queryKey: QueryKey | string, related: RelatedDomains = {}): QueryKey[] {
  const own = typeof queryKey === 'string' ? [queryKey] : queryKey
  const domains = (Object.keys(DOMAIN_KEYS) as (keyof RelatedDomains)[]).filter((domain) => related[domain])
  return [own, ...domains.map((domain) => DOMAIN_KEYS[domain])]
}

/**
 * `GET /admin{path}` for routes no hook covers, such as a plugin's.
 *
 * @example
 * const { data } = useAdminCustomQuery<{ posts: Post[] }>('/blog/posts', ['blog_posts'], { limit: 10 })
 * @since 0.1.0
 */
export function useAdminCustomQuery<TResponse = unknown, TQuery extends object = object>(
  path: string,
  queryKey: QueryKey | string,
  query?: TQuery,
  options?: QueryOptions<TResponse>,
) {
  const own = typeof queryKey === 'string' ? [queryKey] : queryKey
  return useEmporiumQuery(
    [...own, { query }],
    (c) => c.admin.custom.get<TResponse>(path, query) as Promise<TResponse>,
    options,
  )
}

/**
 * `POST /admin{path}`; refreshes `queryKey` and the named related domains on success.
 *
 * @example
 * useAdminCustomPost('/blog/posts', ['blog_posts'], { product: true }).mutate({ title: 'Hello' })
 * @since 0.1.0
 */
export function useAdminCustomPost<TPayload extends object = object, TResponse = unknown>(
  path: string,
  queryKey: QueryKey | string,
  relatedDomains?: RelatedDomains,
  options?: MutationOptions<TResponse, TPayload>,
) {
  return useEmporiumMutation(
    (c, payload: TPayload) => c.admin.custom.post<TResponse>(path, payload) as Promise<TResponse>,
    () => customKeys(queryKey, relatedDomains),
    options,
  )
}

/**
 * `DELETE /admin{path}`; refreshes `queryKey` and the named related domains on success.
 *
 * @example
 * useAdminCustomDelete(`/blog/posts/${id}`, ['blog_posts']).mutate()
 * @since 0.1.0
 */
export function useAdminCustomDelete<TResponse = unknown>(
  path: string,
  queryKey: QueryKey | string,
  relatedDomains?: RelatedDomains,
  options?: MutationOptions<TResponse, void>,
) {
  return useEmporiumMutation(
    (c) => c.admin.custom.delete<TResponse>(path) as Promise<TResponse>,
    () => customKeys(queryKey, relatedDomains),
    options,
  )
}
