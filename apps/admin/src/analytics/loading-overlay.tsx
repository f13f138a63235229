import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../components/spinner'

/** SPEC §9: the overlay waits 1 s, so quick answers never flash it. */
export const OVERLAY_DELAY_MS = 1000

/** A full-screen loading overlay shown once `pending` has lasted a second. */
export function LoadingOverlay({ pending }: { pending: boolean }) {
  // Mounted afresh for each pending stretch, so the delay starts over every time.
  return pending ? <DelayedOverlay /> : null
}

function DelayedOverlay() {
  const { t } = useTranslation('analytics')
  const [shown, setShown] = useState(false)
  useEffect(function showAfterDelay() {
    const timer = setTimeout(() => setShown(true), OVERLAY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])
  if (!shown) return null
  return (
    <div
      role="progressbar"
      aria-label={t('overlay.loading')}
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/80"
    >
      <Spinner size={40} />
    </div>
  )
}
