import { useEffect } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { duplicateKeys, metadataPatch, metadataToRows, type MetadataRow } from './metadata'

interface MetadataEditorProps {
  metadata: Record<string, unknown> | null | undefined
  /** Receives only the changes: new or changed keys, and removed keys as ''. */
  onSave: (patch: Record<string, string>) => Promise<unknown>
  saving?: boolean
}

/** Key/value rows with add and remove; saving sends the difference from the stored metadata. */
export function MetadataEditor({ metadata, onSave, saving }: MetadataEditorProps) {
  const { t } = useTranslation('products')
  const form = useForm<{ rows: MetadataRow[] }>({ defaultValues: { rows: metadataToRows(metadata) } })
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rows' })
  const { errors, isDirty } = form.formState

  useEffect(() => {
    form.reset({ rows: metadataToRows(metadata) })
  }, [metadata, form])

  const submit = form.handleSubmit(async ({ rows }) => {
    const duplicates = duplicateKeys(rows)
    if (duplicates.size > 0) {
      rows.forEach((row, index) => {
        if (duplicates.has(row.key.trim())) {
          form.setError(`rows.${index}.key`, { message: t('metadata.duplicateKey') })
        }
      })
      return
    }
    await onSave(metadataPatch(metadata, rows))
  })

  return (
    <form onSubmit={submit} noValidate aria-label={t('metadata.title')}>
      {fields.length === 0 && <p className="mb-3 text-sm text-gray-500">{t('metadata.empty')}</p>}
      <ul className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="flex items-start gap-2">
            <InputField
              className="flex-1"
              label={t('metadata.key', { index: index + 1 })}
              errors={errors.rows?.[index]?.key?.message ? [errors.rows[index].key.message] : []}
              {...form.register(`rows.${index}.key`, {
                validate: (key, values) =>
                  key.trim() !== '' || values.rows[index].value === '' || t('metadata.keyRequired'),
              })}
            />
            <InputField
              className="flex-1"
              label={t('metadata.value', { index: index + 1 })}
              {...form.register(`rows.${index}.value`)}
            />
            <Button
              variant="ghost"
              className="mt-5"
              aria-label={t('metadata.remove', { index: index + 1 })}
              onClick={() => remove(index)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-between">
        <Button onClick={() => append({ key: '', value: '' })}>{t('metadata.add')}</Button>
        <Button type="submit" variant="primary" loading={saving} disabled={!isDirty}>
          {t('metadata.save')}
        </Button>
      </div>
    </form>
  )
}
