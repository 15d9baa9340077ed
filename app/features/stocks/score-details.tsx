/**
 * Every score's checks: for each, whether it passed, failed or could not be judged (with the reason), the measured
 * value against its threshold and where the threshold comes from, the weight, the period and the figures it was
 * computed from, and the methods behind the score. Scores fold open (native disclosure, works without JavaScript).
 */
import { clsx } from 'clsx'
import { ChevronDown, CircleCheck, CircleMinus, CircleX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { DiagnosisCheck, StockDiagnosis } from '#contracts/stocks.ts'
import { formatThreshold, formatUnitValue, inputRowsOf, type ValueContext } from './check-values.ts'
import { InputList, MethodButton } from './method-button.tsx'
import { type DiagnosisScore, orderedScores } from './score-overview.tsx'
import { formatDate, formatScore } from './stock-format.ts'

/** A check's period is a fiscal year (`2025`) or a date (`2026-11-20`). */
export function formatPeriod(period: string | null, ctx: ValueContext): string | null {
  if (!period) return null
  if (/^\d{4}$/.test(period)) return ctx.t('stocks:check.fiscalYear', { year: period })
  return formatDate(period, ctx.locale)
}

const statusStyles = {
  pass: { Icon: CircleCheck, className: 'text-[color-mix(in_srgb,var(--color-gain)_80%,black)]' },
  fail: { Icon: CircleX, className: 'text-loss' },
  not_available: { Icon: CircleMinus, className: 'text-ink-500' },
} as const

function CheckStatus({ status, label }: { status: DiagnosisCheck['status']; label: string }) {
  const { Icon, className } = statusStyles[status]
  return (
    <span className={clsx('inline-flex shrink-0 items-center gap-1 text-xs font-semibold', className)}>
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </span>
  )
}

/**
 * The words every check row repeats, translated once per report rather than once per row: a report has about sixty
 * checks, and translating is a large part of rendering it on the server.
 */
function checkLabelsOf(t: ValueContext['t']) {
  return {
    value: t('stocks:check.value'),
    threshold: t('stocks:check.threshold'),
    weight: t('stocks:check.weight'),
    period: t('stocks:check.period'),
    notAvailable: t('stocks:check.notAvailable'),
    reason: t('stocks:check.reason'),
    inputs: t('stocks:check.inputs'),
    status: {
      pass: t('stocks:check.status.pass'),
      fail: t('stocks:check.status.fail'),
      not_available: t('stocks:check.status.not_available'),
    },
  }
}

type CheckLabels = ReturnType<typeof checkLabelsOf>

function CheckRow({ check, ctx, labels }: { check: DiagnosisCheck; ctx: ValueContext; labels: CheckLabels }) {
  const threshold = formatThreshold(check, ctx)
  const period = formatPeriod(check.period, ctx)
  const inputs = inputRowsOf(check.inputs, { checkKey: check.key, unit: check.unit }, ctx)
  return (
    <li className="flex flex-col gap-1.5 border-b border-ink-100 py-3 last:border-b-0" data-check={check.key}>
      <div className="flex items-start justify-between gap-3">
        <span className="font-medium text-ink-900">{check.label}</span>
        <CheckStatus status={check.status} label={labels.status[check.status]} />
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700">
        <div className="flex gap-1">
          <dt>{labels.value}</dt>
          <dd className="font-semibold text-ink-900 tabular-nums">
            {check.value === null ? labels.notAvailable : formatUnitValue(check.value, check.unit, ctx)}
          </dd>
        </div>
        {threshold ? (
          <div className="flex gap-1">
            <dt>{labels.threshold}</dt>
            <dd className="font-semibold text-ink-900 tabular-nums">
              {threshold} <span className="font-normal">({check.thresholdLabel})</span>
            </dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>{labels.weight}</dt>
          <dd className="tabular-nums">{check.weight}</dd>
        </div>
        {period ? (
          <div className="flex gap-1">
            <dt>{labels.period}</dt>
            <dd>{period}</dd>
          </div>
        ) : null}
      </dl>
      {check.status === 'not_available' && check.reasonLabel ? (
        <p className="text-xs text-ink-700">
          {labels.reason} {check.reasonLabel}
        </p>
      ) : null}
      {inputs.length > 0 ? (
        <details className="group text-xs">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 font-medium text-brand-700 [&::-webkit-details-marker]:hidden">
            <ChevronDown className="size-3.5 transition-transform group-open:rotate-180" aria-hidden="true" />
            {labels.inputs}
          </summary>
          <div className="mt-2 rounded-lg bg-ink-50 p-3">
            <InputList rows={inputs} />
          </div>
        </details>
      ) : null}
    </li>
  )
}

function ScoreSection({
  score,
  ctx,
  asOfText,
  labels,
}: {
  score: DiagnosisScore
  ctx: ValueContext
  asOfText: string
  labels: CheckLabels
}) {
  const { t } = useTranslation('stocks')
  const passed = score.checks.filter((c) => c.status === 'pass').length
  const name = score.label
  return (
    <details id={`score-${score.key}`} className="group rounded-card border border-ink-100 bg-white">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 p-4 [&::-webkit-details-marker]:hidden">
        <span className="flex flex-col">
          <span className="font-semibold text-ink-950">{name}</span>
          <span className="text-xs text-ink-700">
            {t('scores.passedOfLong', { passed, available: score.checksAvailable, total: score.checksTotal })}
          </span>
        </span>
        <span className="flex items-center gap-3">
          <span className="text-lg font-bold text-ink-950 tabular-nums">
            {score.value === null ? (
              <span className="text-sm font-medium text-ink-700">{t('check.notAvailable')}</span>
            ) : (
              formatScore(score.value, ctx.locale)
            )}
          </span>
          <ChevronDown
            className="size-5 text-ink-500 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </span>
      </summary>
      <div className="border-t border-ink-100 px-4 pb-4">
        {score.value === null && score.reasonLabel ? (
          <p className="pt-3 text-sm text-ink-700">
            {t('check.reason')} {score.reasonLabel}
          </p>
        ) : null}
        <ul>
          {score.checks.map((check) => (
            <CheckRow key={check.key} check={check} ctx={ctx} labels={labels} />
          ))}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-2 pt-2 text-xs text-ink-700">
          <span>
            {t('scores.contribution', {
              weight: score.weight,
              points: score.contribution === null ? '—' : formatScore(score.contribution, ctx.locale),
            })}
            {score.dataThrough
              ? ` · ${t('scores.dataThrough', { date: formatDate(score.dataThrough, ctx.locale) })}`
              : ''}
          </span>
          <MethodButton methods={score.methods} subject={name} asOfText={asOfText} />
        </div>
      </div>
    </details>
  )
}

export function ScoreDetails({
  diagnosis,
  ctx,
  asOfText,
}: {
  diagnosis: StockDiagnosis
  ctx: ValueContext
  asOfText: string
}) {
  const { t } = useTranslation('stocks')
  const labels = checkLabelsOf(ctx.t)
  return (
    <section aria-labelledby="checks-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="checks-heading" className="text-xl font-semibold text-ink-950">
          {t('scores.checksTitle')}
        </h2>
        <p className="text-sm text-ink-700">{t('scores.checksIntro')}</p>
      </div>
      <div className="flex flex-col gap-2">
        {orderedScores(diagnosis).map((score) => (
          <ScoreSection key={score.key} score={score} ctx={ctx} asOfText={asOfText} labels={labels} />
        ))}
      </div>
    </section>
  )
}
