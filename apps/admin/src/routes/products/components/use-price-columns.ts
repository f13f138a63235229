import { useAdminRegions, useAdminStore } from '@emporium/react'
import { useMemo } from 'react'
import { priceColumns, type PriceColumn } from './price-columns'

/** The price columns of this store: its currencies, then its regions. */
export function usePriceColumns(): { columns: PriceColumn[]; isLoading: boolean } {
  const { store, isLoading: storeLoading } = useAdminStore()
  const { regions, isLoading: regionsLoading } = useAdminRegions({ limit: 100 })
  const columns = useMemo(() => priceColumns(store?.currencies ?? [], regions ?? []), [store, regions])
  return { columns, isLoading: storeLoading || regionsLoading }
}
