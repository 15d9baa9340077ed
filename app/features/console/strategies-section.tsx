/**
 * /console/strategies (issue 15): the analysts' portfolio strategies. The list shows every strategy in the order
 * readers see them; `?id=<id>` opens one (`?id=new` a new one): its names, summaries and Markdown rationale in both
 * languages with a live preview, market, visibility, position and whether it is published, then its rebalances and
 * the form adding one — stocks picked from our universe in the strategy's market, weights in percent summing to
 * 100. The form checks what it can before sending (contracts/strategies-rules.ts), in the reader's language, beside
 * each field; the API checks again and its per-field refusals land beside the same fields.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { formatDate } from '#app/features/stocks/stock-format.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { type Locale, locales, type Market, markets } from '#contracts/regions.ts'
import {
  type BothLanguages,
  type ConsoleStrategy,
  type ConsoleStrategyDetail,
  holdingsProblems,
  rebalanceNoteMaxLength,
  StrategyErrorCode,
  strategyNameMaxLength,
  strategyRationaleMaxLength,
  strategySummaryMaxLength,
  strategyVisibilities,
  weightsSumPercent,
} from '#contracts/strategies-rules.ts'
import { ConsoleApiError, consoleApi } from './console-client.ts'
import { ConsoleListState, ConsoleTable } from './console-lists.tsx'
import {
  ConsoleError,
  ConsoleLoading,
  ConsoleNotice,
  SelectField,
  TextAreaField,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { type PickedStock, StockPicker } from './stock-picker.tsx'
import { useConsoleData } from './use-console-data.ts'

/** Field path (as the API names it: `name.en`, `holdings.2.weightPercent`…) → error code. */
type FieldErrors = Record<string, string>

/** The per-field codes of an API refusal, or null when it named no field (shown as one error line instead). */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ConsoleApiError) || error.fields.length === 0) return null
  return Object.fromEntries(error.fields.map((field) => [field.field, field.code]))
}

function FieldMessage({ code }: { code: string | undefined }) {
  const { t } = useTranslation()
  if (!code) return null
  return (
    <p role="alert" className="text-sm text-loss">
      {t(`errors:${code}`, { defaultValue: t('errors:VALIDATION_FAILED') })}
    </p>
  )
}

export function StrategiesSection({ me }: { me: ConsoleMe }) {
  const [search] = useSearchParams()
  const id = search.get('id')
  // Held here, so what a save did stays said when the address moves from `?id=new` to the new strategy's id.
  const [notice, setNotice] = useState<{ id: string; text: string } | null>(null)
  const noticeOf = (shown: string | null) => (notice && notice.id === shown ? notice.text : '')
  const onNotice = (forId: string, text: string) => setNotice({ id: forId, text })
  if (id === 'new') return <StrategyEditor id={null} me={me} notice="" onNotice={onNotice} />
  if (id) return <StrategyEditor key={id} id={id} me={me} notice={noticeOf(id)} onNotice={onNotice} />
  return <StrategyList />
}

function StrategyList() {
  const { t } = useTranslation('strategies')
  const { t: tConsole } = useTranslation('console')
  const { displayLocale } = useRootData()
  const loaded = useConsoleData(() => consoleApi.get<ConsoleStrategy[]>('/strategies'), 'strategies')
  const [removing, setRemoving] = useState<ConsoleStrategy | null>(null)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<unknown>(null)
  const textIn = useTextInConsoleLanguage()
  const nameOf = (strategy: ConsoleStrategy) => textIn(strategy.name)

  async function remove(strategy: ConsoleStrategy) {
    setFailure(null)
    setNotice('')
    try {
      await consoleApi.delete(`/strategies/${strategy.id}`)
      setNotice(t('console.removed', { name: nameOf(strategy) }))
      loaded.reload()
    } catch (error) {
      setFailure(error)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink-950">{t('console.title')}</h1>
        <Link to="/console/strategies?id=new" className={buttonClassName('primary')}>
          {t('console.add')}
        </Link>
      </div>
      <ConsoleNotice notice={notice} />
      <ConsoleError error={failure} />
      <ConsoleListState
        error={loaded.error}
        isLoading={loaded.isLoading}
        data={loaded.data}
        isEmpty={loaded.data?.length === 0}
        emptyText={t('console.empty')}
      />
      {loaded.data && loaded.data.length > 0 ? (
        <ConsoleTable
          columns={[
            t('console.colName'),
            t('console.colVisibility'),
            t('console.colPosition'),
            t('console.colInception'),
            t('console.colHoldings'),
            t('console.colState'),
          ]}
          actionsLabel={tConsole('picks.actions')}
        >
          {loaded.data.map((strategy) => (
            <tr key={strategy.id} className="border-b border-ink-50" data-testid="strategy-row">
              <th scope="row" className="py-2 pr-3 text-start font-normal">
                <span className="block font-medium text-ink-900">{nameOf(strategy)}</span>
                <span className="block text-xs text-ink-700">{tConsole(`markets.${strategy.market}`)}</span>
              </th>
              <td className="py-2 pr-3">{t(`page.visibility.${strategy.visibility}`)}</td>
              <td className="py-2 pr-3 text-end tabular-nums">{strategy.position}</td>
              <td className="py-2 pr-3">
                {strategy.inception ? formatDate(strategy.inception, displayLocale) : '—'}
              </td>
              <td className="py-2 pr-3 text-end tabular-nums">{strategy.holdings}</td>
              <td className="py-2 pr-3">
                <span className="flex flex-wrap gap-1">
                  <Badge tone={strategy.published ? 'gain' : 'neutral'}>
                    {strategy.published ? t('console.published') : t('console.draft')}
                  </Badge>
                  {strategy.isSample ? <Badge tone="warn">{t('console.sample')}</Badge> : null}
                </span>
              </td>
              <td className="py-2 pr-3">
                <span className="flex gap-2">
                  <Link
                    to={`/console/strategies?id=${strategy.id}`}
                    className={buttonClassName('secondary', 'sm')}
                    aria-label={t('console.editOf', { name: nameOf(strategy) })}
                  >
                    {t('console.edit')}
                  </Link>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setRemoving(strategy)}
                    aria-label={t('console.removeOf', { name: nameOf(strategy) })}
                  >
                    {t('console.remove')}
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRemoving(null)
        }}
        title={t('console.remove')}
        description={removing ? t('console.confirmRemove', { name: nameOf(removing) }) : ''}
        confirmLabel={t('console.remove')}
        isDanger
        onConfirm={() => {
          if (removing) void remove(removing)
          setRemoving(null)
        }}
      />
    </div>
  )
}

interface StrategyForm {
  name: BothLanguages
  summary: BothLanguages
  rationale: BothLanguages
  market: Market
  visibility: ConsoleStrategy['visibility']
  position: string
  published: boolean
}

const emptyForm: StrategyForm = {
  name: { en: '', 'zh-Hant': '' },
  summary: { en: '', 'zh-Hant': '' },
  rationale: { en: '', 'zh-Hant': '' },
  market: 'us',
  visibility: 'curated',
  position: '0',
  published: true,
}

function formOf(strategy: ConsoleStrategyDetail): StrategyForm {
  return {
    name: strategy.name,
    summary: strategy.summary,
    rationale: strategy.rationale,
    market: strategy.market,
    visibility: strategy.visibility,
    position: String(strategy.position),
    published: strategy.published,
  }
}

/** What the form can tell before sending: both languages of the name and the summary. */
function strategyFormErrors(form: StrategyForm): FieldErrors {
  const errors: FieldErrors = {}
  for (const locale of locales) {
    if (!form.name[locale].trim()) errors[`name.${locale}`] = StrategyErrorCode.nameMissing
    if (!form.summary[locale].trim()) errors[`summary.${locale}`] = StrategyErrorCode.summaryMissing
  }
  return errors
}

function StrategyEditor({
  id,
  me,
  notice,
  onNotice,
}: {
  id: string | null
  me: ConsoleMe
  notice: string
  /** What a save did, said on the page of the strategy it saved (a new one's, once the address names it). */
  onNotice(forId: string, notice: string): void
}) {
  const { t } = useTranslation('strategies')
  const [, setSearch] = useSearchParams()
  const loaded = useConsoleData(
    () => (id ? consoleApi.get<ConsoleStrategyDetail>(`/strategies/${id}`) : Promise.resolve(null)),
    id ?? 'new',
  )
  const [saved, setSaved] = useState<ConsoleStrategyDetail | null>(null)
  const current = saved ?? loaded.data
  const nameIn = useTextInConsoleLanguage()

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink-950">
          {id ? t('console.formEdit') : t('console.formNew')}
        </h1>
        <div className="flex flex-wrap gap-2">
          {current?.published ? (
            <a
              href={`/member/strategies?strategy=${current.slug}#strategy`}
              className={buttonClassName('ghost')}
              target="_blank"
              rel="noreferrer"
            >
              {t('console.viewOnSite')}
            </a>
          ) : null}
          <Link to="/console/strategies" className={buttonClassName('secondary')}>
            {t('console.back')}
          </Link>
        </div>
      </div>
      <ConsoleNotice notice={notice} />
      {id && loaded.isLoading && !current ? <ConsoleLoading /> : null}
      {id && loaded.error ? <ConsoleError error={loaded.error} /> : null}
      {!id || current ? (
        <StrategyFormCard
          key={current?.updatedAt ?? 'new'}
          initial={current ? formOf(current) : emptyForm}
          strategy={current ?? null}
          onSaved={(strategy) => {
            setSaved(strategy)
            onNotice(strategy.id, t('console.saved', { name: nameIn(strategy.name) }))
            if (!id) setSearch({ id: strategy.id })
          }}
        />
      ) : null}
      {current ? (
        <>
          <RebalanceFormCard
            key={`rebalance-${current.rebalanceCount}`}
            strategy={current}
            me={me}
            onSaved={(strategy, date) => {
              setSaved(strategy)
              onNotice(strategy.id, t('console.rebalanceSaved', { date }))
            }}
          />
          <RebalanceHistory strategy={current} />
        </>
      ) : null}
    </div>
  )
}

function StrategyFormCard({
  initial,
  strategy,
  onSaved,
}: {
  initial: StrategyForm
  strategy: ConsoleStrategyDetail | null
  onSaved(strategy: ConsoleStrategyDetail): void
}) {
  const { t } = useTranslation('strategies')
  const { t: tConsole } = useTranslation('console')
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [isBusy, setIsBusy] = useState(false)
  const update = (patch: Partial<StrategyForm>) => setForm((value) => ({ ...value, ...patch }))
  const setText = (field: 'name' | 'summary' | 'rationale', locale: Locale, text: string) =>
    setForm((value) => ({ ...value, [field]: { ...value[field], [locale]: text } }))
  const marketLocked = (strategy?.rebalanceCount ?? 0) > 0

  async function submit() {
    setFailure(null)
    const found = strategyFormErrors(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setIsBusy(true)
    try {
      const body = { ...form, position: Number(form.position) || 0 }
      const answer = strategy
        ? await consoleApi.put<ConsoleStrategyDetail>(`/strategies/${strategy.id}`, body)
        : await consoleApi.post<ConsoleStrategyDetail>('/strategies', body)
      onSaved(answer)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (fields) setErrors(fields)
      setFailure(error)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <Card>
      <form
        noValidate
        aria-label={strategy ? t('console.formEdit') : t('console.formNew')}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <ConsoleError error={failure} />
        <div className="grid gap-4 xl:grid-cols-2">
          {locales.map((locale) => {
            const language = tConsole(`languages.${locale}`)
            return (
              <div key={locale} className="flex flex-col gap-3" data-testid={`strategy-texts-${locale}`}>
                <TextField
                  label={t('console.name', { language })}
                  value={form.name[locale]}
                  maxLength={strategyNameMaxLength}
                  onChange={(event) => setText('name', locale, event.target.value)}
                  error={
                    errors[`name.${locale}`] ? tConsole(`errors:${errors[`name.${locale}`]}`) : undefined
                  }
                />
                <div className="flex flex-col gap-1">
                  <TextAreaField
                    label={t('console.summary', { language })}
                    rows={2}
                    maxLength={strategySummaryMaxLength}
                    value={form.summary[locale]}
                    onChange={(event) => setText('summary', locale, event.target.value)}
                    aria-invalid={errors[`summary.${locale}`] ? true : undefined}
                  />
                  <FieldMessage code={errors[`summary.${locale}`]} />
                </div>
                <TextAreaField
                  label={t('console.rationale', { language })}
                  rows={8}
                  maxLength={strategyRationaleMaxLength}
                  value={form.rationale[locale]}
                  onChange={(event) => setText('rationale', locale, event.target.value)}
                />
                <MarkdownPreviewPane
                  markdown={form.rationale[locale]}
                  label={t('console.previewOf', { language })}
                />
              </div>
            )
          })}
        </div>
        <div className="grid gap-3 md:grid-cols-3">
          <div className="flex flex-col gap-1">
            <SelectField
              label={t('console.market')}
              value={form.market}
              disabled={marketLocked}
              onChange={(event) => update({ market: event.target.value as Market })}
            >
              {markets.map((market) => (
                <option key={market} value={market}>
                  {tConsole(`markets.${market}`)}
                </option>
              ))}
            </SelectField>
            {marketLocked ? <p className="text-xs text-ink-700">{t('console.marketLocked')}</p> : null}
            <FieldMessage code={errors.market} />
          </div>
          <div className="flex flex-col gap-1">
            <SelectField
              label={t('console.visibility')}
              value={form.visibility}
              onChange={(event) => update({ visibility: event.target.value as StrategyForm['visibility'] })}
            >
              {strategyVisibilities.map((visibility) => (
                <option key={visibility} value={visibility}>
                  {t(`page.visibility.${visibility}`)}
                </option>
              ))}
            </SelectField>
            <p className="text-xs text-ink-700">{t('console.visibilityHelp')}</p>
          </div>
          <TextField
            label={t('console.position')}
            type="number"
            inputMode="numeric"
            min={0}
            value={form.position}
            onChange={(event) => update({ position: event.target.value })}
            error={errors.position ? tConsole(`errors:${errors.position}`) : undefined}
          />
        </div>
        <Checkbox
          label={t('console.publishedLabel')}
          checked={form.published}
          onChange={(event) => update({ published: event.target.checked })}
        />
        <div>
          <Button type="submit" disabled={isBusy}>
            {t('console.save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

interface HoldingRow extends PickedStock {
  weightPercent: string
}

/** Percent with at most 4 decimals, so a prefilled set still sums to 100 within the tolerance. */
const percentText = (fraction: number) => String(Math.round(fraction * 1_000_000) / 10_000)

function RebalanceFormCard({
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
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<unknown>(null)
  const [isBusy, setIsBusy] = useState(false)
  const drafts = rows.map((row) => ({
    market: row.market,
    code: row.code,
    weightPercent: Number(row.weightPercent),
  }))
  const total = weightsSumPercent(drafts)
  const nameOf = (row: PickedStock) => (displayLocale === 'zh-TW' ? row.nameZh : row.nameEn)
  const errorText = (code: string | undefined) => (code ? tConsole(`errors:${code}`) : undefined)

  function localErrors(): FieldErrors {
    const found: FieldErrors = {}
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

  async function submit() {
    setFailure(null)
    const found = localErrors()
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setIsBusy(true)
    try {
      const answer = await consoleApi.post<ConsoleStrategyDetail>(`/strategies/${strategy.id}/rebalances`, {
        effectiveOn,
        note,
        holdings: drafts,
      })
      onSaved(answer, formatDate(effectiveOn, displayLocale))
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (fields) setErrors(fields)
      setFailure(error)
    } finally {
      setIsBusy(false)
    }
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
          void submit()
        }}
      >
        <h2 className="text-lg font-semibold text-ink-950">{t('console.addRebalance')}</h2>
        <ConsoleError error={failure} />
        <div className="grid gap-3 md:grid-cols-3">
          <TextField
            label={t('console.rebalanceDate')}
            type="date"
            max={today}
            value={effectiveOn}
            onChange={(event) => setEffectiveOn(event.target.value)}
            error={errorText(errors.effectiveOn)}
          />
          {locales.map((locale) => (
            <TextField
              key={locale}
              label={t('console.note', { language: tConsole(`languages.${locale}`) })}
              value={note[locale]}
              maxLength={rebalanceNoteMaxLength}
              onChange={(event) => setNote({ ...note, [locale]: event.target.value })}
              error={errorText(errors[`note.${locale}`])}
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
                  <FieldMessage code={errors[`holdings.${index}.code`]} />
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
                  error={errorText(errors[`holdings.${index}.weightPercent`])}
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
          <FieldMessage code={errors.holdings} />
        </fieldset>
        <div>
          <Button type="submit" disabled={isBusy}>
            {t('console.saveRebalance')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function RebalanceHistory({ strategy }: { strategy: ConsoleStrategyDetail }) {
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
