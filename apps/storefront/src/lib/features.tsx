import { createContext, useContext } from 'react'

/** The server's feature flags that change the shop (`product_categories`), given from the top. */
export const FeaturesContext = createContext<readonly string[]>([])

export function useFeature(name: string): boolean {
  return useContext(FeaturesContext).includes(name)
}
