/**
 * /member/watchlist for a member (issue 25): the list switcher, the list's tools (new, rename, move, delete, export),
 * the sort, and the list's stocks grouped by market. Every change is sent, then the page's data is read again, so
 * what is shown is what the server keeps. A device list still on this browser is handed over when the page opens.
 */
import { clsx } from 'clsx'
import { __iconData as chevronLeftShape } from 'lucide-react/icons/chevron-left'
import { __iconData as chevronRightShape } from 'lucide-react/icons/chevron-right'
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { ApiError, api } from '#app/api/api-client.ts'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { onDemand, whenIdle } from '#app/components/on-demand.ts'
import { serverDrawnRows, useIsHydrated } from '#app/components/server-drawn-rows.ts'
import { toast } from '#app/components/toaster.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import type { DisplayLocale } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { calendarHref } from '#contracts/calendar-rules.ts'
import { compareFirstOf } from '#contracts/compare-href.ts'
import { readDeviceWatchlist } from './device-watchlist.ts'
import {
  firstRowsOf,
  groupByMarket,
  movedWithinMarket,
  type PageRow,
  type PageView,
  type WatchlistSort,
  watchlistSorts,
} from './watchlist-rows.ts'
import { WatchlistTable } from './watchlist-table.tsx'

const ChevronLeft = outlineIcon(chevronLeftShape)
const ChevronRight = outlineIcon(chevronRightShape)

// What only a reader's change needs (the calls, the name field of a new or renamed list) is fetched once the page is
// idle, or on a pointer over or focus on "New list" and "Rename", so it is at hand for the first click.
const watchlistCalls = onDemand(() => import('./watchlist-api.ts'))
const textField = onDemand(() => import('#app/components/text-field.tsx'))
const TextField = lazy(() => textField.load().then((module) => ({ default: module.TextField })))
function preloadChanges() {
  watchlistCalls.preload()
  textField.preload()
}

/** The address of a list's CSV (a plain link downloads it with the session cookie). */
function exportHref(listId: string): string {
  return api.requestOf('/watchlist/export', { listId }).url
}

function useFailureMessage() {
  const { t, i18n } = useTranslation(['watchlist', 'errors'])
  return (error: unknown, max?: number) => {
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
    return t(i18n.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR', { max: max ?? '' })
  }
}

export function MemberWatchlist({
  view,
  displayLocale,
  timeZone,
}: {
  view: PageView
  displayLocale: DisplayLocale
  timeZone: string
}) {
  const { t, i18n } = useTranslation('watchlist')
  const revalidator = useRevalidator()
  const failure = useFailureMessage()
  const [sort, setSort] = useState<WatchlistSort>('order')
  const [editing, setEditing] = useState<'new' | 'rename' | null>(null)
  const [name, setName] = useState('')
  const [isDeleting, setIsDeleting] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const isHydrated = useIsHydrated()
  const current = view.current
  const listIndex = current ? view.lists.findIndex((l) => l.id === current.id) : -1
  const canCreate = view.lists.length < view.limits.lists

  // A device list still on this browser (the login just happened) moves to the account now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (readDeviceWatchlist().length === 0) return
    void import('./follow-actions.ts')
      .then((actions) => actions.reloadFollowed('member', i18n))
      .then((handedOver) => (handedOver ? revalidator.revalidate() : undefined))
      .catch(() => undefined)
  }, [])

  useEffect(() => whenIdle(preloadChanges), [])

  async function run(
    work: (calls: typeof import('./watchlist-api.ts')) => Promise<unknown>,
    done?: string,
    max?: number,
  ): Promise<boolean> {
    setIsBusy(true)
    try {
      await work(await watchlistCalls.load())
      if (done) toast.success(done)
      await revalidator.revalidate()
      return true
    } catch (error) {
      toast.error(failure(error, max))
      return false
    } finally {
      setIsBusy(false)
    }
  }

  async function onSubmitName(event: FormEvent) {
    event.preventDefault()
    const saved =
      editing === 'new'
        ? await run((calls) => calls.createList(name), t('lists.created'), view.limits.lists)
        : current
          ? await run((calls) => calls.renameList(current.id, name), t('lists.renamed'))
          : false
    if (saved) setEditing(null)
  }

  function moveList(step: -1 | 1) {
    const ids = view.lists.map((l) => l.id)
    const target = listIndex + step
    if (!current || target < 0 || target >= ids.length) return
    ids[listIndex] = ids[target] as string
    ids[target] = current.id
    void run((calls) => calls.reorderLists(ids))
  }

  function moveStock(row: PageRow, step: -1 | 1) {
    if (!current) return
    const index = current.rows.findIndex((r) => r.market === row.market && r.code === row.code)
    const order = movedWithinMarket(current.rows, index, step).map(({ market, code }) => ({ market, code }))
    void run((calls) => calls.reorderStocks(current.id, order))
  }

  function remove(row: PageRow) {
    if (!current) return
    const stockName = row.stock?.name ?? row.code
    const stock = { market: row.market, code: row.code }
    void run((calls) => calls.removeStock(current.id, stock)).then((removed) => {
      if (!removed || !row.stock) return
      // Undo puts it back (at the end: the list's order is the reader's to set again).
      void import('./undo-toast.ts').then(({ toastWithUndo }) =>
        toastWithUndo(t('table.removed', { name: stockName }), {
          label: t('toast.undo'),
          onClick: () =>
            void run((calls) => calls.followStockOn(current.id, stock), undefined, view.limits.stocksPerList),
        }),
      )
    })
  }

  const groups = current ? groupByMarket(current.rows, sort, displayLocale) : []
  const compareFirst = compareFirstOf(groups.flatMap((group) => group.rows))
  // 200 rows are most of the page's server time (issue 25): the server draws the first screen's, the rest are in
  // the page's data and drawn once it has hydrated (below the first screen: nothing above them moves).
  const shown = isHydrated ? null : firstRowsOf(groups, serverDrawnRows)
  const shownCount = shown ? shown.reduce((sum, count) => sum + count, 0) : (current?.rows.length ?? 0)
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t('lists.label')} className="flex flex-col gap-2">
        <ul className="flex flex-wrap gap-2">
          {view.lists.map((list) => (
            <li key={list.id}>
              <Link
                to={`?list=${list.id}`}
                aria-current={list.id === current?.id ? 'page' : undefined}
                className={clsx(
                  'inline-flex min-h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium',
                  list.id === current?.id
                    ? 'border-brand-600 bg-brand-100 text-brand-700'
                    : 'border-ink-300 bg-white text-ink-800 hover:bg-ink-50',
                )}
              >
                {list.name}
                <span className="text-xs text-ink-700">{list.size}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="text-xs text-ink-700">
          {t('lists.count', { count: view.lists.length, max: view.limits.lists })}
          {canCreate ? '' : ` · ${t('lists.full', { max: view.limits.lists })}`}
        </p>
      </nav>

      <div className="flex flex-wrap items-center gap-2">
        {canCreate ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setName('')
              setEditing('new')
            }}
            onPointerEnter={preloadChanges}
            onFocus={preloadChanges}
          >
            {t('lists.new')}
          </Button>
        ) : null}
        {current ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setName(current.name)
                setEditing('rename')
              }}
              onPointerEnter={preloadChanges}
              onFocus={preloadChanges}
            >
              {t('lists.rename')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={isBusy || listIndex <= 0}
              aria-label={t('lists.moveEarlier', { name: current.name })}
              onClick={() => moveList(-1)}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={isBusy || listIndex >= view.lists.length - 1}
              aria-label={t('lists.moveLater', { name: current.name })}
              onClick={() => moveList(1)}
            >
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
            <a href={exportHref(current.id)} download className={buttonClassName('secondary', 'sm')}>
              {t('lists.export')}
            </a>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setIsDeleting(true)}
              data-testid="watchlist-delete"
            >
              {t('lists.delete')}
            </Button>
          </>
        ) : null}
      </div>

      {editing ? (
        <Suspense fallback={null}>
          <form
            onSubmit={onSubmitName}
            className="flex flex-wrap items-end gap-2"
            aria-label={t('lists.label')}
          >
            <TextField
              label={
                editing === 'new' ? t('lists.newName') : t('lists.newNameFor', { name: current?.name ?? '' })
              }
              value={name}
              maxLength={40}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              className="min-w-56"
            />
            <Button type="submit" size="md" isLoading={isBusy}>
              {editing === 'new' ? t('lists.create') : t('lists.save')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
              {t('lists.cancel')}
            </Button>
          </form>
        </Suspense>
      ) : null}

      {current ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <DataStamp isDemo={view.isDemo} asOf={view.asOf} stale={false} displayLocale={displayLocale} />
            <span className="text-xs text-ink-700">
              {t('lists.size', { count: current.rows.length, max: view.limits.stocksPerList })}
            </span>
            {compareFirst ? (
              <Link
                to={compareFirst.href}
                className="text-sm font-medium text-brand-700 hover:underline"
                data-testid="watchlist-compare"
              >
                {t('lists.compare', { count: compareFirst.count })}
              </Link>
            ) : null}
            {current.rows.length > 0 ? (
              <Link
                to={calendarHref({ list: current.id })}
                className="text-sm font-medium text-brand-700 hover:underline"
                data-testid="watchlist-calendar"
              >
                {t('lists.calendar')}
              </Link>
            ) : null}
            <label className="flex items-center gap-2 text-sm text-ink-800">
              {t('table.sortBy')}
              <select
                value={sort}
                onChange={(event) => setSort(event.target.value as WatchlistSort)}
                className="h-10 rounded-lg border border-ink-300 bg-white px-2 text-sm"
                data-testid="watchlist-sort"
              >
                {watchlistSorts.map((key) => (
                  <option key={key} value={key}>
                    {t(`table.sort.${key}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {groups.length === 0 ? (
            <EmptyState title={t('empty.title')} description={t('empty.text')} />
          ) : (
            groups.map((group, index) =>
              shown?.[index] === 0 ? null : (
                <WatchlistTable
                  key={group.market}
                  group={group}
                  shown={shown?.[index]}
                  keyLabels={view.keyLabels}
                  displayLocale={displayLocale}
                  timeZone={timeZone}
                  canMove={sort === 'order' && !isBusy}
                  onMove={moveStock}
                  onRemove={remove}
                />
              ),
            )
          )}
          {current && shownCount < current.rows.length ? (
            <noscript>
              <p className="text-sm text-ink-700">
                {t('lists.needsScript', { shown: shownCount, count: current.rows.length })}
              </p>
            </noscript>
          ) : null}
        </div>
      ) : (
        <EmptyState title={t('empty.title')} description={t('empty.text')} />
      )}

      {current ? (
        <ConfirmDialog
          isOpen={isDeleting}
          onOpenChange={setIsDeleting}
          title={t('lists.deleteTitle', { name: current.name })}
          description={t('lists.deleteText')}
          confirmLabel={t('lists.deleteConfirm')}
          isDanger
          onConfirm={() =>
            void run((calls) => calls.deleteList(current.id), t('lists.deleted')).then(() =>
              setIsDeleting(false),
            )
          }
        />
      ) : null}
    </div>
  )
}
