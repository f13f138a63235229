import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, Link, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { UnsavedChangesBar } from './unsaved-changes-bar'

function EditPage() {
  const [saved, setSaved] = useState('Ada')
  const [name, setName] = useState('Ada')
  return (
    <>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <UnsavedChangesBar dirty={name !== saved} onSave={() => setSaved(name)} onDiscard={() => setName(saved)} />
    </>
  )
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage /> },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
    ],
    { initialEntries: ['/edit'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const bar = () => screen.queryByRole('region', { name: 'You have unsaved changes' })

describe('UnsavedChangesBar', () => {
  it('appears only while the form differs from what is saved', async () => {
    renderPage()
    expect(bar()).not.toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x')
    expect(bar()).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada')
    expect(bar()).not.toBeInTheDocument()
  })

  it('asks before leaving with unsaved changes; Cancel stays on the page', async () => {
    const router = renderPage()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x')
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog).toHaveTextContent('The changes on this page will be lost.')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/edit')
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Adax')
  })

  it('leaves when confirmed', async () => {
    const router = renderPage()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x')
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    await userEvent.click(screen.getByRole('button', { name: 'Leave page' }))
    expect(router.state.location.pathname).toBe('/elsewhere')
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument()
  })

  it('lets the page go once the changes are saved', async () => {
    const router = renderPage()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(router.state.location.pathname).toBe('/elsewhere')
  })
})
