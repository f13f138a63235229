import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FormProvider, useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { priceColumns } from './price-columns'
import { emptyVariant, pricesToPayload, type VariantFormValues } from './variant-form'
import { VariantFields } from './variant-fields'

const columns = priceColumns(
  [{ code: 'eur' }, { code: 'jpy' }],
  [{ id: 'reg_eu', name: 'Europe', currency_code: 'eur' }],
)

function Harness({
  onSubmit,
}: {
  onSubmit: (prices: ReturnType<typeof pricesToPayload>, values: VariantFormValues) => void
}) {
  const form = useForm<{ variant: VariantFormValues }>({ defaultValues: { variant: emptyVariant(1, columns.length) } })
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ variant }) => onSubmit(pricesToPayload(variant.prices, columns), variant))}
      >
        <VariantFields name="variant" optionTitles={['Size']} columns={columns} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  )
}

// Typing is slow on a busy machine: a generous timeout keeps one test's keystrokes out of the next.
describe('VariantFields', { timeout: 20_000 }, () => {
  it('labels a price input per currency and per region', () => {
    render(<Harness onSubmit={() => {}} />)
    expect(screen.getByLabelText('Price (EUR)')).toBeInTheDocument()
    expect(screen.getByLabelText('Price (JPY)')).toBeInTheDocument()
    expect(screen.getByLabelText('Price in Europe (EUR)')).toBeInTheDocument()
    expect(screen.getByLabelText(/Size value/)).toBeInTheDocument()
  })

  it('shows the errors under their fields and does not submit', async () => {
    const user = userEvent.setup({ delay: null })
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Price (EUR)'), '12.345')
    await user.type(screen.getByLabelText('Price (JPY)'), '10.5')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Enter a valid amount in EUR')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid amount in JPY')).toBeInTheDocument()
    expect(screen.getByLabelText('Price (EUR)')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/Variant title/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Variant title is required')).toBeInTheDocument()
    expect(screen.getByText('A value is required')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('submits prices in minor units, leaving empty columns out', async () => {
    const user = userEvent.setup({ delay: null })
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText(/Variant title/), 'Small')
    await user.type(screen.getByLabelText(/Size value/), 'S')
    await user.type(screen.getByLabelText('Price (EUR)'), '12.5')
    await user.type(screen.getByLabelText('Price (JPY)'), '1000')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(onSubmit).toHaveBeenCalledTimes(1)
    const [prices, values] = onSubmit.mock.calls[0]
    expect(prices).toEqual([
      { currency_code: 'eur', amount: 1250 },
      { currency_code: 'jpy', amount: 1000 },
    ])
    expect(values).toMatchObject({ title: 'Small', options: [{ value: 'S' }] })
  })
})
