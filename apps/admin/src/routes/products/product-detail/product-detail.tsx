import { adminProductKeys, useAdminProduct, useAdminStore, useAdminUpdateProduct } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { Button } from '../../../components/button'
import { isFeatureEnabled } from '../../areas/store-capabilities'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { useFeedback } from '../../../components/use-feedback'
import { useDeleteRecord } from '../../../lib/use-delete-record'
import { MetadataEditor } from '../components/metadata-editor'
import { StatusBadge } from '../components/status-badge'
import { usePriceColumns } from '../components/use-price-columns'
import { CategoriesSection } from './components/categories-section'
import { GeneralSection } from './components/general-section'
import { ImagesSection } from './components/images-section'
import { OptionsSection } from './components/options-section'
import { SalesChannelsSection } from './components/sales-channels-section'
import type { AdminProduct } from './components/types'
import { VariantsSection } from './components/variants-section'

/** One product: every section of its edit page, publish/unpublish and delete. */
export function ProductDetail() {
  const { t } = useTranslation('products')
  const { id = '' } = useParams()
  const { product, isLoading, error, refetch } = useAdminProduct(id)
  return (
    <section>
      <Link to="/a/products" className="mb-4 inline-block text-sm text-gray-500 hover:text-gray-900">
        ← {t('detail.back')}
      </Link>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {product && <ProductPage product={product} />}
      </QueryState>
    </section>
  )
}

function ProductPage({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const navigate = useNavigate()
  const feedback = useFeedback()
  const { store } = useAdminStore()
  const { columns } = usePriceColumns()
  const update = useAdminUpdateProduct(product.id)
  // Refreshes the lists only: refetching the deleted product would answer 404 before the page leaves.
  const remove = useDeleteRecord(adminProductKeys, product.id, (client, id) => client.admin.products.delete(id))
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const published = product.status === 'published'

  const toggleStatus = () =>
    feedback.run(
      () => update.mutateAsync({ status: published ? 'draft' : 'published' }),
      published ? t('detail.unpublished') : t('detail.published'),
    )

  return (
    <>
      <PageHeader
        title={product.title ?? ''}
        description={product.subtitle ?? undefined}
        actions={
          <>
            <StatusBadge status={product.status} />
            <Button
              variant={published ? 'secondary' : 'primary'}
              loading={update.isPending}
              onClick={() => void toggleStatus()}
            >
              {published ? t('actions.unpublish') : t('actions.publish')}
            </Button>
            <Button variant="danger" onClick={() => setConfirmingDelete(true)}>
              {t('actions.delete')}
            </Button>
          </>
        }
      />
      <GeneralSection product={product} />
      <VariantsSection product={product} columns={columns} />
      <OptionsSection product={product} />
      <ImagesSection product={product} />
      {isFeatureEnabled(store, 'sales_channels') && <SalesChannelsSection product={product} />}
      {isFeatureEnabled(store, 'product_categories') && <CategoriesSection product={product} />}
      <MetadataSection product={product} />
      <ConfirmMutationDialog
        open={confirmingDelete}
        title={t('detail.deleteTitle')}
        message={t('detail.deleteMessage', { title: product.title })}
        confirmLabel={t('actions.delete')}
        mutation={{ mutateAsync: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
        successMessage={t('detail.deleted', { title: product.title })}
        onSuccess={() => navigate('/a/products')}
        onClose={() => setConfirmingDelete(false)}
      />
    </>
  )
}

function MetadataSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const update = useAdminUpdateProduct(product.id)
  const save = (patch: Record<string, string>) =>
    feedback.run(() => update.mutateAsync({ metadata: patch }), t('metadata.saved'))
  return (
    <Section title={t('metadata.title')}>
      <MetadataEditor
        metadata={product.metadata as Record<string, unknown> | null}
        onSave={save}
        saving={update.isPending}
      />
    </Section>
  )
}
