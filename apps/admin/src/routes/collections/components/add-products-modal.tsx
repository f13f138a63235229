import { useAdminAddProductsToCollection, useAdminProducts } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { Modal } from '../../../components/modals/modal'
import { CheckboxField } from '../../../components/inputs/checkbox-field'
import { QueryState } from '../../../components/query-state'
import { useFeedback } from '../../../components/use-feedback'

interface AddProductsModalProps {
  collectionId: string
  open: boolean
  onClose: () => void
}

/** Search products and add the checked ones to the collection. */
export function AddProductsModal({ collectionId, open, onClose }: AddProductsModalProps) {
  const { t } = useTranslation('collections')
  const feedback = useFeedback()
  const [q, setQ] = useState('')
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  const add = useAdminAddProductsToCollection(collectionId)
  const { products = [], isLoading, error } = useAdminProducts({ limit: 50, ...(q ? { q } : {}) }, { enabled: open })
  const candidates = products.filter((product) => product.collection_id !== collectionId)

  const close = () => {
    setChecked(new Set())
    setQ('')
    onClose()
  }

  const save = async () => {
    try {
      await add.mutateAsync({ product_ids: [...checked] })
      feedback.success(t('products.added', { count: checked.size }))
      close()
    } catch (failure) {
      feedback.failure(failure)
    }
  }

  return (
    <Modal open={open} onClose={close} title={t('products.addTitle')}>
      <Modal.Content>
        <InputField
          type="search"
          label={t('products.search')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <div role="group" aria-label={t('products.candidates')} className="mt-4 flex flex-col gap-2">
          <QueryState
            isLoading={isLoading}
            error={error}
            isEmpty={candidates.length === 0}
            emptyMessage={t('products.noCandidates')}
          >
            {candidates.map((product) => (
              <CheckboxField
                key={product.id}
                label={product.title ?? ''}
                checked={checked.has(product.id)}
                onChange={(event) =>
                  setChecked((current) => {
                    const next = new Set(current)
                    if (event.target.checked) next.add(product.id)
                    else next.delete(product.id)
                    return next
                  })
                }
              />
            ))}
          </QueryState>
        </div>
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={close}>{t('actions.cancel')}</Button>
        <Button variant="primary" disabled={checked.size === 0} loading={add.isPending} onClick={() => void save()}>
          {t('products.addSelected', { count: checked.size })}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
