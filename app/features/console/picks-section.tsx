/**
 * /console/picks: the analysts' monthly picks (spec §3) for a month and market (kept in the address): stock,
 * suggestion, recommended price, target, type, expected return, expected maximum drawdown and recommendation day,
 * each with its track record from our own closes (the latest close and the return and worst fall since the
 * recommended price, measured as the public picks pages measure them). Picks are added and corrected in the form
 * above the list (pick-form.tsx) and removed from their row.
 */
import { useState } from 'react'
import { Badge, DemoBadge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatMonth,
  formatPercent,
  formatPrice,
} from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { ConsoleMe, ConsolePick, ConsolePickMonth } from '#contracts/console-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { deskSearchOf, emptyPickForm, pickFormOf, pickMonthsOf, picksFiltersOf } from './analyst-desk-view.ts'
import { consoleApi } from './console-client.ts'
import {
  ConsoleConfirm,
  ConsoleFilterForm,
  ConsoleList,
  ConsoleListHeader,
  MarketSelectField,
  useConfirmation,
  useConsoleListQuery,
} from './console-lists.tsx'
import { ConsoleActionLines, SelectField } from './console-ui.tsx'
import { PickFormCard } from './pick-form.tsx'
import { useConsoleAction } from './use-console-action.ts'
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
  const { filters, search } = useConsoleListQuery('/console/picks', picksFiltersOf, deskSearchOf)
  const loaded = useConsoleData(
    () => consoleApi.get<ConsolePickMonth>('/picks', { month: filters.month, market: filters.market }),
    search,
  )
  const [editing, setEditing] = useState<Editing | null>(null)
  const deleting = useConfirmation<ConsolePick>()
  const action = useConsoleAction()
  const answer = loaded.data
  const shownMonth = answer?.month ?? filters.month
  const months = pickMonthsOf(answer?.months ?? [], me.now)

  const remove = (pick: ConsolePick) =>
    action.run(async () => {
      await consoleApi.delete(`/picks/${pick.month}/${pick.market}/${encodeURIComponent(pick.code)}`)
      loaded.reload()
      return t('picks.deleted', { code: pick.code })
    })

  return (
    <div className="flex flex-col gap-4">
      <ConsoleListHeader title={t('picks.title')}>
        <Button
          onClick={() => {
            setEditing({ mode: 'create' })
            action.setNotice('')
          }}
        >
          {t('picks.add')}
        </Button>
      </ConsoleListHeader>
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

      <ConsoleActionLines action={action} />
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
            action.setNotice(t('picks.saved', { code: saved.code }))
            loaded.reload()
          }}
        />
      ) : null}

      <ConsoleList
        list={loaded}
        rows={answer?.picks}
        emptyText={t('picks.empty')}
        caption={t('picks.caption', {
          month: answer?.month ? formatMonth(answer.month, displayLocale) : '',
        })}
        testId="picks-table"
        columns={[
          '#',
          t('picks.stock'),
          t('picks.suggestion'),
          { label: t('picks.recommendedPrice'), className: 'text-end' },
          { label: t('picks.target'), className: 'text-end' },
          { label: t('picks.expected'), className: 'text-end' },
          { label: t('picks.trackRecord'), className: 'text-end' },
        ]}
        actionsLabel={t('picks.actions')}
        renderRow={(pick) => (
          <PickRow
            key={`${pick.market}:${pick.code}`}
            pick={pick}
            displayLocale={displayLocale}
            onEdit={() => {
              setEditing({ mode: 'edit', pick })
              action.setNotice('')
            }}
            onDelete={() => deleting.ask(pick)}
          />
        )}
      />
      <ConsoleConfirm
        confirmation={deleting}
        title={t('picks.delete')}
        descriptionOf={(pick) => t('picks.confirmDelete', { code: pick.code, month: pick.month })}
        onConfirm={(pick) => void remove(pick)}
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
