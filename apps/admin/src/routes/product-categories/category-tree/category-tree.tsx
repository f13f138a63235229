import { useAdminDeleteProductCategory, useAdminProductCategories } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { Button } from '../../../components/button'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import type { CategoryNode } from '../components/category'
import { CategoryModal } from '../components/category-modal'

type Editing = { category?: CategoryNode; parentId?: string }

/** The category tree from its roots, with create (at the root or under a category), edit and delete. */
export function CategoryTree() {
  const { t } = useTranslation('categories')
  const { product_categories, isLoading, error, refetch } = useAdminProductCategories({
    parent_category_id: 'null',
    include_descendants_tree: true,
    limit: 100,
  })
  const tree = (product_categories ?? []) as CategoryNode[]
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<CategoryNode | null>(null)

  return (
    <section>
      <PageHeader
        title={t('tree.title')}
        description={t('tree.description')}
        actions={
          <Button variant="primary" onClick={() => setEditing({})}>
            {t('actions.new')}
          </Button>
        }
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={tree.length === 0}
        emptyMessage={t('tree.empty')}
      >
        <ul role="tree" aria-label={t('tree.title')} className="rounded-lg border border-gray-200 bg-white p-2">
          {tree.map((node) => (
            <CategoryItem
              key={node.id}
              node={node}
              depth={0}
              onAddChild={(parent) => setEditing({ parentId: parent.id })}
              onEdit={(category) => setEditing({ category })}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      </QueryState>
      <CategoryModal
        open={editing !== null}
        onClose={() => setEditing(null)}
        tree={tree}
        category={editing?.category}
        parentId={editing?.parentId}
      />
      {deleting && <DeleteCategory category={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

interface CategoryItemProps {
  node: CategoryNode
  depth: number
  onAddChild: (node: CategoryNode) => void
  onEdit: (node: CategoryNode) => void
  onDelete: (node: CategoryNode) => void
}

function CategoryItem({ node, depth, onAddChild, onEdit, onDelete }: CategoryItemProps) {
  const { t } = useTranslation(['categories', 'ui'])
  const children = node.category_children ?? []
  return (
    <li
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={children.length > 0 ? true : undefined}
      aria-label={node.name}
    >
      <div
        className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-gray-50"
        style={{ paddingLeft: 8 + depth * 20 }}
      >
        <span className="min-w-0 text-sm">
          <span className="font-medium text-gray-900">{node.name}</span>
          {node.is_active === false && <span className="ml-2 text-xs text-gray-500">{t('status.inactive')}</span>}
          {node.is_internal && <span className="ml-2 text-xs text-gray-500">{t('visibility.internal')}</span>}
        </span>
        <ActionMenu
          label={t('ui:table.rowActions', { name: node.name })}
          items={[
            { label: t('tree.addChild', { name: node.name }), onSelect: () => onAddChild(node) },
            { label: t('tree.edit', { name: node.name }), onSelect: () => onEdit(node) },
            { label: t('tree.delete', { name: node.name }), onSelect: () => onDelete(node), danger: true },
          ]}
        />
      </div>
      {children.length > 0 && (
        <ul role="group">
          {children.map((child) => (
            <CategoryItem
              key={child.id}
              node={child}
              depth={depth + 1}
              onAddChild={onAddChild}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </li>
  )
}

function DeleteCategory({ category, onClose }: { category: CategoryNode; onClose: () => void }) {
  const { t } = useTranslation('categories')
  const remove = useAdminDeleteProductCategory(category.id)
  return (
    <ConfirmMutationDialog
      title={t('tree.deleteTitle')}
      message={t('tree.deleteMessage', { name: category.name })}
      confirmLabel={t('actions.delete')}
      mutation={remove}
      successMessage={t('tree.deleted', { name: category.name })}
      onClose={onClose}
    />
  )
}
