import type { ReactNode } from 'react'
import toast, { type Toast } from 'react-hot-toast'
import { useTranslation } from 'react-i18next'

export type NotificationType = 'success' | 'warning' | 'error' | 'info'

const ACCENT: Record<NotificationType, string> = {
  success: 'bg-emerald-500',
  warning: 'bg-amber-500',
  error: 'bg-rose-500',
  info: 'bg-sky-500',
}

interface NotificationProps {
  toast: Toast
  type: NotificationType
  title: string
  message: string
  /** An action under the message, such as a download link. */
  children?: ReactNode
}

export function Notification({ toast: current, type, title, message, children }: NotificationProps) {
  const { t } = useTranslation('common')
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      data-type={type}
      className={`flex w-[380px] max-w-full items-start gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-lg transition-opacity ${
        current.visible ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <span aria-hidden className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${ACCENT[type]}`} />
      <div className="flex-1">
        <p className="text-sm font-semibold text-gray-900">{title}</p>
        <p className="text-sm text-gray-600">{message}</p>
        {children}
      </div>
      <button
        type="button"
        aria-label={t('actions.dismiss')}
        className="text-gray-400 hover:text-gray-700"
        onClick={() => toast.dismiss(current.id)}
      >
        ×
      </button>
    </div>
  )
}
