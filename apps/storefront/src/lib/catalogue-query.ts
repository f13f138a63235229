/** How the catalogue page reads its URL; one pure function so every reader agrees on it. */
export const PAGE_SIZE = 12
export const SORTS = ['-created_at', 'created_at', 'title', '-title'] as const
export type Sort = (typeof SORTS)[number]

export interface CatalogueState {
  collection?: string
  category?: string
  sort: Sort
  page: number
}

export function readCatalogueState(params: URLSearchParams): CatalogueState {
  const sort = params.get('sort') as Sort | null
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    collection: params.get('collection') || undefined,
    category: params.get('category') || undefined,
    sort: sort && SORTS.includes(sort) ? sort : '-created_at',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

/** The products query of a catalogue state, priced for a region. */
export function catalogueQuery(state: CatalogueState, regionId: string | undefined) {
  return {
    limit: PAGE_SIZE,
    offset: (state.page - 1) * PAGE_SIZE,
    order: state.sort,
    region_id: regionId,
    ...(state.collection ? { collection_id: [state.collection] } : {}),
    ...(state.category ? { category_id: [state.category] } : {}),
  }
}
