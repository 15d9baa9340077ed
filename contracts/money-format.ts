/**
 * How an amount of money is written for a reader, on the page and in the mail the server sends (receipts, refund
 * confirmations): from its minor unit, in the currency's own digits (billing-rules.ts `currencyShownDecimals`).
 */
import { type Currency, currencyShownDecimals, majorUnitsOf } from './billing-rules.ts'

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * Symbols a locale's own would leave ambiguous: Taiwan's locale writes its dollar "$", which readers of a
 * US-dollar-priced web take for US dollars, so it is "NT$" everywhere (as Taiwan's own shops write it online).
 * Other currencies take the locale's symbol, which already says "US$" and "HK$" where "$" would be ambiguous.
 */
const unambiguousSymbols: Partial<Record<Currency, string>> = { TWD: 'NT$' }

/**
 * `2000` USD → "$20.00" on the English site, "US$20.00" on the Chinese one; `1280000` TWD → "NT$12,800";
 * `15800` HKD → "HK$158.00"; `2980` JPY → "¥2,980". Always the digits the currency is written with: cents for
 * US and Hong Kong dollars, none for NT dollars, yen and won.
 */
export function formatMoney(amountMinor: number, currency: Currency, displayLocale: string): string {
  const key = `${displayLocale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const decimals = currencyShownDecimals[currency]
    format = new Intl.NumberFormat(displayLocale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    moneyFormats.set(key, format)
  }
  const symbol = unambiguousSymbols[currency]
  return format
    .formatToParts(majorUnitsOf(amountMinor, currency))
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('')
}
