import { describe, expect, it } from 'vitest'
import { errorMessage } from './error-message'

const FALLBACK = 'Something went wrong, Please try again.'

describe('errorMessage', () => {
  it('reads the message of the response data', () => {
    expect(errorMessage({ response: { data: { message: 'Email is taken' } } }, FALLBACK)).toBe('Email is taken')
  })

  it('reads the first message when the data holds a list of errors', () => {
    const error = { response: { data: { message: [{ message: 'First' }, { message: 'Second' }] } } }
    expect(errorMessage(error, FALLBACK)).toBe('First')
  })

  it('falls back when there is no message', () => {
    expect(errorMessage(new Error('socket hang up'), FALLBACK)).toBe(FALLBACK)
    expect(errorMessage({ response: { data: {} } }, FALLBACK)).toBe(FALLBACK)
    expect(errorMessage({ response: { data: { message: [] } } }, FALLBACK)).toBe(FALLBACK)
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK)
  })
})
