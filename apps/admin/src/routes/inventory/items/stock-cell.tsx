import { useAdminCreateLocationLevel, useAdminUpdateLocationLevel } from '@emporium/react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useFeedback } from '../../../components/use-feedback'

interface StockCellProps {
  itemId: string
  itemLabel: string
  locationId: string
  locationName: string
  /** The stocked quantity at this location; undefined while the item has no level there. */
  stocked: number | undefined
  available: number | undefined
}

/**
 * The stocked quantity of one item at one location, edited in place: Enter or leaving the field
 * saves, Escape restores. Typing a quantity where the item has no stock yet creates the level.
 */
export function StockCell({ itemId, itemLabel, locationId, locationName, stocked, available }: StockCellProps) {
  const { t } = useTranslation('inventory')
  const feedback = useFeedback()
  const update = useAdminUpdateLocationLevel(itemId)
  const create = useAdminCreateLocationLevel(itemId)
  const shown = stocked === undefined ? '' : String(stocked)
  const [text, setText] = useState(shown)
  const [lastShown, setLastShown] = useState(shown)
  // A refetched quantity replaces the field's text.
  if (shown !== lastShown) {
    setLastShown(shown)
    setText(shown)
  }
  const quantity = Number(text)
  const valid = text.trim() !== '' && Number.isInteger(quantity) && quantity >= 0
  const busy = update.isPending || create.isPending

  // Enter saves and the field may then lose focus: one write per typed value, not two.
  const saving = useRef<string | null>(null)
  const commit = async () => {
    if (text === shown || saving.current === text) return
    if (!valid) {
      setText(shown)
      return
    }
    saving.current = text
    try {
      if (stocked === undefined) await create.mutateAsync({ location_id: locationId, stocked_quantity: quantity })
      else await update.mutateAsync({ stockLocationId: locationId, stocked_quantity: quantity })
      feedback.success(t('items.stockSaved', { item: itemLabel, location: locationName }))
    } catch (error) {
      setText(shown)
      feedback.failure(error)
    } finally {
      saving.current = null
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      void commit()
    } else if (event.key === 'Escape') {
      setText(shown)
    }
  }
  return (
    <div className="flex flex-col items-end gap-0.5">
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        dir="ltr"
        aria-label={t('items.stockAt', { item: itemLabel, location: locationName })}
        placeholder="—"
        value={text}
        readOnly={busy}
        aria-busy={busy || undefined}
        aria-invalid={text.trim() !== '' && !valid}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
        className="w-20 rounded-md border border-gray-200 bg-gray-50 px-2 py-1 text-end text-sm outline-none focus:border-violet-500 focus:bg-white read-only:opacity-60"
      />
      {available !== undefined && (
        <span className="text-xs text-gray-600">{t('items.availableCount', { count: available })}</span>
      )}
    </div>
  )
}
