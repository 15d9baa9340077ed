/**
 * A visitor's "my watchlist" filter: the device list lives in the browser (localStorage, ADR 0033), so the server
 * cannot offer it; after hydration this reads it and offers the calendar of those stocks as an address of its own
 * (`stocks=us:AAPL,…`), which the page cache keeps like any other view. Without JavaScript, or with nothing followed
 * on the device, it says how to follow stocks.
 */
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { readDeviceWatchlist } from '#app/features/watchlists/device-watchlist.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { calendarHref } from '#contracts/calendar-rules.ts'
import type { Market } from '#contracts/regions.ts'

export function DeviceWatchlistFilter({
  shown,
  week,
  market,
}: {
  /** Stocks the page is narrowed to by a device list; null when it shows every stock. */
  shown: number | null
  week: string | null
  market: Market | null
}) {
  const { t } = useTranslation('calendar')
  const [keys, setKeys] = useState<string[] | null>(null)
  useEffect(() => setKeys(readDeviceWatchlist()), [])
  if (shown !== null) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink-800" data-testid="device-filter">
        <span>{t('filter.deviceShown', { count: shown })}</span>
        <Link to={calendarHref({ week, market })} className="font-semibold text-brand-700 underline">
          {t('filter.showAll')}
        </Link>
      </p>
    )
  }
  if (keys === null || keys.length === 0) {
    return <p className="text-sm text-ink-700">{t('filter.deviceEmpty')}</p>
  }
  return (
    <p className="text-sm" data-testid="device-filter">
      <Link
        to={calendarHref({ week, market, stocks: keys.join(',') })}
        className="font-semibold text-brand-700 underline"
      >
        {t('filter.device')}
      </Link>
    </p>
  )
}
