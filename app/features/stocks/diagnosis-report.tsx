/**
 * One stock's diagnosis, top to bottom: who it is and its price, the summary, key figures, the score chart, the
 * price chart with support and resistance, the technicals and capital-flow labels, fair value, dividends, every
 * score's checks,
 * and the disclaimer with the data's source and dates. Everything shown comes from the diagnosis answer; this
 * component only lays it out and formats it for the reader.
 */

import { startTransition, useEffect, useState, useSyncExternalStore } from 'react'
import { DemoBadge } from '#app/components/badge.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { ensureCatalogs } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { compareHref } from '#contracts/compare-href.ts'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import { isCurrency } from '#contracts/stock-rules.ts'
import type { ValueContext } from './check-values.ts'
import { CompanyTextPanel, type PageCompanyText } from './company-text.tsx'
import { DividendsPanel } from './dividends-panel.tsx'
import { FairValuePanel } from './fair-value-panel.tsx'
import { KeyFigures } from './key-figures.tsx'
import { MethodCitationsProvider } from './method-button.tsx'
import type { PageDiagnosis } from './page-diagnosis.ts'
import { PriceChart } from './price-chart.tsx'
import { PriceLevelsPanel } from './price-levels-panel.tsx'
import { ReportIconSprite } from './report-icons.tsx'
import { ScoreDetails } from './score-details.tsx'
import { ScoreOverview } from './score-overview.tsx'
import { useSectorName } from './sector-name.ts'
import { SignalLabels } from './signal-labels.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMonth,
  formatPercent,
  formatPrice,
} from './stock-format.ts'

// The follow control (issue 25): drawn by the server with the page, its code fetched after the page's own (the JS
// budget); until it arrives the star is drawn but does not answer.
const FollowButton = deferHydration(() =>
  import('#app/features/watchlists/follow-button.tsx').then((module) => module.FollowButton),
)

// The alert control (issue 26): drawn with the report, its code and its words (`alerts`) fetched after the page's
// own, like the star; it hydrates once both are here.
const AlertControl = deferHydration(() =>
  Promise.all([
    import('#app/features/alerts/alert-control.tsx'),
    ensureCatalogs(['alerts']).catch(() => undefined),
  ]).then(([module]) => module.AlertControl),
)

/** Fetches the report's controls' code ahead of the first report (the empty diagnosis page, once idle). */
export function preloadReportControls(): Promise<void> {
  return Promise.all([FollowButton.preload(), AlertControl.preload()]).then(() => undefined)
}

/** The other language's name, shown beside the reader's (騰訊控股 · Tencent Holdings). */
export function otherNameOf(
  stock: Pick<StockDiagnosis['stock'], 'name' | 'nameEn' | 'nameZh'>,
): string | null {
  const other = stock.name === stock.nameZh ? stock.nameEn : stock.nameZh
  return other && other !== stock.name ? other : null
}

/**
 * The parts below a phone's first screen: the browser skips their style and layout until they come near it
 * (content-visibility), which is most of the work of drawing a report (issue "Fast on a phone and under load").
 * The estimated height stands in until then and the real one is remembered after.
 */
const belowFirstScreen = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]'

const subscribeNever = () => () => undefined

/**
 * Whether the parts below the first screen are drawn. A report drawn in the browser (a diagnosis asked for on the
 * page) draws its first screen first and the rest in a second pass right after, so the reader sees the stock's name,
 * price and summary without waiting for the whole report to be built (on a phone, Enter to report on screen went
 * from 415–473 to 361–393 ms median: bench/diagnosis-enter.bench.ts). The server's report and its hydration draw
 * everything at once (the server snapshot below is what hydration reads): a page without JavaScript has it all.
 */
function useLowerPartsShown(): boolean {
  const isHydratingOrServer = !useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
  const [isShown, setIsShown] = useState(isHydratingOrServer)
  useEffect(() => {
    if (!isShown) startTransition(() => setIsShown(true))
  }, [isShown])
  return isShown
}

export function DiagnosisReport({
  diagnosis,
  companyText = null,
  displayLocale,
  timeZone,
}: {
  diagnosis: PageDiagnosis
  /** The analysts' text about the company in the reader's language; nothing is shown without one. */
  companyText?: PageCompanyText | null
  displayLocale: DisplayLocale
  timeZone: string
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const isLowerShown = useLowerPartsShown()
  const sectorLabel = useSectorName()
  const { stock } = diagnosis
  const reportingCurrency = diagnosis.ratios.reportingCurrency
  const ctx: ValueContext = {
    locale: displayLocale,
    currency: stock.currency,
    reportingCurrency: isCurrency(reportingCurrency) ? reportingCurrency : stock.currency,
    t: (key, options) => t(key, options ?? {}) as string,
  }
  const asOfText = diagnosis.asOf ? formatDate(diagnosis.asOf, displayLocale) : t('check.notAvailable')
  const otherName = otherNameOf(stock)
  const closeText = stock.price === null ? null : formatPrice(stock.price, stock.currency, displayLocale)
  const chartDescription = t('chart.description', {
    name: stock.name,
    from: diagnosis.chart ? formatDate(diagnosis.chart.from, displayLocale) : '',
    to: diagnosis.chart ? formatDate(diagnosis.chart.to, displayLocale) : '',
    close: closeText ?? t('check.notAvailable'),
    support: diagnosis.levels.support
      ? formatPrice(diagnosis.levels.support.price, stock.currency, displayLocale)
      : t('check.notAvailable'),
    resistance: diagnosis.levels.resistance
      ? formatPrice(diagnosis.levels.resistance.price, stock.currency, displayLocale)
      : t('check.notAvailable'),
  })
  return (
    <MethodCitationsProvider citations={diagnosis.methods}>
      <article
        className="flex flex-col gap-8"
        aria-labelledby="diagnosis-title"
        data-testid="diagnosis-report"
      >
        <ReportIconSprite />
        <header className="flex flex-col gap-4 rounded-card border border-ink-100 bg-white p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="diagnosis-title" className="text-2xl font-bold text-ink-950">
                  {stock.name}
                </h2>
                <FollowButton market={stock.market} code={stock.code} name={stock.name} />
                {diagnosis.isDemo ? <DemoBadge /> : null}
              </div>
              <p className="text-sm text-ink-700">
                {[
                  otherName,
                  `${stock.code} · ${stock.exchange}`,
                  t(`markets.${stock.market}`),
                  sectorLabel(stock.sector),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1 text-end">
              <span className="text-3xl font-bold text-ink-950 tabular-nums" data-testid="diagnosis-price">
                {closeText ?? t('check.notAvailable')}
              </span>
              {stock.latestChange !== null && stock.latestChangeRate !== null ? (
                <ChangeIndicator value={stock.latestChange}>
                  {formatDecimal(stock.latestChange, displayLocale, {
                    digits: stock.currency === 'JPY' || stock.currency === 'KRW' ? 0 : 2,
                    signed: true,
                  })}{' '}
                  ({formatPercent(stock.latestChangeRate, displayLocale, { signed: true, digits: 2 })})
                </ChangeIndicator>
              ) : null}
              {stock.priceDate ? (
                <span className="text-xs text-ink-700">
                  {t('report.closeOf', { date: formatDate(stock.priceDate, displayLocale) })}
                </span>
              ) : null}
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink-700" data-testid="diagnosis-as-of">
              {t('report.asOf', { date: asOfText })}
            </p>
            <PageLink
              to={compareHref([{ market: stock.market, code: stock.code }])}
              className="text-sm font-medium text-brand-700 hover:underline"
              data-testid="compare-with"
            >
              {t('report.compareWith')}
            </PageLink>
          </div>
          {diagnosis.stale ? (
            <p
              role="note"
              className="rounded-lg bg-warn/10 px-3 py-2 text-sm text-ink-900"
              data-testid="stale-note"
            >
              {t('report.stale', { date: asOfText })}
            </p>
          ) : null}
          <section aria-labelledby="summary-heading" className="flex flex-col gap-1">
            <h3 id="summary-heading" className="text-sm font-semibold text-ink-700">
              {t('report.summary')}
            </h3>
            <p className="leading-7 text-ink-900" data-testid="diagnosis-summary">
              {diagnosis.summary}
            </p>
          </section>
          <AlertControl market={stock.market} code={stock.code} name={stock.name} price={stock.price} />
        </header>

        <KeyFigures diagnosis={diagnosis} ctx={ctx} asOfText={asOfText} />

        {companyText ? (
          <CompanyTextPanel text={companyText} displayLocale={displayLocale} timeZone={timeZone} />
        ) : null}

        {isLowerShown ? (
          <>
            <div className={`rounded-card border border-ink-100 bg-white p-4 sm:p-5 ${belowFirstScreen}`}>
              <ScoreOverview diagnosis={diagnosis} displayLocale={displayLocale} asOfText={asOfText} />
            </div>

            <section
              aria-labelledby="chart-heading"
              className={`flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4 sm:p-5 ${belowFirstScreen}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="chart-heading" className="text-xl font-semibold text-ink-950">
                  {t('levels.title')}
                </h2>
                {diagnosis.isDemo ? <DemoBadge /> : null}
              </div>
              {diagnosis.chart ? (
                <PriceChart
                  subject={{ code: stock.code, market: stock.market, computedAt: diagnosis.computedAt }}
                  levels={diagnosis.levels}
                  currency={stock.currency}
                  displayLocale={displayLocale}
                  description={chartDescription}
                />
              ) : null}
              <PriceLevelsPanel
                levels={diagnosis.levels}
                close={stock.price}
                closeDate={stock.priceDate}
                currency={stock.currency}
                displayLocale={displayLocale}
                asOfText={asOfText}
              />
            </section>

            <div className={belowFirstScreen}>
              <SignalLabels
                technicals={diagnosis.technicals}
                capitalFlow={diagnosis.capitalFlow}
                ctx={ctx}
                asOfText={asOfText}
              />
            </div>

            <div className={belowFirstScreen}>
              <FairValuePanel
                fairValue={diagnosis.fairValue}
                price={stock.price}
                ctx={ctx}
                asOfText={asOfText}
                subject={{ code: stock.code, market: stock.market, computedAt: diagnosis.computedAt }}
              />
            </div>

            <div className={belowFirstScreen}>
              <DividendsPanel diagnosis={diagnosis} displayLocale={displayLocale} asOfText={asOfText} />
            </div>

            <div className={belowFirstScreen}>
              <ScoreDetails diagnosis={diagnosis} ctx={ctx} asOfText={asOfText} />
            </div>

            <footer
              className="flex flex-col gap-2 rounded-card bg-ink-100 p-4 text-xs leading-5 text-ink-800"
              data-testid="diagnosis-disclaimer"
            >
              <p className="font-semibold">{t('disclaimer.title')}</p>
              <p>{t('disclaimer.body')}</p>
              <p>
                {t('disclaimer.data', {
                  source: t(`dataSources.${diagnosis.data.source}`, { defaultValue: diagnosis.data.source }),
                  from: diagnosis.data.firstBarDate
                    ? formatDate(diagnosis.data.firstBarDate, displayLocale)
                    : '—',
                  to: diagnosis.data.lastBarDate
                    ? formatDate(diagnosis.data.lastBarDate, displayLocale)
                    : '—',
                  years: diagnosis.data.fiscalYears.join(displayLocale === 'zh-TW' ? '、' : ', ') || '—',
                })}
              </p>
              <p>
                {t('disclaimer.computed', {
                  time: formatDateTime(diagnosis.computedAt, displayLocale, timeZone),
                  version: diagnosis.engineVersion,
                  reviewed: formatMonth(diagnosis.assumptionsReviewed, displayLocale),
                })}
              </p>
              {diagnosis.isDemo ? <p className="font-semibold">{t('disclaimer.demo')}</p> : null}
            </footer>
          </>
        ) : null}
      </article>
    </MethodCitationsProvider>
  )
}
