/**
 * One market's stocks of a watchlist: price and day change, AI score with the analysts' view, fair-value gap,
 * distance to support and resistance, the technicals and capital-flow labels (the diagnosis's, of its session), the
 * newest article about the stock and the session each figure describes; a stock we no longer cover says so. In the
 * reader's own order each row moves up or down; every row can be removed. On a phone each row is a card (the header
 * row stays for screen readers; each cell names itself from its column's name, given once on the table).
 *
 * Drawn lean on purpose (issue 25: 200 rows under 50 ms of server time): a row's cells take their padding, phone
 * labels and repeated styles from `.watchlist-table` rules (app.css), and its arrows and buttons' icons are drawn by
 * CSS from `data-direction` / `data-icon`, so a row carries its figures and little else. The server draws only the
 * rows of the first screen (`shown`); the page draws the rest once it has hydrated (ADR 0046).
 */
import type { CSSProperties } from 'react'
import { PageLink } from '#app/components/page-link.tsx'
import { articlePath } from '#app/features/articles/article-paths.ts'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { formatGap } from '#app/features/stocks/fair-value-gap-text.ts'
import {
  type DisplayLocale,
  formatDate,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatScore,
} from '#app/features/stocks/stock-format.ts'
import { messageTemplate } from '#app/i18n/message-template.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MarketGroup, PageFigures, PageRow } from './watchlist-rows.ts'

type Direction = 'up' | 'down' | 'flat'

function directionOf(value: number | null): Direction {
  return value === null || value === 0 || Number.isNaN(value) ? 'flat' : value > 0 ? 'up' : 'down'
}

/** A signed figure: its arrow and colour come from `.watchlist-table [data-direction]` (app.css). */
function Signed({ value, text, title }: { value: number | null; text: string; title?: string | undefined }) {
  return (
    <span data-direction={directionOf(value)} title={title}>
      {text}
    </span>
  )
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

/** The day an instant falls on in the region's time zone, `YYYY-MM-DD` (one formatter per zone, not per row). */
function dayIn(iso: string, timeZone: string): string {
  let format = dayFormatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormatters.set(timeZone, format)
  }
  return format.format(new Date(iso))
}

export function WatchlistTable({
  group,
  shown,
  keyLabels,
  displayLocale,
  timeZone,
  canMove,
  onMove,
  onRemove,
}: {
  group: MarketGroup
  /** Draw only the group's first rows (the server's first screen, ADR 0046); all when undefined. */
  shown?: number | undefined
  /** The names of the rows' rating and signal keys, in the reader's language (the loader's). */
  keyLabels: Record<string, string>
  displayLocale: DisplayLocale
  /** The region's: an article's date is the day it was listed there. */
  timeZone: string
  /** In the reader's own order only: a sorted view has no "up". */
  canMove: boolean
  onMove(row: PageRow, step: -1 | 1): void
  onRemove(row: PageRow): void
}) {
  const { t } = useTranslation(['watchlist', 'stocks'])
  const keyLabel = (prefix: string, key: string | null) =>
    key ? (keyLabels[`${prefix}.${key}`] ?? null) : null
  const market = t(`stocks:markets.${group.market}`)
  const headingId = `watchlist-${group.market}`
  const labels = {
    price: t('table.price'),
    score: t('table.score'),
    gap: t('table.gap'),
    levels: t('table.levels'),
    signals: t('table.signals'),
    article: t('table.article'),
    asOf: t('table.asOf'),
  }
  // On a phone each cell names itself (`.watchlist-table` in app.css reads the column's name from these), so the
  // names are said once for the table, not in every row.
  const columnNames = {
    '--wl-column-2': JSON.stringify(labels.price),
    '--wl-column-3': JSON.stringify(labels.score),
    '--wl-column-4': JSON.stringify(labels.gap),
    '--wl-column-5': JSON.stringify(labels.levels),
    '--wl-column-6': JSON.stringify(labels.signals),
    '--wl-column-7': JSON.stringify(labels.article),
    '--wl-column-8': JSON.stringify(labels.asOf),
  } as CSSProperties
  // Each row's words with its name or figures: each message translated once for the table.
  const translate = (key: string, values: Record<string, string>) => t(key, values) as string
  const rowTexts = {
    moveUp: messageTemplate(translate, 'table.moveUp', ['name']),
    moveDown: messageTemplate(translate, 'table.moveDown', ['name']),
    remove: messageTemplate(translate, 'table.remove', ['name']),
    support: messageTemplate(translate, 'table.support', ['value']),
    resistance: messageTemplate(translate, 'table.resistance', ['value']),
    supportTitle: messageTemplate(translate, 'table.supportTitle', ['price', 'date']),
    resistanceTitle: messageTemplate(translate, 'table.resistanceTitle', ['price', 'date']),
  }
  const percent = (value: number) => formatPercent(value, displayLocale, { signed: true })

  function levelText(stock: PageFigures, which: 'support' | 'resistance'): string {
    const distance = which === 'support' ? stock.supportDistance : stock.resistanceDistance
    return rowTexts[which]({ value: distance === null ? '—' : percent(distance) })
  }

  function levelTitle(stock: PageFigures, which: 'support' | 'resistance'): string | undefined {
    const level = which === 'support' ? stock.support : stock.resistance
    if (level === null || stock.diagnosisAsOf === null) return undefined
    return rowTexts[`${which}Title`]({
      price: formatPrice(level, stock.currency, displayLocale),
      date: formatDate(stock.diagnosisAsOf, displayLocale),
    })
  }

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2"
      data-testid={`watchlist-${group.market}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink-950">
        {market}
        {group.currencies.length > 0 ? (
          <span className="ms-2 text-sm font-normal text-ink-700">{group.currencies.join(' · ')}</span>
        ) : null}
      </h2>
      {/* Nine columns: on a narrow desktop window the table scrolls within itself, never the page. */}
      <div className="md:overflow-x-auto">
        <table
          className="watchlist-table w-full border-collapse text-sm max-md:block [&_td]:px-3 [&_td]:py-2 [&_td]:align-top md:[&_td]:table-cell md:[&_td]:text-end md:[&_td:first-child]:text-start"
          style={columnNames}
        >
          <caption className="sr-only">
            {t('table.caption', { market, currencies: group.currencies.join(', ') || '—' })}
          </caption>
          <thead className="border-b border-ink-300 text-xs text-ink-700 max-md:sr-only [&_th]:px-3 [&_th]:py-2 [&_th]:text-end [&_th]:font-semibold">
            <tr>
              <th scope="col" className="text-start!">
                {t('table.stock')}
              </th>
              <th scope="col">{labels.price}</th>
              <th scope="col">{labels.score}</th>
              <th scope="col">{labels.gap}</th>
              <th scope="col" title={t('table.levelsMethod')}>
                {labels.levels}
              </th>
              <th scope="col" title={t('table.signalsMethod')}>
                {labels.signals}
              </th>
              <th scope="col" className="text-start!">
                {labels.article}
              </th>
              <th scope="col">{labels.asOf}</th>
              <th scope="col">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody className="flex flex-col gap-3 md:table-row-group [&>tr]:grid [&>tr]:grid-cols-2 [&>tr]:gap-x-3 [&>tr]:rounded-card [&>tr]:border [&>tr]:border-ink-100 [&>tr]:bg-white [&>tr]:p-2 md:[&>tr]:table-row md:[&>tr]:rounded-none md:[&>tr]:border-0 md:[&>tr]:border-b md:[&>tr]:p-0 [&_button]:inline-flex [&_button]:size-8 [&_button]:items-center [&_button]:justify-center [&_button]:rounded-md [&_button]:text-ink-700 [&_button:hover]:bg-ink-100 [&_button:disabled]:opacity-40">
            {(shown === undefined ? group.rows : group.rows.slice(0, shown)).map((row, index) => {
              const stock = row.stock
              const name = stock?.name ?? row.code
              const view = stock ? keyLabel('analyst', stock.analystRating) : null
              const margin = stock?.downsideMargin ?? null
              const article = row.article
              return (
                <tr key={`${row.market}:${row.code}`} data-testid="watchlist-row">
                  <td className="wl-stock">
                    <PageLink to={diagnosisHref(row.code, row.market)}>{name}</PageLink>
                    <span className="wl-sub">{row.code}</span>
                    {stock ? null : (
                      <span className="block text-xs font-medium text-loss" title={t('table.notCoveredHint')}>
                        {t('table.notCovered')}
                      </span>
                    )}
                  </td>
                  <td>
                    <span className="wl-figure">
                      {stock?.price == null ? '—' : formatPrice(stock.price, stock.currency, displayLocale)}
                    </span>
                    {stock && stock.changeRate !== null ? (
                      <Signed
                        value={stock.changeRate}
                        text={`${
                          stock.change === null
                            ? ''
                            : `${formatDecimal(stock.change, displayLocale, {
                                digits: stock.currency === 'JPY' || stock.currency === 'KRW' ? 0 : 2,
                                signed: true,
                              })} `
                        }(${formatPercent(stock.changeRate, displayLocale, { signed: true, digits: 2 })})`}
                      />
                    ) : null}
                  </td>
                  <td>
                    <span className="wl-figure">
                      {stock?.score == null ? '—' : formatScore(stock.score, displayLocale)}
                    </span>
                    {view ? <span className="wl-sub">{view}</span> : null}
                  </td>
                  <td>
                    {margin === null ? (
                      '—'
                    ) : (
                      <Signed
                        value={margin}
                        text={formatGap(
                          margin,
                          displayLocale,
                          (key, options) => t(key, options ?? {}) as string,
                        )}
                        title={t(margin < 0 ? 'stocks:fairValue.premium' : 'stocks:fairValue.marginOfSafety')}
                      />
                    )}
                  </td>
                  <td className="text-xs tabular-nums">
                    {stock ? (
                      <>
                        <span title={levelTitle(stock, 'support')}>{levelText(stock, 'support')}</span>
                        <span title={levelTitle(stock, 'resistance')}>{levelText(stock, 'resistance')}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="text-xs">
                    {stock ? (
                      <>
                        <span>
                          {t('table.technicals', { label: keyLabel('signal', stock.technicals) ?? '—' })}
                        </span>
                        <span>{t('table.flow', { label: keyLabel('flow', stock.capitalFlow) ?? '—' })}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="wl-article">
                    {article ? (
                      <>
                        <PageLink to={articlePath(article.key)}>{article.title}</PageLink>
                        <span className="wl-sub">
                          {formatDate(dayIn(article.publishedAt, timeZone), displayLocale)}
                        </span>
                      </>
                    ) : (
                      <span className="wl-sub">{t('table.noArticle')}</span>
                    )}
                  </td>
                  <td className="wl-sub">
                    {stock?.priceDate ? formatDate(stock.priceDate, displayLocale) : '—'}
                    {stock?.diagnosisAsOf && stock.diagnosisAsOf !== stock.priceDate ? (
                      <span>
                        {t('table.diagnosisOf', { date: formatDate(stock.diagnosisAsOf, displayLocale) })}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    {canMove ? (
                      <>
                        <button
                          type="button"
                          data-icon="move-up"
                          disabled={index === 0}
                          aria-label={rowTexts.moveUp({ name })}
                          onClick={() => onMove(row, -1)}
                        />
                        <button
                          type="button"
                          data-icon="move-down"
                          disabled={index === group.rows.length - 1}
                          aria-label={rowTexts.moveDown({ name })}
                          onClick={() => onMove(row, 1)}
                        />
                      </>
                    ) : null}
                    <button
                      type="button"
                      data-icon="remove"
                      aria-label={rowTexts.remove({ name })}
                      data-testid="watchlist-remove"
                      onClick={() => onRemove(row)}
                    />
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
