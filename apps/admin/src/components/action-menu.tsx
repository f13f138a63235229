import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useRef } from 'react'
import { returnFocusOnCloseTo } from './modals/modal'

export interface ActionMenuItem {
  label: string
  onSelect: () => void
  /** Destructive actions are shown in red, after the others. */
  danger?: boolean
  disabled?: boolean
}

interface ActionMenuProps {
  /** The trigger's accessible name, e.g. 'Actions for Linen shirt'. */
  label: string
  items: readonly ActionMenuItem[]
}

const ITEM =
  'flex cursor-pointer items-center rounded px-3 py-1.5 text-sm outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-gray-100'

/** A row's or section's "…" menu: its actions behind one button instead of spelled out on every row. */
export function ActionMenu({ label, items }: ActionMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  const ordered = [...items.filter((item) => !item.danger), ...items.filter((item) => item.danger)]
  if (ordered.length === 0) return null
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        aria-label={label}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-violet-500 focus-visible:outline-none"
      >
        <span aria-hidden className="text-lg leading-none">
          …
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg"
        >
          {ordered.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={() => {
                // A modal this item opens hands focus back to the "…" button when it closes.
                returnFocusOnCloseTo(triggerRef.current)
                item.onSelect()
              }}
              className={`${ITEM} ${item.danger ? 'text-rose-600' : ''}`}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
