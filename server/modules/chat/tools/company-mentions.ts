/**
 * Which companies a free-text question names ("Is Tencent undervalued?", "比較 0700 和 9988"), in the order they
 * appear. Names and aliases come from the universe (both languages); codes are confirmed by the stocks service's
 * own matching, so the chat finds exactly the companies the diagnosis box would.
 */
import type { Market } from '#contracts/regions.ts'
import type { StocksService } from '#server/modules/stocks/stocks-service.types.ts'
import { normalizeName, universe } from '#server/providers/market-data/universe.ts'
import { toTraditional } from './simplified-chinese.ts'

export interface CompanyMention {
  market: Market
  code: string
  /** Where in the (normalised) question it was found. */
  at: number
  /** The name, alias or code as the question wrote it (normalised): what an article search should look for. */
  text: string
}

const corporateSuffix =
  /\s+(inc|corp|corporation|co|ltd|limited|plc|group|holdings?|company|sa|nv|ag|ltd \(adr\)|\(adr\)|\(class [ab]\))(\s|$).*$/

/** Every name and alias of the universe, normalised, with the companies it names (a name may name several). */
function nameVariants(): Array<{ text: string; companies: Array<{ market: Market; code: string }> }> {
  const byText = new Map<string, Array<{ market: Market; code: string }>>()
  for (const company of universe) {
    const names = new Set<string>()
    for (const name of [company.nameEn, company.nameZh, ...company.aliases]) {
      const normalized = normalizeName(name)
      names.add(normalized)
      const short = normalized.replace(corporateSuffix, '').trim()
      if (short.length >= 3) names.add(short)
    }
    for (const text of names) {
      if (text.length < 2) continue
      const list = byText.get(text) ?? []
      list.push({ market: company.market, code: company.code })
      byText.set(text, list)
    }
  }
  // Longest first, so "sk hynix" wins over "sk" and "騰訊控股" over "騰訊".
  return [...byText]
    .map(([text, companies]) => ({ text, companies }))
    .sort((a, b) => b.text.length - a.text.length)
}

let variantCache: ReturnType<typeof nameVariants> | null = null

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const latinWord = /[\p{L}\p{N}]/u

/** Tickers in upper case that are ordinary words or abbreviations in a question. */
const notTickers = new Set([
  'AI',
  'US',
  'USA',
  'HK',
  'JP',
  'KR',
  'PE',
  'PB',
  'EPS',
  'YTD',
  'ETF',
  'CEO',
  'IPO',
  'OK',
  'I',
  'A',
  'VS',
  'DCF',
  'USD',
  'HKD',
  'JPY',
  'KRW',
  'ROE',
  'ROA',
  'TV',
  // Investing abbreviations a question uses as words, not codes.
  'RSI',
  'MACD',
  'ADX',
  'PEG',
  'FCF',
  'EBIT',
  'CAGR',
  'ADR',
  'ADS',
  'EMA',
  'SMA',
  'OBV',
  'MFI',
  'CMF',
  'WACC',
  'FX',
  'BTC',
  'ETH',
  'USDT',
  'HSI',
  'FY',
  'DI',
  'ATR',
  'TTM',
  'P',
  'E',
  'B',
])

/** Code-like tokens: 0700, 700.HK, 7203.T, 005930.KS, AAPL, BRK.B, BRK-B. */
function codeTokens(question: string): Array<{ text: string; at: number }> {
  const found: Array<{ text: string; at: number }> = []
  const digits = /(?<![\p{L}\p{N}.])\d{3,6}(?:\.(?:HK|T|KS|KQ))?(?![\p{N}])/giu
  for (const m of question.matchAll(digits)) found.push({ text: m[0], at: m.index ?? 0 })
  const tickers = /(?<![\p{L}\p{N}])[A-Z]{1,5}(?:[.-][A-Z])?(?![\p{L}\p{N}])/gu
  for (const m of question.matchAll(tickers)) {
    if (!notTickers.has(m[0])) found.push({ text: m[0], at: m.index ?? 0 })
  }
  return found
}

/**
 * Of the companies one name may mean ("Alibaba": the Hong Kong shares and the US ADR), the first the stocks
 * service knows that has prices, else the first it knows.
 */
async function bestCompany(
  stocks: StocksService,
  text: string,
  companies: ReadonlyArray<{ market: Market; code: string }>,
): Promise<{ market: Market; code: string } | null> {
  let known: { market: Market; code: string } | null = null
  for (const company of companies) {
    const match = await stocks.findStock(text, company.market)
    if (!match || match.code !== company.code) continue
    if (companies.length === 1) return company
    const stock = await stocks.getStock(company.market, company.code, 'en')
    if (stock?.latestPriceDate) return company
    known ??= company
  }
  return known
}

export async function findCompanyMentions(
  stocks: StocksService,
  question: string,
): Promise<CompanyMention[]> {
  const traditional = toTraditional(question)
  const normalized = normalizeName(traditional)
  const mentions: CompanyMention[] = []
  const taken: Array<[number, number]> = []
  const free = (start: number, end: number) => taken.every(([s, e]) => end <= s || start >= e)
  const add = (market: Market, code: string, at: number, text: string) => {
    if (!mentions.some((m) => m.market === market && m.code === code))
      mentions.push({ market, code, at, text })
  }

  variantCache ??= nameVariants()
  for (const variant of variantCache) {
    let from = 0
    for (;;) {
      const at = normalized.indexOf(variant.text, from)
      if (at < 0) break
      from = at + 1
      const end = at + variant.text.length
      // Latin names must stand as words: "sony" in "sony's" yes, "ai" in "said" no.
      if (!cjk.test(variant.text)) {
        const before = normalized[at - 1]
        const after = normalized[end]
        if ((before && latinWord.test(before)) || (after && latinWord.test(after))) continue
        if (variant.text.length < 3 && variant.text.toUpperCase() !== variant.text) continue
      }
      if (!free(at, end)) continue
      const company = await bestCompany(stocks, variant.text, variant.companies)
      if (!company) continue
      taken.push([at, end])
      add(company.market, company.code, at, variant.text)
    }
  }

  for (const token of codeTokens(traditional)) {
    const match = await stocks.findStock(token.text)
    if (match && match.matchedBy === 'code') add(match.market, match.code, token.at, token.text)
  }
  return mentions.sort((a, b) => a.at - b.at)
}

/** Words of a question that are not a company's name even when they resemble one ("stock" ~ "Stockland"). */
const ordinaryWords = new Set(
  (
    'about after against also and any are been before best buy cheap cheapest compare comparison could did does ' +
    'doing done down expensive fair from give good hot hottest how into japan japanese korea korean last latest ' +
    'market markets month months most much news over overvalued past perform performance performed picks price ' +
    'prices rating return returns right score scores sell share shares should show stock stocks tell than that the ' +
    'their them then there these this today trending undervalued valuation value versus what when where which ' +
    'whose with would year years your diagnosis analysis articles article hong kong china chinese american'
  ).split(' '),
)

/**
 * A company the question may name with a typo ("Tencnt"): the stocks service's similar-name match of its one or two
 * unusual words. Only used when nothing matched exactly and the intent needs a company.
 */
export async function findMisspelledCompany(
  stocks: StocksService,
  question: string,
): Promise<CompanyMention | null> {
  const words = (normalizeName(question).match(/[a-z][a-z'-]{3,}/g) ?? [])
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => !ordinaryWords.has(w))
  if (words.length === 0 || words.length > 2) return null
  for (const word of words) {
    const match = await stocks.findStock(word)
    if (match && match.similarity >= 0.5) return { market: match.market, code: match.code, at: 0, text: word }
  }
  return null
}
