import type { Db } from '../../db/types.js'
import type { SalesChannelRow } from './service.js'

/**
 * What the sales-channel routes ask of the catalogue, which comes after this module and owns the
 * product side of the link: it provides this seam (core/seams.ts).
 */
export interface ChannelProductsSeam {
  /** Links the products to the live channel; unknown products are a 400 naming them. */
  add(db: Db, channelId: string, refs: readonly { id: string }[]): Promise<SalesChannelRow>
  /** Unlinks the products from the live channel. */
  remove(db: Db, channelId: string, refs: readonly { id: string }[]): Promise<SalesChannelRow>
}

declare module '../../core/seams.js' {
  interface Seams {
    channelProducts: ChannelProductsSeam
  }
}
