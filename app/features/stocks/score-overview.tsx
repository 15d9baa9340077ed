/**
 * The total score and the ten scores: a radar drawn in SVG (described for screen readers) and, as its alternative,
 * a table with each score's value, its weight in the total and how many of its checks passed. A score that is not
 * available says so with its reason; it is never drawn as a zero.
 */
import { useId } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { scoreKeys } from '#contracts/stock-rules.ts'
import { MethodButton } from './method-button.tsx'
import type { PageDiagnosis, PageScore } from './page-diagnosis.ts'
import {
  compactRadarFrame,
  type RadarFrame,
  radarGeometry,
  radarLabelLayout,
  splitRadarLabel,
  wideRadarFrame,
} from './score-chart-geometry.ts'
import { type DisplayLocale, formatScore } from './stock-format.ts'

export type DiagnosisScore = PageScore

/** The ten scores in the order of the specification (spec §3), whatever order they arrive in. */
export function orderedScores(diagnosis: Pick<PageDiagnosis, 'scoreDetails'>): DiagnosisScore[] {
  const byKey = new Map(diagnosis.scoreDetails.map((s) => [s.key, s]))
  return scoreKeys.map((key) => byKey.get(key)).filter((s): s is DiagnosisScore => Boolean(s))
}

export function ScoreOverview({
  diagnosis,
  displayLocale,
  asOfText,
}: {
  diagnosis: PageDiagnosis
  displayLocale: DisplayLocale
  asOfText: string
}) {
  const { t } = useTranslation('stocks')
  const total = diagnosis.scores.total
  const scores = orderedScores(diagnosis)
  return (
    <section aria-labelledby="scores-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="scores-heading" className="text-xl font-semibold text-ink-950">
            {t('scores.title')}
          </h2>
          <p className="text-sm text-ink-700">{t('scores.intro')}</p>
        </div>
        <MethodButton methods={['total-score']} subject={t('scores.total')} asOfText={asOfText} />
      </div>
      <div className="grid items-center gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="flex flex-col items-center gap-3">
          <p className="flex items-baseline gap-2" data-testid="total-score">
            <span className="text-sm font-medium text-ink-700">{t('scores.total')}</span>
            {total === null ? (
              <span className="text-lg font-semibold text-ink-700">{t('scores.totalNotAvailable')}</span>
            ) : (
              <>
                <span className="text-4xl font-bold text-ink-950 tabular-nums">
                  {formatScore(total, displayLocale)}
                </span>
                <span className="text-sm text-ink-700">/ 100</span>
              </>
            )}
          </p>
          <ScoreRadar scores={scores} displayLocale={displayLocale} />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('scores.tableCaption')}</caption>
            <thead>
              <tr className="border-b border-ink-300 text-start text-xs text-ink-700">
                <th scope="col" className="py-2 pe-2 text-start font-semibold">
                  {t('scores.score')}
                </th>
                <th scope="col" className="py-2 pe-2 text-end font-semibold">
                  {t('scores.value')}
                </th>
                <th scope="col" className="hidden py-2 pe-2 text-end font-semibold sm:table-cell">
                  {t('scores.weight')}
                </th>
                <th scope="col" className="py-2 text-end font-semibold">
                  {t('scores.checksPassed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {scores.map((score) => {
                return (
                  <tr key={score.key} className="border-b border-ink-100">
                    <th scope="row" className="py-2 pe-2 text-start font-medium">
                      <a
                        href={`#score-${score.key}`}
                        className="text-ink-900 hover:text-brand-700 hover:underline"
                      >
                        {score.label}
                      </a>
                    </th>
                    <td className="py-2 pe-2 text-end">
                      {score.value === null ? (
                        <span className="text-xs text-ink-700">
                          {score.reasonLabel ?? t('check.notAvailable')}
                        </span>
                      ) : (
                        <span className="inline-flex items-center justify-end gap-2">
                          <span
                            aria-hidden="true"
                            className="hidden h-1.5 w-16 rounded-full bg-ink-100 sm:block"
                          >
                            <span
                              className="block h-1.5 rounded-full bg-brand-600"
                              style={{ width: `${Math.max(0, Math.min(100, score.value))}%` }}
                            />
                          </span>
                          <span className="font-semibold tabular-nums">
                            {formatScore(score.value, displayLocale)}
                          </span>
                        </span>
                      )}
                    </td>
                    <td className="hidden py-2 pe-2 text-end text-ink-700 tabular-nums sm:table-cell">
                      {score.weight}
                    </td>
                    <td className="py-2 text-end text-ink-700 tabular-nums">
                      {t('scores.passedOf', { passed: score.passed, available: score.checksAvailable })}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  )
}

/**
 * The radar, drawn twice from the same scores: a compact frame on phones and the wide one from the small tablet up,
 * so its labels read at 12 px or more at every width (CSS shows one; the hidden one is out of the accessibility tree).
 */
export function ScoreRadar({
  scores,
  displayLocale,
}: {
  scores: DiagnosisScore[]
  displayLocale: DisplayLocale
}) {
  return (
    <>
      <RadarDrawing
        scores={scores}
        displayLocale={displayLocale}
        frame={compactRadarFrame}
        className="w-full max-w-[22rem] sm:hidden"
      />
      <RadarDrawing
        scores={scores}
        displayLocale={displayLocale}
        frame={wideRadarFrame}
        className="hidden w-full max-w-[26rem] sm:block"
      />
    </>
  )
}

function RadarDrawing({
  scores,
  displayLocale,
  frame,
  className,
}: {
  scores: DiagnosisScore[]
  displayLocale: DisplayLocale
  frame: RadarFrame
  className: string
}) {
  const { t } = useTranslation('stocks')
  const titleId = useId()
  const values = scores.map((s) => s.value)
  const geometry = radarGeometry(values, frame)
  const description = scores
    .map(
      (s) => `${s.label} ${s.value === null ? t('check.notAvailable') : formatScore(s.value, displayLocale)}`,
    )
    .join(displayLocale === 'zh-TW' ? '、' : ', ')
  return (
    <svg
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      className={className}
      role="img"
      aria-labelledby={titleId}
      data-testid="score-radar"
    >
      <title id={titleId}>{t('scores.radarLabel', { scores: description })}</title>
      {/* Shared attributes sit on groups and the axes are one path: the radar is drawn twice per page, and
          repeated on every ring, axis, dot and label they were a tenth of the report's HTML. */}
      <g fill="none" stroke="#e6eaf2">
        {geometry.rings.map((ring, i) => (
          <polygon key={ring} points={ring} strokeWidth={i === 3 ? 1.5 : undefined} />
        ))}
        <path
          d={geometry.axes
            .map((axis) => `M${geometry.center.x} ${geometry.center.y}L${axis.rim.x} ${axis.rim.y}`)
            .join('')}
        />
      </g>
      <polygon points={geometry.polygon} fill="rgb(13 129 122 / 0.18)" stroke="#0d817a" strokeWidth={2} />
      <g fill="#0d817a">
        {geometry.axes.map((axis, i) =>
          axis.isAvailable ? (
            <circle key={scores[i]?.key} cx={axis.point.x} cy={axis.point.y} r={3.5} />
          ) : null,
        )}
      </g>
      <g fontSize={frame.fontSize} fill="#2b3a5c">
        {geometry.axes.map((axis, i) => {
          const score = scores[i] as DiagnosisScore
          const value = score.value === null ? '—' : formatScore(score.value, displayLocale)
          const lines = splitRadarLabel(score.label, frame.wrapAfter)
          const layout = radarLabelLayout(axis, [...lines, value], frame)
          return (
            <text key={score.key} x={layout.x} y={layout.y} textAnchor={layout.anchor}>
              {lines.map((line, lineIndex) => (
                <tspan key={line} x={layout.x} dy={lineIndex === 0 ? undefined : frame.lineHeight}>
                  {line}
                </tspan>
              ))}
              <tspan
                x={layout.x}
                dy={frame.lineHeight}
                fontWeight={600}
                fill={score.value === null ? '#5b6b8c' : '#0b1220'}
              >
                {value}
              </tspan>
            </text>
          )
        })}
      </g>
    </svg>
  )
}
