/**
 * A suggested stock as the site's searches show it in the stock combobox (stock-combobox.tsx): the name in the
 * reader's language, the other name (and the alias that matched, which says why 'Samsung' found 三星電子), then
 * code · market.
 */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { AiScoreRow } from '#contracts/stock-lists.ts'

export function StockOption({ row }: { row: AiScoreRow }) {
  const { t } = useTranslation('stocks')
  return (
    <>
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-ink-900">{row.name}</span>
        <span className="truncate text-xs text-ink-700">
          {row.name === row.nameEn ? row.nameZh : row.nameEn}
          {row.matchedText && row.matchedText !== row.name && row.matchedText !== row.code
            ? ` · ${row.matchedText}`
            : ''}
        </span>
      </span>
      <span className="shrink-0 text-xs font-semibold text-ink-700">
        {row.code} · {t(`markets.${row.market}`)}
      </span>
    </>
  )
}
