/**
 * A monthly pick added or corrected in the console: month and market (fixed once saved), the stock (chosen from
 * our universe in that market), suggestion, type, recommendation day and price, target, expected return (implied
 * by the target when left empty) and expected maximum drawdown. The form checks what it can before sending
 * (analyst-desk-view.ts), in the reader's language; the API checks again.
 */
import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { TextField } from '#app/components/text-field.tsx'
import type { PickedStock } from '#app/features/stocks/stock-combobox.tsx'
import { formatMonth, formatPercent } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import { type ConsolePick, pickStockTypes, pickSuggestions } from '#contracts/console-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'
import {
  impliedReturn,
  type PickField,
  type PickForm,
  type PickFormError,
  pickRequestOf,
} from './analyst-desk-view.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleError, SelectField } from './console-ui.tsx'
import { StockPicker } from './stock-picker.tsx'
import { useConsoleAction } from './use-console-action.ts'

export function PickFormCard({
  initial,
  editedPick,
  months,
  onCancel,
  onSaved,
}: {
  initial: PickForm
  /** The pick being corrected (its month and stock stay); null for a new pick. */
  editedPick: ConsolePick | null
  months: string[]
  onCancel(): void
  onSaved(pick: ConsolePick): void
}) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const [form, setForm] = useState(initial)
  const [stock, setStock] = useState<PickedStock | null>(
    editedPick
      ? {
          market: editedPick.market,
          code: editedPick.code,
          nameEn: editedPick.nameEn,
          nameZh: editedPick.nameZh,
        }
      : null,
  )
  const [errors, setErrors] = useState<Partial<Record<PickField, PickFormError>>>({})
  const action = useConsoleAction()
  const update = (patch: Partial<PickForm>) => setForm((current) => ({ ...current, ...patch }))
  const errorOf = (field: PickField) => (errors[field] ? t(errors[field]) : undefined)
  const implied = impliedReturn(form)

  function submit() {
    const result = pickRequestOf(form)
    action.setError(null)
    if (result.errors) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    void action.run(async () => {
      const { month, market, code, ...fields } = result.request
      const saved = editedPick
        ? await consoleApi.put<ConsolePick>(`/picks/${month}/${market}/${encodeURIComponent(code)}`, fields)
        : await consoleApi.post<ConsolePick>('/picks', result.request)
      onSaved(saved)
    })
  }

  return (
    <Card className="flex flex-col gap-4">
      <form
        noValidate
        aria-label={editedPick ? t('picks.editOf', { code: editedPick.code }) : t('picks.add')}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <h2 className="text-lg font-semibold text-ink-950">
          {editedPick ? t('picks.editOf', { code: editedPick.code }) : t('picks.add')}
        </h2>
        <ConsoleError error={action.error} />
        <div className="grid gap-3 md:grid-cols-3">
          <SelectField
            label={t('picks.month')}
            value={form.month}
            disabled={editedPick !== null}
            onChange={(event) => update({ month: event.target.value })}
          >
            {months.map((month) => (
              <option key={month} value={month}>
                {formatMonth(month, displayLocale)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('editor.market')}
            value={form.market}
            disabled={editedPick !== null}
            onChange={(event) => {
              update({ market: event.target.value as Market, code: '' })
              setStock(null)
            }}
          >
            {markets.map((market) => (
              <option key={market} value={market}>
                {t(`markets.${market}`)}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-col gap-1">
            {editedPick ? null : (
              <StockPicker
                label={t('picks.stock')}
                market={form.market}
                error={errorOf('code')}
                onPick={(picked) => {
                  setStock(picked)
                  update({ code: picked.code })
                  setErrors(({ code: _code, ...rest }) => rest)
                }}
              />
            )}
            <p className="text-sm text-ink-800" data-testid="picked-stock" aria-live="polite">
              {stock
                ? t('picks.chosen', {
                    name: displayLocale === 'zh-TW' ? stock.nameZh : stock.nameEn,
                    code: stock.code,
                  })
                : t('picks.noneChosen')}
            </p>
          </div>
          <SelectField
            label={t('picks.suggestion')}
            value={form.suggestion}
            onChange={(event) => update({ suggestion: event.target.value as PickForm['suggestion'] })}
          >
            {pickSuggestions.map((suggestion) => (
              <option key={suggestion} value={suggestion}>
                {t(`picks.suggestions.${suggestion}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('picks.type')}
            value={form.stockType}
            onChange={(event) => update({ stockType: event.target.value as PickForm['stockType'] })}
          >
            {pickStockTypes.map((type) => (
              <option key={type} value={type}>
                {t(`picks.types.${type}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('picks.recommendedAt')}
            type="date"
            value={form.recommendedAt}
            hint={t('picks.recommendedAtHint')}
            error={errorOf('recommendedAt')}
            onChange={(event) => update({ recommendedAt: event.target.value })}
          />
          <TextField
            label={t('picks.recommendedPrice')}
            inputMode="decimal"
            value={form.recommendedPrice}
            error={errorOf('recommendedPrice')}
            onChange={(event) => update({ recommendedPrice: event.target.value })}
          />
          <TextField
            label={t('picks.target')}
            inputMode="decimal"
            value={form.analystEstimatedPrice}
            error={errorOf('analystEstimatedPrice')}
            onChange={(event) => update({ analystEstimatedPrice: event.target.value })}
          />
          <TextField
            label={t('picks.expectedReturn')}
            inputMode="decimal"
            value={form.estimatedReturn}
            placeholder={implied === null ? '' : String(Number((implied * 100).toFixed(2)))}
            hint={
              implied === null
                ? t('picks.expectedReturnHint')
                : t('picks.impliedReturn', { value: formatPercent(implied, displayLocale, { signed: true }) })
            }
            error={errorOf('estimatedReturn')}
            onChange={(event) => update({ estimatedReturn: event.target.value })}
          />
          <TextField
            label={t('picks.maxDrawdown')}
            inputMode="decimal"
            value={form.estimatedMaxDrawdown}
            hint={t('picks.maxDrawdownHint')}
            error={errorOf('estimatedMaxDrawdown')}
            onChange={(event) => update({ estimatedMaxDrawdown: event.target.value })}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={action.isBusy}>
            {t('picks.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('picks.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
