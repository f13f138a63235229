import { useRegions, useSessionCart } from '@emporium/react'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'

type Regions = NonNullable<ReturnType<typeof useRegions>['regions']>
/** A region as the shop uses it: always with a currency (the fields list of the call may omit it). */
export type Region = Regions[number] & { currency_code: string }

interface Choice {
  regionId: string
  countryCode: string
}

interface RegionContextValue {
  regions: Region[]
  region: Region | undefined
  countryCode: string | undefined
  choose(choice: Choice): void
}

const STORAGE_KEY = 'emporium-storefront-region'
const RegionContext = createContext<RegionContextValue | null>(null)

function readChoice(): Choice | undefined {
  if (typeof window === 'undefined') return undefined
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Choice | null
    return saved?.regionId ? saved : undefined
  } catch {
    return undefined
  }
}

/**
 * Until the shopper chooses, the region of the browser's country (`en-US` → us) if the shop sells
 * there. The server render reads the same country from Accept-Language, so both agree.
 */
function regionOfBrowser(regions: Region[], country: string | undefined): Region | undefined {
  return country ? regions.find((candidate) => candidate.countries?.some((c) => c.iso_2 === country)) : undefined
}

/**
 * The shopper's country, and through it the region: its currency, tax rate and payment and
 * shipping choices. Kept in local storage; the first region's first country until chosen.
 */
export function RegionProvider({ children, browserCountry }: { children: ReactNode; browserCountry?: string }) {
  const { regions: listed } = useRegions()
  const regions = useMemo(
    () => (listed ?? []).filter((candidate): candidate is Region => typeof candidate.currency_code === 'string'),
    [listed],
  )
  const [choice, setChoice] = useState<Choice | undefined>(readChoice)
  const sessionCart = useSessionCart()

  const region =
    regions.find((candidate) => candidate.id === choice?.regionId) ??
    regionOfBrowser(regions, browserCountry) ??
    regions[0]
  const countryCode =
    region && choice?.regionId === region.id ? choice.countryCode : (region?.countries?.[0]?.iso_2 ?? undefined)

  const { setRegion } = sessionCart
  const regionId = region?.id
  useEffect(
    function repriceSessionCart() {
      if (region) setRegion(region as unknown as Parameters<typeof setRegion>[0])
    },
    // Only a change of region re-prices the cart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [regionId],
  )

  const value = useMemo<RegionContextValue>(
    () => ({
      regions,
      region,
      countryCode,
      choose(next) {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next))
        setChoice(next)
      },
    }),
    [regions, region, countryCode],
  )
  return <RegionContext.Provider value={value}>{children}</RegionContext.Provider>
}

export function useRegion(): RegionContextValue {
  const context = useContext(RegionContext)
  if (!context) throw new Error('useRegion must be used within a RegionProvider')
  return context
}

/** The country of a language tag: `en-US` → `us`. */
export function countryOfLanguage(tag: string | undefined): string | undefined {
  return tag?.split(',')[0]?.split(';')[0]?.split('-')[1]?.toLowerCase()
}
