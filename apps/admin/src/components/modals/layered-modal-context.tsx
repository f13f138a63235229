import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

/** A screen stacked over a layered modal's base content. */
export interface LayeredScreen {
  title: ReactNode
  view: ReactNode
  /** Called when the user leaves the screen with the back button. */
  onBack?: () => void
}

export interface LayeredModalState {
  screens: readonly LayeredScreen[]
  push: (screen: LayeredScreen) => void
  pop: () => void
  reset: () => void
}

const LayeredModalContext = createContext<LayeredModalState | null>(null)

export function LayeredModalProvider({ children }: { children: ReactNode }) {
  const [screens, setScreens] = useState<readonly LayeredScreen[]>([])
  const push = useCallback((screen: LayeredScreen) => setScreens((stack) => [...stack, screen]), [])
  const pop = useCallback(() => setScreens((stack) => stack.slice(0, -1)), [])
  const reset = useCallback(() => setScreens([]), [])
  const value = useMemo(() => ({ screens, push, pop, reset }), [screens, push, pop, reset])
  return <LayeredModalContext.Provider value={value}>{children}</LayeredModalContext.Provider>
}

export function useLayeredModal(): LayeredModalState {
  const context = useContext(LayeredModalContext)
  if (!context) throw new Error('useLayeredModal must be used within a LayeredModalProvider')
  return context
}
