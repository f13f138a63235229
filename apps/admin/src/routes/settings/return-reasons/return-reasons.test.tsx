import { adminReturnReasonKeys } from '@emporium/react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { ReturnReasons } from './return-reasons'

const reason = (id: string, label: string, parent: string | null = null) => ({
  id,
  value: label.toLowerCase().replace(/\W+/g, '_'),
  label,
  description: null,
  parent_return_reason_id: parent,
})

function renderScreen() {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminReturnReasonKeys.list(undefined), {
    return_reasons: [
      { ...reason('rr_fit', 'Wrong fit'), return_reason_children: [reason('rr_small', 'Too small', 'rr_fit')] },
      { ...reason('rr_damaged', 'Damaged'), return_reason_children: [] },
    ],
  })
  render(
    <Providers>
      <MemoryRouter>
        <ReturnReasons />
      </MemoryRouter>
    </Providers>,
  )
}

describe('the return reasons screen', () => {
  it('lists each reason followed by its sub-reasons, which say whose they are', () => {
    renderScreen()
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Wrong fit',
      'Sub-reason of Wrong fit: Too small',
      'Damaged',
    ])
  })

  it('offers a sub-reason only on top-level reasons (one level of nesting)', async () => {
    renderScreen()
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Wrong fit' }))
    expect(screen.getByRole('menuitem', { name: 'Add a sub-reason to Wrong fit' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Too small' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit Too small',
      'Delete Too small',
    ])
  })

  it('opens the form for a sub-reason under its parent', async () => {
    renderScreen()
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Damaged' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add a sub-reason to Damaged' }))
    const dialog = screen.getByRole('dialog', { name: 'New sub-reason of Damaged' })
    expect(within(dialog).getByRole('textbox', { name: /^Value/ })).toHaveValue('')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Enter a value')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a label')).toBeInTheDocument()
  })
})
