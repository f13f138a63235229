import { act, fireEvent, screen, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithToaster } from '../../testing/render'
import { notify } from './notify'
import { NARROW_SCREEN } from './toaster'

afterEach(() => {
  act(() => toast.remove())
  vi.useRealTimers()
})

describe('notify', () => {
  it.each(['success', 'warning', 'error', 'info'] as const)('shows a %s toast with title and message', async (type) => {
    renderWithToaster(<div />)
    act(() => {
      notify[type]('Saved', 'The product was saved')
    })
    const toastElement = (await screen.findByText('Saved')).closest('[data-type]') as HTMLElement
    expect(toastElement).toHaveAttribute('data-type', type)
    expect(within(toastElement).getByText('The product was saved')).toBeInTheDocument()
  })

  it('places toasts top-right, 380 px wide', async () => {
    renderWithToaster(<div />)
    act(() => {
      notify.info('Heads up', 'Something happened')
    })
    const toastElement = (await screen.findByText('Heads up')).closest('[data-type]') as HTMLElement
    expect(toastElement.className).toContain('w-[380px]')
    let positioned: HTMLElement | null = toastElement
    while (positioned && !positioned.style.justifyContent) positioned = positioned.parentElement
    expect(positioned?.style.justifyContent).toBe('flex-end')
    expect(positioned?.style.top).toBe('0px')
  })

  it('goes to the bottom of a narrow screen, clear of the header, still a status', async () => {
    const wide = window.matchMedia
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query === NARROW_SCREEN })
    try {
      renderWithToaster(<div />)
      act(() => {
        notify.success('Saved', 'The product was saved')
      })
      const toastElement = (await screen.findByText('Saved')).closest('[data-type]') as HTMLElement
      expect(toastElement).toHaveAttribute('role', 'status')
      expect(toastElement.className).toContain('max-w-full')
      let positioned: HTMLElement | null = toastElement
      while (positioned && !positioned.style.justifyContent) positioned = positioned.parentElement
      expect(positioned?.style.justifyContent).toBe('center')
      expect(positioned?.style.bottom).toBe('0px')
      expect(positioned?.style.top).toBe('')
    } finally {
      window.matchMedia = wide
    }
  })

  it('is dismissed by its button and removed 1 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderWithToaster(<div />)
    act(() => {
      notify.success('Saved', 'Done')
    })
    // A plain click: hovering the toaster would pause every toast's timer (library behaviour).
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }))
    act(() => vi.advanceTimersByTime(900))
    expect(screen.getByText('Saved').closest('[data-type]')?.className).toContain('opacity-0')
    act(() => vi.advanceTimersByTime(200))
    expect(screen.queryByText('Saved')).not.toBeInTheDocument()
  })

  it('disappears after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderWithToaster(<div />)
    act(() => {
      notify.warning('Careful', 'Stock is low')
    })
    await screen.findByText('Careful')
    act(() => vi.advanceTimersByTime(2900))
    expect(screen.getByText('Careful').closest('[data-type]')?.className).toContain('opacity-100')
    act(() => vi.advanceTimersByTime(200))
    expect(screen.getByText('Careful').closest('[data-type]')?.className).toContain('opacity-0')
    act(() => vi.advanceTimersByTime(1100))
    expect(screen.queryByText('Careful')).not.toBeInTheDocument()
  })
})
