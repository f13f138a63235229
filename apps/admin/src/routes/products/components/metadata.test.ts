import { describe, expect, it } from 'vitest'
import { duplicateKeys, metadataPatch, metadataToRows } from './metadata'

describe('metadataPatch', () => {
  const stored = { origin: 'PT', care: 'hand wash', sizes: [1, 2] }

  it('sends nothing when nothing changed, even for non-text values', () => {
    expect(metadataPatch(stored, metadataToRows(stored))).toEqual({})
  })

  it('sends changed and new keys, and removed keys as empty text', () => {
    const rows = [
      { key: 'origin', value: 'ES' },
      { key: 'sizes', value: '[1,2]' },
      { key: 'colour', value: 'red' },
    ]
    expect(metadataPatch(stored, rows)).toEqual({ origin: 'ES', colour: 'red', care: '' })
  })

  it('ignores rows without a key and trims keys', () => {
    expect(
      metadataPatch({}, [
        { key: '  ', value: '' },
        { key: ' a ', value: '1' },
      ]),
    ).toEqual({ a: '1' })
  })
})

describe('duplicateKeys', () => {
  it('finds keys used twice', () => {
    expect([
      ...duplicateKeys([
        { key: 'a', value: '' },
        { key: 'b', value: '' },
        { key: 'a ', value: '' },
      ]),
    ]).toEqual(['a'])
  })
})
