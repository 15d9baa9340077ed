/**
 * The technicals label (buy / neutral / sell) and the capital-flow label (inflow / neutral / outflow), each with the
 * tally and every vote: the indicator, its reading, what the reading was compared with, and the vote it cast.
 */

import { Badge, type BadgeTone } from '#app/components/badge.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import type { ValueContext } from './check-values.ts'
import { MethodButton } from './method-button.tsx'
import { formatDecimal, formatPercent, formatPrice } from './stock-format.ts'
import { useKeyLabels } from './stock-labels.ts'

export type DiagnosisLabel = StockDiagnosis['technicals']
export type DiagnosisVote = DiagnosisLabel['votes'][number]

export const signalTones: Record<string, BadgeTone> = {
  buy: 'gain',
  inflow: 'gain',
  sell: 'loss',
  outflow: 'loss',
  neutral: 'neutral',
}

/** A vote's reading and what it was compared with, formatted for its indicator. */
export function formatVote(
  vote: DiagnosisVote,
  ctx: ValueContext,
): { reading: string | null; against: string | null } {
  const format = (n: number | null): string | null => {
    if (n === null) return null
    switch (vote.key) {
      case 'technicals.rsi14':
      case 'capital_flow.mfi14':
        return formatDecimal(n, ctx.locale, { digits: 1 })
      case 'technicals.macd':
      case 'capital_flow.cmf20':
        return formatDecimal(n, ctx.locale, { digits: 3, signed: true })
      case 'capital_flow.obv_trend':
        return formatPercent(n, ctx.locale, { signed: true })
      default:
        return formatPrice(n, ctx.currency, ctx.locale)
    }
  }
  const against =
    vote.lower !== null && vote.upper !== null
      ? ctx.t('stock-diagnosis:signals.band', { lower: format(vote.lower), upper: format(vote.upper) })
      : format(vote.reference)
  return { reading: format(vote.value), against }
}

function SignalBadge({ text, signal }: { text: string | null; signal: string | null }) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  if (!signal || !text) return <Badge className="whitespace-nowrap">{t('check.notAvailable')}</Badge>
  return (
    <Badge tone={signalTones[signal] ?? 'neutral'} className="whitespace-nowrap">
      {text}
    </Badge>
  )
}

function LabelCard({
  title,
  data,
  kind,
  ctx,
  asOfText,
  testId,
}: {
  title: string
  data: DiagnosisLabel
  kind: 'technicals' | 'flow'
  ctx: ValueContext
  asOfText: string
  testId: string
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const keyLabel = useKeyLabels()
  const signalPrefix = kind === 'technicals' ? 'signal' : 'flow'
  const counts = data.counts
  return (
    <div className="flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-ink-950">{title}</h3>
        <SignalBadge text={data.labelText} signal={data.label} />
      </div>
      <p className="text-xs text-ink-700">
        {kind === 'technicals'
          ? t('signals.technicalsTally', {
              buy: counts.buy ?? 0,
              neutral: counts.neutral ?? 0,
              sell: counts.sell ?? 0,
            })
          : t('signals.flowTally', {
              inflow: counts.inflow ?? 0,
              neutral: counts.neutral ?? 0,
              outflow: counts.outflow ?? 0,
            })}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-ink-300 text-xs text-ink-700">
              <th scope="col" className="py-2 pe-2 text-start font-semibold">
                {t('signals.indicator')}
              </th>
              <th scope="col" className="py-2 pe-2 text-end font-semibold">
                {t('signals.reading')}
              </th>
              <th scope="col" className="py-2 pe-2 text-end font-semibold">
                {t('signals.against')}
              </th>
              <th scope="col" className="py-2 text-end font-semibold">
                {t('signals.vote')}
              </th>
            </tr>
          </thead>
          {/* The rows' cells are styled once here rather than on each of them (the page's weight, issue "Fast on
              a phone and under load"). */}
          <tbody className="tabular-nums [&_td]:py-2 [&_td]:text-end [&_td:not(:last-child)]:pe-2 [&_th]:py-2 [&_th]:pe-2 [&_th]:text-start [&_th]:font-normal [&_th]:text-ink-900 [&_tr]:border-b [&_tr]:border-ink-100">
            {data.votes.map((vote) => {
              const { reading, against } = formatVote(vote, ctx)
              return (
                <tr key={vote.key}>
                  <th scope="row">{vote.label}</th>
                  <td>{reading ?? t('check.notAvailable')}</td>
                  <td className="text-ink-700">{against ?? '—'}</td>
                  <td>
                    <SignalBadge text={keyLabel(signalPrefix, vote.signal)} signal={vote.signal} />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="flex justify-end">
        <MethodButton methods={data.methods} subject={title} asOfText={asOfText} />
      </div>
    </div>
  )
}

export function SignalLabels({
  technicals,
  capitalFlow,
  ctx,
  asOfText,
}: {
  technicals: DiagnosisLabel
  capitalFlow: DiagnosisLabel
  ctx: ValueContext
  asOfText: string
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  return (
    <section aria-labelledby="signals-heading" className="flex flex-col gap-3">
      <h2 id="signals-heading" className="text-xl font-semibold text-ink-950">
        {t('signals.title')}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <LabelCard
          title={t('signals.technicals')}
          data={technicals}
          kind="technicals"
          ctx={ctx}
          asOfText={asOfText}
          testId="technicals-label"
        />
        <LabelCard
          title={t('signals.capitalFlow')}
          data={capitalFlow}
          kind="flow"
          ctx={ctx}
          asOfText={asOfText}
          testId="capital-flow-label"
        />
      </div>
      <p className="text-xs text-ink-700">{t('signals.note')}</p>
    </section>
  )
}
