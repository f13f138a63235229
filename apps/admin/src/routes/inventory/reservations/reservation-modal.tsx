import { useAdminCreateReservation, useAdminInventoryItems, useAdminStockLocations } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Combobox } from '../../../components/inputs/combobox'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'

interface ReservationValues {
  inventory_item_id: string | null
  location_id: string | null
  quantity: string
  description: string
}

const EMPTY: ReservationValues = { inventory_item_id: null, location_id: null, quantity: '1', description: '' }

/** Reserves units of an item at a location, outside of any order (a hold for a customer, a display…). */
export function ReservationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('inventory')
  const create = useAdminCreateReservation()
  const [itemSearch, setItemSearch] = useState('')
  const { inventory_items: items = [] } = useAdminInventoryItems(
    { limit: 20, ...(itemSearch ? { q: itemSearch } : {}) },
    { enabled: open, placeholderData: keepPreviousData },
  )
  const { stock_locations: locations = [] } = useAdminStockLocations({ limit: 50 }, { enabled: open })
  const form = useForm<ReservationValues>({ defaultValues: EMPTY })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(EMPTY)
  }, [open, form])
  const save = async (values: ReservationValues) => {
    await create.mutateAsync({
      inventory_item_id: values.inventory_item_id!,
      location_id: values.location_id!,
      quantity: Number(values.quantity),
      ...(values.description.trim() ? { description: values.description.trim() } : {}),
    })
    return t('reservations.created')
  }
  const chosen = (value: string | null) => Boolean(value) || t('reservations.required')
  return (
    <FormModal open={open} onClose={onClose} title={t('reservations.createTitle')} form={form} onSave={save}>
      <div className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="inventory_item_id"
          rules={{ validate: chosen }}
          render={({ field, fieldState }) => (
            <div>
              <Combobox
                label={t('items.item')}
                options={items.map((item) => ({ value: item.id, label: item.title || item.sku || item.id }))}
                value={field.value}
                onChange={field.onChange}
                onSearchChange={setItemSearch}
              />
              {fieldState.error && <p className="mt-1 text-xs text-rose-600">{fieldState.error.message}</p>}
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="location_id"
          rules={{ validate: chosen }}
          render={({ field, fieldState }) => (
            <div>
              <Combobox
                label={t('items.location')}
                options={locations.map((location) => ({ value: location.id, label: location.name ?? '' }))}
                value={field.value}
                onChange={field.onChange}
              />
              {fieldState.error && <p className="mt-1 text-xs text-rose-600">{fieldState.error.message}</p>}
            </div>
          )}
        />
        <InputField
          type="number"
          min={1}
          label={t('reservations.quantity')}
          required
          errors={fieldErrors(errors.quantity)}
          {...form.register('quantity', {
            validate: (value) =>
              (Number.isInteger(Number(value)) && Number(value) > 0) || t('reservations.quantityRule'),
          })}
        />
        <InputField label={t('reservations.description')} {...form.register('description')} />
      </div>
    </FormModal>
  )
}
