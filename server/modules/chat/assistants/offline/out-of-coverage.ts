/**
 * What a question may name that is not a company we cover, so the answer can give the true reason: a well-known
 * company outside our universe (with the nearest covered peer, reviewed by hand: same business, covered market), a
 * stock index, or something that is not a stock at all (crypto, currencies, commodities). Pure data and matching;
 * `out-of-coverage.test.ts` checks that no name here is in the universe and every peer is.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import { toTraditional } from '../../tools/simplified-chinese.ts'

export interface UncoveredCompany {
  names: string[]
  /** The name the answer prints, in each language. */
  label: Record<Locale, string>
  /** Covered companies in the same business, nearest first. */
  peers: Array<{ market: Market; code: string }>
}

const c = (en: string, zh: string, names: string[], peers: Array<[Market, string]>): UncoveredCompany => ({
  names: [en, zh, ...names],
  label: { en, 'zh-Hant': zh },
  peers: peers.map(([market, code]) => ({ market, code })),
})

export const uncoveredCompanies: UncoveredCompany[] = [
  c(
    'Palantir',
    'Palantir',
    ['PLTR', '帕蘭提爾'],
    [
      ['us', 'ORCL'],
      ['us', 'MSFT'],
    ],
  ),
  c(
    'Snowflake',
    'Snowflake',
    ['雪花公司'],
    [
      ['us', 'ORCL'],
      ['us', 'MSFT'],
    ],
  ),
  c(
    'Adobe',
    'Adobe',
    ['ADBE', '奧多比'],
    [
      ['us', 'CRM'],
      ['us', 'MSFT'],
    ],
  ),
  c(
    'IBM',
    'IBM',
    ['國際商業機器'],
    [
      ['us', 'ORCL'],
      ['us', 'MSFT'],
    ],
  ),
  c(
    'Zoom',
    'Zoom',
    ['Zoom Video'],
    [
      ['us', 'MSFT'],
      ['us', 'CSCO'],
    ],
  ),
  c('Shopify', 'Shopify', ['SHOP'], [['us', 'AMZN']]),
  c('Spotify', 'Spotify', ['SPOT'], [['us', 'NFLX']]),
  c(
    'PayPal',
    'PayPal',
    ['PYPL', '貝寶'],
    [
      ['us', 'V'],
      ['us', 'MA'],
    ],
  ),
  c(
    'Robinhood',
    'Robinhood',
    ['HOOD'],
    [
      ['us', 'MS'],
      ['us', 'GS'],
    ],
  ),
  c('Rivian', 'Rivian', ['RIVN'], [['us', 'TSLA']]),
  c('Lucid', 'Lucid', ['LCID'], [['us', 'TSLA']]),
  c(
    'Ford',
    '福特',
    ['Ford Motor', '福特汽車'],
    [
      ['us', 'TSLA'],
      ['jp', '7203'],
    ],
  ),
  c(
    'General Motors',
    '通用汽車',
    ['GM'],
    [
      ['us', 'TSLA'],
      ['jp', '7203'],
    ],
  ),
  c('NIO', '蔚來', ['蔚來汽車'], [['us', 'TSLA']]),
  c('XPeng', '小鵬汽車', ['小鵬', 'Xpeng Motors'], [['us', 'TSLA']]),
  c(
    'Nissan',
    '日產',
    ['日產汽車', 'Nissan Motor'],
    [
      ['jp', '7203'],
      ['jp', '7267'],
    ],
  ),
  c(
    'Arm',
    'Arm',
    ['Arm Holdings', 'ARM Holdings', '安謀'],
    [
      ['us', 'QCOM'],
      ['us', 'NVDA'],
    ],
  ),
  c('MediaTek', '聯發科', ['聯發科技'], [['us', 'QCOM']]),
  c(
    'Dell',
    '戴爾',
    ['Dell Technologies'],
    [
      ['hk', '0992'],
      ['us', 'AAPL'],
    ],
  ),
  c('Toshiba', '東芝', [], [['jp', '6501']]),
  c('Sharp', '夏普', [], [['jp', '6758']]),
  c('Grab', 'Grab', ['Grab Holdings'], [['us', 'UBER']]),
  c('Coinbase', 'Coinbase', ['COIN'], []),
]

/** Stock indexes readers ask about as if they were companies; each with the market it measures. */
export const stockIndexes: Array<{ pattern: RegExp; label: Record<Locale, string>; market: Market }> = [
  {
    pattern: /s&p ?500|標普 ?500|標準普爾/,
    label: { en: 'the S&P 500', 'zh-Hant': '標普 500 指數' },
    market: 'us',
  },
  {
    pattern: /dow jones|\bthe dow\b|道瓊/,
    label: { en: 'the Dow Jones', 'zh-Hant': '道瓊斯指數' },
    market: 'us',
  },
  {
    pattern: /nasdaq (composite|100|index)|納斯達克(綜合)?指數|納指/,
    label: { en: 'the Nasdaq index', 'zh-Hant': '納斯達克指數' },
    market: 'us',
  },
  {
    pattern: /hang seng( index)?|\bhsi\b|恒生指數|恆生指數|恒指|恆指/,
    label: { en: 'the Hang Seng Index', 'zh-Hant': '恒生指數' },
    market: 'hk',
  },
  {
    pattern: /nikkei( 225| index| average)?|日經(平均|指數|225)?|日經/,
    label: { en: 'the Nikkei 225', 'zh-Hant': '日經平均指數' },
    market: 'jp',
  },
  { pattern: /\btopix\b|東證指數/, label: { en: 'TOPIX', 'zh-Hant': '東證指數' }, market: 'jp' },
  {
    pattern: /\bkospi\b|韓國綜合指數|韓綜指/,
    label: { en: 'the KOSPI', 'zh-Hant': '韓國綜合指數' },
    market: 'kr',
  },
]

/** Things that are not stocks: what the answer calls them, by kind. */
const notStocks: Array<{ kind: 'crypto' | 'currency' | 'commodity'; pattern: RegExp }> = [
  {
    kind: 'crypto',
    pattern:
      /\b(bitcoin|btc|ethereum|eth|ether|dogecoin|doge|solana|crypto|cryptocurrency|cryptocurrencies|stablecoin|usdt|tether|xrp)\b|比特幣|以太幣|以太坊|狗狗幣|加密貨幣|虛擬貨幣|數字貨幣|穩定幣/,
  },
  {
    kind: 'currency',
    pattern:
      /\b(exchange rate|forex|fx rate|usd\/jpy|usd\/hkd|eur\/usd|usd\/krw|dollar index|yen|euro|won to|to won)\b|匯率|外匯|美元兌|日圓|日元|兌美元|韓圜|港元兌|人民幣兌/,
  },
  {
    kind: 'commodity',
    pattern:
      /\b(gold|silver|crude|oil price|price of oil|brent|wti|copper|natural gas|commodit(y|ies))\b|金價|黃金(?!交叉)|白銀|原油|油價|期貨|大宗商品|銅價|天然氣/,
  },
]

const outOfScope =
  /\b(poem|poems|haiku|song|lyrics|joke|jokes|story|recipe|weather|horoscope|write me|translate|homework|essay)\b|寫詩|詩|笑話|故事|食譜|天氣|星座|作文|翻譯|歌詞/

function lower(question: string): string {
  return toTraditional(question).toLowerCase()
}

export function uncoveredIn(question: string): UncoveredCompany[] {
  const text = lower(question)
  return uncoveredCompanies.filter((company) =>
    company.names.some((name) => {
      const n = name.toLowerCase()
      const at = text.indexOf(n)
      if (at < 0) return false
      // Latin names stand as words ("arm" in "harm" is not Arm; "GM" only in capitals).
      if (/^[a-z]/.test(n)) {
        const before = text[at - 1]
        const after = text[at + n.length]
        if ((before && /[a-z0-9]/.test(before)) || (after && /[a-z0-9]/.test(after))) return false
        if (n.length <= 4 && !question.includes(name)) return false
      }
      return true
    }),
  )
}

export function indexIn(question: string): (typeof stockIndexes)[number] | null {
  const text = lower(question)
  // "Hang Seng stocks", "恒指成分股": a question about the market's companies, not the index.
  if (/\bstocks?\b|股票|成分股|個股/.test(text)) return null
  return stockIndexes.find((index) => index.pattern.test(text)) ?? null
}

export function notStockIn(question: string): 'crypto' | 'currency' | 'commodity' | null {
  const text = lower(question)
  return notStocks.find((n) => n.pattern.test(text))?.kind ?? null
}

export function isOutOfScope(question: string): boolean {
  return outOfScope.test(lower(question))
}
