import { useId, type InputHTMLAttributes } from 'react'

/** A labelled input; the label is always visible, for sighted and screen-reader users alike. */
export function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input id={id} {...input} className="rounded border border-gray-500 px-3 py-2 text-base" />
    </div>
  )
}
