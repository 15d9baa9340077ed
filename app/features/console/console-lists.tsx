/**
 * The console's list-page scaffold, which every list section is made of: the page's head (title, the action that
 * adds one), its filter form (plain GET, so each filtered view has an address, and the list's query is read from
 * it), a market choice, the list itself (failure, first load, nothing found, else its table of
 * rows, then its page links) and the confirmation a row action asks before it runs. What a row action or a form
 * says around its call is use-console-action.ts; a section keeps only its columns, its cells and its own rules.
 */
import { type ReactNode, useId, useState } from 'react'
import { Form, useSearchParams } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { ConfirmDialog } from '#app/components/confirm-dialog.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { markets } from '#contracts/regions.ts'
import { ConsoleError, ConsoleLoading, SelectField } from './console-ui.tsx'
import type { ConsoleData } from './use-console-data.ts'

/** A list page's head: its title and, beside it, what adds to the list (a link or a button). */
export function ConsoleListHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-ink-950">{title}</h1>
      {children}
    </div>
  )
}

/** The filters above a list, ending in the button that applies them; `columns` lays the fields out per width. */
export function ConsoleFilterForm({
  action,
  label,
  columns,
  applyLabel,
  isBusy,
  children,
}: {
  action: string
  label: string
  columns: string
  applyLabel: string
  isBusy?: boolean
  children: ReactNode
}) {
  return (
    <Form method="get" action={action} className={`grid items-end gap-3 ${columns}`} aria-label={label}>
      {children}
      <Button type="submit" variant="secondary" disabled={isBusy}>
        {applyLabel}
      </Button>
    </Form>
  )
}

/** A market filter: any market, or one of them. */
export function MarketSelectField({ label, defaultValue }: { label: string; defaultValue: string }) {
  const { t } = useTranslation('console')
  return (
    <SelectField label={label} name="market" defaultValue={defaultValue}>
      <option value="">{t('articles.any')}</option>
      {markets.map((market) => (
        <option key={market} value={market}>
          {t(`markets.${market}`)}
        </option>
      ))}
    </SelectField>
  )
}

/**
 * What stands in for a list while it cannot be shown: the failure, the spinner until the first answer (a reload
 * keeps the rows on screen), and `emptyText` once an answer has nothing in it.
 */
export function ConsoleListState({
  error,
  isLoading,
  data,
  isEmpty = false,
  emptyText,
}: {
  error: unknown
  isLoading: boolean
  data: unknown
  isEmpty?: boolean
  emptyText?: string
}) {
  return (
    <>
      <ConsoleError error={error} />
      {isLoading && !data ? <ConsoleLoading /> : null}
      {data && isEmpty ? <p className="text-ink-700">{emptyText}</p> : null}
    </>
  )
}

/** The page links of a paged answer; `hrefOf` gives a page's address with the list's filters kept. */
export function ConsolePager({
  page,
  hrefOf,
}: {
  page: ConsolePage | null | undefined
  hrefOf: (page: number) => string
}) {
  if (!page) return null
  return (
    <Pagination
      page={page.page}
      pageCount={Math.max(1, Math.ceil(page.total / page.pageSize))}
      hrefOf={hrefOf}
    />
  )
}

/** A column head: its text, and its cells' alignment when not the start (numbers, prices). */
export type ConsoleColumn = string | { label: string; className: string }

/** A list's table, scrolling sideways on a narrow screen; `columns` are its heads, the children its rows. */
export function ConsoleTable({
  columns,
  actionsLabel,
  caption,
  testId,
  children,
}: {
  /** The column heads, in order. */
  columns: readonly ConsoleColumn[]
  /** A last column of row actions, named for screen readers only. */
  actionsLabel?: string | undefined
  /** What the table shows, for screen readers only. */
  caption?: string | undefined
  testId?: string | undefined
  children: ReactNode
}) {
  const captionId = useId()
  const table = (
    <table className="w-full text-left text-sm" data-testid={testId}>
      {caption ? (
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
      ) : null}
      <thead className="border-b border-ink-100 text-ink-500">
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} className="py-2 pr-3">
                {column}
              </th>
            ) : (
              <th key={column.label} className={`py-2 pr-3 ${column.className}`}>
                {column.label}
              </th>
            ),
          )}
          {actionsLabel ? (
            <th className="py-2 pr-3">
              <span className="sr-only">{actionsLabel}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
  // A named table scrolls as a region the keyboard reaches; both keep what they position (screen-reader-only
  // labels) inside, so a wide table never widens the page on a phone.
  return caption ? (
    <ScrollRegion labelledBy={captionId}>{table}</ScrollRegion>
  ) : (
    <div className="relative overflow-x-auto">{table}</div>
  )
}

/** Where a paged answer stands: the page links are drawn from it. */
export interface ConsolePage {
  page: number
  pageSize: number
  total: number
}

/**
 * A list as every console page shows it: its states while it cannot be shown (ConsoleListState), else the table of
 * its rows, then the page links when the answer is paged (`pager`).
 */
export function ConsoleList<R>({
  list,
  rows,
  emptyText,
  columns,
  actionsLabel,
  caption,
  testId,
  pager,
  renderRow,
}: {
  list: Pick<ConsoleData<unknown>, 'data' | 'error' | 'isLoading'>
  /** The rows of the loaded answer (undefined until it came). */
  rows: readonly R[] | undefined
  emptyText?: string
  columns: readonly ConsoleColumn[]
  actionsLabel?: string
  caption?: string
  testId?: string
  pager?: { page: ConsolePage | null | undefined; hrefOf(page: number): string }
  renderRow(row: R, index: number): ReactNode
}) {
  return (
    <>
      <ConsoleListState
        error={list.error}
        isLoading={list.isLoading}
        data={list.data}
        isEmpty={rows?.length === 0}
        emptyText={emptyText}
      />
      {rows && rows.length > 0 ? (
        <ConsoleTable columns={columns} actionsLabel={actionsLabel} caption={caption} testId={testId}>
          {rows.map(renderRow)}
        </ConsoleTable>
      ) : null}
      {pager ? <ConsolePager page={pager.page} hrefOf={pager.hrefOf} /> : null}
    </>
  )
}

/** The row (or other subject) a row action waits to have confirmed; null while none does. */
export interface Confirmation<T> {
  pending: T | null
  ask(subject: T): void
  close(): void
}

export function useConfirmation<T>(): Confirmation<T> {
  const [pending, setPending] = useState<T | null>(null)
  return { pending, ask: setPending, close: () => setPending(null) }
}

/** Asks before a row action the operator cannot undo; `onConfirm` runs it on the subject asked about. */
export function ConsoleConfirm<T>({
  confirmation,
  title,
  descriptionOf,
  confirmLabel = title,
  isDanger = true,
  onConfirm,
}: {
  confirmation: Confirmation<T>
  title: string
  descriptionOf(subject: T): string
  confirmLabel?: string
  isDanger?: boolean
  onConfirm(subject: T): void
}) {
  const { pending } = confirmation
  return (
    <ConfirmDialog
      isOpen={pending !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) confirmation.close()
      }}
      title={title}
      description={pending !== null ? descriptionOf(pending) : ''}
      confirmLabel={confirmLabel}
      isDanger={isDanger}
      onConfirm={() => {
        confirmation.close()
        if (pending !== null) onConfirm(pending)
      }}
    />
  )
}

/**
 * A list's query — its filters and page — kept in the address, so a filtered list can be reloaded, shared and walked
 * with the back button. Each list reads its own filters (`*FiltersOf` in its view file, which decides what a valid
 * value is) and writes them back with listSearchOf (console-view.ts).
 */
export interface ConsoleListQuery<F> {
  filters: F
  /** The filters as the address writes them: what the list is loaded again for. */
  search: string
  /** The address of this list with some filters changed (another page, another state). */
  hrefOf(change: Partial<F>): string
}

/** The list at `path`'s filters, read from the address by `filtersOf` and written back by `searchOf`. */
export function useConsoleListQuery<F>(
  path: string,
  filtersOf: (search: URLSearchParams) => F,
  searchOf: (filters: F) => string,
): ConsoleListQuery<F> {
  const [params] = useSearchParams()
  const filters = filtersOf(params)
  return {
    filters,
    search: searchOf(filters),
    hrefOf: (change) => `${path}${searchOf({ ...filters, ...change })}`,
  }
}
