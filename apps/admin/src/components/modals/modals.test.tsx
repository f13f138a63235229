import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { FocusModal } from './focus-modal'
import { LayeredModal } from './layered-modal'
import { LayeredModalProvider, useLayeredModal } from './layered-modal-context'
import { Modal } from './modal'
import { StepsModal } from './steps-modal'
import { StepsProvider, useSteps } from './steps-modal-context'

describe('Modal', () => {
  it('shows header, content and footer and caps its height at the window height minus 64', () => {
    window.innerHeight = 800
    render(
      <Modal open onClose={() => {}} title="Edit region">
        <Modal.Content>Body</Modal.Content>
        <Modal.Footer>Footer</Modal.Footer>
      </Modal>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Edit region' })
    expect(dialog).toHaveTextContent('Body')
    expect(dialog).toHaveTextContent('Footer')
    expect(dialog.style.maxHeight).toBe('736px')
  })

  it('follows window resizes', () => {
    window.innerHeight = 800
    render(
      <Modal open onClose={() => {}} title="Edit">
        <Modal.Content>Body</Modal.Content>
      </Modal>,
    )
    act(() => {
      window.innerHeight = 500
      window.dispatchEvent(new Event('resize'))
    })
    expect(screen.getByRole('dialog').style.maxHeight).toBe('436px')
  })

  it('closes from its close button', async () => {
    const onClose = vi.fn()
    render(
      <Modal open onClose={onClose} title="Edit">
        <Modal.Content>Body</Modal.Content>
      </Modal>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})

describe('FocusModal', () => {
  it('offers Cancel and Save changes', async () => {
    const onCancel = vi.fn()
    const onSave = vi.fn()
    render(
      <FocusModal open title="Edit product" onCancel={onCancel} onSave={onSave}>
        Form
      </FocusModal>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onSave).toHaveBeenCalledOnce()
    expect(onCancel).toHaveBeenCalledOnce()
  })

  it('disables Save changes when asked', () => {
    render(
      <FocusModal open title="Edit product" onCancel={() => {}} onSave={() => {}} saveDisabled>
        Form
      </FocusModal>,
    )
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled()
  })
})

function PushScreen({ name }: { name: string }) {
  const { push } = useLayeredModal()
  return (
    <button type="button" onClick={() => push({ title: `${name} title`, view: <p>{name} view</p> })}>
      open {name}
    </button>
  )
}

function LayeredHarness() {
  const [open, setOpen] = useState(true)
  return (
    <LayeredModalProvider>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <LayeredModal open={open} onClose={() => setOpen(false)} title="Base title">
        <p>Base view</p>
        <PushScreen name="First" />
      </LayeredModal>
      <PushScreen name="Second" />
    </LayeredModalProvider>
  )
}

describe('LayeredModal', () => {
  it('stacks screens with a back button and title, pops them, and resets when closed', async () => {
    const user = userEvent.setup()
    render(<LayeredHarness />)
    expect(screen.getByRole('dialog', { name: 'Base title' })).toHaveTextContent('Base view')

    await user.click(screen.getByRole('button', { name: 'open First' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('First title')
    expect(dialog).toHaveTextContent('First view')
    expect(dialog).not.toHaveTextContent('Base view')

    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('Base view')

    await user.click(screen.getByRole('button', { name: 'open First' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'reopen' }))
    expect(screen.getByRole('dialog', { name: 'Base title' })).toHaveTextContent('Base view')
  })
})

function ReadyToggle() {
  const { disableNextStep, enableNextStep } = useSteps()
  return (
    <>
      <button type="button" onClick={disableNextStep}>
        not ready
      </button>
      <button type="button" onClick={enableNextStep}>
        ready
      </button>
    </>
  )
}

function StepsHarness({ onSubmit }: { onSubmit: () => void }) {
  const [open, setOpen] = useState(true)
  const steps = [<ReadyToggle key="1" />, <p key="2">Second step</p>, <p key="3">Last step</p>]
  return (
    <StepsProvider stepCount={steps.length}>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <StepsModal open={open} onClose={() => setOpen(false)} title="Import" steps={steps} onSubmit={onSubmit} />
    </StepsProvider>
  )
}

describe('StepsModal', () => {
  it('walks the steps, blocks Next while not ready, submits on the last and resets on close', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<StepsHarness onSubmit={onSubmit} />)
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'not ready' }))
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'ready' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onSubmit).toHaveBeenCalledOnce()

    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'reopen' }))
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument()
  })

  it('reset re-enables Next', async () => {
    const user = userEvent.setup()
    render(<StepsHarness onSubmit={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'not ready' }))
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'reopen' }))
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })
})
