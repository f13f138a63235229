import type { ReactNode } from 'react'

/** The centred card of the login, invite and reset-password pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        {description && <p className="mt-2 text-sm text-gray-500">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  )
}
