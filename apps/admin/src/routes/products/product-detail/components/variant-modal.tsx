import { useAdminCreateVariant, useAdminUpdateVariant } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormModal } from '../../../../components/modals/form-modal'
import type { PriceColumn } from '../../components/price-columns'
import {
  emptyVariant,
  pricesToPayload,
  variantScalars,
  variantToForm,
  type VariantFormValues,
} from '../../components/variant-form'
import { VariantFields } from '../../components/variant-fields'
import type { AdminProduct, AdminVariant } from './types'

interface VariantModalProps {
  product: AdminProduct
  /** The variant to edit; none to add one. */
  variant?: AdminVariant
  columns: readonly PriceColumn[]
  open: boolean
  onClose: () => void
}

/** Adds or edits one variant: its details, a value per product option and its prices. */
export function VariantModal({ product, variant, columns, open, onClose }: VariantModalProps) {
  const { t } = useTranslation('products')
  const create = useAdminCreateVariant(product.id)
  const update = useAdminUpdateVariant(product.id)
  const options = product.options ?? []
  const optionIds = options.map((option) => option.id)
  const initial = (): { variant: VariantFormValues } => ({
    variant: variant ? variantToForm(variant, optionIds, columns) : emptyVariant(options.length, columns.length),
  })
  const form = useForm<{ variant: VariantFormValues }>({ defaultValues: initial() })

  useEffect(() => {
    if (open) form.reset(initial())
    // Reset only when the modal opens, not on every refetch while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const save = async ({ variant: values }: { variant: VariantFormValues }) => {
    const body = {
      ...variantScalars(values),
      prices: pricesToPayload(values.prices, columns, variant?.prices ?? []),
      options: values.options.map((option, index) => ({ option_id: optionIds[index], value: option.value.trim() })),
    }
    if (variant) await update.mutateAsync({ variant_id: variant.id, ...body })
    else await create.mutateAsync(body)
    return variant ? t('variants.updated') : t('variants.created')
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={variant ? t('variants.editTitle') : t('variants.addTitle')}
      form={form}
      onSave={save}
    >
      <VariantFields name="variant" optionTitles={options.map((option) => option.title ?? '')} columns={columns} />
    </FormModal>
  )
}
