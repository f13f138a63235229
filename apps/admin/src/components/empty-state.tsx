import type { ReactNode } from 'react'

interface EmptyStateProps {
  title: string
  message?: string
  /** The call to action: usually the button that creates the first record. */
  action?: ReactNode
}

/** What a list shows with nothing in it: what is missing and how to add it. */
export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center">
      <p className="text-base font-semibold text-gray-900">{title}</p>
      {message && <p className="max-w-md text-sm text-gray-500">{message}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}
