import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { MoneyInput } from './money-input'

function Priced({ currency, initial = null }: { currency: string; initial?: number | null }) {
  const [amount, setAmount] = useState<number | null>(initial)
  return (
    <>
      <MoneyInput
        label="Price"
        currencyCode={currency}
        value={amount}
        onChange={setAmount}
        invalidMessage={`Enter an amount in ${currency.toUpperCase()}`}
      />
      <output aria-label="minor units">{amount === null ? 'none' : String(amount)}</output>
      <button type="button" onClick={() => setAmount(999)}>
        Reset
      </button>
    </>
  )
}

const minorUnits = () => screen.getByRole('status', { name: 'minor units' }).textContent

describe('MoneyInput', () => {
  it('passes USD on in cents', async () => {
    render(<Priced currency="usd" />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Price' }), '12.5')
    expect(minorUnits()).toBe('1250')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows cents as a decimal amount', () => {
    render(<Priced currency="usd" initial={1999} />)
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue('19.99')
  })

  it('passes JPY on as it is typed, yen having no minor unit', async () => {
    render(<Priced currency="jpy" />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Price' }), '1500')
    expect(minorUnits()).toBe('1500')
  })

  it('refuses a decimal point for JPY', async () => {
    render(<Priced currency="jpy" />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Price' }), '15.5')
    expect(minorUnits()).toBe('none')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount in JPY')
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveAttribute('aria-invalid', 'true')
  })

  it('passes KRW on as it is typed and shows it without decimals', async () => {
    render(<Priced currency="krw" initial={25000} />)
    const input = screen.getByRole('textbox', { name: 'Price' })
    expect(input).toHaveValue('25000')
    await userEvent.clear(input)
    await userEvent.type(input, '30000')
    expect(minorUnits()).toBe('30000')
  })

  it('refuses more than two decimals for USD', async () => {
    render(<Priced currency="usd" />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Price' }), '1.999')
    expect(minorUnits()).toBe('none')
    expect(screen.getByRole('alert')).toBeInTheDocument()
  })

  it('follows a value set from outside', async () => {
    render(<Priced currency="usd" initial={100} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveValue('9.99')
  })
})
