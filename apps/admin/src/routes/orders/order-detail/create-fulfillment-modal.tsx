import { useAdminCreateFulfillment, useAdminStockLocations, useAdminStore } from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { NumberInput } from '../../../components/inputs/number-input'
import { SelectField } from '../../../components/inputs/select-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'
import { isModuleRegistered, type StoreCapabilities } from '../../areas/store-capabilities'
import { fulfillmentItems, unfulfilledQuantity, type AdminOrderView } from '../components/order-model'

/**
 * A new fulfilment: how many of each line (all that is left, to start with) and, with the
 * inventory module on, the stock location the units leave from.
 */
export function CreateFulfillmentModal({
  open,
  order,
  onClose,
}: {
  open: boolean
  order: AdminOrderView
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const { t: tc } = useTranslation('common')
  const feedback = useFeedback()
  const create = useAdminCreateFulfillment(order.id)
  const { store } = useAdminStore()
  const withLocations = isModuleRegistered(store as StoreCapabilities | undefined, 'inventoryService')
  const { stock_locations: locations = [] } = useAdminStockLocations({ limit: 100 }, { enabled: withLocations && open })
  const lines = (order.items ?? []).filter((line) => unfulfilledQuantity(line) > 0)
  const [chosen, setChosen] = useState<Record<string, number>>({})
  const [locationId, setLocationId] = useState('')
  const [error, setError] = useState('')
  const quantityOf = (lineId: string, left: number) => chosen[lineId] ?? left
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const quantities = Object.fromEntries(
      lines.map((line) => [line.id, quantityOf(line.id, unfulfilledQuantity(line))]),
    )
    const items = fulfillmentItems(lines, quantities)
    if (!items) return setError(t('fulfillment.chooseItems'))
    const location = locationId || locations[0]?.id
    setError('')
    try {
      await create.mutateAsync({ items, ...(withLocations && location ? { location_id: location } : {}) })
      feedback.success(t('fulfillment.created'))
      setChosen({})
      onClose()
    } catch (failure) {
      feedback.failure(failure)
    }
  }
  return (
    <Modal open={open} onClose={onClose} title={t('fulfillment.createTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('fulfillment.createTitle')}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            {withLocations && (
              <SelectField
                label={t('fulfillment.location')}
                value={locationId || locations[0]?.id || ''}
                onChange={(event) => setLocationId(event.target.value)}
                options={locations.map((location) => ({ value: location.id, label: location.name ?? '' }))}
              />
            )}
            <ul className="flex flex-col gap-3">
              {lines.map((line) => {
                const left = unfulfilledQuantity(line)
                return (
                  <li key={line.id} className="flex flex-wrap items-end justify-between gap-2">
                    <span className="min-w-0 text-sm">
                      <bdi className="font-medium">{line.title}</bdi>
                      <span className="block text-xs text-gray-500">
                        {t('fulfillment.remaining', { quantity: left })}
                      </span>
                    </span>
                    <NumberInput
                      className="w-36"
                      label={t('fulfillment.quantityOf', { item: line.title })}
                      min={0}
                      max={left}
                      value={quantityOf(line.id, left)}
                      onChange={(event) => setChosen({ ...chosen, [line.id]: Number(event.target.value) })}
                    />
                  </li>
                )
              })}
            </ul>
            {error && (
              <p role="alert" className="text-sm text-rose-700">
                {error}
              </p>
            )}
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {t('fulfillment.create')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
