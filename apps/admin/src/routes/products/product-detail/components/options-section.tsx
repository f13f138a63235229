import { useAdminCreateProductOption, useAdminDeleteProductOption } from '@emporium/react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../../components/button'
import { InputField } from '../../../../components/inputs/input-field'
import { Section } from '../../../../components/page-header'
import { useFeedback } from '../../../../components/use-feedback'
import type { AdminProduct } from './types'

/** The product's options with the values its variants use; add or delete an option. */
export function OptionsSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const addOption = useAdminCreateProductOption(product.id)
  const deleteOption = useAdminDeleteProductOption(product.id)
  const form = useForm<{ title: string }>({ defaultValues: { title: '' } })
  const titleError = form.formState.errors.title?.message

  const add = form.handleSubmit(async ({ title }) => {
    try {
      await addOption.mutateAsync({ title: title.trim() })
      form.reset({ title: '' })
      feedback.success(t('options.added'))
    } catch (error) {
      feedback.failure(error)
    }
  })

  const remove = (optionId: string) => feedback.run(() => deleteOption.mutateAsync(optionId), t('options.deleted'))

  const options = product.options ?? []
  return (
    <Section title={t('options.title')}>
      {options.length === 0 ? (
        <p className="mb-4 text-sm text-gray-500">{t('options.empty')}</p>
      ) : (
        <ul className="mb-4 flex flex-col gap-2">
          {options.map((option) => {
            const values = [...new Set((option.values ?? []).map((value) => value.value))]
            return (
              <li key={option.id} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  <span className="font-medium">{option.title}</span>
                  {values.length > 0 && <span className="ml-2 text-gray-500">{values.join(', ')}</span>}
                </span>
                <Button variant="ghost" loading={deleteOption.isPending} onClick={() => void remove(option.id)}>
                  {t('options.delete', { title: option.title })}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <form onSubmit={add} noValidate className="flex items-start gap-2" aria-label={t('options.add')}>
        <InputField
          className="flex-1"
          label={t('options.newTitle')}
          errors={titleError ? [titleError] : []}
          {...form.register('title', { validate: (value) => value.trim() !== '' || t('options.titleRequired') })}
        />
        <Button type="submit" className="mt-5" loading={addOption.isPending}>
          {t('options.add')}
        </Button>
      </form>
    </Section>
  )
}
