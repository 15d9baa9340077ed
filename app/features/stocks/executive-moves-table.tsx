/**
 * Executives' moves (spec §2 /executives-moves): insider buys and sells, newest first — the date, the company, the
 * insider and role as filed, buy or sell (word and icon, never colour alone), shares, price and value in the
 * listing currency. On a phone each move is a card.
 */

import { __iconData as arrowDownRightShape } from 'lucide-react/icons/arrow-down-right'
import { __iconData as arrowUpRightShape } from 'lucide-react/icons/arrow-up-right'
import { Badge } from '#app/components/badge.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ExecutiveMove } from '#contracts/stock-lists.ts'
import { otherNameOf } from './hot-stocks-view.tsx'
import { StockNameLink } from './list-parts.tsx'
import { type DisplayLocale, formatAmount, formatCount, formatDate, formatPrice } from './stock-format.ts'

const ArrowDownRight = outlineIcon(arrowDownRightShape)
const ArrowUpRight = outlineIcon(arrowUpRightShape)

export function MoveKindBadge({ kind }: { kind: ExecutiveMove['kind'] }) {
  const { t } = useTranslation('stocks')
  const Icon = kind === 'buy' ? ArrowUpRight : ArrowDownRight
  return (
    <Badge tone={kind === 'buy' ? 'gain' : 'loss'} className="gap-0.5">
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`moves.kind.${kind}`)}
    </Badge>
  )
}

/** A value in full below a million, abbreviated above: `$640,000`, `$1.5M`. */
function formatValue(move: ExecutiveMove, displayLocale: DisplayLocale): string {
  return Math.abs(move.value) >= 1e6
    ? formatAmount(move.value, move.currency, displayLocale)
    : formatPrice(move.value, move.currency, displayLocale).replace(/\.\d+$/, '')
}

export function ExecutiveMovesTable({
  rows,
  caption,
  displayLocale,
}: {
  rows: ExecutiveMove[]
  caption: string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  const cell = 'px-3 py-2 md:table-cell'
  return (
    <table className="w-full text-sm" data-testid="moves-table">
      <caption className="sr-only">{caption}</caption>
      {/* Not drawn on a phone, where each card labels its figures, but kept for screen readers (see ValuationTable). */}
      <thead className="border-b border-ink-300 text-xs text-ink-700 max-md:sr-only">
        <tr>
          <th scope="col" className="px-3 py-2 text-start font-semibold">
            {t('moves.date')}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-semibold">
            {t('lists.stock')}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-semibold">
            {t('moves.insider')}
          </th>
          <th scope="col" className="px-3 py-2 text-start font-semibold">
            {t('moves.type')}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-semibold">
            {t('moves.shares')}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-semibold">
            {t('moves.price')}
          </th>
          <th scope="col" className="px-3 py-2 text-end font-semibold">
            {t('moves.value')}
          </th>
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 md:table-row-group">
        {rows.map((move, index) => (
          <tr
            // Several trades can share a day, an insider and a stock; the position keeps keys unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
            key={`${move.market}-${move.code}-${move.date}-${index}`}
            className="grid grid-cols-2 gap-x-3 rounded-card border border-ink-100 bg-white p-2 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
            data-testid="move-row"
            data-kind={move.kind}
          >
            <td className={`${cell} col-start-1 row-start-2 self-center text-ink-800`}>
              {formatDate(move.date, displayLocale)}
            </td>
            <td className={`${cell} order-first col-span-2 md:order-none`}>
              <StockNameLink
                name={move.name}
                otherName={otherNameOf(move)}
                code={move.code}
                market={move.market}
              />
            </td>
            <td className={`${cell} col-span-2`}>
              <span className="block font-medium text-ink-900">{move.insiderName}</span>
              <span className="block text-xs text-ink-700">{move.role}</span>
            </td>
            <td className={`${cell} col-start-2 row-start-2 justify-self-end`}>
              <MoveKindBadge kind={move.kind} />
            </td>
            <td className={`${cell} md:text-end`}>
              <span className="block text-xs text-ink-700 md:hidden">{t('moves.shares')}</span>
              <span className="tabular-nums">{formatCount(move.shares, displayLocale)}</span>
            </td>
            <td className={`${cell} md:text-end`}>
              <span className="block text-xs text-ink-700 md:hidden">{t('moves.price')}</span>
              <span className="tabular-nums">{formatPrice(move.price, move.currency, displayLocale)}</span>
            </td>
            <td className={`${cell} col-span-2 md:text-end`}>
              <span className="block text-xs text-ink-700 md:hidden">{t('moves.value')}</span>
              <span className="font-semibold tabular-nums">{formatValue(move, displayLocale)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
