import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ActionMenu } from './action-menu'
import { Modal } from './modals/modal'

function RowWithMenu() {
  const [editing, setEditing] = useState(false)
  return (
    <>
      <ActionMenu
        label="Actions for Linen shirt"
        items={[
          { label: 'Delete', onSelect: () => {}, danger: true },
          { label: 'Edit', onSelect: () => setEditing(true) },
        ]}
      />
      <Modal open={editing} onClose={() => setEditing(false)} title="Edit Linen shirt">
        <Modal.Content>Form</Modal.Content>
      </Modal>
    </>
  )
}

describe('ActionMenu', () => {
  it('lists destructive actions last', async () => {
    render(<RowWithMenu />)
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Linen shirt' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete'])
  })

  it('returns focus to its "…" button when the modal an item opened closes', async () => {
    const user = userEvent.setup()
    render(<RowWithMenu />)
    const trigger = screen.getByRole('button', { name: 'Actions for Linen shirt' })
    await user.click(trigger)
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }))
    expect(await screen.findByRole('dialog', { name: 'Edit Linen shirt' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  })
})
