import type { ReactNode } from 'react'

/** A plain data table: column headers with scope, rows from the caller; scrolls sideways when narrow. */
export function Table({
  caption,
  headers,
  children,
}: {
  caption: string
  headers: readonly ReactNode[]
  children: ReactNode
}) {
  return (
    // Focusable and named, so a keyboard user can scroll a table wider than the screen; positioned,
    // so its screen-reader-only texts (absolutely placed) stay inside it instead of widening the page.
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto">
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 text-xs text-gray-500 uppercase">
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col" className="px-3 py-2 text-start font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  )
}

export function Cell({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <td className={`px-3 py-2 align-middle ${className}`}>{children}</td>
}
