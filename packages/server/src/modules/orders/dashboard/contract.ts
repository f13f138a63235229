import { Type, type Static } from '@sinclair/typebox'
import { DateTime, Nullable } from '../../../core/schemas.js'

/** The periods the dashboard reads, each ending today (UTC), and their length in days. */
export const DASHBOARD_PERIODS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS
const PERIOD_NAMES = ['7d', '30d', '90d', '365d'] as const satisfies readonly DashboardPeriod[]

export const AdminGetDashboardParams = Type.Object(
  {
    period: Type.Optional(
      Type.Union(
        PERIOD_NAMES.map((period) => Type.Literal(period)),
        { description: 'How far back the figures reach, ending today (UTC). Defaults to 30d.' },
      ),
    ),
  },
  { additionalProperties: false },
)
export type AdminGetDashboardParams = Static<typeof AdminGetDashboardParams>

const Money = Type.Integer({ description: 'Minor units of `currency_code`.' })

export const DashboardTotal = Type.Object({
  currency_code: Type.String(),
  orders: Type.Integer(),
  sales: Money,
  /** `sales / orders`, rounded to a minor unit; 0 without orders. */
  average_order_value: Money,
})

export const DashboardDay = Type.Object({
  /** A UTC date, `YYYY-MM-DD`. */
  date: Type.String(),
  currency_code: Type.String(),
  orders: Type.Integer(),
  sales: Money,
})

export const DashboardTopProduct = Type.Object({
  product_id: Type.String(),
  title: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  quantity: Type.Integer(),
})

export const DashboardOrderToFulfil = Type.Object({
  id: Type.String(),
  display_id: Type.Integer(),
  email: Type.String(),
  currency_code: Type.String(),
  created_at: DateTime,
})

export const Dashboard = Type.Object({
  period: Type.String(),
  /** First and last UTC date of the period, both included. */
  from: Type.String(),
  to: Type.String(),
  /** One entry per currency with orders in the period. */
  totals: Type.Array(DashboardTotal),
  /** Every day of the period for each currency of `totals`, oldest first (zeros included). */
  days: Type.Array(DashboardDay),
  /** The five products with the most units sold in the period. */
  top_products: Type.Array(DashboardTopProduct),
  orders_to_fulfil: Type.Object({
    /** Open orders not (fully) fulfilled, counted up to `DASHBOARD_COUNT_CAP`. */
    count: Type.Integer(),
    /** True when there are more than `count`. */
    more: Type.Boolean(),
    /** The oldest five. */
    orders: Type.Array(DashboardOrderToFulfil),
  }),
})
export type Dashboard = Static<typeof Dashboard>

export const AdminDashboardRes = Type.Object({ dashboard: Dashboard })
export type AdminDashboardRes = Static<typeof AdminDashboardRes>
