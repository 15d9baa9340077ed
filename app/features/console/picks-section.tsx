/**
 * /console/picks: the analysts' monthly picks (spec §3) for a month and market (kept in the address): stock,
 * suggestion, recommended price, target, type, expected return, expected maximum drawdown and recommendation day,
 * each with its track record from our own closes (the latest close and the return and worst fall since the
 * recommended price, measured as the public picks pages measure them). Picks are added, corrected and removed
 * here; the form checks what it can before sending, in the reader's language, and the API checks again.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Badge, DemoBadge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import type { PickedStock } from '#app/features/stocks/stock-combobox.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatMonth,
  formatPercent,
  formatPrice,
} from '#app/features/stocks/stock-format.ts'
import { useRootData } from '#app/use-root-data.ts'
import {
  type ConsoleMe,
  type ConsolePick,
  type ConsolePickMonth,
  pickStockTypes,
  pickSuggestions,
} from '#contracts/console-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'
import {
  deskSearchOf,
  emptyPickForm,
  impliedReturn,
  type PickField,
  type PickForm,
  type PickFormError,
  pickFormOf,
  pickMonthsOf,
  pickRequestOf,
  picksFiltersOf,
} from './analyst-desk-view.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleFilterForm, MarketSelectField } from './console-lists.tsx'
import { ConsoleError, ConsoleLoading, ConsoleNotice, SelectField } from './console-ui.tsx'
import { StockPicker } from './stock-picker.tsx'
import { useConsoleData } from './use-console-data.ts'

const currencyOfMarket = { us: 'USD', hk: 'HKD', jp: 'JPY', kr: 'KRW' } as const

function priceText(value: number | null, market: Market, displayLocale: DisplayLocale): string {
  return value === null ? '—' : formatPrice(value, currencyOfMarket[market], displayLocale)
}

function ChangeText({ value, displayLocale }: { value: number | null; displayLocale: DisplayLocale }) {
  if (value === null) return <span className="text-ink-700">—</span>
  return (
    <ChangeIndicator value={value}>{formatPercent(value, displayLocale, { signed: true })}</ChangeIndicator>
  )
}

type Editing = { mode: 'create' } | { mode: 'edit'; pick: ConsolePick }

export function PicksSection({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console')
  const { displayLocale } = useRootData()
  const [search] = useSearchParams()
  const filters = picksFiltersOf(search)
  const loaded = useConsoleData(
    () => consoleApi.get<ConsolePickMonth>('/picks', { month: filters.month, market: filters.market }),
    deskSearchOf(filters),
  )
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<ConsolePick | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState('')
  const answer = loaded.data
  const shownMonth = answer?.month ?? filters.month
  const months = pickMonthsOf(answer?.months ?? [], me.now)

  const remove = async (pick: ConsolePick) => {
    setError(null)
    setNotice('')
    try {
      await consoleApi.delete(`/picks/${pick.month}/${pick.market}/${encodeURIComponent(pick.code)}`)
      setNotice(t('picks.deleted', { code: pick.code }))
      loaded.reload()
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink-950">{t('picks.title')}</h1>
        <Button
          onClick={() => {
            setEditing({ mode: 'create' })
            setNotice('')
          }}
        >
          {t('picks.add')}
        </Button>
      </div>
      <ConsoleFilterForm
        action="/console/picks"
        label={t('picks.filters')}
        columns="sm:grid-cols-3"
        applyLabel={t('articles.apply')}
        isBusy={loaded.isLoading}
      >
        <SelectField label={t('picks.month')} name="month" defaultValue={shownMonth ?? ''} key={shownMonth}>
          {months.map((month) => (
            <option key={month} value={month}>
              {formatMonth(month, displayLocale)}
            </option>
          ))}
        </SelectField>
        <MarketSelectField label={t('editor.market')} defaultValue={filters.market ?? ''} />
      </ConsoleFilterForm>

      <ConsoleNotice notice={notice} />
      <ConsoleError error={error ?? loaded.error} />
      {editing ? (
        <PickFormCard
          key={editing.mode === 'edit' ? `${editing.pick.market}:${editing.pick.code}` : 'new'}
          initial={
            editing.mode === 'edit'
              ? pickFormOf(editing.pick)
              : emptyPickForm(shownMonth ?? me.now.slice(0, 7), filters.market ?? 'us')
          }
          editedPick={editing.mode === 'edit' ? editing.pick : null}
          months={months}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null)
            setNotice(t('picks.saved', { code: saved.code }))
            loaded.reload()
          }}
        />
      ) : null}

      {loaded.isLoading && !answer ? <ConsoleLoading /> : null}
      {answer && answer.picks.length === 0 ? <p className="text-ink-700">{t('picks.empty')}</p> : null}
      {answer && answer.picks.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="picks-table">
            <caption className="sr-only">
              {t('picks.caption', { month: answer.month ? formatMonth(answer.month, displayLocale) : '' })}
            </caption>
            <thead className="border-b border-ink-100 text-ink-500">
              <tr>
                <th className="py-2 pr-3">#</th>
                <th className="py-2 pr-3">{t('picks.stock')}</th>
                <th className="py-2 pr-3">{t('picks.suggestion')}</th>
                <th className="py-2 pr-3 text-end">{t('picks.recommendedPrice')}</th>
                <th className="py-2 pr-3 text-end">{t('picks.target')}</th>
                <th className="py-2 pr-3 text-end">{t('picks.expected')}</th>
                <th className="py-2 pr-3 text-end">{t('picks.trackRecord')}</th>
                <th className="py-2 pr-3">
                  <span className="sr-only">{t('picks.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.picks.map((pick) => (
                <PickRow
                  key={`${pick.market}:${pick.code}`}
                  pick={pick}
                  displayLocale={displayLocale}
                  onEdit={() => {
                    setEditing({ mode: 'edit', pick })
                    setNotice('')
                  }}
                  onDelete={() => setDeleting(pick)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null)
        }}
        title={t('picks.delete')}
        description={deleting ? t('picks.confirmDelete', { code: deleting.code, month: deleting.month }) : ''}
        confirmLabel={t('picks.delete')}
        isDanger
        onConfirm={() => {
          if (deleting) void remove(deleting)
          setDeleting(null)
        }}
      />
    </div>
  )
}

function PickRow({
  pick,
  displayLocale,
  onEdit,
  onDelete,
}: {
  pick: ConsolePick
  displayLocale: DisplayLocale
  onEdit(): void
  onDelete(): void
}) {
  const { t } = useTranslation('console')
  const name = displayLocale === 'zh-TW' ? pick.nameZh : pick.nameEn
  return (
    <tr className="border-b border-ink-50 align-top" data-testid="pick-row">
      <td className="py-2 pr-3 text-ink-700 tabular-nums">{pick.rank}</td>
      <th scope="row" className="py-2 pr-3 text-start font-normal">
        <span className="block font-medium text-ink-900">{name}</span>
        <span className="block text-xs text-ink-700">
          {pick.code} · {t(`markets.${pick.market}`)} · {t(`picks.types.${pick.stockType}`)}
        </span>
        <span className="mt-1 flex flex-wrap gap-1">
          <Badge tone={pick.source === 'analyst' ? 'brand' : 'neutral'}>
            {t(`picks.sources.${pick.source}`)}
          </Badge>
          {pick.isDemo ? <DemoBadge /> : null}
        </span>
      </th>
      <td className="py-2 pr-3">{t(`picks.suggestions.${pick.suggestion}`)}</td>
      <td className="py-2 pr-3 text-end tabular-nums">
        <span className="block">{priceText(pick.recommendedPrice, pick.market, displayLocale)}</span>
        <span className="block text-xs text-ink-700">{formatDate(pick.recommendedAt, displayLocale)}</span>
      </td>
      <td className="py-2 pr-3 text-end tabular-nums">
        {priceText(pick.analystEstimatedPrice, pick.market, displayLocale)}
      </td>
      <td className="py-2 pr-3 text-end tabular-nums">
        <span className="block">{formatPercent(pick.estimatedReturn, displayLocale, { signed: true })}</span>
        <span className="block text-xs text-ink-700">
          {t('picks.drawdownShort', { value: formatPercent(pick.estimatedMaxDrawdown, displayLocale) })}
        </span>
      </td>
      <td className="py-2 pr-3 text-end tabular-nums" data-testid="pick-track-record">
        {pick.latestPrice === null ? (
          <span className="text-xs text-ink-700">{t('picks.noTrackRecord')}</span>
        ) : (
          <>
            <span className="block">
              {priceText(pick.latestPrice, pick.market, displayLocale)}{' '}
              <ChangeText value={pick.actualReturn} displayLocale={displayLocale} />
            </span>
            <span className="block text-xs text-ink-700">
              {pick.latestPriceDate
                ? t('picks.closeOf', { date: formatDate(pick.latestPriceDate, displayLocale) })
                : null}
              {pick.actualMaxDrawdown !== null
                ? ` · ${t('picks.drawdownShort', { value: formatPercent(pick.actualMaxDrawdown, displayLocale) })}`
                : null}
            </span>
          </>
        )}
      </td>
      <td className="py-2 pr-3">
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={onEdit}
            aria-label={t('picks.editOf', { code: pick.code })}
          >
            {t('picks.edit')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={onDelete}
            aria-label={t('picks.deleteOf', { code: pick.code })}
          >
            {t('picks.delete')}
          </Button>
        </span>
      </td>
    </tr>
  )
}

function PickFormCard({
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
  const [failure, setFailure] = useState<unknown>(null)
  const [isBusy, setIsBusy] = useState(false)
  const update = (patch: Partial<PickForm>) => setForm((current) => ({ ...current, ...patch }))
  const errorOf = (field: PickField) => (errors[field] ? t(errors[field]) : undefined)
  const implied = impliedReturn(form)

  async function submit() {
    const result = pickRequestOf(form)
    setFailure(null)
    if (result.errors) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    setIsBusy(true)
    try {
      const { month, market, code, ...fields } = result.request
      const saved = editedPick
        ? await consoleApi.put<ConsolePick>(`/picks/${month}/${market}/${encodeURIComponent(code)}`, fields)
        : await consoleApi.post<ConsolePick>('/picks', result.request)
      onSaved(saved)
    } catch (error) {
      setFailure(error)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <Card className="flex flex-col gap-4">
      <form
        noValidate
        aria-label={editedPick ? t('picks.editOf', { code: editedPick.code }) : t('picks.add')}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <h2 className="text-lg font-semibold text-ink-950">
          {editedPick ? t('picks.editOf', { code: editedPick.code }) : t('picks.add')}
        </h2>
        <ConsoleError error={failure} />
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
          <Button type="submit" disabled={isBusy}>
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
