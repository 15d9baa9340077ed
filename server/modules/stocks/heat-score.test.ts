import { describe, expect, it } from 'vitest'
import type { StockSummary } from '#contracts/stocks.ts'
import { heatScoreOf, interpretHotStock, measureMarketHeat } from './heat-score.ts'

const tencent: StockSummary = {
  code: '0700',
  market: 'hk',
  exchange: 'HKEX',
  currency: 'HKD',
  name: 'Tencent Holdings Ltd.',
  nameEn: 'Tencent Holdings Ltd.',
  nameZh: '騰訊控股',
  sector: 'communication_services',
  industry: 'interactive_media',
  price: 512.5,
  priceDate: '2026-11-20',
  latestPrice: 512.5,
  latestPriceDate: '2026-11-20',
  latestChange: 15.5,
  latestChangeRate: 0.0312,
  score: 68.4,
  supportLevel: 498,
  resistanceLevel: 530,
  fairValue: 580,
  downsideMargin: 0.1164,
  peRatio: 21.3,
  marketCap: 4.7e12,
  marketCapUsd: 6.0e11,
  analystRating: 'buy',
  profitabilityRating: 'strong',
  financialHealth: 'safe',
  technicals: 'buy',
  capitalFlow: 'inflow',
  isDemo: true,
}

describe('heat score', () => {
  it('weighs volume surge, price move and mentions, each capped', () => {
    expect(heatScoreOf({ volumeRatio: 1, priceMove: 0, mentions: 0 })).toBe(0)
    expect(heatScoreOf({ volumeRatio: 3, priceMove: 0, mentions: 0 })).toBe(50)
    expect(heatScoreOf({ volumeRatio: 2, priceMove: -0.025, mentions: 0 })).toBe(40)
    expect(heatScoreOf({ volumeRatio: 10, priceMove: 0.2, mentions: 9 })).toBe(100)
    expect(heatScoreOf({ volumeRatio: 0.4, priceMove: null, mentions: 1 })).toBe(6.7)
    expect(heatScoreOf({ volumeRatio: null, priceMove: null, mentions: 0 })).toBe(0)
  })

  it('interprets a hot stock from its figures only, in English and Traditional Chinese', () => {
    const heat = {
      heatScore: 61,
      volumeRatio: 2.41,
      priceMove: 0.0312,
      mentions: 2,
      sessionDate: '2026-11-20',
    }
    expect(interpretHotStock(tencent, heat, 'en')).toBe(
      'Tencent Holdings Ltd. (0700) rose 3.1% to HKD 512.50 on 2.4× its 20-day average volume on 2026-11-20. ' +
        'It was named in 2 articles over the past week. Its AI score is 68 out of 100; the price is 11.6% below our ' +
        'fair value estimate of HKD 580.00; technical signals lean to buy.',
    )
    expect(interpretHotStock(tencent, heat, 'zh-Hant')).toBe(
      '騰訊控股（0700）於 2026-11-20 上漲 3.1%至 512.50 港元，成交量為近 20 日均量的 2.4 倍。過去一週有 2 篇文章提及。' +
        'AI 綜合評分為 68 分；股價低於合理價估值 580.00 港元約 11.6%；技術面訊號偏多。',
    )
  })

  it('says so when the price is above fair value or fell', () => {
    const overpriced = { ...tencent, downsideMargin: -0.2, technicals: null, score: null }
    const heat = {
      heatScore: 30,
      volumeRatio: null,
      priceMove: -0.05,
      mentions: 0,
      sessionDate: '2026-11-20',
    }
    expect(interpretHotStock(overpriced, heat, 'en')).toBe(
      'Tencent Holdings Ltd. (0700) fell 5.0% to HKD 512.50 on 2026-11-20. The price is above our fair value estimate of HKD 580.00.',
    )
  })

  it('measures a market’s breadth, medians and level', () => {
    const members = [
      { priceMove: 0.02, volumeRatio: 1.5, mentions: 1, heatScore: 50, sessionDate: '2026-11-20' },
      { priceMove: -0.01, volumeRatio: 0.9, mentions: 0, heatScore: 20, sessionDate: '2026-11-20' },
      { priceMove: 0, volumeRatio: 1.1, mentions: 0, heatScore: 5, sessionDate: '2026-11-19' },
    ]
    const heat = measureMarketHeat('jp', members, 'en')
    expect(heat).toMatchObject({
      market: 'jp',
      name: 'Japan',
      heatScore: 25,
      level: 'warm',
      advancers: 1,
      decliners: 1,
      unchanged: 1,
      medianMove: 0,
      medianVolumeRatio: 1.1,
      mentions: 1,
      sessionDate: '2026-11-20',
    })
    expect(heat.interpretation).toBe(
      'Japan was warm on 2026-11-20: 1 of our stocks rose and 1 fell; the median stock moved +0.0% on 1.1× its usual volume.',
    )
    expect(measureMarketHeat('kr', [], 'zh-Hant')).toMatchObject({
      level: 'cool',
      interpretation: '韓股：尚無市場資料。',
    })
  })
})
