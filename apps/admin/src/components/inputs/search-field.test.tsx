import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { SEARCH_DEBOUNCE_MS, SearchField } from './search-field'

/**
 * A screen whose search in force changes only when the test says so, as a router's navigation
 * may land well after the search was passed on (a transition on a busy machine).
 */
function Harness({ initial = '' }: { initial?: string }) {
  const [search, setSearch] = useState(initial)
  const [pending, setPending] = useState<string | null>(null)
  return (
    <>
      <SearchField label="Search" value={search} onChange={setPending} />
      <button type="button" onClick={() => pending !== null && setSearch(pending)}>
        apply
      </button>
      <button type="button" onClick={() => setSearch('hat')}>
        navigate
      </button>
      <output>{search}</output>
    </>
  )
}

const box = () => screen.getByRole('searchbox', { name: 'Search' })
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50)))

describe('SearchField', () => {
  it('keeps what was typed after a pause when the search passed on arrives late', async () => {
    const user = userEvent.setup()
    render(<Harness />)

    await user.type(box(), 'sh')
    await pause()
    await user.type(box(), 'i')
    await user.click(screen.getByRole('button', { name: 'apply' }))

    expect(screen.getByRole('status')).toHaveTextContent('sh')
    expect(box()).toHaveValue('shi')
    await user.type(box(), 'rt')
    await pause()
    await user.click(screen.getByRole('button', { name: 'apply' }))
    expect(screen.getByRole('status')).toHaveTextContent('shirt')
    expect(box()).toHaveValue('shirt')
  })

  it('follows a search changed without typing', async () => {
    const user = userEvent.setup()
    render(<Harness initial="cap" />)
    expect(box()).toHaveValue('cap')

    await user.click(screen.getByRole('button', { name: 'navigate' }))

    expect(box()).toHaveValue('hat')
  })
})
