/**
 * The market filter of the stock lists: one link per market (and "All markets" where a list allows it), so the
 * chosen market is in the URL, shareable and works without JavaScript. The current one is marked for assistive
 * technology with aria-current.
 */
import { clsx } from 'clsx'
import { Link } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type Market, markets } from '#contracts/regions.ts'

export function MarketTabs({
  current,
  hrefOf,
  allowAll = false,
  label,
}: {
  current: Market | null
  hrefOf(market: Market | null): string
  allowAll?: boolean
  /** Names the group for screen readers, e.g. "Market". */
  label: string
}) {
  const { t } = useTranslation('stocks')
  const options: Array<Market | null> = allowAll ? [null, ...markets] : [...markets]
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((market) => {
          const isCurrent = market === current
          return (
            <li key={market ?? 'all'}>
              <Link
                to={hrefOf(market)}
                aria-current={isCurrent ? 'page' : undefined}
                preventScrollReset
                className={clsx(
                  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium',
                  isCurrent
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-ink-300 bg-white text-ink-800 hover:border-brand-600 hover:text-brand-700',
                )}
              >
                {market ? t(`markets.${market}`) : t('lists.allMarkets')}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** A choice among a few values kept in the URL (buy/sell, undervalued/overvalued), drawn like the market tabs. */
export function FilterLinks<V extends string>({
  options,
  current,
  hrefOf,
  labelOf,
  label,
}: {
  options: readonly V[]
  current: V
  hrefOf(value: V): string
  labelOf(value: V): string
  label: string
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex rounded-lg border border-ink-300 bg-white p-0.5">
        {options.map((value) => (
          <li key={value}>
            <Link
              to={hrefOf(value)}
              aria-current={value === current ? 'page' : undefined}
              preventScrollReset
              className={clsx(
                'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium',
                value === current ? 'bg-ink-900 text-white' : 'text-ink-800 hover:bg-ink-100',
              )}
            >
              {labelOf(value)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
