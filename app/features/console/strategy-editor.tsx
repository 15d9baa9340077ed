/**
 * One strategy in the console (`?id=<id>`, `?id=new`): its names, summaries and Markdown rationale in both languages
 * with a live preview, market (fixed once it has a rebalance), visibility, position and whether it is published;
 * below them its rebalances (strategy-rebalance.tsx). What a save did is said on the page of the strategy it saved.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { Checkbox } from '#app/components/checkbox.tsx'
import { TextField } from '#app/components/text-field.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { type Locale, locales, type Market, markets } from '#contracts/regions.ts'
import {
  type BothLanguages,
  type ConsoleStrategy,
  type ConsoleStrategyDetail,
  StrategyErrorCode,
  strategyNameMaxLength,
  strategyRationaleMaxLength,
  strategySummaryMaxLength,
  strategyVisibilities,
} from '#contracts/strategies-rules.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleError,
  ConsoleFieldMessage,
  ConsoleLoading,
  ConsoleNotice,
  SelectField,
  TextAreaField,
  useFieldMessages,
  useTextInConsoleLanguage,
} from './console-ui.tsx'
import { MarkdownPreviewPane } from './markdown-preview.tsx'
import { RebalanceFormCard, RebalanceHistory } from './strategy-rebalance.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

/** Field path (as the API names it: `name.en`, `holdings.2.weightPercent`…) → error code. */
type FieldErrors = Record<string, string>

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

export function StrategyEditor({
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
  const action = useConsoleAction()
  const messageOf = useFieldMessages(action.error, errors)
  const update = (patch: Partial<StrategyForm>) => setForm((value) => ({ ...value, ...patch }))
  const setText = (field: 'name' | 'summary' | 'rationale', locale: Locale, text: string) =>
    setForm((value) => ({ ...value, [field]: { ...value[field], [locale]: text } }))
  const marketLocked = (strategy?.rebalanceCount ?? 0) > 0

  function submit() {
    const found = strategyFormErrors(form)
    setErrors(found)
    action.setError(null)
    if (Object.keys(found).length > 0) return
    void action.run(async () => {
      const body = { ...form, position: Number(form.position) || 0 }
      const answer = strategy
        ? await consoleApi.put<ConsoleStrategyDetail>(`/strategies/${strategy.id}`, body)
        : await consoleApi.post<ConsoleStrategyDetail>('/strategies', body)
      onSaved(answer)
    })
  }

  return (
    <Card>
      <form
        noValidate
        aria-label={strategy ? t('console.formEdit') : t('console.formNew')}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <ConsoleError error={action.error} />
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
                  error={messageOf(`name.${locale}`)}
                />
                <div className="flex flex-col gap-1">
                  <TextAreaField
                    label={t('console.summary', { language })}
                    rows={2}
                    maxLength={strategySummaryMaxLength}
                    value={form.summary[locale]}
                    onChange={(event) => setText('summary', locale, event.target.value)}
                    aria-invalid={messageOf(`summary.${locale}`) ? true : undefined}
                  />
                  <ConsoleFieldMessage message={messageOf(`summary.${locale}`)} />
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
            <ConsoleFieldMessage message={messageOf('market')} />
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
            error={messageOf('position')}
          />
        </div>
        <Checkbox
          label={t('console.publishedLabel')}
          checked={form.published}
          onChange={(event) => update({ published: event.target.checked })}
        />
        <div>
          <Button type="submit" disabled={action.isBusy}>
            {t('console.save')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
