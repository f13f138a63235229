import { useId, type ReactNode } from 'react'

interface SectionCardProps {
  title: string
  description?: string
  /** Buttons or an action menu at the heading's end. */
  actions?: ReactNode
  children: ReactNode
  className?: string
}

/** A titled card, the building block of detail pages. */
export function SectionCard({ title, description, actions, children, className = '' }: SectionCardProps) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={`mb-6 rounded-lg border border-gray-200 bg-white p-4 sm:p-6 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  )
}
