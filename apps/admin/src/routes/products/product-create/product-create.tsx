import { useAdminCreateProduct } from '@emporium/react'
import { useState } from 'react'
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { FocusModal } from '../../../components/modals/focus-modal'
import { Spinner } from '../../../components/spinner'
import { SelectField } from '../../../components/inputs/select-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { useFeedback } from '../../../components/use-feedback'
import { ImagePicker } from '../components/image-picker'
import { usePriceColumns } from '../components/use-price-columns'
import { useUploadImages } from '../components/use-upload-images'
import { emptyVariant } from '../components/variant-form'
import { VariantFields } from '../components/variant-fields'
import { EMPTY_PRODUCT, productCreatePayload, type ProductCreateValues } from './product-create-form'
import { isValidHandle } from '../../../lib/handle'

/** 'New product': general information, options, variants with prices, and images, in one save. */
export function ProductCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('products')
  const navigate = useNavigate()
  const feedback = useFeedback()
  const { columns, isLoading } = usePriceColumns()
  const create = useAdminCreateProduct()
  const { uploadAll, isUploading } = useUploadImages()
  const [files, setFiles] = useState<File[]>([])
  const form = useForm<ProductCreateValues>({ defaultValues: EMPTY_PRODUCT })
  const options = useFieldArray({ control: form.control, name: 'options' })
  const variants = useFieldArray({ control: form.control, name: 'variants' })
  const optionTitles = (useWatch({ control: form.control, name: 'options' }) ?? []).map(
    (option, index) => option.title || t('create.optionFallback', { index: index + 1 }),
  )
  const { errors } = form.formState

  const close = () => {
    form.reset(EMPTY_PRODUCT)
    setFiles([])
    onClose()
  }

  // Every variant holds one value per option: adding or removing an option reshapes them all.
  const addOption = () => {
    options.append({ title: '' })
    form.getValues('variants').forEach((_, index) => {
      form.setValue(`variants.${index}.options`, [...form.getValues(`variants.${index}.options`), { value: '' }])
    })
  }
  const removeOption = (optionIndex: number) => {
    options.remove(optionIndex)
    form.getValues('variants').forEach((variant, index) => {
      form.setValue(
        `variants.${index}.options`,
        variant.options.filter((_, position) => position !== optionIndex),
      )
    })
  }

  const save = form.handleSubmit(async (values) => {
    try {
      const urls = await uploadAll(files)
      const { product } = await create.mutateAsync(productCreatePayload(values, columns, urls))
      feedback.success(t('create.created', { title: product.title }))
      close()
      navigate(`/a/products/${product.id}`)
    } catch (error) {
      feedback.failure(error)
    }
  })

  return (
    <FocusModal
      open={open}
      title={t('create.title')}
      onCancel={close}
      onSave={() => void save()}
      saving={create.isPending || isUploading || form.formState.isSubmitting}
    >
      {isLoading ? (
        <Spinner />
      ) : (
        <FormProvider {...form}>
          <form onSubmit={save} noValidate className="flex flex-col gap-8">
            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 text-lg font-semibold">{t('general.title')}</legend>
              <InputField
                label={t('general.productTitle')}
                required
                errors={errors.title?.message ? [errors.title.message] : []}
                {...form.register('title', {
                  validate: (value) => value.trim() !== '' || t('general.titleRequired'),
                })}
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
              <SelectField
                label={t('general.status')}
                options={[
                  { value: 'draft', label: t('status.draft') },
                  { value: 'published', label: t('status.published') },
                ]}
                {...form.register('status')}
              />
            </fieldset>

            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-lg font-semibold">{t('options.title')}</legend>
              {options.fields.map((field, index) => (
                <div key={field.id} className="flex items-end gap-2">
                  <InputField
                    className="flex-1"
                    label={t('options.optionTitle', { index: index + 1 })}
                    required
                    errors={errors.options?.[index]?.title?.message ? [errors.options[index].title.message] : []}
                    {...form.register(`options.${index}.title`, {
                      validate: (value) => value.trim() !== '' || t('options.titleRequired'),
                    })}
                  />
                  <Button variant="ghost" onClick={() => removeOption(index)}>
                    {t('options.remove', { index: index + 1 })}
                  </Button>
                </div>
              ))}
              <div>
                <Button onClick={addOption}>{t('options.add')}</Button>
              </div>
            </fieldset>

            <fieldset className="flex flex-col gap-4">
              <legend className="mb-2 text-lg font-semibold">{t('variants.heading')}</legend>
              {variants.fields.map((field, index) => (
                <fieldset key={field.id} className="rounded-md border border-gray-200 p-4">
                  <legend className="px-1 text-sm font-semibold">{t('variants.numbered', { index: index + 1 })}</legend>
                  <VariantFields name={`variants.${index}`} optionTitles={optionTitles} columns={columns} />
                  <Button variant="ghost" className="mt-3" onClick={() => variants.remove(index)}>
                    {t('variants.remove', { index: index + 1 })}
                  </Button>
                </fieldset>
              ))}
              <div>
                <Button onClick={() => variants.append(emptyVariant(options.fields.length, columns.length))}>
                  {t('variants.add')}
                </Button>
              </div>
            </fieldset>

            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-lg font-semibold">{t('images.title')}</legend>
              <ImagePicker
                label={t('images.upload')}
                onPick={(picked) => setFiles((current) => [...current, ...picked])}
              />
              {files.length > 0 && (
                <ul aria-label={t('images.selected')} className="flex flex-col gap-1 text-sm">
                  {files.map((file, index) => (
                    <li key={`${file.name}-${index}`} className="flex items-center gap-2">
                      <span>{file.name}</span>
                      <Button
                        variant="ghost"
                        onClick={() => setFiles((current) => current.filter((_, position) => position !== index))}
                      >
                        {t('images.removeFile', { name: file.name })}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          </form>
        </FormProvider>
      )}
    </FocusModal>
  )
}
