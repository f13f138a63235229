import { useAdminCreateProductCategory, useAdminUpdateProductCategory } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'
import { SelectField } from '../../../components/inputs/select-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { flattenTree, subtreeIds, type CategoryNode } from './category'
import { isValidHandle } from '../../../lib/handle'

interface CategoryValues {
  name: string
  handle: string
  description: string
  status: 'active' | 'inactive'
  visibility: 'public' | 'internal'
  parent_category_id: string
}

interface CategoryModalProps {
  open: boolean
  onClose: () => void
  tree: readonly CategoryNode[]
  /** The category to edit; none to create one. */
  category?: CategoryNode
  /** The parent a new category is created under. */
  parentId?: string
}

/** Creates or edits a category: name, handle, description, status, visibility and parent. */
export function CategoryModal({ open, onClose, tree, category, parentId }: CategoryModalProps) {
  const { t } = useTranslation('categories')
  const create = useAdminCreateProductCategory()
  const update = useAdminUpdateProductCategory(category?.id ?? '')
  const form = useForm<CategoryValues>()
  const { errors } = form.formState
  const excluded = category ? subtreeIds(category) : new Set<string>()
  const parents = flattenTree(tree).filter(({ node }) => !excluded.has(node.id))

  useEffect(() => {
    if (!open) return
    form.reset({
      name: category?.name ?? '',
      handle: category?.handle ?? '',
      description: category?.description ?? '',
      status: category?.is_active === false ? 'inactive' : 'active',
      visibility: category?.is_internal ? 'internal' : 'public',
      parent_category_id: category?.parent_category_id ?? parentId ?? '',
    })
  }, [open, category, parentId, form])

  const save = async (values: CategoryValues) => {
    const body = {
      name: values.name.trim(),
      description: values.description,
      is_active: values.status === 'active',
      is_internal: values.visibility === 'internal',
      parent_category_id: values.parent_category_id || null,
      ...(values.handle.trim() ? { handle: values.handle.trim() } : {}),
    }
    if (category) await update.mutateAsync(body)
    else await create.mutateAsync(body)
    return category ? t('form.updated') : t('form.created', { name: body.name })
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={category ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      onSave={save}
    >
      <div className="flex flex-col gap-4">
        <InputField
          label={t('form.name')}
          required
          errors={fieldErrors(errors.name)}
          {...form.register('name', { validate: (value) => value.trim() !== '' || t('form.nameRequired') })}
        />
        <InputField
          label={t('form.handle')}
          errors={fieldErrors(errors.handle)}
          {...form.register('handle', {
            validate: (value) => isValidHandle(value) || t('form.handleFormat'),
          })}
        />
        <TextareaField label={t('form.description')} {...form.register('description')} />
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            label={t('form.status')}
            options={[
              { value: 'active', label: t('status.active') },
              { value: 'inactive', label: t('status.inactive') },
            ]}
            {...form.register('status')}
          />
          <SelectField
            label={t('form.visibility')}
            options={[
              { value: 'public', label: t('visibility.public') },
              { value: 'internal', label: t('visibility.internal') },
            ]}
            {...form.register('visibility')}
          />
        </div>
        <SelectField
          label={t('form.parent')}
          options={[
            { value: '', label: t('form.noParent') },
            ...parents.map(({ node, depth }) => ({ value: node.id, label: `${'— '.repeat(depth)}${node.name}` })),
          ]}
          {...form.register('parent_category_id')}
        />
      </div>
    </FormModal>
  )
}
