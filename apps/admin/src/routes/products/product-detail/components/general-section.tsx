import { useAdminCollections, useAdminUpdateProduct } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/button'
import { InputField } from '../../../../components/inputs/input-field'
import { CheckboxField } from '../../../../components/inputs/checkbox-field'
import { Section } from '../../../../components/page-header'
import { SelectField } from '../../../../components/inputs/select-field'
import { TextareaField } from '../../../../components/inputs/textarea-field'
import { useFeedback } from '../../../../components/use-feedback'
import type { AdminProduct } from './types'
import { isValidHandle } from '../../../../lib/handle'

interface GeneralValues {
  title: string
  subtitle: string
  handle: string
  description: string
  collection_id: string
  tags: string
  discountable: boolean
}

function toValues(product: AdminProduct): GeneralValues {
  return {
    title: product.title ?? '',
    subtitle: product.subtitle ?? '',
    handle: product.handle ?? '',
    description: product.description ?? '',
    collection_id: product.collection_id ?? '',
    tags: (product.tags ?? []).map((tag) => tag.value).join(', '),
    discountable: product.discountable ?? true,
  }
}

/** Tags typed as 'summer, linen': existing tags keep their ids, new ones are created by value. */
function tagsPayload(text: string, existing: AdminProduct['tags']) {
  const values = [
    ...new Set(
      text
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    ),
  ]
  return values.map((value) => {
    const id = existing?.find((tag) => tag.value === value)?.id
    return id ? { id, value } : { value }
  })
}

/** Title, subtitle, handle, description, collection, tags and whether discounts apply. */
export function GeneralSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const update = useAdminUpdateProduct(product.id)
  const { collections = [] } = useAdminCollections({ limit: 100 })
  const form = useForm<GeneralValues>({ defaultValues: toValues(product) })
  const { errors, isDirty } = form.formState

  useEffect(() => form.reset(toValues(product)), [product, form])

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        title: values.title.trim(),
        subtitle: values.subtitle.trim() || null,
        handle: values.handle.trim() || undefined,
        description: values.description.trim() || null,
        collection_id: values.collection_id || null,
        tags: tagsPayload(values.tags, product.tags),
        discountable: values.discountable,
      })
      feedback.success(t('general.saved'))
    } catch (error) {
      feedback.failure(error)
    }
  })

  return (
    <Section title={t('general.title')}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4" aria-label={t('general.title')}>
        <InputField
          label={t('general.productTitle')}
          required
          errors={errors.title?.message ? [errors.title.message] : []}
          {...form.register('title', { validate: (value) => value.trim() !== '' || t('general.titleRequired') })}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField label={t('general.subtitle')} {...form.register('subtitle')} />
          <InputField
            label={t('general.handle')}
            errors={errors.handle?.message ? [errors.handle.message] : []}
            {...form.register('handle', {
              validate: (value) => isValidHandle(value) || t('general.handleFormat'),
            })}
          />
        </div>
        <TextareaField label={t('general.description')} {...form.register('description')} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            label={t('general.collection')}
            options={[
              { value: '', label: t('general.noCollection') },
              ...collections.map((collection) => ({ value: collection.id ?? '', label: collection.title ?? '' })),
            ]}
            {...form.register('collection_id')}
          />
          <InputField label={t('general.tags')} placeholder={t('general.tagsPlaceholder')} {...form.register('tags')} />
        </div>
        <CheckboxField label={t('general.discountable')} {...form.register('discountable')} />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" loading={update.isPending} disabled={!isDirty}>
            {t('actions.save')}
          </Button>
        </div>
      </form>
    </Section>
  )
}
