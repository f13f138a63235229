import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NotFound } from './not-found'
import { RouterError } from './router-error'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('shell fallbacks', () => {
  it('shows the not-found page for an unknown path', () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFound /> }], { initialEntries: ['/nowhere'] })
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/a')
  })

  it("shows 'Unexpected Application Error!' when a route fails", () => {
    // React Router logs the caught error; the test is about what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const Broken = () => {
      throw new Error('render failure')
    }
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouterError /> }])
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!')
  })
})
