/**
 * The reader's summary: one paragraph, in English or Traditional Chinese, built only from facts already in the
 * diagnosis. `SummaryGenerator` is the seam: the template generator here words the facts with fixed sentences; a
 * language-model generator can later receive the same `SummaryFacts` and write freer prose. Neither may add numbers
 * that are not in the diagnosis.
 */

import type { ScoreKey } from '#contracts/diagnosis-keys.ts'
import { CHECK_LABELS, type LabelKey } from '#contracts/diagnosis-labels.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Currency } from '#server/providers/market-data/market-data.ts'
import type { Diagnosis, PriceLevel, PriceLevels } from './diagnosis.types.ts'

export interface SummaryGenerator {
  generate(diagnosis: Diagnosis, locale: Locale): Promise<string>
}

export interface ScoreFact {
  key: ScoreKey
  value: number
}

/** The facts a summary may state, picked from the diagnosis in a fixed order so every generator says the same things. */
export interface SummaryFacts {
  code: string
  nameEn: string
  nameZh: string
  asOf: string
  currency: Currency
  price: number | null
  total: number | null
  strongest: ScoreFact[]
  weakest: ScoreFact | null
  /** Scores left out for lack of data. */
  unavailable: ScoreKey[]
  /** Scores that do not apply to this kind of company (gross margin for a bank). */
  notApplicable: ScoreKey[]
  piotroski: { passed: number; available: number } | null
  fairValue: Diagnosis['fairValue']
  health: Diagnosis['financialHealth']
  technicals: Diagnosis['technicals']
  capitalFlow: Diagnosis['capitalFlow']
  levels: PriceLevels
  analyst: Diagnosis['analyst']
}

export function extractSummaryFacts(d: Diagnosis): SummaryFacts {
  const available: ScoreFact[] = []
  const unavailable: ScoreKey[] = []
  const notApplicable: ScoreKey[] = []
  for (const [key, score] of Object.entries(d.scores) as Array<[ScoreKey, Diagnosis['scores'][ScoreKey]]>) {
    if (score.reason === 'not_applicable') notApplicable.push(key)
    else if (score.value === null) unavailable.push(key)
    else available.push({ key, value: score.value })
  }
  // Stable order: by value, then by the key order of the diagnosis, so equal scores never swap between runs.
  const ranked = available
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.value - a.s.value || a.i - b.i)
    .map((x) => x.s)
  const strongest = ranked.slice(0, 2)
  const last = ranked[ranked.length - 1]
  const weakest = ranked.length >= 3 && last ? last : null
  const f = d.scores.fundamentals
  return {
    code: d.company.code,
    nameEn: d.company.nameEn,
    nameZh: d.company.nameZh,
    asOf: d.asOf,
    currency: d.currency,
    price: d.price,
    total: d.total.value,
    strongest,
    weakest,
    unavailable,
    notApplicable,
    piotroski: f.available
      ? { passed: f.checks.filter((c) => c.passed === true).length, available: f.checksAvailable }
      : null,
    fairValue: d.fairValue,
    health: d.financialHealth,
    technicals: d.technicals,
    capitalFlow: d.capitalFlow,
    levels: d.levels,
    analyst: d.analyst,
  }
}

const CURRENCY_ZH: Record<Currency, string> = { USD: '美元', HKD: '港元', JPY: '日圓', KRW: '韓元' }
const PRICE_DECIMALS: Record<Currency, number> = { USD: 2, HKD: 2, JPY: 1, KRW: 0 }

function formatPrice(value: number, currency: Currency): string {
  return new Intl.NumberFormat('en-US', {
    maximumFractionDigits: PRICE_DECIMALS[currency],
    minimumFractionDigits: currency === 'USD' || currency === 'HKD' ? 2 : 0,
  }).format(value)
}

function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`
}

function formatScore(value: number): string {
  return String(Math.round(value))
}

function label(locale: Locale, key: LabelKey): string {
  return CHECK_LABELS[locale][key]
}

const ZONE_EN = { safe: 'the safe zone', grey: 'the grey zone', distress: 'the distress zone' } as const
const TECH_EN = { buy: 'lean to buy', neutral: 'are neutral', sell: 'lean to sell' } as const
const FLOW_EN = {
  inflow: 'money is flowing in',
  neutral: 'money flow shows no clear direction',
  outflow: 'money is flowing out',
} as const

const PERIOD_EN = { day: 'previous day’s', week: 'last week’s', month: 'last month’s' } as const
const PERIOD_ZH = { day: '前一交易日', week: '上週', month: '上月' } as const

/** How a support or resistance level was found, in the reader's language ("last month’s pivot S1"). */
export function describeLevel(level: PriceLevel, levels: PriceLevels, locale: Locale): string {
  const periodType = levels.pivots?.periodType ?? 'month'
  if (level.method === 'pivot_classic') {
    return locale === 'en'
      ? `${PERIOD_EN[periodType]} pivot ${level.pivot}`
      : `${PERIOD_ZH[periodType]}樞紐點 ${level.pivot}`
  }
  const touches = level.touches ?? 1
  if (locale === 'en')
    return touches === 1 ? `a swing point on ${level.dates[0]}` : `a cluster of ${touches} swing points`
  return touches === 1 ? `${level.dates[0]} 的波段轉折點` : `${touches} 個波段轉折點形成的密集區`
}

function writeEnglish(f: SummaryFacts): string {
  const parts: string[] = []
  const cur = f.currency
  parts.push(
    f.total === null
      ? `As of ${f.asOf}, ${f.nameEn} (${f.code}) does not have enough data for an overall score.`
      : `As of ${f.asOf}, ${f.nameEn} (${f.code}) scores ${formatScore(f.total)} out of 100 overall.`,
  )
  if (f.strongest.length > 0) {
    const strong = f.strongest
      .map((s) => `${label('en', `score.${s.key}`).toLowerCase()} (${formatScore(s.value)})`)
      .join(' and ')
    const weak = f.weakest
      ? `, while ${label('en', `score.${f.weakest.key}`).toLowerCase()} is weakest (${formatScore(f.weakest.value)})`
      : ''
    parts.push(`It is strongest in ${strong}${weak}.`)
  }
  if (f.piotroski)
    parts.push(
      `It meets ${f.piotroski.passed} of the ${f.piotroski.available} Piotroski F-score signals that could be evaluated.`,
    )
  const fv = f.fairValue
  if (fv.value !== null && f.price !== null && fv.downsideMargin !== null) {
    const method =
      fv.method === 'dcf_two_stage' ? 'A two-stage discounted cash flow' : 'The justified price-to-book model'
    const close = `the last close of ${cur} ${formatPrice(f.price, cur)}`
    const relation =
      fv.downsideMargin >= 0
        ? `${close} sits ${formatPercent(fv.downsideMargin)} below it (margin of safety)`
        : fv.downsideMargin < -1
          ? `${close} is more than twice it, leaving no margin of safety`
          : `${close} is ${formatPercent(-fv.downsideMargin)} above it (premium to fair value), leaving no margin of safety`
    parts.push(`${method} puts fair value at about ${cur} ${formatPrice(fv.value, cur)}; ${relation}.`)
    if (fv.marginConfidence === 'low')
      parts.push(
        "A gap this wide makes the estimate low-confidence: it says more about the model's assumptions than about the company.",
      )
  } else if (fv.reason) {
    parts.push(`Fair value could not be estimated (${label('en', `reason.${fv.reason}`).toLowerCase()}).`)
  }
  const h = f.health
  if (h.zone !== null && h.value !== null) {
    parts.push(
      h.model === 'financials_equity_to_assets'
        ? `As a financial company it is judged on capital rather than the Altman score: equity is ${formatPercent(h.value)} of assets, in ${ZONE_EN[h.zone]}.`
        : `Its Altman ${h.model === 'altman_z' ? 'Z' : 'Z″'}-score of ${h.value.toFixed(2)} is in ${ZONE_EN[h.zone]}.`,
    )
  }
  const t = f.technicals
  const c = f.capitalFlow
  if (t.label !== null) {
    const flow = c.label === null ? '' : `, and ${FLOW_EN[c.label]}`
    parts.push(
      `Technical signals ${TECH_EN[t.label]} (${t.buy} buy, ${t.neutral} neutral, ${t.sell} sell)${flow}.`,
    )
  }
  const lv = f.levels
  const levelParts: string[] = []
  if (lv.support) {
    levelParts.push(
      `support is near ${formatPrice(lv.support.price, cur)} (${describeLevel(lv.support, lv, 'en')})`,
    )
  }
  if (lv.resistance) {
    levelParts.push(
      `resistance is near ${formatPrice(lv.resistance.price, cur)} (${describeLevel(lv.resistance, lv, 'en')})`,
    )
  }
  if (levelParts.length > 0) parts.push(`The nearest ${levelParts.join(', and the nearest ')}.`)
  if (!lv.resistance && lv.resistanceException === 'at_history_high')
    parts.push(label('en', 'level.at_history_high'))
  if (!lv.support && lv.supportException === 'at_history_low') parts.push(label('en', 'level.at_history_low'))
  if (f.analyst) {
    parts.push(
      `Analysts’ consensus is ${label('en', `analyst.${f.analyst.rating}`).toLowerCase()} (${f.analyst.analystCount} ${f.analyst.analystCount === 1 ? 'analyst' : 'analysts'}).`,
    )
  }
  if (f.unavailable.length > 0) {
    parts.push(
      `Not scored for lack of data: ${f.unavailable.map((k) => label('en', `score.${k}`).toLowerCase()).join(', ')}.`,
    )
  }
  if (f.notApplicable.length > 0) {
    const names = f.notApplicable.map((k) => label('en', `score.${k}`)).join(', ')
    parts.push(`${names} ${f.notApplicable.length === 1 ? 'does' : 'do'} not apply to this kind of company.`)
  }
  return parts.join(' ')
}

const TECH_ZH = { buy: '偏多', neutral: '中性', sell: '偏空' } as const
const FLOW_ZH = {
  inflow: '資金呈現淨流入',
  neutral: '資金流向未見明確方向',
  outflow: '資金呈現淨流出',
} as const

function writeChinese(f: SummaryFacts): string {
  const parts: string[] = []
  const cur = CURRENCY_ZH[f.currency]
  const name = `${f.nameZh}（${f.code}）`
  parts.push(
    f.total === null
      ? `截至 ${f.asOf}，${name}的資料不足，暫無法給出綜合評分。`
      : `截至 ${f.asOf}，${name}綜合評分為 ${formatScore(f.total)} 分（滿分 100 分）。`,
  )
  if (f.strongest.length > 0) {
    const strong = f.strongest
      .map((s) => `${label('zh-Hant', `score.${s.key}`)}（${formatScore(s.value)} 分）`)
      .join('與')
    const weak = f.weakest
      ? `，相對較弱的是${label('zh-Hant', `score.${f.weakest.key}`)}（${formatScore(f.weakest.value)} 分）`
      : ''
    parts.push(`表現最突出的是${strong}${weak}。`)
  }
  if (f.piotroski)
    parts.push(`Piotroski F 分數在 ${f.piotroski.available} 項可評估指標中達成 ${f.piotroski.passed} 項。`)
  const fv = f.fairValue
  if (fv.value !== null && f.price !== null && fv.downsideMargin !== null) {
    const method = fv.method === 'dcf_two_stage' ? '以兩階段現金流折現法估算' : '以合理股價淨值比法估算'
    const close = `最新收盤價 ${formatPrice(f.price, f.currency)} ${cur}`
    const relation =
      fv.downsideMargin >= 0
        ? `${close}低於合理價，安全邊際約 ${formatPercent(fv.downsideMargin)}`
        : fv.downsideMargin < -1
          ? `${close}已是合理價的兩倍以上，暫無安全邊際`
          : `${close}高於合理價，較合理價溢價約 ${formatPercent(-fv.downsideMargin)}，暫無安全邊際`
    parts.push(`${method}，合理價約為 ${formatPrice(fv.value, f.currency)} ${cur}；${relation}。`)
    if (fv.marginConfidence === 'low')
      parts.push('差距如此之大，這項估值的可信度低：反映的多半是模型假設與市場預期的落差，而非公司本身。')
  } else if (fv.reason) {
    parts.push(`合理價暫無法估算（${label('zh-Hant', `reason.${fv.reason}`)}）。`)
  }
  const h = f.health
  if (h.zone !== null && h.value !== null) {
    parts.push(
      h.model === 'financials_equity_to_assets'
        ? `由於屬金融業，財務體質改以資本適足程度衡量：股東權益占總資產 ${formatPercent(h.value)}，屬${label('zh-Hant', `zone.${h.zone}`)}。`
        : `財務體質方面，Altman ${h.model === 'altman_z' ? 'Z' : 'Z″'} 值為 ${h.value.toFixed(2)}，落在${label('zh-Hant', `zone.${h.zone}`)}。`,
    )
  }
  const t = f.technicals
  const c = f.capitalFlow
  if (t.label !== null) {
    const flow = c.label === null ? '' : `；${FLOW_ZH[c.label]}`
    parts.push(
      `技術面訊號${TECH_ZH[t.label]}（${t.buy} 項買進、${t.neutral} 項中立、${t.sell} 項賣出）${flow}。`,
    )
  }
  const lv = f.levels
  const levelParts: string[] = []
  if (lv.support)
    levelParts.push(
      `下方支撐約在 ${formatPrice(lv.support.price, f.currency)}（${describeLevel(lv.support, lv, 'zh-Hant')}）`,
    )
  if (lv.resistance)
    levelParts.push(
      `上方壓力約在 ${formatPrice(lv.resistance.price, f.currency)}（${describeLevel(lv.resistance, lv, 'zh-Hant')}）`,
    )
  if (levelParts.length > 0) parts.push(`${levelParts.join('，')}。`)
  if (!lv.resistance && lv.resistanceException === 'at_history_high')
    parts.push(label('zh-Hant', 'level.at_history_high'))
  if (!lv.support && lv.supportException === 'at_history_low')
    parts.push(label('zh-Hant', 'level.at_history_low'))
  if (f.analyst) {
    parts.push(
      `分析師共識評等為「${label('zh-Hant', `analyst.${f.analyst.rating}`)}」（共 ${f.analyst.analystCount} 位分析師）。`,
    )
  }
  if (f.unavailable.length > 0) {
    parts.push(
      `因資料不足而未評分的項目：${f.unavailable.map((k) => label('zh-Hant', `score.${k}`)).join('、')}。`,
    )
  }
  if (f.notApplicable.length > 0) {
    parts.push(
      `${f.notApplicable.map((k) => label('zh-Hant', `score.${k}`)).join('、')}不適用於此類公司，未列入評分。`,
    )
  }
  return parts.join('')
}

/** The template summary, synchronously. */
export function writeTemplateSummary(diagnosis: Diagnosis, locale: Locale): string {
  const facts = extractSummaryFacts(diagnosis)
  return locale === 'zh-Hant' ? writeChinese(facts) : writeEnglish(facts)
}

export const templateSummaryGenerator: SummaryGenerator = {
  generate: (diagnosis, locale) => Promise.resolve(writeTemplateSummary(diagnosis, locale)),
}
