/**
 * A strategy's rebalances in the console: the form adding one — the day it took effect (not in the future), a note
 * in both languages, and stocks picked from our universe in the strategy's market with weights in percent summing
 * to 100 (prefilled from the last rebalance) — and the history of those made, newest first.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import type { PickedStock } from '#app/features/stocks/stock-combobox.tsx'
import { formatDate } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { locales } from '#contracts/regions.ts'
import {
  type BothLanguages,
  type ConsoleStrategyDetail,
  holdingsProblems,
  rebalanceNoteMaxLength,
  StrategyErrorCode,
  weightsSumPercent,
} from '#contracts/strategies-rules.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleError,
  ConsoleFieldMessage,
  useFieldMessages,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { StockPicker } from './stock-picker.tsx'
import { useConsoleAction } from './use-console-action.ts'

interface HoldingRow extends PickedStock {
  weightPercent: string
}

/** Percent with at most 4 decimals, so a prefilled set still sums to 100 within the tolerance. */
const percentText = (fraction: number) => String(Math.round(fraction * 1_000_000) / 10_000)

export function RebalanceFormCard({
  strategy,
  me,
  onSaved,
}: {
  strategy: ConsoleStrategyDetail
  me: ConsoleMe
  onSaved(strategy: ConsoleStrategyDetail, date: string): void
}) {
  const { t } = useTranslation('strategies')
  const { t: tConsole } = useTranslation('console')
  const { displayLocale } = useRootData()
  const today = me.now.slice(0, 10)
  const last = strategy.rebalances[0]
  const [effectiveOn, setEffectiveOn] = useState(today)
  const [note, setNote] = useState<BothLanguages>({ en: '', 'zh-Hant': '' })
  const [rows, setRows] = useState<HoldingRow[]>(
    (last?.holdings ?? []).map((holding) => ({
      market: holding.market,
      code: holding.code,
      nameEn: holding.nameEn,
      nameZh: holding.nameZh,
      weightPercent: percentText(holding.weight),
    })),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const action = useConsoleAction()
  const messageOf = useFieldMessages(action.error, errors)
  const drafts = rows.map((row) => ({
    market: row.market,
    code: row.code,
    weightPercent: Number(row.weightPercent),
  }))
  const total = weightsSumPercent(drafts)
  const nameOf = (row: PickedStock) => (displayLocale === 'zh-TW' ? row.nameZh : row.nameEn)

  function localErrors(): Record<string, string> {
    const found: Record<string, string> = {}
    if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveOn)) found.effectiveOn = StrategyErrorCode.rebalanceNoData
    else if (effectiveOn > today) found.effectiveOn = StrategyErrorCode.rebalanceFuture
    for (const locale of locales)
      if (!note[locale].trim()) found[`note.${locale}`] = StrategyErrorCode.noteMissing
    const problems = holdingsProblems(drafts, strategy.market)
    problems.rows.forEach((problem, index) => {
      if (!problem) return
      found[`holdings.${index}.${problem === StrategyErrorCode.weightInvalid ? 'weightPercent' : 'code'}`] =
        problem
    })
    if (problems.total) found.holdings = problems.total
    return found
  }

  function submit() {
    const found = localErrors()
    setErrors(found)
    action.setError(null)
    if (Object.keys(found).length > 0) return
    void action.run(async () => {
      const answer = await consoleApi.post<ConsoleStrategyDetail>(`/strategies/${strategy.id}/rebalances`, {
        effectiveOn,
        note,
        holdings: drafts,
      })
      onSaved(answer, formatDate(effectiveOn, displayLocale))
    })
  }

  function equalWeights() {
    if (rows.length === 0) return
    // Two decimals each; the first takes the rounding so the set sums to exactly 100.
    const each = Math.floor(10_000 / rows.length) / 100
    const first = Math.round((100 - each * (rows.length - 1)) * 100) / 100
    setRows(rows.map((row, index) => ({ ...row, weightPercent: String(index === 0 ? first : each) })))
  }

  return (
    <Card>
      <form
        noValidate
        aria-label={t('console.addRebalance')}
        className="flex flex-col gap-4"
        data-testid="rebalance-form"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <h2 className="text-lg font-semibold text-ink-950">{t('console.addRebalance')}</h2>
        <ConsoleError error={action.error} />
        <div className="grid gap-3 md:grid-cols-3">
          <TextField
            label={t('console.rebalanceDate')}
            type="date"
            max={today}
            value={effectiveOn}
            onChange={(event) => setEffectiveOn(event.target.value)}
            error={messageOf('effectiveOn')}
          />
          {locales.map((locale) => (
            <TextField
              key={locale}
              label={t('console.note', { language: tConsole(`languages.${locale}`) })}
              value={note[locale]}
              maxLength={rebalanceNoteMaxLength}
              onChange={(event) => setNote({ ...note, [locale]: event.target.value })}
              error={messageOf(`note.${locale}`)}
            />
          ))}
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-ink-900">{t('console.holdingsTitle')}</legend>
          <div className="max-w-md">
            <StockPicker
              label={t('console.pickStock')}
              market={strategy.market}
              onPick={(stock) => {
                if (rows.some((row) => row.market === stock.market && row.code === stock.code)) return
                setRows([...rows, { ...stock, weightPercent: '' }])
              }}
            />
          </div>
          {rows.length === 0 ? <p className="text-sm text-ink-700">{t('console.noHoldings')}</p> : null}
          <ul className="flex flex-col gap-2" data-testid="rebalance-holdings">
            {rows.map((row, index) => (
              <li
                key={`${row.market}:${row.code}`}
                className="flex flex-wrap items-end gap-3 border-b border-ink-50 pb-2"
              >
                <div className="min-w-40 flex-1">
                  <p className="text-sm font-medium text-ink-900">{nameOf(row)}</p>
                  <p className="text-xs text-ink-700">
                    {row.code} · {tConsole(`markets.${row.market}`)}
                  </p>
                  <ConsoleFieldMessage message={messageOf(`holdings.${index}.code`)} />
                </div>
                <TextField
                  className="w-36"
                  label={t('console.weight', { code: row.code })}
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={0}
                  max={100}
                  value={row.weightPercent}
                  onChange={(event) =>
                    setRows(
                      rows.map((r, i) => (i === index ? { ...r, weightPercent: event.target.value } : r)),
                    )
                  }
                  error={messageOf(`holdings.${index}.weightPercent`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  aria-label={t('console.removeHolding', { code: row.code })}
                >
                  {t('console.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <p
              className={
                Math.abs(total - 100) > 0.01 ? 'text-sm font-medium text-loss' : 'text-sm text-ink-800'
              }
              data-testid="weights-total"
            >
              {t('console.weightsTotal', { total: Math.round(total * 10_000) / 10_000 })}
            </p>
            <Button variant="secondary" size="sm" onClick={equalWeights} disabled={rows.length === 0}>
              {t('console.equalWeights')}
            </Button>
          </div>
          <ConsoleFieldMessage message={messageOf('holdings')} />
        </fieldset>
        <div>
          <Button type="submit" disabled={action.isBusy}>
            {t('console.saveRebalance')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

export function RebalanceHistory({ strategy }: { strategy: ConsoleStrategyDetail }) {
  const { t } = useTranslation('strategies')
  const { displayLocale } = useRootData()
  const textIn = useTextInConsoleLanguage()
  return (
    <section aria-labelledby="console-rebalances" className="flex flex-col gap-3">
      <h2 id="console-rebalances" className="text-lg font-semibold text-ink-950">
        {t('console.rebalances')}
      </h2>
      {strategy.rebalances.length === 0 ? (
        <p className="text-sm text-ink-700">{t('console.noRebalances')}</p>
      ) : null}
      <ol className="flex flex-col gap-2" data-testid="console-rebalances">
        {strategy.rebalances.map((rebalance) => (
          <li key={rebalance.id} className="rounded-lg border border-ink-100 p-3 text-sm">
            <p className="font-semibold text-ink-950">
              {formatDate(rebalance.effectiveOn, displayLocale)} ·{' '}
              {t('console.holdingsOf', { count: rebalance.holdings.length })}
              {rebalance.createdByPhone ? (
                <span className="font-normal text-ink-700">
                  {' '}
                  · {t('console.by', { phone: rebalance.createdByPhone })}
                </span>
              ) : null}
            </p>
            <p className="text-ink-800">{textIn(rebalance.note)}</p>
            <p className="mt-1 text-xs text-ink-700">
              {rebalance.holdings
                .map((holding) => `${holding.code} ${Math.round(holding.weight * 10_000) / 100}%`)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </section>
  )
}
