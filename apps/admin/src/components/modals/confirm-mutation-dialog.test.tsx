import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithToaster } from '../../testing/render'
import { ConfirmMutationDialog, type ConfirmableMutation } from './confirm-mutation-dialog'

afterEach(() => {
  act(() => toast.remove())
})

/** A write that takes a moment and then succeeds or fails, counting its runs. */
function write(outcome: 'succeeds' | 'fails') {
  const runs: number[] = []
  const mutation: ConfirmableMutation = {
    isPending: false,
    mutateAsync: async () => {
      runs.push(Date.now())
      await new Promise((resolve) => setTimeout(resolve, 5))
      // A failed call carries the server's wire envelope, as the client's errors do.
      if (outcome === 'fails')
        throw { response: { status: 400, data: { type: 'not_allowed', message: 'Region is used by 3 carts' } } }
    },
  }
  return { mutation, runs }
}

function Harness({ mutation, onSuccess }: { mutation: ConfirmableMutation; onSuccess?: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <p>{open ? 'asking' : 'closed'}</p>
      <ConfirmMutationDialog
        open={open}
        title="Delete region?"
        message="Europe will be deleted."
        confirmLabel="Delete"
        mutation={mutation}
        successMessage="Europe was deleted"
        onSuccess={onSuccess}
        onClose={() => setOpen(false)}
      />
    </>
  )
}

describe('ConfirmMutationDialog', () => {
  it('runs nothing until confirmed, and nothing on Cancel', async () => {
    const user = userEvent.setup()
    const { mutation, runs } = write('succeeds')
    renderWithToaster(<Harness mutation={mutation} />)
    expect(screen.getByRole('dialog', { name: 'Delete region?' })).toHaveTextContent('Europe will be deleted.')

    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(screen.getByText('closed')).toBeInTheDocument()
    expect(runs).toHaveLength(0)
  })

  it('runs the write on confirm, shows the success toast and closes', async () => {
    const user = userEvent.setup()
    const { mutation, runs } = write('succeeds')
    const successes: string[] = []
    renderWithToaster(<Harness mutation={mutation} onSuccess={() => successes.push('left the page')} />)

    await user.click(screen.getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Europe was deleted')).toBeInTheDocument()
    expect(screen.getByText('Success')).toBeInTheDocument()
    expect(runs).toHaveLength(1)
    expect(successes).toEqual(['left the page'])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("shows the server's message when the write fails, and closes", async () => {
    const user = userEvent.setup()
    const { mutation } = write('fails')
    const successes: string[] = []
    renderWithToaster(<Harness mutation={mutation} onSuccess={() => successes.push('left the page')} />)

    await user.click(screen.getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Region is used by 3 carts')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(successes).toEqual([])
    expect(screen.getByText('closed')).toBeInTheDocument()
  })

  it('shows the confirm button as busy while the write is pending', () => {
    renderWithToaster(<Harness mutation={{ isPending: true, mutateAsync: async () => {} }} />)
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('aria-busy', 'true')
  })
})
