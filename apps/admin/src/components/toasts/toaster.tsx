import { Toaster as HotToaster } from 'react-hot-toast'

/**
 * The toast layer: top-right, 20 toasts kept at most and removal 1 s after dismissal (the library's
 * limit and `removeDelay`, SPEC §9), offset below the top bar.
 */
export const TOAST_REMOVE_DELAY_MS = 1000

export function Toaster() {
  return (
    <HotToaster
      position="top-right"
      containerStyle={{ top: 74, left: 24, bottom: 24, right: 24 }}
      toastOptions={{ removeDelay: TOAST_REMOVE_DELAY_MS }}
    />
  )
}
