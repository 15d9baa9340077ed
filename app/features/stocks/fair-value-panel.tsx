/**
 * Fair value and the gap to the price (margin of safety or premium to fair value), with what drives it and the whole
 * calculation: the model's main assumption against the one the price implies, the low, base and high cases, a
 * low-confidence note when price and fair value are more than a factor of two apart; then, for operating companies,
 * the two-stage DCF's inputs and its year-by-year projection, for banks and insurers the justified price-to-book.
 * Amounts of the statements are in the reporting currency, the per-share result in the trading currency.
 */

import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { FairValueScenario, FairValueSensitivity, StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import type { ValueContext } from './check-values.ts'
import { type DetailsSubject, useDiagnosisDetails } from './diagnosis-details.ts'
import { FairValueGap, gapTermKey, LowConfidenceBadge } from './fair-value-gap.tsx'
import type { calculationOf, DcfInputs, PriceToBookInputs } from './fair-value-inputs.ts'
import { LoadFailed } from './load-failed.tsx'
import { MethodButton } from './method-button.tsx'
import { formatAmount, formatCompact, formatDecimal, formatPercent, formatPrice } from './stock-format.ts'

/** The fair value as the page carries it: its calculation (the model's inputs) comes when first opened. */
export type DiagnosisFairValue = Omit<StockDiagnosis['fairValue'], 'inputs'> & { hasCalculation: boolean }

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-ink-100 py-1.5 text-sm last:border-b-0">
      <dt className="text-ink-700">{term}</dt>
      <dd className="text-end font-medium text-ink-900 tabular-nums">{children}</dd>
    </div>
  )
}

function DcfDetails({ dcf, ctx }: { dcf: DcfInputs; ctx: ValueContext }) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const amount = (n: number) => formatAmount(n, ctx.reportingCurrency, ctx.locale)
  const pct = (n: number) => formatPercent(n, ctx.locale, { digits: 2 })
  return (
    <div className="flex flex-col gap-4">
      <dl>
        <Figure term={t('fairValue.dcf.baseFreeCashFlow', { count: dcf.baseYears.length })}>
          {amount(dcf.baseFreeCashFlow)}
        </Figure>
        <Figure term={t('fairValue.dcf.growthRate', { years: dcf.explicitYears })}>
          {pct(dcf.growthRate)}{' '}
          <span className="text-xs font-normal text-ink-700">
            ({t(`fairValue.dcf.growthSource.${dcf.growthSource}`)}
            {dcf.growthRateUnclamped !== null && dcf.growthRateUnclamped !== dcf.growthRate
              ? `; ${t('fairValue.dcf.unclamped', { value: pct(dcf.growthRateUnclamped) })}`
              : ''}
            )
          </span>
        </Figure>
        <Figure term={t('fairValue.dcf.discountRate')}>{pct(dcf.discountRate)}</Figure>
        <Figure term={t('fairValue.dcf.terminalGrowth')}>{pct(dcf.terminalGrowth)}</Figure>
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="pb-1 text-start text-xs font-semibold text-ink-700">
            {t('fairValue.dcf.baseYearsCaption')}
          </caption>
          <thead>
            <tr className="border-b border-ink-300 text-xs text-ink-700">
              <th scope="col" className="py-1.5 pe-2 text-start font-semibold">
                {t('fairValue.dcf.fiscalYear')}
              </th>
              <th scope="col" className="py-1.5 pe-2 text-end font-semibold">
                {t('fairValue.dcf.operatingCashFlow')}
              </th>
              <th scope="col" className="py-1.5 pe-2 text-end font-semibold">
                {t('fairValue.dcf.capitalExpenditure')}
              </th>
              <th scope="col" className="py-1.5 text-end font-semibold">
                {t('fairValue.dcf.freeCashFlow')}
              </th>
            </tr>
          </thead>
          <tbody>
            {dcf.baseYears.map((y) => (
              <tr key={y.fiscalYear} className="border-b border-ink-100">
                <th scope="row" className="py-1.5 pe-2 text-start font-normal">
                  {y.fiscalYear}
                </th>
                <td className="py-1.5 pe-2 text-end tabular-nums">{amount(y.operatingCashFlow)}</td>
                <td className="py-1.5 pe-2 text-end tabular-nums">{amount(y.capitalExpenditure)}</td>
                <td className="py-1.5 text-end tabular-nums">{amount(y.freeCashFlow)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="dcf-projection">
          <caption className="pb-1 text-start text-xs font-semibold text-ink-700">
            {t('fairValue.dcf.projectionCaption')}
          </caption>
          <thead>
            <tr className="border-b border-ink-300 text-xs text-ink-700">
              <th scope="col" className="py-1.5 pe-2 text-start font-semibold">
                {t('fairValue.dcf.year')}
              </th>
              <th scope="col" className="py-1.5 pe-2 text-end font-semibold">
                {t('fairValue.dcf.freeCashFlow')}
              </th>
              <th scope="col" className="py-1.5 pe-2 text-end font-semibold">
                {t('fairValue.dcf.discountFactor')}
              </th>
              <th scope="col" className="py-1.5 text-end font-semibold">
                {t('fairValue.dcf.presentValue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {dcf.projection.map((y) => (
              <tr key={y.year} className="border-b border-ink-100">
                <th scope="row" className="py-1.5 pe-2 text-start font-normal">
                  {t('fairValue.dcf.yearN', { year: y.year })}
                </th>
                <td className="py-1.5 pe-2 text-end tabular-nums">{amount(y.freeCashFlow)}</td>
                <td className="py-1.5 pe-2 text-end tabular-nums">
                  {formatDecimal(y.discountFactor, ctx.locale, { digits: 4 })}
                </td>
                <td className="py-1.5 text-end tabular-nums">{amount(y.presentValue)}</td>
              </tr>
            ))}
            <tr className="border-b border-ink-100">
              <th scope="row" className="py-1.5 pe-2 text-start font-normal">
                {t('fairValue.dcf.terminal')}
              </th>
              <td className="py-1.5 pe-2 text-end tabular-nums">{amount(dcf.terminalValue)}</td>
              <td className="py-1.5 pe-2 text-end">—</td>
              <td className="py-1.5 text-end tabular-nums">{amount(dcf.terminalPresentValue)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <dl>
        <Figure term={t('fairValue.dcf.enterpriseValue')}>{amount(dcf.enterpriseValue)}</Figure>
        <Figure term={t('fairValue.dcf.terminalShare')}>
          {formatPercent(dcf.terminalShare, ctx.locale)}
        </Figure>
        <Figure term={t('fairValue.dcf.cash')}>{amount(dcf.cash)}</Figure>
        <Figure term={t('fairValue.dcf.debt')}>{amount(dcf.debt)}</Figure>
        <Figure term={t('fairValue.dcf.equityValue')}>{amount(dcf.equityValue)}</Figure>
        <Figure term={t('fairValue.dcf.dilutedShares')}>
          {t('units.shares', { value: formatCompact(dcf.dilutedShares, ctx.locale) })}
        </Figure>
        {dcf.fxToTradingCurrency !== 1 ? (
          <Figure term={t('fairValue.fx', { from: ctx.reportingCurrency, to: ctx.currency })}>
            {formatDecimal(dcf.fxToTradingCurrency, ctx.locale, { digits: 4 })}
          </Figure>
        ) : null}
        <Figure term={t('fairValue.perShare')}>
          {formatPrice(dcf.fairValuePerShare, ctx.currency, ctx.locale)}
        </Figure>
      </dl>
    </div>
  )
}

function PriceToBookDetails({ pb, ctx }: { pb: PriceToBookInputs; ctx: ValueContext }) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const pct = (n: number) => formatPercent(n, ctx.locale, { digits: 2 })
  return (
    <dl data-testid="justified-pb">
      <Figure term={t('fairValue.pb.bookValuePerShare')}>
        {formatPrice(pb.bookValuePerShare, ctx.reportingCurrency, ctx.locale)}
      </Figure>
      <Figure term={t('fairValue.pb.returnOnEquity', { count: pb.returnOnEquityYears.length })}>
        {pct(pb.returnOnEquity)}
      </Figure>
      <Figure term={t('fairValue.pb.costOfEquity')}>{pct(pb.costOfEquity)}</Figure>
      <Figure term={t('fairValue.pb.growth')}>{pct(pb.growth)}</Figure>
      <Figure term={t('fairValue.pb.justifiedPriceToBook')}>
        {t('units.multiple', { value: formatDecimal(pb.justifiedPriceToBook, ctx.locale, { digits: 2 }) })}
      </Figure>
      {pb.fxToTradingCurrency !== 1 ? (
        <Figure term={t('fairValue.fx', { from: ctx.reportingCurrency, to: ctx.currency })}>
          {formatDecimal(pb.fxToTradingCurrency, ctx.locale, { digits: 4 })}
        </Figure>
      ) : null}
      <Figure term={t('fairValue.perShare')}>
        {formatPrice(pb.fairValuePerShare, ctx.currency, ctx.locale)}
      </Figure>
    </dl>
  )
}

/** Why the fair value is where it is: the main assumption, the one the price implies, and the low–high range. */
function ValueDrivers({
  sensitivity,
  price,
  ctx,
}: {
  sensitivity: FairValueSensitivity
  price: number | null
  ctx: ValueContext
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const rate = (n: number) => formatPercent(n, ctx.locale)
  const cost = (n: number) => formatPercent(n, ctx.locale, { digits: 2 })
  const money = (n: number) => formatPrice(n, ctx.currency, ctx.locale)
  const { base, low, high, implied } = sensitivity
  const isDcf = sensitivity.driver === 'explicit_growth'
  const years = sensitivity.explicitYears ?? 0
  const assumes = isDcf
    ? t('fairValue.drivers.dcfAssumes', {
        growth: rate(base.driver),
        years,
        terminal: cost(base.terminalGrowth),
        discount: cost(base.discountRate),
      })
    : t('fairValue.drivers.pbAssumes', {
        roe: rate(base.driver),
        costOfEquity: cost(base.discountRate),
        growth: cost(base.terminalGrowth),
      })
  const impliedText =
    implied === null || price === null
      ? null
      : isDcf
        ? t(
            implied.beyond === 'above'
              ? 'fairValue.drivers.dcfImpliedAbove'
              : implied.beyond === 'below'
                ? 'fairValue.drivers.dcfImpliedBelow'
                : 'fairValue.drivers.dcfImplied',
            { price: money(price), implied: rate(implied.value), years },
          )
        : t('fairValue.drivers.pbImplied', { price: money(price), implied: rate(implied.value) })
  const outside =
    price === null
      ? null
      : high.value !== null && price > high.value
        ? t('fairValue.drivers.priceAboveHigh')
        : low.value !== null && price < low.value
          ? t('fairValue.drivers.priceBelowLow')
          : null
  const scenarioNote = (scenario: FairValueScenario) =>
    t(isDcf ? 'fairValue.drivers.rangeDcf' : 'fairValue.drivers.rangePb', {
      driver: rate(scenario.driver),
      discount: cost(scenario.discountRate),
    })
  const cases = [
    ['low', low],
    ['base', base],
    ['high', high],
  ] as const
  return (
    <div className="flex flex-col gap-2" data-testid="fair-value-drivers">
      <h3 className="text-sm font-semibold text-ink-900">{t('fairValue.drivers.title')}</h3>
      <p className="text-sm text-ink-800">
        {assumes}
        {impliedText ? ` ${impliedText}` : ''}
      </p>
      <dl className="grid grid-cols-3 gap-2" data-testid="fair-value-range">
        {cases.map(([name, scenario]) => (
          <div
            key={name}
            className={
              name === 'base'
                ? 'rounded-lg border border-ink-300 p-2'
                : 'rounded-lg border border-ink-100 p-2'
            }
          >
            <dt className="text-xs font-semibold text-ink-700">{t(`fairValue.drivers.case.${name}`)}</dt>
            <dd className="flex flex-col">
              <span className="font-semibold text-ink-950 tabular-nums">
                {scenario.value === null ? t('fairValue.drivers.notMeaningful') : money(scenario.value)}
              </span>
              <span className="text-xs text-ink-700">{scenarioNote(scenario)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-700">
        {t('fairValue.drivers.rangeNote')}
        {outside ? ` ${outside}` : ''}
      </p>
    </div>
  )
}

export function FairValuePanel({
  fairValue,
  price,
  ctx,
  asOfText,
  subject,
}: {
  fairValue: DiagnosisFairValue
  price: number | null
  ctx: ValueContext
  asOfText: string
  subject: DetailsSubject
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  return (
    <section
      aria-labelledby="fair-value-heading"
      className="flex flex-col gap-4 rounded-card border border-ink-100 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="fair-value-heading" className="text-xl font-semibold text-ink-950">
            {t('fairValue.title')}
          </h2>
          <p className="text-sm text-ink-700">{fairValue.methodLabel}</p>
        </div>
        <MethodButton methods={fairValue.methods} subject={t('fairValue.title')} asOfText={asOfText} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="fair-value-summary">
        <div className="rounded-lg bg-ink-50 p-3">
          <dt className="text-xs font-semibold text-ink-700">{t('fairValue.perShare')}</dt>
          <dd className="text-lg font-bold text-ink-950 tabular-nums">
            {fairValue.value === null
              ? t('check.notAvailable')
              : formatPrice(fairValue.value, ctx.currency, ctx.locale)}
          </dd>
        </div>
        <div className="rounded-lg bg-ink-50 p-3">
          <dt className="text-xs font-semibold text-ink-700">{t('fairValue.price')}</dt>
          <dd className="text-lg font-bold text-ink-950 tabular-nums">
            {price === null ? t('check.notAvailable') : formatPrice(price, ctx.currency, ctx.locale)}
          </dd>
        </div>
        <div className="rounded-lg bg-ink-50 p-3">
          <dt className="text-xs font-semibold text-ink-700">{t(gapTermKey(fairValue.downsideMargin))}</dt>
          <dd className="text-lg font-bold">
            <FairValueGap
              margin={fairValue.downsideMargin}
              displayLocale={ctx.locale}
              empty={t('check.notAvailable')}
            />
          </dd>
        </div>
      </dl>
      {fairValue.downsideMargin !== null ? (
        <p className="text-xs text-ink-700">
          {t(
            fairValue.downsideMargin >= 0
              ? 'fairValue.marginOfSafetyDefinition'
              : 'fairValue.premiumDefinition',
          )}
          {/* Beyond a factor of two the move to fair value is as unbelievable as the margin: the note says it. */}
          {fairValue.upside !== null && fairValue.marginConfidence !== 'low'
            ? ` ${t('fairValue.upside', { value: formatPercent(fairValue.upside, ctx.locale, { signed: true }) })}`
            : ''}
        </p>
      ) : null}
      {fairValue.marginConfidence === 'low' &&
      fairValue.lowConfidenceReason &&
      fairValue.value !== null &&
      price !== null ? (
        <div
          role="note"
          className="flex flex-col items-start gap-1.5 rounded-lg border border-warn/40 bg-warn/5 p-3"
          data-testid="low-confidence"
        >
          <LowConfidenceBadge />
          <p className="text-sm text-ink-800">
            {t(`fairValue.lowConfidenceReason.${fairValue.lowConfidenceReason}`, {
              multiple: formatDecimal(price / fairValue.value, ctx.locale, { digits: 1 }),
              share: formatPercent(price / fairValue.value, ctx.locale, { digits: 0 }),
            })}
          </p>
        </div>
      ) : null}
      {fairValue.sensitivity ? (
        <ValueDrivers sensitivity={fairValue.sensitivity} price={price} ctx={ctx} />
      ) : null}
      {!fairValue.available && fairValue.reasonLabel ? (
        <p className="text-sm text-ink-800">
          {t('check.reason')} {fairValue.reasonLabel}
        </p>
      ) : null}
      {fairValue.hasCalculation ? <CalculationDetails subject={subject} ctx={ctx} /> : null}
    </section>
  )
}

/**
 * The calculation, folded. It is drawn when first opened rather than with the page (the projection's tables were a
 * sixteenth of the page's HTML, issue "Fast on a phone and under load"), and its inputs come then too, with the
 * checks and the chart's bars (diagnosis-details.ts); without JavaScript the fold says so, and the fair value, its
 * drivers and its range stay above it.
 */
export function CalculationDetails({ subject, ctx }: { subject: DetailsSubject; ctx: ValueContext }) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis', 'common'], { nsMode: 'fallback' })
  const details = useRef<HTMLDetailsElement>(null)
  const [hasOpened, setHasOpened] = useState(false)
  // A reader who opened it before the page's script arrived: the toggle happened before React listened.
  useEffect(() => {
    if (details.current?.open) setHasOpened(true)
  }, [])
  const { state, retry } = useDiagnosisDetails(subject, hasOpened)
  return (
    <details
      ref={details}
      onToggle={(event) => {
        if (event.currentTarget.open) setHasOpened(true)
      }}
    >
      <summary className="cursor-pointer text-sm font-medium text-brand-700">
        {t('fairValue.showCalculation')}
      </summary>
      <noscript>
        <p className="mt-3 text-sm text-ink-700">{t('fairValue.calculationNeedsScript')}</p>
      </noscript>
      {!hasOpened ? null : state.status === 'ready' ? (
        state.details.calculation ? (
          <Calculation calculation={state.details.calculation} ctx={ctx} />
        ) : (
          <p className="mt-3 text-sm text-ink-700">{t('check.notAvailable')}</p>
        )
      ) : state.status === 'failed' ? (
        <LoadFailed message={t('fairValue.calculationFailed')} onRetry={retry} className="mt-3" />
      ) : (
        <p role="status" className="mt-3 text-sm text-ink-700">
          {t('fairValue.calculationLoading')}
        </p>
      )}
    </details>
  )
}

type FairValueCalculation = NonNullable<ReturnType<typeof calculationOf>>

/** The inside of the opened calculation: the DCF's inputs and projection, or the justified price-to-book. */
export function Calculation({ calculation, ctx }: { calculation: FairValueCalculation; ctx: ValueContext }) {
  return (
    <div className="mt-3">
      {calculation.kind === 'dcf' ? (
        <DcfDetails dcf={calculation.dcf} ctx={ctx} />
      ) : (
        <PriceToBookDetails pb={calculation.pb} ctx={ctx} />
      )}
    </div>
  )
}
