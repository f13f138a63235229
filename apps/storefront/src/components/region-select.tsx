import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useRegion } from '../lib/region'

/** One list of countries grouped by region: choosing a country chooses its region's currency. */
export function RegionSelect() {
  const { t } = useTranslation()
  const id = useId()
  const { regions, region, countryCode, choose } = useRegion()
  if (regions.length === 0) return null
  return (
    <div className="flex items-center gap-1 text-sm">
      <label htmlFor={id}>{t('region.label')}</label>
      <select
        id={id}
        className="rounded border border-gray-400 bg-white px-2 py-1"
        value={region && countryCode ? `${region.id}|${countryCode}` : ''}
        onChange={(event) => {
          const [regionId, code] = event.target.value.split('|')
          choose({ regionId, countryCode: code })
        }}
      >
        {regions.map((candidate) => (
          <optgroup key={candidate.id} label={`${candidate.name} (${candidate.currency_code.toUpperCase()})`}>
            {(candidate.countries ?? []).map((country) => (
              <option key={country.iso_2} value={`${candidate.id}|${country.iso_2}`}>
                {country.display_name} ({candidate.currency_code.toUpperCase()})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  )
}
