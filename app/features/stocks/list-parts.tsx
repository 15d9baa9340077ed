/**
 * Small pieces every stock list shares: the data stamp (as-of date, stale note and DEMO badge next to the numbers),
 * a stock's name cell linking to its diagnosis (with the follow control, issue 25), and a price change with arrow and sign.
 */

import { DemoBadge } from '#app/components/badge.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Market } from '#contracts/regions.ts'
import type { Currency } from '#contracts/stocks.ts'
import { diagnosisHref } from './diagnosis-href.ts'
import { type DisplayLocale, formatDate, formatDecimal, formatPercent } from './stock-format.ts'

// The follow control (issue 25): drawn by the server with the page, its code fetched after the page's own (the JS
// budget); until it arrives the star is drawn but does not answer.
const FollowButton = deferHydration(() =>
  import('#app/features/watchlists/follow-button.tsx').then((module) => module.FollowButton),
)

export function DataStamp({
  isDemo,
  asOf,
  stale,
  displayLocale,
}: {
  isDemo: boolean
  asOf: string | null
  stale: boolean
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  return (
    <div className="flex flex-col gap-2" data-testid="data-stamp">
      <div className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
        {isDemo ? <DemoBadge /> : null}
        <span>{asOf ? t('report.asOf', { date: formatDate(asOf, displayLocale) }) : t('lists.noData')}</span>
      </div>
      {stale && asOf ? (
        <p
          role="note"
          className="rounded-lg bg-warn/10 px-3 py-2 text-sm text-ink-900"
          data-testid="stale-note"
        >
          {t('report.stale', { date: formatDate(asOf, displayLocale) })}
        </p>
      ) : null}
    </div>
  )
}

export function StockNameLink({
  name,
  otherName,
  code,
  market,
}: {
  name: string
  otherName?: string | null
  code: string
  market: Market
}) {
  const { t } = useTranslation('stocks')
  return (
    <span className="flex min-w-0 items-start gap-1">
      <FollowButton market={market} code={code} name={name} />
      <span className="flex min-w-0 flex-col">
        <PageLink
          to={diagnosisHref(code, market)}
          className="truncate font-semibold text-ink-950 hover:text-brand-700 hover:underline"
          aria-label={t('lists.diagnoseStock', { name, code })}
        >
          {name}
        </PageLink>
        <span className="truncate text-xs text-ink-700">
          {code} · {t(`markets.${market}`)}
          {otherName && otherName !== name ? ` · ${otherName}` : ''}
        </span>
      </span>
    </span>
  )
}

/** `+1.25 (+0.38%)` with its arrow; JPY and KRW changes without decimals. */
export function PriceChange({
  change,
  rate,
  currency,
  displayLocale,
  className,
}: {
  change: number | null
  rate: number | null
  currency: Currency
  displayLocale: DisplayLocale
  className?: string
}) {
  if (rate === null) return null
  const digits = currency === 'JPY' || currency === 'KRW' ? 0 : 2
  return (
    <ChangeIndicator value={rate} className={className}>
      {change !== null ? `${formatDecimal(change, displayLocale, { digits, signed: true })} ` : ''}(
      {formatPercent(rate, displayLocale, { signed: true, digits: 2 })})
    </ChangeIndicator>
  )
}
