import type { ReactNode } from 'react'

interface FieldLabelProps {
  htmlFor: string
  required?: boolean
  children: ReactNode
}

/** A field label; required fields carry a red asterisk. */
export function FieldLabel({ htmlFor, required, children }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="mb-1 flex gap-0.5 text-xs font-semibold text-gray-600">
      {children}
      {required && (
        <span aria-hidden className="text-rose-500">
          *
        </span>
      )}
    </label>
  )
}
