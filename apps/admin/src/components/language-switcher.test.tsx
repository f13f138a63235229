import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../i18n/languages'
import { LanguageSwitcher } from './language-switcher'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('LanguageSwitcher', () => {
  it('offers the 21 languages, each in its own name', () => {
    render(<LanguageSwitcher />)
    const options = screen.getAllByRole('option')
    expect(options).toHaveLength(21)
    expect(options.map((option) => option.getAttribute('value'))).toEqual(LANGUAGES.map((language) => language.code))
    expect(screen.getByRole('option', { name: 'Deutsch' })).toBeInTheDocument()
  })

  it('switches the interface language, Tamil under ta', async () => {
    const user = userEvent.setup()
    render(<LanguageSwitcher />)
    await user.selectOptions(screen.getByLabelText('Language'), 'Deutsch')
    expect(i18next.language).toBe('de')
    await user.selectOptions(screen.getByLabelText('Language'), 'தமிழ்')
    expect(i18next.language).toBe('ta')
    expect(screen.getByLabelText('Language')).toHaveValue('ta')
  })
})
