/**
 * Support and resistance as text: each level with its price, distance from the close and how it was found (pivot
 * name and period, or swing cluster with its touches and dates), or the stated reason there is none; and the full
 * set of pivot levels. It is the price chart's text alternative and what readers without JavaScript see.
 */

import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Currency } from '#contracts/stocks.ts'
import { MethodButton } from './method-button.tsx'
import type { DiagnosisLevel, DiagnosisLevels } from './price-chart-data.ts'
import { type DisplayLocale, formatDate, formatMonth, formatPercent, formatPrice } from './stock-format.ts'
import { useKeyLabels } from './stock-labels.ts'

/** Pivot levels from the highest (R3) to the lowest (S3). */
const pivotOrder = ['R3', 'R2', 'R1', 'P', 'S1', 'S2', 'S3']

function LevelTile({
  kind,
  level,
  exceptionText,
  currency,
  displayLocale,
}: {
  kind: 'support' | 'resistance'
  level: DiagnosisLevel | null
  exceptionText: string | null
  currency: Currency
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-ink-50 p-3" data-testid={`level-${kind}`}>
      <dt className="text-xs font-semibold text-ink-700">{t(`levels.${kind}`)}</dt>
      <dd className="flex flex-col gap-1">
        {level ? (
          <>
            <span className="flex flex-wrap items-baseline gap-2">
              <span className="text-lg font-bold text-ink-950 tabular-nums">
                {formatPrice(level.price, currency, displayLocale)}
              </span>
              <ChangeIndicator value={level.distance} className="text-xs">
                {t('levels.distance', {
                  value: formatPercent(level.distance, displayLocale, { signed: true }),
                })}
              </ChangeIndicator>
            </span>
            <span className="text-xs text-ink-700">{level.description}</span>
            {level.method === 'swing_cluster' && level.dates.length > 0 ? (
              <span className="text-xs text-ink-700">
                {t('levels.swingDates', {
                  dates: level.dates
                    .map((d) => formatDate(d, displayLocale))
                    .join(displayLocale === 'zh-TW' ? '、' : '; '),
                })}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-sm text-ink-800">{exceptionText ?? t('check.notAvailable')}</span>
        )}
      </dd>
    </div>
  )
}

export function PriceLevelsPanel({
  levels,
  close,
  closeDate,
  currency,
  displayLocale,
  asOfText,
}: {
  levels: DiagnosisLevels
  close: number | null
  closeDate: string | null
  currency: Currency
  displayLocale: DisplayLocale
  asOfText: string
}) {
  const { t } = useTranslation(['stocks', 'stock-diagnosis'], { nsMode: 'fallback' })
  const keyLabel = useKeyLabels()
  const pivots = levels.pivots
  const exceptionOf = (key: string | null) => keyLabel('level', key) ?? levels.exceptionText
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1 rounded-lg bg-ink-50 p-3">
          <dt className="text-xs font-semibold text-ink-700">{t('levels.close')}</dt>
          <dd className="flex flex-col gap-1">
            <span className="text-lg font-bold text-ink-950 tabular-nums">
              {close === null ? t('check.notAvailable') : formatPrice(close, currency, displayLocale)}
            </span>
            {closeDate ? (
              <span className="text-xs text-ink-700">{formatDate(closeDate, displayLocale)}</span>
            ) : null}
          </dd>
        </div>
        <LevelTile
          kind="support"
          level={levels.support}
          exceptionText={exceptionOf(levels.supportException)}
          currency={currency}
          displayLocale={displayLocale}
        />
        <LevelTile
          kind="resistance"
          level={levels.resistance}
          exceptionText={exceptionOf(levels.resistanceException)}
          currency={currency}
          displayLocale={displayLocale}
        />
      </dl>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {pivots ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">
              {t('levels.pivotsTitle', {
                period:
                  pivots.periodType === 'month'
                    ? formatMonth(pivots.period, displayLocale)
                    : formatDate(pivots.period, displayLocale),
              })}
            </summary>
            <table className="mt-2 text-xs">
              <caption className="sr-only">{t('levels.pivotsCaption')}</caption>
              <tbody>
                {pivotOrder
                  .filter((name) => pivots.levels[name] !== undefined)
                  .map((name) => (
                    <tr key={name}>
                      <th scope="row" className="pe-4 text-start font-semibold text-ink-700">
                        {name}
                      </th>
                      <td className="text-end tabular-nums">
                        {formatPrice(pivots.levels[name] as number, currency, displayLocale)}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </details>
        ) : (
          <span />
        )}
        <MethodButton methods={levels.methods} subject={t('levels.title')} asOfText={asOfText} />
      </div>
    </div>
  )
}
