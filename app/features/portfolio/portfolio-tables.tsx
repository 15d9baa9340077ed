/**
 * The portfolio's two tables: the holdings (each linked to its diagnosis) and the latest transactions with their
 * edit and delete buttons, older ones a page at a time ("show more", read from the API). Both scroll sideways on a
 * phone (ScrollRegion); values are in the base currency, prices in the stock's own.
 *
 * Drawn lean (issue 25: 200 holdings under 50 ms of server time): cells, links and buttons take their styles from
 * rules on the table, not from classes on each of hundreds of elements, and each cell is one text.
 */
import { clsx } from 'clsx'
import { useEffect, useState } from 'react'
import { api, dataOf } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { serverDrawnRows, useIsHydrated } from '#app/components/server-drawn-rows.ts'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { type DisplayLocale, formatDate, formatPercent } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { transactionPages } from '#contracts/portfolio-pages.ts'
import type { PortfolioTransaction, PortfolioTransactionsPage } from '#contracts/portfolio-rules.ts'
import { money, signedClass } from './portfolio-figures.tsx'
import type { PortfolioHoldingRow, PortfolioView } from './portfolio-view.ts'

// Cells are styled once on the table, not on each of hundreds of cells: the page's HTML stays small.
const bodyCells = '[&_tbody_td]:px-3 [&_tbody_td]:py-2 [&_tbody_tr]:border-b [&_tbody_tr]:border-ink-100'
const numberCell = 'text-end tabular-nums'
const rowHeads =
  '[&_tbody_th]:px-3 [&_tbody_th]:py-2 [&_tbody_th]:text-start [&_tbody_th]:font-normal [&_tbody_th_a]:font-medium [&_tbody_th_a]:text-brand-700 [&_tbody_th_a]:underline [&_tbody_th_a]:underline-offset-2'
const rowButtons =
  '[&_tbody_button]:inline-flex [&_tbody_button]:h-8 [&_tbody_button]:items-center [&_tbody_button]:justify-center [&_tbody_button]:rounded-lg [&_tbody_button]:px-3 [&_tbody_button]:text-sm [&_tbody_button]:font-medium [&_tbody_button]:text-ink-800 [&_tbody_button]:transition-colors [&_tbody_button:hover]:bg-ink-100'
const headCell = 'px-3 py-2 font-medium text-ink-800'

const quantityFormats = new Map<DisplayLocale, Intl.NumberFormat>()
function quantityText(value: number, locale: DisplayLocale): string {
  let format = quantityFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 })
    quantityFormats.set(locale, format)
  }
  return format.format(value)
}

export function HoldingsTable({
  portfolio,
  locale,
  onAlert,
}: {
  portfolio: PortfolioView
  locale: DisplayLocale
  /** Opens the alert form for a covered holding (issue 26); the diagnosis report's form. */
  onAlert: (holding: PortfolioHoldingRow) => void
}) {
  const { t } = useTranslation('portfolio')
  const base = portfolio.baseCurrency
  // The server draws the first screen of holdings; the browser every one once the page has hydrated (ADR 0046).
  const isHydrated = useIsHydrated()
  const holdings = isHydrated ? portfolio.holdings : portfolio.holdings.slice(0, serverDrawnRows)
  return (
    <ScrollRegion labelledBy="portfolio-holdings-caption">
      <table
        className={clsx(
          'w-full min-w-[820px] text-sm [&_tbody_td]:text-end [&_tbody_td]:tabular-nums',
          bodyCells,
          rowHeads,
          rowButtons,
        )}
        data-testid="portfolio-holdings"
      >
        <caption
          id="portfolio-holdings-caption"
          className="pb-2 text-start text-xl font-semibold text-ink-950"
        >
          {t('holdings.title')}
          <span className="sr-only"> — {t('holdings.caption', { currency: base })}</span>
        </caption>
        <thead className="border-b border-ink-200 text-start">
          <tr>
            <th scope="col" className={clsx(headCell, 'text-start')}>
              {t('holdings.stock')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.quantity')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.averageCost')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.price')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.value')} ({base})
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.gain')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.weight')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.score')}
            </th>
            <th scope="col" className={clsx(headCell, 'text-end')}>
              {t('holdings.alert')}
            </th>
          </tr>
        </thead>
        <tbody>
          {holdings.map((holding) => (
            <tr key={`${holding.market}:${holding.code}`} data-testid="portfolio-holding">
              <th scope="row">
                <PageLink
                  to={diagnosisHref(holding.code, holding.market)}
                  aria-label={t('holdings.diagnosis', { name: holding.name })}
                >
                  {holding.name}
                </PageLink>{' '}
                <span className="text-ink-700">{holding.code}</span>
                {holding.isCovered ? null : (
                  <span className="block text-xs text-ink-700">{t('holdings.notCovered')}</span>
                )}
              </th>
              <td>{quantityText(holding.quantity, locale)}</td>
              <td>{money(holding.averageCost, holding.currency, locale)}</td>
              <td>{holding.price === null ? '—' : money(holding.price, holding.currency, locale)}</td>
              <td>{holding.marketValue === null ? '—' : money(holding.marketValue, base, locale)}</td>
              <td className={signedClass(holding.unrealisedGain)}>
                {`${holding.unrealisedGain === null ? '—' : money(holding.unrealisedGain, base, locale)}${
                  holding.unrealisedReturn === null
                    ? ''
                    : ` (${formatPercent(holding.unrealisedReturn, locale, { signed: true })})`
                }`}
              </td>
              <td>{holding.weight === null ? '—' : formatPercent(holding.weight, locale)}</td>
              <td>{holding.totalScore === null ? '—' : holding.totalScore.toFixed(1)}</td>
              <td>
                {holding.isCovered ? (
                  <button
                    type="button"
                    aria-label={t('holdings.setAlert', { name: holding.name })}
                    onClick={() => onAlert(holding)}
                    data-testid="holding-alert"
                  >
                    {t('holdings.alert')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {holdings.length < portfolio.holdings.length ? (
        <noscript>
          <p className="text-sm text-ink-700">
            {t('holdings.needsScript', { shown: holdings.length, count: portfolio.holdings.length })}
          </p>
        </noscript>
      ) : null}
    </ScrollRegion>
  )
}

/**
 * Transactions after the newest `offset`, newest first. Here, not in portfolio-api.ts: that file's calls travel with
 * the chat page too (its import), this one only with the portfolio page.
 */
async function listTransactions(offset: number, limit: number): Promise<PortfolioTransactionsPage> {
  return dataOf(await api.get<PortfolioTransactionsPage>('/member/portfolio/transactions', { offset, limit }))
}

/** Older transactions, read again in pieces the API allows (after a change, as many as were shown). */
async function readOlder(offset: number, count: number): Promise<PortfolioTransaction[]> {
  const rows: PortfolioTransaction[] = []
  while (rows.length < count) {
    const limit = Math.min(transactionPages.pageMax, count - rows.length)
    const page = await listTransactions(offset + rows.length, limit)
    rows.push(...page.transactions)
    if (page.transactions.length < limit) break
  }
  return rows
}

export function TransactionsTable({
  portfolio,
  locale,
  onEdit,
  onDelete,
  onFailed,
}: {
  portfolio: PortfolioView
  locale: DisplayLocale
  onEdit(transaction: PortfolioTransaction): void
  onDelete(transaction: PortfolioTransaction): void
  /** Older transactions could not be read. */
  onFailed(): void
}) {
  const { t } = useTranslation('portfolio')
  const latest = portfolio.transactions
  const [older, setOlder] = useState<PortfolioTransaction[]>([])
  const [isLoading, setIsLoading] = useState(false)
  const shown = latest.length + older.length
  const remaining = Math.max(0, portfolio.transactionCount - shown)

  // The page's data is read again after every change: the older rows already shown are read again with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the portfolio's data changes
  useEffect(() => {
    if (older.length === 0) return
    let isCurrent = true
    readOlder(latest.length, older.length).then(
      (rows) => (isCurrent ? setOlder(rows) : undefined),
      () => (isCurrent ? setOlder([]) : undefined),
    )
    return () => {
      isCurrent = false
    }
  }, [portfolio])

  function showMore() {
    setIsLoading(true)
    listTransactions(shown, transactionPages.page)
      .then((page) => setOlder((rows) => [...rows, ...page.transactions]), onFailed)
      .finally(() => setIsLoading(false))
  }

  const wordsOf = (transaction: PortfolioTransaction) => ({
    kind: t(`kinds.${transaction.kind}`),
    name: transaction.name,
    date: formatDate(transaction.tradeDate, locale),
  })
  return (
    <div className="flex flex-col gap-2">
      <ScrollRegion labelledBy="portfolio-transactions-caption">
        <table
          className={clsx('w-full min-w-[680px] text-sm', bodyCells, rowButtons)}
          data-testid="portfolio-transactions"
        >
          <caption
            id="portfolio-transactions-caption"
            className="pb-2 text-start text-xl font-semibold text-ink-950"
          >
            {t('transactions.title')}
            <span className="sr-only"> — {t('transactions.caption')}</span>
          </caption>
          <thead className="border-b border-ink-200">
            <tr>
              <th scope="col" className={clsx(headCell, 'text-start')}>
                {t('transactions.date')}
              </th>
              <th scope="col" className={clsx(headCell, 'text-start')}>
                {t('transactions.kind')}
              </th>
              <th scope="col" className={clsx(headCell, 'text-start')}>
                {t('transactions.stock')}
              </th>
              <th scope="col" className={clsx(headCell, 'text-end')}>
                {t('transactions.quantity')}
              </th>
              <th scope="col" className={clsx(headCell, 'text-end')}>
                {t('transactions.price')}
              </th>
              <th scope="col" className={clsx(headCell, 'text-end')}>
                {t('transactions.amount')}
              </th>
              <th scope="col" className={clsx(headCell, 'text-end')}>
                {t('transactions.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...latest, ...older].map((transaction) => (
              <tr key={transaction.id} data-testid="portfolio-transaction">
                <td>{formatDate(transaction.tradeDate, locale)}</td>
                <td>{t(`kinds.${transaction.kind}`)}</td>
                <td>
                  {`${transaction.name} `}
                  <span className="text-ink-700">{transaction.code}</span>
                </td>
                <td className={numberCell}>
                  {transaction.kind === 'dividend' ? '—' : quantityText(transaction.quantity, locale)}
                </td>
                <td className={numberCell}>
                  {transaction.kind === 'buy' || transaction.kind === 'sell'
                    ? money(transaction.price, transaction.currency, locale)
                    : '—'}
                </td>
                <td className={numberCell}>
                  {transaction.kind === 'dividend'
                    ? money(transaction.amount, transaction.currency, locale)
                    : '—'}
                </td>
                <td className="text-end whitespace-nowrap">
                  <button
                    type="button"
                    onClick={() => onEdit(transaction)}
                    aria-label={t('transactions.editLabel', wordsOf(transaction))}
                  >
                    {t('transactions.edit')}
                  </button>
                  <button
                    type="button"
                    onClick={() => onDelete(transaction)}
                    aria-label={t('transactions.deleteLabel', wordsOf(transaction))}
                  >
                    {t('transactions.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="text-xs text-ink-700" data-testid="portfolio-transaction-limit">
        {t('transactions.limit', {
          used: new Intl.NumberFormat(locale).format(portfolio.transactionCount),
          limit: new Intl.NumberFormat(locale).format(portfolio.transactionLimit),
        })}
      </p>
      {remaining > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-xs text-ink-700" data-testid="portfolio-transactions-shown">
            {t('transactions.shown', {
              shown: new Intl.NumberFormat(locale).format(shown),
              count: new Intl.NumberFormat(locale).format(portfolio.transactionCount),
            })}
          </p>
          <Button variant="secondary" size="sm" isLoading={isLoading} onClick={showMore}>
            {t('transactions.more', { count: Math.min(remaining, transactionPages.page) })}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
