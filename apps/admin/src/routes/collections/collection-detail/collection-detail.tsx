import {
  useAdminCollection,
  useAdminDeleteCollection,
  useAdminProducts,
  useAdminRemoveProductsFromCollection,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { Button } from '../../../components/button'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { Cell, Table } from '../../../components/table'
import { useFeedback } from '../../../components/use-feedback'
import { AddProductsModal } from '../components/add-products-modal'
import { CollectionModal } from '../components/collection-modal'

/** One collection: edit, delete, and its products with add and remove. */
export function CollectionDetail() {
  const { t } = useTranslation('collections')
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const feedback = useFeedback()
  const { collection, isLoading, error, refetch } = useAdminCollection(id)
  const products = useAdminProducts({ collection_id: [id], limit: 100 })
  const remove = useAdminDeleteCollection(id)
  const removeProducts = useAdminRemoveProductsFromCollection(id)
  const [editing, setEditing] = useState(false)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState(false)

  const removeProduct = async (productId: string) => {
    try {
      await removeProducts.mutateAsync({ product_ids: [productId] })
      await products.refetch()
      feedback.success(t('products.removed'))
    } catch (failure) {
      feedback.failure(failure)
    }
  }

  return (
    <section>
      <Link to="/a/collections" className="mb-4 inline-block text-sm text-gray-500 hover:text-gray-900">
        ← {t('detail.back')}
      </Link>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {collection && (
          <>
            <PageHeader
              title={collection.title ?? ''}
              description={`/${collection.handle ?? ''}`}
              actions={
                <>
                  <Button onClick={() => setEditing(true)}>{t('actions.edit')}</Button>
                  <Button variant="danger" onClick={() => setDeleting(true)}>
                    {t('actions.delete')}
                  </Button>
                </>
              }
            />
            <Section
              title={t('products.title')}
              actions={<Button onClick={() => setAdding(true)}>{t('products.add')}</Button>}
            >
              <QueryState
                isLoading={products.isLoading}
                error={products.error}
                isEmpty={(products.products ?? []).length === 0}
                emptyMessage={t('products.empty')}
              >
                <Table
                  caption={t('products.title')}
                  headers={[
                    t('products.columns.title'),
                    <span key="actions" className="sr-only">
                      {t('products.columns.actions')}
                    </span>,
                  ]}
                >
                  {(products.products ?? []).map((product) => (
                    <tr key={product.id}>
                      <Cell>
                        <Link to={`/a/products/${product.id}`} className="hover:text-violet-700">
                          {product.title}
                        </Link>
                      </Cell>
                      <Cell className="text-right">
                        <Button variant="ghost" onClick={() => void removeProduct(product.id)}>
                          {t('products.remove', { title: product.title })}
                        </Button>
                      </Cell>
                    </tr>
                  ))}
                </Table>
              </QueryState>
            </Section>
            <CollectionModal open={editing} onClose={() => setEditing(false)} collection={collection} />
            <AddProductsModal collectionId={id} open={adding} onClose={() => setAdding(false)} />
            <ConfirmMutationDialog
              open={deleting}
              title={t('detail.deleteTitle')}
              message={t('detail.deleteMessage', { title: collection.title })}
              confirmLabel={t('actions.delete')}
              mutation={remove}
              successMessage={t('detail.deleted')}
              onSuccess={() => navigate('/a/collections')}
              onClose={() => setDeleting(false)}
            />
          </>
        )}
      </QueryState>
    </section>
  )
}
