import { useAdminDeleteProductCategory, useAdminProductCategories } from '@emporium/react'
import { useId, useState } from 'react'
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
          {treeRows(tree).map((row) => (
            <CategoryItem
              key={row.node.id}
              {...row}
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

interface TreeRow {
  node: CategoryNode
  depth: number
  setSize: number
  position: number
}

/**
 * The tree in reading order, each item with its level and place among its siblings: a flat ARIA
 * tree, so an item's content (its accessible name's source) holds its own row, not its subtree.
 */
function treeRows(nodes: readonly CategoryNode[], depth = 0): TreeRow[] {
  return nodes.flatMap((node, index) => [
    { node, depth, setSize: nodes.length, position: index + 1 },
    ...treeRows(node.category_children ?? [], depth + 1),
  ])
}

interface CategoryItemProps extends TreeRow {
  onAddChild: (node: CategoryNode) => void
  onEdit: (node: CategoryNode) => void
  onDelete: (node: CategoryNode) => void
}

function CategoryItem({ node, depth, setSize, position, onAddChild, onEdit, onDelete }: CategoryItemProps) {
  const { t } = useTranslation(['categories', 'ui'])
  const labelId = useId()
  return (
    <li
      role="treeitem"
      aria-level={depth + 1}
      aria-setsize={setSize}
      aria-posinset={position}
      aria-expanded={node.category_children?.length ? true : undefined}
      aria-labelledby={labelId}
    >
      <div
        className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-gray-50"
        style={{ paddingLeft: 8 + depth * 20 }}
      >
        {/* The item's name is its visible text: the category and its status. */}
        <span id={labelId} className="min-w-0 text-sm">
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
