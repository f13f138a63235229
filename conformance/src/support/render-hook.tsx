import { act, type ComponentType, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'

// React 18 warns unless told that updates are awaited with act().
Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true)

/**
 * `renderHook` on this workspace's React 18 (the one medusa-react is written for): Testing
 * Library's copy is shared with the repository's React 19 packages and would render with that.
 */
export function renderHook<T>(
  hook: () => T,
  { wrapper: Wrapper }: { wrapper: ComponentType<{ children: ReactNode }> },
) {
  const result = { current: undefined as T }
  function Probe() {
    result.current = hook()
    return null
  }
  const root = createRoot(document.createElement('div'))
  act(() =>
    root.render(
      <Wrapper>
        <Probe />
      </Wrapper>,
    ),
  )
  return {
    result,
    rerender: () =>
      act(() =>
        root.render(
          <Wrapper>
            <Probe />
          </Wrapper>,
        ),
      ),
    unmount: () => act(() => root.unmount()),
  }
}

export { act }
