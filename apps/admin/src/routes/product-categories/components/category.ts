/** A category as the tree shows it: its children at any depth. */
export interface CategoryNode {
  id: string
  name?: string
  handle?: string
  description?: string
  is_active?: boolean
  is_internal?: boolean
  parent_category_id?: string | null
  category_children?: readonly CategoryNode[]
}

/** Every category of the tree, depth first, with its depth; for the parent picker. */
export function flattenTree(nodes: readonly CategoryNode[], depth = 0): { node: CategoryNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.category_children ?? [], depth + 1)])
}

/** The ids of a category and all its descendants: none of them may become its parent. */
export function subtreeIds(node: CategoryNode): Set<string> {
  const ids = new Set<string>()
  const visit = (current: CategoryNode) => {
    if (current.id) ids.add(current.id)
    current.category_children?.forEach(visit)
  }
  visit(node)
  return ids
}
