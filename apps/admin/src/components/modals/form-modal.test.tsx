import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it } from 'vitest'
import { fieldErrors } from '../inputs/field-errors'
import { InputField } from '../inputs/input-field'
import { renderWithToaster } from '../../testing/render'
import { FormModal } from './form-modal'

afterEach(() => {
  act(() => toast.remove())
})

interface Values {
  name: string
}

/** A region-like form whose save resolves or rejects as the server would. */
function Harness({ save }: { save: (values: Values) => Promise<string> }) {
  const [open, setOpen] = useState(true)
  const form = useForm<Values>({ defaultValues: { name: '' } })
  return (
    <>
      <p>{open ? 'editing' : 'closed'}</p>
      <FormModal open={open} onClose={() => setOpen(false)} title="Create region" form={form} onSave={save}>
        <InputField
          label="Name"
          required
          errors={fieldErrors(form.formState.errors.name)}
          {...form.register('name', { validate: (value) => value.trim() !== '' || 'Name is required' })}
        />
      </FormModal>
    </>
  )
}

/** A save that succeeds like the server would, keeping what it was given. */
function recordingSave() {
  const saved: Values[] = []
  const save = async (values: Values) => {
    saved.push(values)
    return `Region ${values.name} was created`
  }
  return { saved, save }
}

const saveButton = () => screen.getByRole('button', { name: 'Save' })

describe('FormModal', () => {
  it('is a dialog holding a form named by its title, with Cancel and Save', async () => {
    const user = userEvent.setup()
    renderWithToaster(<Harness save={async () => 'saved'} />)
    expect(screen.getByRole('dialog', { name: 'Create region' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Create region' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(screen.getByText('closed')).toBeInTheDocument()
  })

  it('does not save invalid values and shows the field error', async () => {
    const user = userEvent.setup()
    const { saved, save } = recordingSave()
    renderWithToaster(<Harness save={save} />)

    await user.click(saveButton())

    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(saved).toEqual([])
  })

  it('saves, shows the success text and closes', async () => {
    const user = userEvent.setup()
    const { saved, save } = recordingSave()
    renderWithToaster(<Harness save={save} />)

    await user.type(screen.getByLabelText(/Name/), 'Europe')
    await user.click(saveButton())

    expect(await screen.findByText('Region Europe was created')).toBeInTheDocument()
    expect(saved).toEqual([{ name: 'Europe' }])
    expect(screen.getByText('closed')).toBeInTheDocument()
  })

  it("keeps the modal open with the server's message when saving fails, busy only while saving", async () => {
    const user = userEvent.setup()
    let reject: (error: unknown) => void = () => {}
    renderWithToaster(<Harness save={() => new Promise((_, fail) => (reject = fail))} />)

    await user.type(screen.getByLabelText(/Name/), 'Europe')
    await user.click(saveButton())
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'))
    // A failed call carries the server's wire envelope, as the client's errors do.
    act(() =>
      reject({
        response: { status: 400, data: { type: 'invalid_data', message: 'Currency xyz is not in the store' } },
      }),
    )

    expect(await screen.findByText('Currency xyz is not in the store')).toBeInTheDocument()
    expect(screen.getByText('editing')).toBeInTheDocument()
    await waitFor(() => expect(saveButton()).not.toHaveAttribute('aria-busy'))
  })
})
