/**
 * Every score's checks: for each, whether it passed, failed or could not be judged (with the reason), the measured
 * value against its threshold and where the threshold comes from, the weight, the period and the figures it was
 * computed from, and the methods behind the score. Scores fold open (native disclosure).
 *
 * A folded score's checks are fetched and drawn when it is first opened, not with the page: drawn in advance for all
 * ten scores they were half of the page's HTML, and carried in its data a sixth of it (issue "Fast on a phone and
 * under load"; diagnosis-details.ts). Opening needs JavaScript; without it the section says so, and the scores,
 * their values and checks passed stay in the table above.
 */

import { clsx } from 'clsx'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { formatThreshold, formatUnitValue, inputRowsOf, type ValueContext } from './check-values.ts'
import { type DetailsSubject, useDiagnosisDetails } from './diagnosis-details.ts'
import { LoadFailed } from './load-failed.tsx'
import { InputList, MethodButton } from './method-button.tsx'
import type { PageCheck, PageDiagnosis } from './page-diagnosis.ts'
import { ReportIcon, type ReportIconName } from './report-icons.tsx'
import { type DiagnosisScore, orderedScores } from './score-overview.tsx'
import { formatDate, formatScore } from './stock-format.ts'

/** A check's period is a fiscal year (`2025`) or a date (`2026-11-20`). */
export function formatPeriod(period: string | null, ctx: ValueContext): string | null {
  if (!period) return null
  if (/^\d{4}$/.test(period)) return ctx.t('stocks:check.fiscalYear', { year: period })
  return formatDate(period, ctx.locale)
}

const statusStyles: Record<PageCheck['status'], { icon: ReportIconName; className: string }> = {
  pass: { icon: 'circle-check', className: 'text-[color-mix(in_srgb,var(--color-gain)_80%,black)]' },
  fail: { icon: 'circle-x', className: 'text-loss' },
  not_available: { icon: 'circle-minus', className: 'text-ink-500' },
}

function CheckStatus({ status, label }: { status: PageCheck['status']; label: string }) {
  const { icon, className } = statusStyles[status]
  return (
    <span className={clsx('inline-flex shrink-0 items-center gap-1 text-xs font-semibold', className)}>
      <ReportIcon name={icon} className="size-4" />
      {label}
    </span>
  )
}

/**
 * The words every check row repeats, translated once per report rather than once per row: a report has about sixty
 * checks, and translating is a large part of rendering it on the server.
 */
export function checkLabelsOf(t: ValueContext['t']) {
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

export type CheckLabels = ReturnType<typeof checkLabelsOf>

function CheckRow({ check, ctx, labels }: { check: PageCheck; ctx: ValueContext; labels: CheckLabels }) {
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
            <ReportIcon name="chevron-down" className="size-3.5 transition-transform group-open:rotate-180" />
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
  subject,
  ctx,
  asOfText,
  labels,
}: {
  score: DiagnosisScore
  subject: DetailsSubject
  ctx: ValueContext
  asOfText: string
  labels: CheckLabels
}) {
  const { t } = useTranslation(['stocks', 'common'])
  const details = useRef<HTMLDetailsElement>(null)
  // Drawn from the first opening on (and kept, so closing and reopening is instant).
  const [hasOpened, setHasOpened] = useState(false)
  // A reader who opened it before the page's script arrived: the toggle happened before React listened.
  useEffect(() => {
    if (details.current?.open) setHasOpened(true)
  }, [])
  const { state, retry } = useDiagnosisDetails(subject, hasOpened)
  const passed = score.passed
  const name = score.label
  return (
    <details
      ref={details}
      id={`score-${score.key}`}
      className="group rounded-card border border-ink-100 bg-white"
      onToggle={(event) => {
        if (event.currentTarget.open) setHasOpened(true)
      }}
    >
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
          <ReportIcon
            name="chevron-down"
            className="size-5 text-ink-500 transition-transform group-open:rotate-180"
          />
        </span>
      </summary>
      {!hasOpened ? null : state.status === 'ready' ? (
        <ScoreChecks
          score={score}
          checks={state.details.checksByScore.get(score.key) ?? []}
          ctx={ctx}
          asOfText={asOfText}
          labels={labels}
        />
      ) : state.status === 'failed' ? (
        <LoadFailed
          message={t('stocks:scores.checksFailed')}
          onRetry={retry}
          className="border-t border-ink-100 p-4"
        />
      ) : (
        <p role="status" className="border-t border-ink-100 p-4 text-sm text-ink-700">
          {t('stocks:scores.checksLoading')}
        </p>
      )}
    </details>
  )
}

/** The inside of an opened score: why it is missing, every check, its weight in the total and its methods. */
export function ScoreChecks({
  score,
  checks,
  ctx,
  asOfText,
  labels,
}: {
  score: DiagnosisScore
  checks: readonly PageCheck[]
  ctx: ValueContext
  asOfText: string
  labels: CheckLabels
}) {
  const { t } = useTranslation('stocks')
  return (
    <div className="border-t border-ink-100 px-4 pb-4">
      {score.value === null && score.reasonLabel ? (
        <p className="pt-3 text-sm text-ink-700">
          {t('check.reason')} {score.reasonLabel}
        </p>
      ) : null}
      <ul>
        {checks.map((check) => (
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
        <MethodButton methods={score.methods} subject={score.label} asOfText={asOfText} />
      </div>
    </div>
  )
}

export function ScoreDetails({
  diagnosis,
  ctx,
  asOfText,
}: {
  diagnosis: PageDiagnosis
  ctx: ValueContext
  asOfText: string
}) {
  const { t } = useTranslation('stocks')
  const labels = checkLabelsOf(ctx.t)
  const subject = {
    code: diagnosis.stock.code,
    market: diagnosis.stock.market,
    computedAt: diagnosis.computedAt,
  }
  return (
    <section aria-labelledby="checks-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="checks-heading" className="text-xl font-semibold text-ink-950">
          {t('scores.checksTitle')}
        </h2>
        <p className="text-sm text-ink-700">{t('scores.checksIntro')}</p>
        <noscript>
          <p className="text-sm text-ink-700">{t('scores.checksNeedScript')}</p>
        </noscript>
      </div>
      <div className="flex flex-col gap-2">
        {orderedScores(diagnosis).map((score) => (
          <ScoreSection
            key={score.key}
            score={score}
            subject={subject}
            ctx={ctx}
            asOfText={asOfText}
            labels={labels}
          />
        ))}
      </div>
    </section>
  )
}
