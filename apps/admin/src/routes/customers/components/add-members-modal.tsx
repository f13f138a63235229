import { useAdminAddCustomersToCustomerGroup, useAdminCustomers } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { SearchField } from '../../../components/inputs/search-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'
import { customerName } from './customer-name'

const PAGE = 20

/** Picks customers by search and adds them to the group in one batch call. */
export function AddMembersModal({ groupId, open, onClose }: { groupId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common'])
  const feedback = useFeedback()
  const [q, setQ] = useState('')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const { customers = [], isLoading } = useAdminCustomers(
    { limit: PAGE, ...(q ? { q } : {}) },
    { enabled: open, placeholderData: keepPreviousData },
  )
  const add = useAdminAddCustomersToCustomerGroup(groupId)
  const close = () => {
    setChosen(new Set())
    setQ('')
    onClose()
  }
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const save = async () => {
    try {
      await add.mutateAsync({ customer_ids: [...chosen].map((id) => ({ id })) })
      feedback.success(t('members.added', { count: chosen.size }))
      close()
    } catch (error) {
      feedback.failure(error)
    }
  }
  return (
    <Modal open={open} onClose={close} title={t('members.addTitle')}>
      <Modal.Content>
        <SearchField label={t('list.search')} value={q} onChange={setQ} className="mb-3" />
        <fieldset aria-busy={isLoading || undefined}>
          <legend className="sr-only">{t('members.addTitle')}</legend>
          <ul className="flex flex-col divide-y divide-gray-100">
            {customers.map((customer) => (
              <li key={customer.id}>
                <label className="flex cursor-pointer items-center gap-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-violet-600"
                    checked={chosen.has(customer.id)}
                    onChange={() => toggle(customer.id)}
                  />
                  <span className="min-w-0">
                    <bdi className="block font-medium">{customerName(customer)}</bdi>
                    <bdi dir="ltr" className="block text-gray-600">
                      {customer.email}
                    </bdi>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={close}>{t('common:actions.cancel')}</Button>
        <Button variant="primary" disabled={chosen.size === 0} loading={add.isPending} onClick={() => void save()}>
          {t('members.addCount', { count: chosen.size })}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
