import type { ReactNode } from 'react'
import toast, { type Toast } from 'react-hot-toast'
import { Notification, type NotificationType } from './notification'

/** Shared UI toasts stay 3 s (SPEC §9); the library's own per-type durations apply to plain toasts. */
export const NOTIFICATION_DURATION_MS = 3000

function show(type: NotificationType, title: string, message: string): string {
  return toast.custom(
    (current: Toast) => <Notification toast={current} type={type} title={title} message={message} />,
    // Placed by the toaster: top-right, or at the bottom of a narrow screen.
    { duration: NOTIFICATION_DURATION_MS },
  )
}

/**
 * A success toast carrying an action (a download link): it stays until dismissed, since 3 s is
 * too short to reach the action (WCAG 2.2.1).
 */
export function notifyWithAction(title: string, message: string, action: ReactNode): string {
  return toast.custom(
    (current: Toast) => (
      <Notification toast={current} type="success" title={title} message={message}>
        {action}
      </Notification>
    ),
    // Placed by the toaster, as the others.
    { duration: Infinity },
  )
}

/** Success, warning, error and info toasts with a title and a message, dismissable. */
export const notify = {
  success: (title: string, message: string) => show('success', title, message),
  warning: (title: string, message: string) => show('warning', title, message),
  error: (title: string, message: string) => show('error', title, message),
  info: (title: string, message: string) => show('info', title, message),
}
