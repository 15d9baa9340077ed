/**
 * The offline assistant's reading of a question: which intent (in English or Chinese, Traditional or Simplified),
 * which period, which market, which valuation side. Pure, so the table of questions can test it without a database.
 */
import type { BenchmarkPeriod } from '#contracts/market-overview.ts'
import type { Market } from '#contracts/regions.ts'
import { definitionAsked } from '../glossary/glossary.ts'
import { toTraditional } from '../tools/simplified-chinese.ts'
import type { FigureKey } from '../tools/stock-figures.ts'
import { type Period, periods } from '../tools/tool-inputs.ts'
import { dividendsAsked, figuresAsked } from './offline/figure-words.ts'
import { indexIn, isOutOfScope, notStockIn } from './offline/out-of-coverage.ts'

export type Intent =
  | 'picks'
  | 'hot'
  | 'market'
  | 'compare'
  | 'valuation'
  | 'price'
  | 'news'
  | 'diagnosis'
  | 'figure'
  | 'dividends'
  | 'insiders'
  | 'define'
  | 'my_watchlist'
  | 'my_portfolio'
  | 'strategies'
  | 'advice'
  | 'forecast'
  | 'not_stock'
  | 'index'
  | 'out_of_scope'
  | 'unknown'

/** The intents the offline assistant declines, each with its own true reason. */
export const declinedIntents = ['forecast', 'not_stock', 'out_of_scope', 'unknown'] as const
export type DeclinedIntent = (typeof declinedIntents)[number]

export interface QuestionReading {
  intent: Intent
  /** Set for valuation questions that say which side; null lets one stock's own margin decide. */
  side: 'undervalued' | 'overvalued' | null
  period: Period | null
  market: Market | undefined
  /** The single figures the question asks for (empty when it asks for none). */
  figures: FigureKey[]
  /** The span a market question asks about ("this week"): its index's change over it; null for the day. */
  span: BenchmarkPeriod | null
}

/** Asking to be told to buy or sell: the answer says we do not, then what the data says. */
const advicePattern =
  /\bshould (i|we) (buy|sell|hold|invest|get)\b|\bis (it|\w+) (a )?good (buy|time to buy|investment)|worth buying|\bbuy or sell\b|\btell me to (buy|sell)\b|\b(buy|sell) (it )?now\b|what (stocks?|shares?) (should|to) (i )?buy|recommend (me )?(a |some )?(stocks?|buying)|該不該買|應該買|應不應該買|值得買|可以買嗎|好買嗎|買入還是賣出|要不要買|該不該賣|應該賣|要不要賣|買唔買得|推薦.*買|叫我(買|賣)|買甚麼股|買什麼股/

const patterns: Array<
  [
    Exclude<
      Intent,
      | 'unknown'
      | 'diagnosis'
      | 'figure'
      | 'dividends'
      | 'define'
      | 'advice'
      | 'not_stock'
      | 'index'
      | 'out_of_scope'
      | 'my_watchlist'
      | 'my_portfolio'
      | 'strategies'
    >,
    RegExp,
  ]
> = [
  // Questions about the future come first: the assistant describes data, it does not predict.
  [
    'forecast',
    /\b(predict|prediction|forecast|will .* (rise|fall|go up|go down|reach|hit)|next (week|month|year)|tomorrow)\b|預測|明天|下週|明年|會不會(漲|跌)|會漲|會跌/,
  ],
  [
    'picks',
    /\b(monthly picks?|stock picks?|picks of the month|top picks?|picks)\b|精選|選股|每月推薦|本月推薦|月度推薦|推薦股/,
  ],
  // How a market did, its movers and breadth (no company named): the market at a glance, with our own index.
  ['market', marketPattern()],
  ['hot', /\b(hot|hottest|trending|most active|buzz)\b|熱門|熱股|最熱|人氣/],
  ['compare', /\b(compare|comparison|versus|vs\.?)\b|比較|對比|相比|哪個好|哪一個|[和跟與].{1,12}比/],
  [
    'insiders',
    /\binsiders?\b|\bexecutives?('s?|’s?)? (moves|buying|selling|bought|sold|trades)|\b(directors?|management) (bought|sold|buying|selling)|高管(買|賣|增持|減持|動向)|董事(買|賣|增持|減持)|內部人(交易|買賣)/,
  ],
  ['news', /\b(news|articles?|headlines?|stories|reports? about|read about)\b|新聞|文章|報導|消息|資訊/],
  [
    'valuation',
    /\b(undervalued|overvalued|under-valued|over-valued|cheap|cheapest|expensive|bargains?|valuation|fairly valued)\b|低估|高估|便宜|太貴|估值|被低估|被高估/,
  ],
  [
    'price',
    /\b(price|prices|return|returns|performance|perform|performed|done|gain|gained|moved?|rise|rose|fall|fell|chart|ytd|year to date)\b|股價|價格|報酬|回報|表現|漲|跌|走勢|升幅|跌幅/,
  ],
]

const diagnosisPattern =
  /\b(diagnos\w*|scores?|rating|rated|fair value|intrinsic|analy[sz]e|analysis|fundamentals?|support|resistance|margins?|health)\b|診斷|評分|分數|合理價|公允價|內在價值|分析|基本面|支撐|阻力|毛利|利潤率|體質/

const periodPatterns: Array<[Period, RegExp]> = [
  ['ytd', /\b(ytd|year to date|year-to-date|this year)\b|今年|年初至今|年初以來/],
  [
    '1y',
    /\b(1 ?y|1 ?yr|one year|past year|last year|12 months|twelve months|a year)\b|一年|1年|12個月|過去一年|近一年/,
  ],
  ['6m', /\b(6 ?m|six months|half a year|6 months)\b|六個月|6個月|半年/],
  ['3m', /\b(3 ?m|three months|3 months|quarter)\b|三個月|3個月|一季|季度/],
  [
    '1m',
    /\b(1 ?m|one month|past month|last month|a month|30 days|4 weeks)\b|一個月|1個月|近一月|上個月|過去一月/,
  ],
]

const marketPatterns: Array<[Market, RegExp]> = [
  ['hk', /\b(hong kong|hk|hkex|hang seng)\b|港股|香港|恒生/],
  ['jp', /\b(japan|japanese|tokyo|jp|tse|nikkei)\b|日股|日本|東京/],
  ['kr', /\b(korea|korean|kospi|kr|seoul)\b|韓股|韓國|南韓/],
  ['us', /\b(usa|american|america|nasdaq|nyse|wall street)\b|美股|美國/],
]
const usWords = /\b(american|america|nasdaq|nyse|wall street)\b|美股|美國/

/** The reader's own holdings and watchlist (issue 25): "what is my portfolio worth", "我的持倉". */
const myPortfolioPattern =
  /\bmy (portfolio|holdings?|positions?)\b|\b(stocks|shares) i (own|hold)\b|我的?(投資組合|持倉|持股|股票組合)|我持有的?|我(手上|手頭)的股票/
const myWatchlistPattern =
  /\bmy (watch ?lists?|followed stocks|stocks)\b|\b(stocks|companies) i (follow|watch|am following|am watching)\b|我的?(自選股?|自選清單|觀察清單|關注清單|追蹤清單)|我(關注|追蹤|跟蹤)的|我的股票/

/** The firm's investment strategies (issue 27): "what strategies do you have", "高息策略有哪些股票". */
const strategiesPattern = /\b(strateg(y|ies)|model portfolios?)\b|策略/

function marketPattern(): RegExp {
  const english = [
    'movers',
    'gainers',
    'losers',
    'breadth',
    'advanc(ed|ers|ing)',
    'declin(ed|ers|ing)',
    'new (52-week )?(highs|lows)',
    'market today',
    'today.s market',
    'market (summary|overview)',
    'summary of (the |today.s )?markets?',
    'markets? (do|did|doing|done|perform\\w*|go|went|move[ds]?|fare[ds]?)',
    'stocks (do|did|doing|done|perform\\w*|go|went|fare[ds]?)',
    'benchmark',
    'sectors? (did|do|does|doing|performed|led|lagged)',
    '(best|worst|strongest|weakest) sectors?',
  ]
  const chinese =
    '今日市場|今天市場|大市|市場(表現|概況|概覽|寬度|走勢)|(港股|美股|日股|韓股|股市)[^？?]{0,8}(表現|如何|怎樣|點樣|走勢|概況)|(漲|升|跌)幅(榜|最大|最多)|(上漲|下跌|上升)(家數|的股票|股票)|有多少(股票|隻股票)?(上漲|下跌|上升)|領(漲|跌)|(產業|行業|板塊)[^？?]{0,6}(表現|最強|最弱|領漲|領跌|漲|跌)|(哪個|哪些)(產業|行業|板塊)'
  return new RegExp(`\\b(${english.join('|')})\\b|${chinese}`)
}

/** The span a market question names: this week, this month, this year, else the day. */
const spanPatterns: Array<[BenchmarkPeriod, RegExp]> = [
  ['week', /\b(week|weekly|7 days|five sessions)\b|本週|這週|今週|本周|這周|一週|一周|上週|星期|禮拜/],
  ['month', /\b(month|monthly|30 days)\b|本月|這個月|今個月|一個月|上個月|近一月/],
  ['year', /\b(year|yearly|12 months|ytd)\b|今年|一年|全年|12個月/],
  ['day', /\b(today|day|daily|session)\b|今日|今天|當日|交易日/],
]

export function spanOf(text: string): BenchmarkPeriod | null {
  for (const [span, pattern] of spanPatterns) if (pattern.test(text)) return span
  return null
}

/** The intent a question's words give before companies and figures are counted in. */
function intentOfWords(question: string, text: string, companies: number): Intent {
  // The true reason first: something that is not a stock, an index, a question outside investing.
  if (companies === 0 && notStockIn(question)) return 'not_stock'
  if (companies === 0 && indexIn(question)) return 'index'
  if (companies === 0 && isOutOfScope(question)) return 'out_of_scope'
  if (advicePattern.test(text)) return 'advice'
  if (companies === 0 && myPortfolioPattern.test(text)) return 'my_portfolio'
  if (companies === 0 && myWatchlistPattern.test(text)) return 'my_watchlist'
  if (companies === 0 && strategiesPattern.test(text)) return 'strategies'
  if (companies === 0 && definitionAsked(question)) return 'define'
  for (const [name, pattern] of patterns) {
    if (name === 'market' && companies > 0) continue
    if (pattern.test(text)) return name
  }
  return diagnosisPattern.test(text) ? 'diagnosis' : 'unknown'
}

const returnWords = /return|perform|done|報酬|回報|表現|走勢|漲|跌/

export function readQuestion(question: string, companies: number): QuestionReading {
  const text = toTraditional(question).toLowerCase()
  let intent = intentOfWords(question, text, companies)
  const figures = figuresAsked(text)
  // "Apple and Microsoft margins", "騰訊和阿里巴巴": two companies with any intent of one stock are a comparison.
  if (companies >= 2 && ['valuation', 'diagnosis', 'unknown'].includes(intent)) intent = 'compare'
  if (intent === 'unknown' && companies === 1) intent = 'diagnosis'
  // "Tencent's fair value at today's price" asks for the diagnosis, not the price history.
  if (
    intent === 'price' &&
    /fair value|合理價|公允價|內在價值|評分|診斷|\bscores?\b/.test(text) &&
    !/return|perform|done|報酬|回報|表現|走勢/.test(text)
  )
    intent = 'diagnosis'
  const side = /overvalued|over-valued|expensive|高估|太貴/.test(text)
    ? 'overvalued'
    : /undervalued|under-valued|cheap|bargain|低估|便宜/.test(text)
      ? 'undervalued'
      : null
  let period: Period | null = null
  for (const [p, pattern] of periodPatterns) {
    if (pattern.test(text)) {
      period = p
      break
    }
  }
  // A question for single figures is answered with those figures, not the whole diagnosis: "Apple's RSI",
  // "compare the margins of Apple and Microsoft". A price over a period stays a price question, and "is it
  // undervalued" a valuation one.
  if (figures.length > 0 && companies >= 1) {
    const priceOverPeriod =
      intent === 'price' && figures.every((k) => k === 'price') && (period !== null || returnWords.test(text))
    const verdictOnly = intent === 'valuation' && figures.every((k) => k === 'fair_value')
    if (companies >= 2 && ['compare', 'diagnosis', 'valuation', 'price', 'unknown'].includes(intent))
      intent = 'compare'
    else if (
      companies === 1 &&
      ['diagnosis', 'valuation', 'price', 'unknown'].includes(intent) &&
      !priceOverPeriod &&
      !verdictOnly
    )
      intent = 'figure'
  }
  // "What dividends has Apple paid over the years?", "payout ratio of HSBC", "騰訊派息紀錄": the dividends section —
  // the figure asked, then each fiscal year — not the yield alone.
  if (
    companies === 1 &&
    ['figure', 'diagnosis', 'valuation', 'price', 'unknown'].includes(intent) &&
    dividendsAsked(text, figures)
  )
    intent = 'dividends'
  let market: Market | undefined
  for (const [m, pattern] of marketPatterns) {
    // "US" only in upper case: "us" is a pronoun.
    const named = m === 'us' ? /\b(US|U\.S\.|USA)\b/.test(question) || usWords.test(text) : pattern.test(text)
    if (named) {
      market = m
      break
    }
  }
  return { intent, side, period, market, figures, span: spanOf(text) }
}

export const defaultPeriod: Period = '3m'
export const allPeriods = periods
