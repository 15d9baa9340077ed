/**
 * The pieces every console list page is made of: its filter form (plain GET, so each filtered view has an address),
 * a market choice, the list's states (failure, first load, nothing found), its table and its page links.
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { markets } from '#contracts/regions.ts'
import { ConsoleError, ConsoleLoading, SelectField } from './console-ui.tsx'

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
  page: { page: number; pageSize: number; total: number } | null | undefined
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

/** A list's table, scrolling sideways on a narrow screen; `head` holds the header row's cells, the children its rows. */
export function ConsoleTable({
  columns,
  actionsLabel,
  children,
}: {
  /** The column heads, in order. */
  columns: string[]
  /** A last column of row actions, named for screen readers only. */
  actionsLabel?: string
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-ink-100 text-ink-500">
          <tr>
            {columns.map((column) => (
              <th key={column} className="py-2 pr-3">
                {column}
              </th>
            ))}
            {actionsLabel ? (
              <th className="py-2 pr-3">
                <span className="sr-only">{actionsLabel}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
