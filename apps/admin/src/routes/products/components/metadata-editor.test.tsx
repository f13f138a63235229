import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MetadataEditor } from './metadata-editor'

const stored = { origin: 'PT', care: 'hand wash' }

// Typing is slow on a busy machine: a generous timeout keeps one test's keystrokes out of the next.
describe('MetadataEditor', { timeout: 20_000 }, () => {
  it('lists the stored keys and values', () => {
    render(<MetadataEditor metadata={stored} onSave={async () => {}} />)
    expect(screen.getByLabelText('Key 1')).toHaveValue('origin')
    expect(screen.getByLabelText('Value 1')).toHaveValue('PT')
    expect(screen.getByLabelText('Key 2')).toHaveValue('care')
    expect(screen.getByRole('button', { name: 'Save metadata' })).toBeDisabled()
  })

  it('saves an edit, an added row and a removed row as one patch', async () => {
    const user = userEvent.setup({ delay: null })
    const onSave = vi.fn(async () => {})
    render(<MetadataEditor metadata={stored} onSave={onSave} />)
    await user.clear(screen.getByLabelText('Value 1'))
    await user.type(screen.getByLabelText('Value 1'), 'ES')
    await user.click(screen.getByRole('button', { name: 'Remove metadata row 2' }))
    await user.click(screen.getByRole('button', { name: 'Add metadata' }))
    await user.type(screen.getByLabelText('Key 2'), 'colour')
    await user.type(screen.getByLabelText('Value 2'), 'red')
    await user.click(screen.getByRole('button', { name: 'Save metadata' }))
    expect(onSave).toHaveBeenCalledWith({ origin: 'ES', colour: 'red', care: '' })
  })

  it('refuses a key used twice and a value without a key', async () => {
    const user = userEvent.setup({ delay: null })
    const onSave = vi.fn(async () => {})
    render(<MetadataEditor metadata={stored} onSave={onSave} />)
    await user.click(screen.getByRole('button', { name: 'Add metadata' }))
    await user.type(screen.getByLabelText('Key 3'), 'origin')
    await user.click(screen.getByRole('button', { name: 'Save metadata' }))
    expect(await screen.findAllByText('This key is used twice')).toHaveLength(2)
    expect(onSave).not.toHaveBeenCalled()

    await user.clear(screen.getByLabelText('Key 3'))
    await user.type(screen.getByLabelText('Value 3'), 'orphan')
    await user.click(screen.getByRole('button', { name: 'Save metadata' }))
    expect(await screen.findByText('A key is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Key 3')).toHaveAttribute('aria-invalid', 'true')
    expect(onSave).not.toHaveBeenCalled()
  })
})
