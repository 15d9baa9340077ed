/**
 * The stock's key figures beside its scores (spec §3): the gap to fair value (the spec's downside margin, named margin
 * of safety or premium to fair value), P/E, market capitalisation, analyst rating, profitability rating and
 * financial-health status — each with what it is based on.
 */

import { Badge, type BadgeTone } from '#app/components/badge.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ValueContext } from './check-values.ts'
import { FairValueGap, gapTermKey } from './fair-value-gap.tsx'
import { MethodButton } from './method-button.tsx'
import type { PageDiagnosis } from './page-diagnosis.ts'
import { formatAmount, formatDate, formatDecimal, formatPercent, formatPrice } from './stock-format.ts'
import { useKeyLabels } from './stock-labels.ts'

export const zoneTones: Record<string, BadgeTone> = { safe: 'gain', grey: 'warn', distress: 'loss' }
export const ratingTones: Record<string, BadgeTone> = { strong: 'gain', average: 'neutral', weak: 'loss' }

function Tile({
  term,
  children,
  note,
  testId,
}: {
  term: string
  children: React.ReactNode
  note?: React.ReactNode
  testId?: string
}) {
  return (
    <div className="flex flex-col gap-1 rounded-card border border-ink-100 bg-white p-3" data-testid={testId}>
      <dt className="text-xs font-semibold text-ink-700">{term}</dt>
      <dd className="flex flex-col gap-1">
        <span className="text-base font-bold text-ink-950 tabular-nums">{children}</span>
        {note ? <span className="text-xs text-ink-700">{note}</span> : null}
      </dd>
    </div>
  )
}

export function KeyFigures({
  diagnosis,
  ctx,
  asOfText,
}: {
  diagnosis: PageDiagnosis
  ctx: ValueContext
  asOfText: string
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const keyLabel = useKeyLabels()
  const { stock, analyst, financialHealth: health } = diagnosis
  const peFiscalYear = diagnosis.ratios.peFiscalYear
  const notAvailable = t('check.notAvailable')
  const healthValue =
    health.value === null
      ? null
      : health.model === 'financials_equity_to_assets'
        ? formatPercent(health.value, ctx.locale)
        : formatDecimal(health.value, ctx.locale, { digits: 2 })
  return (
    <section aria-labelledby="key-figures-heading">
      <h2 id="key-figures-heading" className="sr-only">
        {t('figures.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Tile
          term={t(gapTermKey(stock.downsideMargin))}
          testId="figure-downside-margin"
          note={
            stock.fairValue !== null
              ? t('figures.fairValueNote', { value: formatPrice(stock.fairValue, ctx.currency, ctx.locale) })
              : null
          }
        >
          <FairValueGap margin={stock.downsideMargin} displayLocale={ctx.locale} empty={notAvailable} />
        </Tile>
        <Tile
          term={t('figures.pe')}
          testId="figure-pe"
          note={typeof peFiscalYear === 'number' ? t('figures.peBasis', { year: peFiscalYear }) : null}
        >
          {stock.peRatio === null
            ? notAvailable
            : t('units.multiple', { value: formatDecimal(stock.peRatio, ctx.locale, { digits: 1 }) })}
        </Tile>
        <Tile
          term={t('figures.marketCap')}
          testId="figure-market-cap"
          note={
            stock.marketCapUsd !== null && ctx.currency !== 'USD'
              ? t('figures.marketCapUsd', { value: formatAmount(stock.marketCapUsd, 'USD', ctx.locale) })
              : null
          }
        >
          {stock.marketCap === null ? notAvailable : formatAmount(stock.marketCap, ctx.currency, ctx.locale)}
        </Tile>
        <Tile
          term={t('figures.analystRating')}
          testId="figure-analyst"
          note={
            analyst
              ? [
                  t('figures.analystCount', { count: analyst.analystCount }),
                  analyst.targetMean !== null
                    ? t('figures.analystTarget', {
                        value: formatPrice(analyst.targetMean, ctx.currency, ctx.locale),
                      })
                    : null,
                  formatDate(analyst.asOf, ctx.locale),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : null
          }
        >
          {keyLabel('analyst', stock.analystRating) ?? notAvailable}
        </Tile>
        <Tile
          term={t('figures.profitabilityRating')}
          testId="figure-profitability"
          note={t('figures.profitabilityNote')}
        >
          {stock.profitabilityRating ? (
            <Badge tone={ratingTones[stock.profitabilityRating] ?? 'neutral'}>
              {keyLabel('rating', stock.profitabilityRating)}
            </Badge>
          ) : (
            notAvailable
          )}
        </Tile>
        <Tile
          term={t('figures.financialHealth')}
          testId="figure-health"
          note={
            <span className="inline-flex flex-wrap items-center gap-1">
              {health.modelLabel}
              {healthValue ? ` · ${healthValue}` : ''}
              <MethodButton
                methods={
                  health.model === 'altman_z'
                    ? ['altman-1968']
                    : health.model === 'altman_z_double_prime'
                      ? ['altman-1995']
                      : ['financials-capital']
                }
                subject={t('figures.financialHealth')}
                asOfText={asOfText}
              />
            </span>
          }
        >
          {stock.financialHealth ? (
            <Badge tone={zoneTones[stock.financialHealth] ?? 'neutral'}>
              {keyLabel('zone', stock.financialHealth)}
            </Badge>
          ) : (
            notAvailable
          )}
        </Tile>
      </dl>
    </section>
  )
}
