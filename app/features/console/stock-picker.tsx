/**
 * Choosing one company of our universe in a console form (a pick's stock, an article's related stocks, a strategy's
 * holdings, the company whose text is edited): the site's stock combobox (stock-combobox.tsx), narrowed to one
 * market when the form has chosen it, emptied after each choice, each suggestion with both names (the console keeps
 * both languages). Only a suggestion can be chosen, so the form sends codes the universe has (the API
 * checks again).
 */
import { useState } from 'react'
import { type PickedStock, StockCombobox } from '#app/features/stocks/stock-combobox.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Market } from '#contracts/regions.ts'

export function StockPicker({
  label,
  market,
  onPick,
  error,
}: {
  label: string
  /** Only this market's companies; all markets when absent. */
  market?: Market | undefined
  onPick(stock: PickedStock): void
  error?: string | undefined
}) {
  const { t } = useTranslation('console')
  const [text, setText] = useState('')
  return (
    <StockCombobox
      label={label}
      text={text}
      onTextChange={setText}
      market={market}
      onChoose={(row) => {
        setText('')
        onPick({ market: row.market, code: row.code, nameEn: row.nameEn, nameZh: row.nameZh })
      }}
      placeholder={t('stocks:stockPicker.placeholder')}
      noneText={t('stocks:stockPicker.none')}
      error={error}
    />
  )
}
