import * as Popover from '@radix-ui/react-popover'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldLabel } from './field-label'

export interface ComboboxOption {
  value: string
  label: string
}

interface BaseProps {
  label: string
  options: readonly ComboboxOption[]
  placeholder?: string
  className?: string
  /** Called with the typed text, for options searched on the server; otherwise they are filtered here. */
  onSearchChange?: (search: string) => void
}

interface SingleProps extends BaseProps {
  multiple?: false
  value: string | null
  onChange: (value: string | null) => void
}

interface MultiProps extends BaseProps {
  multiple: true
  value: readonly string[]
  onChange: (value: string[]) => void
}

export type ComboboxProps = SingleProps | MultiProps

function matches(option: ComboboxOption, search: string): boolean {
  return option.label.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase())
}

/**
 * A select with a search box (countries, tags, collections, customer groups…): one value, or with
 * `multiple` several, shown as removable chips. Arrow keys move, Enter picks, Escape closes.
 */
export function Combobox(props: ComboboxProps) {
  const { label, options, placeholder, className = '', onSearchChange } = props
  const { t } = useTranslation('ui')
  const id = useId()
  const listId = `${id}-list`
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const [active, setActive] = useState(0)
  const searchRef = useRef<HTMLInputElement>(null)
  const selected = props.multiple ? props.value : props.value ? [props.value] : []
  const shown = onSearchChange ? options : options.filter((option) => matches(option, search))
  const labelOf = (value: string) => options.find((option) => option.value === value)?.label ?? value

  const pick = (value: string) => {
    if (props.multiple) {
      props.onChange(selected.includes(value) ? selected.filter((other) => other !== value) : [...selected, value])
    } else {
      props.onChange(value)
      setOpen(false)
    }
  }
  const changeSearch = (text: string) => {
    setSearch(text)
    setActive(0)
    onSearchChange?.(text)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((index) => Math.min(index + 1, shown.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => Math.max(index - 1, 0))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const option = shown[active]
      if (option) pick(option.value)
    }
  }
  const summary = props.multiple
    ? selected.length > 0
      ? t('select.selectedCount', { count: selected.length })
      : (placeholder ?? t('select.choose'))
    : selected[0]
      ? labelOf(selected[0])
      : (placeholder ?? t('select.choose'))

  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) changeSearch('')
        }}
      >
        <Popover.Trigger
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-haspopup="listbox"
          className="flex w-full items-center justify-between gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-start text-sm focus:border-violet-500 focus:outline-none"
        >
          <span className={`truncate ${selected.length === 0 ? 'text-gray-500' : ''}`}>
            <bdi>{summary}</bdi>
          </span>
          <span aria-hidden className="text-gray-400">
            ▾
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            onOpenAutoFocus={(event) => {
              event.preventDefault()
              searchRef.current?.focus()
            }}
            className="z-50 w-[var(--radix-popover-trigger-width)] min-w-56 rounded-md border border-gray-200 bg-white p-2 text-gray-900 shadow-lg"
          >
            <input
              ref={searchRef}
              type="search"
              role="searchbox"
              aria-label={t('select.search', { label })}
              aria-controls={listId}
              aria-activedescendant={shown[active] ? `${id}-option-${active}` : undefined}
              value={search}
              onChange={(event) => changeSearch(event.target.value)}
              onKeyDown={onKeyDown}
              className="mb-2 w-full rounded-md border border-gray-200 bg-gray-50 px-2 py-1.5 text-sm outline-none focus:border-violet-500"
            />
            <ul
              id={listId}
              role="listbox"
              aria-label={label}
              aria-multiselectable={props.multiple || undefined}
              className="max-h-60 overflow-y-auto"
            >
              {shown.length === 0 && <li className="px-2 py-1.5 text-sm text-gray-500">{t('select.noOptions')}</li>}
              {shown.map((option, index) => {
                const isSelected = selected.includes(option.value)
                return (
                  <li
                    key={option.value}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={isSelected}
                    onMouseEnter={() => setActive(index)}
                    onClick={() => pick(option.value)}
                    className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm ${index === active ? 'bg-gray-100' : ''}`}
                  >
                    <span aria-hidden className="w-4 text-violet-600">
                      {isSelected ? '✓' : ''}
                    </span>
                    <bdi>{option.label}</bdi>
                  </li>
                )
              })}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {props.multiple && selected.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label={label}>
          {selected.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-0.5 ps-2 pe-1 text-xs"
            >
              <bdi>{labelOf(value)}</bdi>
              <button
                type="button"
                aria-label={t('select.remove', { item: labelOf(value) })}
                onClick={() => pick(value)}
                className="inline-flex h-4 w-4 items-center justify-center rounded-full hover:bg-gray-200"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
