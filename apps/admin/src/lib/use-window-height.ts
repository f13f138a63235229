import { useEffect, useState } from 'react'

/** The window's inner height, kept current on resize. */
export function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight)
  useEffect(function followWindowHeight() {
    const update = () => setHeight(window.innerHeight)
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
  return height
}

/** Modals leave 32 px above and below: their height is capped at the window height minus 64. */
export const MODAL_VERTICAL_MARGIN = 64

export function useModalMaxHeight(): number {
  return useWindowHeight() - MODAL_VERTICAL_MARGIN
}
