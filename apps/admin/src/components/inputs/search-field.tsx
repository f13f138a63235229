import { useEffect, useEffectEvent, useState } from 'react'
import { InputField } from './input-field'

/** How long typing must pause before a list search is passed on, and so sent to the server. */
export const SEARCH_DEBOUNCE_MS = 300

interface SearchFieldProps {
  label: string
  placeholder?: string
  className?: string
  /** The search in force (from the URL or the screen's state). */
  value: string
  /** Called with the typed text once typing pauses for SEARCH_DEBOUNCE_MS. */
  onChange: (value: string) => void
}

/** A list's search box: shows each keystroke at once, passes the text on after a pause in typing. */
export function SearchField({ label, placeholder, className, value, onChange }: SearchFieldProps) {
  const [text, setText] = useState(value)
  // The search can change without typing (back, forward, a link); the box then follows it. The
  // search this box passed on comes back as the value later, maybe after more typing, which stays.
  const [outerValue, setOuterValue] = useState(value)
  const [passedOn, setPassedOn] = useState<string | null>(null)
  if (value !== outerValue) {
    setOuterValue(value)
    if (value !== passedOn) setText(value)
  }

  const passOn = useEffectEvent((search: string) => {
    setPassedOn(search)
    onChange(search)
  })
  useEffect(
    function passOnAfterPause() {
      if (text === value) return
      const timer = setTimeout(() => passOn(text), SEARCH_DEBOUNCE_MS)
      return () => clearTimeout(timer)
    },
    [text, value],
  )

  return (
    <InputField
      type="search"
      label={label}
      placeholder={placeholder}
      className={className}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  )
}
