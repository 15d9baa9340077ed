/**
 * Hot stocks (spec §1, §2 /stocks-hot): each market's heat — how unusual its latest session was — and the stocks
 * that stood out most, with the figures behind their heat (volume against the 20-session average, price move,
 * article mentions) and a short interpretation. Each stock leads to its diagnosis.
 */
import { clsx } from 'clsx'
import { __iconData as flameShape } from 'lucide-react/icons/flame'
import { Link } from 'react-router'
import { Badge, type BadgeTone } from '#app/components/badge.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Market } from '#contracts/regions.ts'
import type { HotStock, HotStocksAnswer, MarketHeat } from '#contracts/stock-lists.ts'
import { diagnosisHref } from './diagnosis-href.ts'
import { PriceChange, StockNameLink } from './list-parts.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatScore,
} from './stock-format.ts'

const Flame = outlineIcon(flameShape)

const heatTones: Record<MarketHeat['level'], BadgeTone> = { hot: 'loss', warm: 'warn', cool: 'neutral' }

export function otherNameOf(row: { name: string; nameEn: string; nameZh: string }): string {
  return row.name === row.nameZh ? row.nameEn : row.nameZh
}

function MarketHeatCard({
  heat,
  isCurrent,
  hrefOf,
  displayLocale,
}: {
  heat: MarketHeat
  isCurrent: boolean
  hrefOf(market: Market): string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  return (
    <li
      className={clsx(
        'flex-col gap-2 rounded-card border bg-white p-4',
        // On a phone only the chosen market's card shows; the tabs above switch between markets.
        isCurrent ? 'flex border-brand-600 ring-1 ring-brand-600' : 'hidden border-ink-100 sm:flex',
      )}
      data-testid={`market-heat-${heat.market}`}
    >
      <div className="flex items-center justify-between gap-2">
        <Link
          to={hrefOf(heat.market)}
          preventScrollReset
          aria-current={isCurrent ? 'true' : undefined}
          className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
        >
          {heat.name}
        </Link>
        <Badge tone={heatTones[heat.level]}>{t(`hot.level.${heat.level}`)}</Badge>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-2xl font-bold text-ink-950 tabular-nums">
          {formatScore(heat.heatScore, displayLocale)}
        </span>
        <span className="text-xs text-ink-700">{t('hot.heatOutOf')}</span>
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-ink-700">{t('hot.advancersDecliners')}</dt>
        <dd className="text-end tabular-nums">
          {t('hot.breadth', { up: heat.advancers, down: heat.decliners, flat: heat.unchanged })}
        </dd>
        <dt className="text-ink-700">{t('hot.medianMove')}</dt>
        <dd className="text-end">
          {heat.medianMove === null ? (
            '—'
          ) : (
            <ChangeIndicator value={heat.medianMove} className="justify-end text-xs">
              {formatPercent(heat.medianMove, displayLocale, { signed: true, digits: 2 })}
            </ChangeIndicator>
          )}
        </dd>
        <dt className="text-ink-700">{t('hot.medianVolume')}</dt>
        <dd className="text-end tabular-nums">
          {heat.medianVolumeRatio === null
            ? '—'
            : t('units.multiple', {
                value: formatDecimal(heat.medianVolumeRatio, displayLocale, { digits: 2 }),
              })}
        </dd>
        <dt className="text-ink-700">{t('hot.mentions')}</dt>
        <dd className="text-end tabular-nums">{heat.mentions}</dd>
      </dl>
      <p className="text-xs text-ink-800">{heat.interpretation}</p>
      {heat.sessionDate ? (
        <p className="text-xs text-ink-700">
          {t('hot.session', { date: formatDate(heat.sessionDate, displayLocale) })}
        </p>
      ) : null}
    </li>
  )
}

/** What a hot stock's card draws: the home page sends its cards only these fields. */
export type HotStockCard = Pick<
  HotStock,
  | 'market'
  | 'code'
  | 'name'
  | 'nameEn'
  | 'nameZh'
  | 'rank'
  | 'price'
  | 'latestPrice'
  | 'currency'
  | 'latestChange'
  | 'latestChangeRate'
  | 'heat'
  | 'interpretation'
  | 'score'
>

export function HotStockRow({ row, displayLocale }: { row: HotStockCard; displayLocale: DisplayLocale }) {
  const { t } = useTranslation('stocks')
  const price = row.latestPrice ?? row.price
  return (
    <li
      className="flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4"
      data-testid="hot-stock"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink-900 text-sm font-bold text-white">
            <span aria-hidden="true">{row.rank}</span>
            <span className="sr-only">{t('hot.rank', { rank: row.rank })}</span>
          </span>
          <StockNameLink name={row.name} otherName={otherNameOf(row)} code={row.code} market={row.market} />
        </div>
        <div className="ms-auto flex flex-col items-end gap-0.5">
          <span className="font-semibold text-ink-950 tabular-nums">
            {price === null ? t('check.notAvailable') : formatPrice(price, row.currency, displayLocale)}
          </span>
          <PriceChange
            change={row.latestChange}
            rate={row.latestChangeRate}
            currency={row.currency}
            displayLocale={displayLocale}
            className="text-sm"
          />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div className="rounded-lg bg-ink-50 px-3 py-2">
          <dt className="text-xs text-ink-700">{t('hot.heat')}</dt>
          <dd className="flex items-center gap-1 font-semibold tabular-nums">
            <Flame className="size-4 text-warn" aria-hidden="true" />
            {formatScore(row.heat.heatScore, displayLocale)}
          </dd>
        </div>
        <div className="rounded-lg bg-ink-50 px-3 py-2">
          <dt className="text-xs text-ink-700">{t('hot.volumeRatio')}</dt>
          <dd className="font-semibold tabular-nums">
            {row.heat.volumeRatio === null
              ? '—'
              : t('units.multiple', {
                  value: formatDecimal(row.heat.volumeRatio, displayLocale, { digits: 2 }),
                })}
          </dd>
        </div>
        <div className="rounded-lg bg-ink-50 px-3 py-2">
          <dt className="text-xs text-ink-700">{t('hot.priceMove')}</dt>
          <dd className="font-semibold">
            {row.heat.priceMove === null ? (
              '—'
            ) : (
              <ChangeIndicator value={row.heat.priceMove}>
                {formatPercent(row.heat.priceMove, displayLocale, { signed: true, digits: 2 })}
              </ChangeIndicator>
            )}
          </dd>
        </div>
        <div className="rounded-lg bg-ink-50 px-3 py-2">
          <dt className="text-xs text-ink-700">{t('hot.mentions')}</dt>
          <dd className="font-semibold tabular-nums">{row.heat.mentions}</dd>
        </div>
      </dl>
      <p className="text-sm leading-6 text-ink-800">{row.interpretation}</p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-ink-700">
        <span>
          {row.score === null ? '' : t('lists.scoreOf', { score: formatScore(row.score, displayLocale) })}
          {row.heat.sessionDate
            ? ` · ${t('hot.session', { date: formatDate(row.heat.sessionDate, displayLocale) })}`
            : ''}
        </span>
        <Link to={diagnosisHref(row.code, row.market)} className="font-medium text-brand-700 hover:underline">
          {t('lists.diagnose', { name: row.name })}
        </Link>
      </div>
    </li>
  )
}

export function HotStocksView({
  answer,
  market,
  hrefOf,
  displayLocale,
}: {
  answer: HotStocksAnswer
  market: Market
  hrefOf(market: Market): string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="heat-heading" className="flex flex-col gap-3">
        <h2 id="heat-heading" className="text-xl font-semibold text-ink-950">
          {t('hot.marketHeat')}
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {answer.markets.map((heat) => (
            <MarketHeatCard
              key={heat.market}
              heat={heat}
              isCurrent={heat.market === market}
              hrefOf={hrefOf}
              displayLocale={displayLocale}
            />
          ))}
        </ul>
        <p className="text-xs text-ink-700">{t('hot.heatNote')}</p>
      </section>
      <section aria-labelledby="hot-list-heading" className="flex flex-col gap-3">
        <h2 id="hot-list-heading" className="text-xl font-semibold text-ink-950">
          {t('hot.listTitle', { market: t(`markets.${market}`) })}
        </h2>
        {answer.rows.length === 0 ? (
          <EmptyState title={t('lists.empty')} description={t('lists.emptyHint')} />
        ) : (
          <ol className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {answer.rows.map((row) => (
              <HotStockRow key={`${row.market}-${row.code}`} row={row} displayLocale={displayLocale} />
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
