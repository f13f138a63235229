import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/button'
import { CheckboxField } from '../../../../components/inputs/checkbox-field'

interface ChecklistItem {
  id: string
  label: string
}

interface IdChecklistProps {
  /** The list's accessible name. */
  label: string
  items: readonly ChecklistItem[]
  selected: readonly string[]
  onSave: (ids: string[]) => Promise<unknown>
  saving?: boolean
  emptyMessage: string
}

/** Checkboxes over a set of records (sales channels, categories) saved as one list of ids. */
export function IdChecklist({ label, items, selected, onSave, saving, emptyMessage }: IdChecklistProps) {
  const { t } = useTranslation('products')
  // Untouched, the boxes follow the stored ids; once the user ticks one, their edit is kept until saved.
  const [edited, setEdited] = useState<ReadonlySet<string> | null>(null)
  const checked = edited ?? new Set(selected)
  const changed = [...checked].sort().join(',') !== [...selected].sort().join(',')

  if (items.length === 0) return <p className="text-sm text-gray-500">{emptyMessage}</p>
  return (
    <form
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault()
        void onSave([...checked]).then(() => setEdited(null))
      }}
    >
      <div role="group" aria-label={label} className="flex flex-col gap-2">
        {items.map((item) => (
          <CheckboxField
            key={item.id}
            label={item.label}
            checked={checked.has(item.id)}
            onChange={(event) => {
              const next = new Set(checked)
              if (event.target.checked) next.add(item.id)
              else next.delete(item.id)
              setEdited(next)
            }}
          />
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" variant="primary" loading={saving} disabled={!changed}>
          {t('actions.save')}
        </Button>
      </div>
    </form>
  )
}
