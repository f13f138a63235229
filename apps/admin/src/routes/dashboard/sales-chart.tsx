import type { Dashboard } from '@emporium/client'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { currencyDecimals, formatMoney } from '../../lib/money'

interface DayChartProps {
  days: Dashboard['days']
  measure: 'sales' | 'orders'
  currency: string
  language: string
  /** What the chart shows, read by screen readers instead of the drawing. */
  label: string
}

const shortDate = (language: string) => (date: string) =>
  new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(date))

/** One figure per day of the period as bars; the drawing is hidden from screen readers, who get `label`. */
export function DayChart({ days, measure, currency, language, label }: DayChartProps) {
  const value = (amount: number) =>
    measure === 'sales' ? formatMoney(amount, currency, language) : new Intl.NumberFormat(language).format(amount)
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{label}</figcaption>
      <div aria-hidden="true" className="h-56 w-full" dir="ltr">
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="date" tickFormatter={shortDate(language)} tick={{ fontSize: 12 }} minTickGap={24} />
            <YAxis
              tickFormatter={(amount: number) =>
                measure === 'sales'
                  ? new Intl.NumberFormat(language, { notation: 'compact' }).format(
                      amount / 10 ** currencyDecimals(currency),
                    )
                  : String(amount)
              }
              allowDecimals={false}
              width={48}
              tick={{ fontSize: 12 }}
            />
            <Tooltip
              formatter={(amount) => value(Number(amount))}
              labelFormatter={(date) => shortDate(language)(String(date))}
            />
            <Bar dataKey={measure} fill="#7c3aed" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  )
}
