/**
 * The most undervalued or overvalued stocks of a market (spec §1, §2 /stocks-valuation): price, fair value, the gap
 * between them (margin of safety for the undervalued, premium to fair value for the overvalued), the total score and
 * the session the figures describe. Rows keep the server's order. A low-confidence gap carries a badge, and a note
 * under the table says what it means. On a phone each row becomes a card; the table keeps its header for screen
 * readers either way, and every cell sits under its column's header (one cell per column, whatever the width).
 */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ValuationKind } from '#contracts/stock-lists.ts'
import { assessMarginConfidence } from '#contracts/stock-rules.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import { FairValueGap, gapTermKey } from './fair-value-gap.tsx'
import { otherNameOf } from './hot-stocks-view.tsx'
import { StockNameLink } from './list-parts.tsx'
import { type DisplayLocale, formatDate, formatPrice, formatScore } from './stock-format.ts'

/** What a row of the table draws: the home page sends its rows only these fields. */
export type ValuationTableRow = Pick<
  StockSummary,
  | 'market'
  | 'code'
  | 'name'
  | 'nameEn'
  | 'nameZh'
  | 'price'
  | 'priceDate'
  | 'currency'
  | 'fairValue'
  | 'downsideMargin'
  | 'score'
>

export function ValuationTable({
  rows,
  kind,
  firstRank,
  caption,
  displayLocale,
}: {
  rows: ValuationTableRow[]
  /** Names the gap column: margin of safety (undervalued) or premium to fair value (overvalued). */
  kind: ValuationKind
  /** Rank of the first row (page offset + 1). */
  firstRank: number
  caption: string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  const cell = 'px-3 py-2 md:table-cell'
  const hasLowConfidence = rows.some(
    (row) => assessMarginConfidence(row.downsideMargin)?.confidence === 'low',
  )
  return (
    <>
      <table className="w-full text-sm" data-testid="valuation-table">
        <caption className="sr-only">{caption}</caption>
        {/* On a phone the header row is not drawn (each card labels its own figures), but it stays for screen
            readers: a cell without its column's header is a number without a name. */}
        <thead className="border-b border-ink-300 text-xs text-ink-700 max-md:sr-only">
          <tr>
            <th scope="col" className="hidden px-3 py-2 text-start font-semibold md:table-cell">
              {t('lists.rank')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('lists.stock')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('fairValue.price')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('fairValue.perShare')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t(kind === 'overvalued' ? 'fairValue.premium' : 'fairValue.marginOfSafety')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('scores.total')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('lists.asOf')}
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">
          {rows.map((row, index) => (
            <tr
              key={`${row.market}-${row.code}`}
              className="grid grid-cols-2 gap-x-3 rounded-card border border-ink-100 bg-white p-2 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
              data-testid="valuation-row"
            >
              {/* On a phone the rank heads the stock's cell: its own column (and header) are not drawn there. */}
              <td className={`${cell} hidden text-ink-700 tabular-nums`}>{firstRank + index}</td>
              <td className={`${cell} col-span-2 max-md:flex max-md:items-start max-md:gap-3`}>
                <span className="text-sm font-bold text-ink-700 md:hidden">#{firstRank + index}</span>
                <StockNameLink
                  name={row.name}
                  otherName={otherNameOf(row)}
                  code={row.code}
                  market={row.market}
                />
              </td>
              <td className={`${cell} md:text-end`}>
                <span className="block text-xs text-ink-700 md:hidden">{t('fairValue.price')}</span>
                <span className="font-medium tabular-nums">
                  {row.price === null ? '—' : formatPrice(row.price, row.currency, displayLocale)}
                </span>
              </td>
              <td className={`${cell} md:text-end`}>
                <span className="block text-xs text-ink-700 md:hidden">{t('fairValue.perShare')}</span>
                <span className="font-medium tabular-nums">
                  {row.fairValue === null ? '—' : formatPrice(row.fairValue, row.currency, displayLocale)}
                </span>
              </td>
              <td className={`${cell} md:text-end`}>
                <span className="block text-xs text-ink-700 md:hidden">
                  {t(gapTermKey(row.downsideMargin))}
                </span>
                <FairValueGap
                  margin={row.downsideMargin}
                  displayLocale={displayLocale}
                  className="md:justify-end"
                />
              </td>
              <td className={`${cell} md:text-end`}>
                <span className="block text-xs text-ink-700 md:hidden">{t('scores.total')}</span>
                <span className="font-medium tabular-nums">
                  {row.score === null ? '—' : formatScore(row.score, displayLocale)}
                </span>
              </td>
              <td className={`${cell} col-span-2 text-xs text-ink-700 md:text-end`}>
                <span className="md:hidden">{t('lists.asOfLabel')}</span>
                {row.priceDate ? formatDate(row.priceDate, displayLocale) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasLowConfidence ? (
        <p className="px-3 py-2 text-xs text-ink-700" data-testid="low-confidence-note">
          {t('valuation.lowConfidenceNote')}
        </p>
      ) : null}
    </>
  )
}
