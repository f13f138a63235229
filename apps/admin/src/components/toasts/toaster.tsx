import { Toaster as HotToaster } from 'react-hot-toast'
import { useMediaQuery } from '../../lib/use-media-query'

/**
 * The toast layer: 20 toasts kept at most and removal 1 s after dismissal (the library's limit and
 * `removeDelay`, SPEC §9). On a wide screen top-right, offset below the page header's actions; below
 * 1024 px (the shell's top bar) at the bottom, where they cannot cover the header's buttons.
 */
export const TOAST_REMOVE_DELAY_MS = 1000

/** Tailwind's `lg` breakpoint, where the sidebar replaces the top bar. */
export const NARROW_SCREEN = '(max-width: 1023.98px)'

export function Toaster() {
  const narrow = useMediaQuery(NARROW_SCREEN)
  return (
    <HotToaster
      position={narrow ? 'bottom-center' : 'top-right'}
      containerStyle={
        narrow ? { top: 16, left: 16, bottom: 16, right: 16 } : { top: 74, left: 24, bottom: 24, right: 24 }
      }
      toastOptions={{ removeDelay: TOAST_REMOVE_DELAY_MS }}
    />
  )
}
