import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoadingOverlay } from './loading-overlay'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('LoadingOverlay', () => {
  it('appears only after 1 s of pending, and starts over for the next wait', () => {
    const { rerender } = render(<LoadingOverlay pending />)
    act(() => vi.advanceTimersByTime(999))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('progressbar')).toBeInTheDocument()

    rerender(<LoadingOverlay pending={false} />)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    rerender(<LoadingOverlay pending />)
    act(() => vi.advanceTimersByTime(500))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
