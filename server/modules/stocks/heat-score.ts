/**
 * Heat: how unusual a stock's latest session was, and each market's mood, with a short bilingual interpretation
 * built only from those figures (docs/market-data.md#heat-score). Pure.
 *
 *   heat = 100 × (0.5 × volume + 0.3 × move + 0.2 × mentions), each part clamped to 0–1:
 *   volume   = (volume ÷ 20-session average − 1) ÷ 2     (3× the usual volume is full marks)
 *   move     = |close-to-close change| ÷ 5 %             (a 5 % move is full marks)
 *   mentions = published articles naming the stock in the last 7 days ÷ 3
 *
 * Volume leads because an unusual crowd is what makes a stock "hot"; a move on ordinary volume, or articles
 * alone, count less. A market's heat is the mean of its stocks': hot from 35, warm from 20, else cool.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import type { HeatFigures, MarketHeat } from '#contracts/stock-lists.ts'
import type { Currency, StockSummary } from '#contracts/stocks.ts'

export const HEAT_WEIGHTS = { volume: 0.5, move: 0.3, mentions: 0.2 } as const
export const HEAT_FULL_VOLUME_RATIO = 3
export const HEAT_FULL_MOVE = 0.05
export const HEAT_FULL_MENTIONS = 3
export const MARKET_HOT_FROM = 35
export const MARKET_WARM_FROM = 20
export const MENTION_WINDOW_DAYS = 7

const clamp01 = (x: number) => Math.min(1, Math.max(0, x))

export function heatScoreOf(figures: {
  volumeRatio: number | null
  priceMove: number | null
  mentions: number
}): number {
  const volume =
    figures.volumeRatio === null ? 0 : clamp01((figures.volumeRatio - 1) / (HEAT_FULL_VOLUME_RATIO - 1))
  const move = figures.priceMove === null ? 0 : clamp01(Math.abs(figures.priceMove) / HEAT_FULL_MOVE)
  const mentions = clamp01(figures.mentions / HEAT_FULL_MENTIONS)
  const score =
    100 * (HEAT_WEIGHTS.volume * volume + HEAT_WEIGHTS.move * move + HEAT_WEIGHTS.mentions * mentions)
  return Math.round(score * 10) / 10
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 0
    ? ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
    : (sorted[mid] as number)
}

export const marketNames: Record<Market, Record<Locale, string>> = {
  us: { en: 'US', 'zh-Hant': '美股' },
  hk: { en: 'Hong Kong', 'zh-Hant': '港股' },
  jp: { en: 'Japan', 'zh-Hant': '日股' },
  kr: { en: 'Korea', 'zh-Hant': '韓股' },
}

const CURRENCY_ZH: Record<Currency, string> = { USD: '美元', HKD: '港元', JPY: '日圓', KRW: '韓元' }
const PRICE_DECIMALS: Record<Currency, number> = { USD: 2, HKD: 2, JPY: 1, KRW: 0 }

function price(value: number, currency: Currency): string {
  return new Intl.NumberFormat('en-US', {
    maximumFractionDigits: PRICE_DECIMALS[currency],
    minimumFractionDigits: currency === 'USD' || currency === 'HKD' ? 2 : 0,
  }).format(value)
}

const percent = (fraction: number) => `${(Math.abs(fraction) * 100).toFixed(1)}%`
const signedPercent = (fraction: number) =>
  `${fraction >= 0 ? '+' : '−'}${(Math.abs(fraction) * 100).toFixed(1)}%`
const times = (ratio: number) => ratio.toFixed(1)

/** A few sentences on why a stock is hot, from its heat figures and its diagnosis columns. */
export function interpretHotStock(stock: StockSummary, heat: HeatFigures, locale: Locale): string {
  const cur = stock.currency
  const parts: string[] = []
  const date = heat.sessionDate ?? stock.priceDate ?? ''
  const move = heat.priceMove
  if (locale === 'en') {
    const name = `${stock.nameEn} (${stock.code})`
    const volume =
      heat.volumeRatio === null ? '' : ` on ${times(heat.volumeRatio)}× its 20-day average volume`
    const priceText = stock.latestPrice === null ? '' : ` to ${cur} ${price(stock.latestPrice, cur)}`
    if (move === null) parts.push(`${name} traded${volume} on ${date}.`)
    else if (move === 0) parts.push(`${name} closed unchanged${priceText}${volume} on ${date}.`)
    else parts.push(`${name} ${move > 0 ? 'rose' : 'fell'} ${percent(move)}${priceText}${volume} on ${date}.`)
    if (heat.mentions > 0)
      parts.push(
        `It was named in ${heat.mentions} ${heat.mentions === 1 ? 'article' : 'articles'} over the past week.`,
      )
    const facts: string[] = []
    if (stock.score !== null) facts.push(`its AI score is ${Math.round(stock.score)} out of 100`)
    if (stock.fairValue !== null && stock.downsideMargin !== null) {
      facts.push(
        stock.downsideMargin >= 0
          ? `the price is ${percent(stock.downsideMargin)} below our fair value estimate of ${cur} ${price(stock.fairValue, cur)}`
          : `the price is above our fair value estimate of ${cur} ${price(stock.fairValue, cur)}`,
      )
    }
    if (stock.technicals !== null) {
      facts.push(
        {
          buy: 'technical signals lean to buy',
          neutral: 'technical signals are neutral',
          sell: 'technical signals lean to sell',
        }[stock.technicals],
      )
    }
    if (facts.length > 0) {
      const sentence = facts.join('; ')
      parts.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`)
    }
    return parts.join(' ')
  }
  const name = `${stock.nameZh}（${stock.code}）`
  const volume = heat.volumeRatio === null ? '' : `，成交量為近 20 日均量的 ${times(heat.volumeRatio)} 倍`
  const priceText =
    stock.latestPrice === null ? '' : `至 ${price(stock.latestPrice, cur)} ${CURRENCY_ZH[cur]}`
  if (move === null) parts.push(`${name}於 ${date} 交易${volume}。`)
  else if (move === 0)
    parts.push(
      `${name}於 ${date} 收平${stock.latestPrice === null ? '' : `於 ${price(stock.latestPrice, cur)} ${CURRENCY_ZH[cur]}`}${volume}。`,
    )
  else parts.push(`${name}於 ${date} ${move > 0 ? '上漲' : '下跌'} ${percent(move)}${priceText}${volume}。`)
  if (heat.mentions > 0) parts.push(`過去一週有 ${heat.mentions} 篇文章提及。`)
  const facts: string[] = []
  if (stock.score !== null) facts.push(`AI 綜合評分為 ${Math.round(stock.score)} 分`)
  if (stock.fairValue !== null && stock.downsideMargin !== null) {
    facts.push(
      stock.downsideMargin >= 0
        ? `股價低於合理價估值 ${price(stock.fairValue, cur)} ${CURRENCY_ZH[cur]}約 ${percent(stock.downsideMargin)}`
        : `股價已高於合理價估值 ${price(stock.fairValue, cur)} ${CURRENCY_ZH[cur]}`,
    )
  }
  if (stock.technicals !== null) {
    facts.push({ buy: '技術面訊號偏多', neutral: '技術面訊號中性', sell: '技術面訊號偏空' }[stock.technicals])
  }
  if (facts.length > 0) parts.push(`${facts.join('；')}。`)
  return parts.join('')
}

export interface MarketMember {
  priceMove: number | null
  volumeRatio: number | null
  mentions: number
  heatScore: number
  sessionDate: string | null
}

/** One market's heat from its stocks' latest sessions. */
export function measureMarketHeat(
  market: Market,
  members: readonly MarketMember[],
  locale: Locale,
): MarketHeat {
  const moves = members.map((m) => m.priceMove).filter((m): m is number => m !== null)
  const ratios = members.map((m) => m.volumeRatio).filter((r): r is number => r !== null)
  const heatScore =
    members.length === 0
      ? 0
      : Math.round((members.reduce((sum, m) => sum + m.heatScore, 0) / members.length) * 10) / 10
  const advancers = moves.filter((m) => m > 0).length
  const decliners = moves.filter((m) => m < 0).length
  const unchanged = moves.length - advancers - decliners
  const medianMove = median(moves)
  const medianVolumeRatio = median(ratios)
  const mentions = members.reduce((sum, m) => sum + m.mentions, 0)
  const sessionDate =
    members
      .map((m) => m.sessionDate)
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) ?? null
  const level = heatScore >= MARKET_HOT_FROM ? 'hot' : heatScore >= MARKET_WARM_FROM ? 'warm' : 'cool'
  const name = marketNames[market][locale]
  let interpretation: string
  if (members.length === 0 || sessionDate === null) {
    interpretation = locale === 'en' ? `${name}: no market data yet.` : `${name}：尚無市場資料。`
  } else if (locale === 'en') {
    const mood = { hot: 'hot', warm: 'warm', cool: 'cool' }[level]
    const moveText = medianMove === null ? '' : `; the median stock moved ${signedPercent(medianMove)}`
    const volumeText = medianVolumeRatio === null ? '' : ` on ${times(medianVolumeRatio)}× its usual volume`
    interpretation = `${name} was ${mood} on ${sessionDate}: ${advancers} of our stocks rose and ${decliners} fell${moveText}${volumeText}.`
  } else {
    const mood = { hot: '熱絡', warm: '溫和', cool: '冷清' }[level]
    const moveText = medianMove === null ? '' : `，個股漲跌幅中位數為 ${signedPercent(medianMove)}`
    const volumeText =
      medianVolumeRatio === null ? '' : `，成交量中位數為近 20 日均量的 ${times(medianVolumeRatio)} 倍`
    interpretation = `${name}於 ${sessionDate} 交投${mood}：追蹤個股中 ${advancers} 檔上漲、${decliners} 檔下跌${moveText}${volumeText}。`
  }
  return {
    market,
    name,
    heatScore,
    level,
    advancers,
    decliners,
    unchanged,
    medianMove,
    medianVolumeRatio,
    mentions,
    sessionDate,
    interpretation,
  }
}
