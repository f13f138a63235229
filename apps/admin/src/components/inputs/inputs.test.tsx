import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { TOOLTIP_MAX_WIDTH_PX } from '../tooltip'
import { InputField } from './input-field'
import { NumberInput } from './number-input'

describe('InputField', () => {
  it('marks required fields with an asterisk', () => {
    render(<InputField label="Title" required />)
    expect(screen.getByText('*')).toBeInTheDocument()
    expect(screen.getByLabelText(/Title/)).toBeRequired()
  })

  it('shows no error state without errors', () => {
    render(<InputField label="Title" />)
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'false')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the error under the field with a red outline', () => {
    render(<InputField label="Title" errors={['Title is required']} />)
    const input = screen.getByLabelText('Title')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input.className).toContain('border-rose-500')
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required')
    expect(screen.queryByText(/\+\d+ error/)).not.toBeInTheDocument()
  })

  it("shows the first of several errors with a '+1 error' tooltip", async () => {
    render(<InputField label="Handle" errors={['Too short', 'Has spaces']} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Too short')
    expect(screen.queryByText('Has spaces')).not.toBeInTheDocument()
    await userEvent.hover(screen.getByRole('button', { name: '+1 error' }))
    const tooltip = await screen.findByRole('tooltip')
    expect(tooltip).toHaveTextContent('Has spaces')
    const content = document.querySelector('[data-radix-popper-content-wrapper] > div') as HTMLElement
    expect(content.style.maxWidth).toBe(`${TOOLTIP_MAX_WIDTH_PX}px`)
  })

  it("counts '+2 errors' in the plural", () => {
    render(<InputField label="Handle" errors={['Too short', 'Has spaces', 'Taken']} />)
    expect(screen.getByRole('button', { name: '+2 errors' })).toBeInTheDocument()
  })
})

function ControlledNumber() {
  const [value, setValue] = useState('2')
  return (
    <>
      <NumberInput label="Quantity" value={value} min={0} onChange={(event) => setValue(event.target.value)} />
      <output>{value}</output>
    </>
  )
}

function RegisteredNumber() {
  const form = useForm({ defaultValues: { stock: 5 } })
  return (
    <>
      <NumberInput label="Stock" {...form.register('stock', { valueAsNumber: true })} />
      <output>{String(useWatch({ control: form.control, name: 'stock' }))}</output>
    </>
  )
}

describe('NumberInput', () => {
  it('steps a controlled value up and down, within min', async () => {
    const user = userEvent.setup()
    render(<ControlledNumber />)
    await user.click(screen.getByRole('button', { name: 'Increase' }))
    expect(screen.getByRole('status')).toHaveTextContent('3')
    await user.click(screen.getByRole('button', { name: 'Decrease' }))
    await user.click(screen.getByRole('button', { name: 'Decrease' }))
    await user.click(screen.getByRole('button', { name: 'Decrease' }))
    await user.click(screen.getByRole('button', { name: 'Decrease' }))
    expect(screen.getByRole('status')).toHaveTextContent('0')
    expect(screen.getByLabelText('Quantity')).toHaveValue(0)
  })

  it('steps a react-hook-form registration', async () => {
    const user = userEvent.setup()
    render(<RegisteredNumber />)
    await user.click(screen.getByRole('button', { name: 'Increase' }))
    expect(screen.getByRole('status')).toHaveTextContent('6')
  })
})
