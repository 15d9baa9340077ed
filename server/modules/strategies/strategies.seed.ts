/**
 * Sample portfolio strategies for a fresh database (issue 15), marked `is_sample` so the pages label them: five
 * strategies in both languages across the four markets (three curated, one public, one exclusive), each with one
 * to three rebalances of 8–25 stocks of its market, dated within the stored price history.
 *
 * Idempotent: it runs only while no strategy row exists at all (removed ones count, so an analyst's removal
 * sticks). It needs stock data, read through the stocks module's market prices: a strategy whose market has no
 * bars yet is left out, and when no market has any the seed writes nothing, so the next start tries again.
 */
import type { StrategyVisibility } from '#contracts/benefits.ts'
import type { Market } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import type { MarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import { hasAnyStrategy, insertRebalance, insertStrategy, saveRationales } from './strategies.repo.ts'
import type { StrategyHolding } from './strategies.sql.ts'

interface SampleStrategy {
  slug: string
  market: Market
  visibility: StrategyVisibility
  position: number
  holdings: number
  name: LocalizedText
  summary: LocalizedText
  rationale: LocalizedText
  /** Target days of the rebalances (each moved to the market's next day with prices), oldest first. */
  rebalances: Array<{ on: string; note: LocalizedText }>
}

const sampleNote = {
  en: '*Sample strategy, seeded to show how strategies look; not investment advice.*',
  'zh-Hant': '*範例策略，用於展示策略頁面的樣貌，並非投資建議。*',
}

const samples: SampleStrategy[] = [
  {
    slug: 'sample-us-quality-compounders',
    market: 'us',
    visibility: 'curated',
    position: 10,
    holdings: 25,
    name: { en: 'US Quality Compounders', 'zh-Hant': '美股優質複利成長組合' },
    summary: {
      en: 'About 25 profitable US companies with durable margins, held for the long run and rebalanced rarely.',
      'zh-Hant': '約 25 家獲利穩健、利潤率持久的美國公司，長期持有、少量調整。',
    },
    rationale: {
      en: `${sampleNote.en}\n\n## Why this strategy\n\nCompanies that earn high returns on capital year after year tend to compound value. We hold **about 25 of them**, spread across sectors, so no single company decides the result.\n\n## How we manage it\n\n- Weights start close to equal and drift with prices.\n- We review once a year and change only what no longer fits.\n- The horizon is **five years or more**.`,
      'zh-Hant': `${sampleNote['zh-Hant']}\n\n## 為何選擇這個策略\n\n年年都能賺取高資本報酬的公司，價值往往會複利成長。我們持有**約 25 家**這類公司，分散於不同產業，避免單一公司左右結果。\n\n## 管理方式\n\n- 初始權重接近平均，之後隨股價變動。\n- 每年檢視一次，只調整不再符合條件的持股。\n- 投資期間為**五年以上**。`,
    },
    rebalances: [
      {
        on: '2020-03-02',
        note: { en: 'Inception: 25 quality companies.', 'zh-Hant': '成立：25 家優質公司。' },
      },
      {
        on: '2022-03-01',
        note: {
          en: 'Annual review: two holdings replaced, weights reset.',
          'zh-Hant': '年度檢視：更換兩檔持股，權重重設。',
        },
      },
      {
        on: '2024-09-03',
        note: {
          en: 'Review: one holding replaced after its margins fell.',
          'zh-Hant': '檢視：一檔持股因利潤率下滑而更換。',
        },
      },
    ],
  },
  {
    slug: 'sample-hk-dividend-income',
    market: 'hk',
    visibility: 'curated',
    position: 20,
    holdings: 15,
    name: { en: 'Hong Kong Dividend Income', 'zh-Hant': '港股股息收益組合' },
    summary: {
      en: 'Established Hong Kong companies with steady dividends, for readers who want income and lower swings.',
      'zh-Hant': '派息穩定的香港成熟企業，適合重視收益、希望波動較低的讀者。',
    },
    rationale: {
      en: `${sampleNote.en}\n\n## Why this strategy\n\nBanks, utilities and property names in Hong Kong have long paid a large share of their earnings as dividends. Fifteen of them make an income core.\n\n## Risks\n\nDividends can be cut in a downturn, and the market is concentrated in a few sectors.`,
      'zh-Hant': `${sampleNote['zh-Hant']}\n\n## 為何選擇這個策略\n\n香港的銀行、公用事業與地產股長期將大部分盈利作為股息派發。十五檔這類股票構成收益核心。\n\n## 風險\n\n景氣下行時股息可能被削減，且市場集中於少數產業。`,
    },
    rebalances: [
      {
        on: '2021-01-04',
        note: { en: 'Inception: 15 dividend payers.', 'zh-Hant': '成立：15 檔派息股。' },
      },
      {
        on: '2023-07-03',
        note: { en: 'Reweighted towards the steadiest payers.', 'zh-Hant': '權重調向派息最穩定的公司。' },
      },
    ],
  },
  {
    slug: 'sample-japan-value-recovery',
    market: 'jp',
    visibility: 'curated',
    position: 30,
    holdings: 12,
    name: { en: 'Japan Value Recovery', 'zh-Hant': '日股價值回升組合' },
    summary: {
      en: 'Japanese companies trading below book value that are returning more cash to shareholders.',
      'zh-Hant': '股價低於帳面價值、且正提高股東回饋的日本公司。',
    },
    rationale: {
      en: `${sampleNote.en}\n\n## Why this strategy\n\nThe Tokyo exchange has pushed listed companies to lift returns on equity. Companies priced below book value that respond with buybacks and higher dividends may be re-rated.`,
      'zh-Hant': `${sampleNote['zh-Hant']}\n\n## 為何選擇這個策略\n\n東京證券交易所推動上市公司提高股東權益報酬率。股價低於帳面價值、並以回購與提高股息回應的公司，估值可能獲得重估。`,
    },
    rebalances: [
      {
        on: '2022-04-01',
        note: {
          en: 'Inception: 12 companies below book value.',
          'zh-Hant': '成立：12 家股價低於帳面價值的公司。',
        },
      },
      {
        on: '2024-04-01',
        note: {
          en: 'Two re-rated holdings sold, two new ones bought.',
          'zh-Hant': '賣出兩檔已重估的持股，買進兩檔新持股。',
        },
      },
    ],
  },
  {
    slug: 'sample-korea-technology-leaders',
    market: 'kr',
    visibility: 'public',
    position: 40,
    holdings: 10,
    name: { en: 'Korea Technology Leaders', 'zh-Hant': '韓股科技龍頭組合' },
    summary: {
      en: 'Korean leaders in memory chips, batteries and internet services, equal weighted.',
      'zh-Hant': '韓國記憶體晶片、電池與網路服務的龍頭企業，等權重配置。',
    },
    rationale: {
      en: `${sampleNote.en}\n\n## Why this strategy\n\nA handful of Korean companies lead their global industries. Holding them equally captures that leadership without betting on one cycle.\n\n## Note\n\nWith about ten stocks this strategy is more concentrated than our guidance suggests.`,
      'zh-Hant': `${sampleNote['zh-Hant']}\n\n## 為何選擇這個策略\n\n少數韓國公司在全球產業中居於領先地位。等權重持有可參與其領先優勢，而不押注單一景氣循環。\n\n## 注意\n\n本策略約十檔股票，集中度高於我們的建議。`,
    },
    rebalances: [
      {
        on: '2023-07-03',
        note: { en: 'Inception: 10 technology leaders.', 'zh-Hant': '成立：10 家科技龍頭。' },
      },
    ],
  },
  {
    slug: 'sample-us-concentrated-growth',
    market: 'us',
    visibility: 'exclusive',
    position: 50,
    holdings: 8,
    name: { en: 'US Concentrated Growth (analyst exclusive)', 'zh-Hant': '美股集中成長組合（分析師專屬）' },
    summary: {
      en: "Our analysts' highest-conviction US growth ideas: eight stocks, larger weights in the strongest.",
      'zh-Hant': '分析師最有信心的美股成長標的：八檔股票，最看好的權重較高。',
    },
    rationale: {
      en: `${sampleNote.en}\n\n## Why this strategy\n\nA concentrated portfolio of the growth companies our analysts rate highest. It can beat the market by a wide margin — or trail it.\n\n## Risks\n\nEight stocks and a short record: far from the guidance of 25+ stocks held 5+ years.`,
      'zh-Hant': `${sampleNote['zh-Hant']}\n\n## 為何選擇這個策略\n\n集中持有分析師評價最高的成長公司，可能大幅領先大盤，也可能落後。\n\n## 風險\n\n僅八檔股票且紀錄尚短，與「25 檔以上、持有 5 年以上」的建議相距甚遠。`,
    },
    rebalances: [
      {
        on: '2024-06-03',
        note: { en: 'Inception: 8 growth ideas.', 'zh-Hant': '成立：8 個成長標的。' },
      },
      {
        on: '2025-06-02',
        note: {
          en: 'Trimmed the largest winner, added one idea.',
          'zh-Hant': '減碼漲幅最大的持股，新增一個標的。',
        },
      },
    ],
  },
]

/** Uneven but fixed weights (1, 1.5, 2, 1, 1.5, 2…), as fractions summing to 1. */
function weighted(market: Market, codes: readonly string[], shift: number): StrategyHolding[] {
  const raw = codes.map((_, i) => 1 + ((i + shift) % 3) * 0.5)
  const total = raw.reduce((sum, value) => sum + value, 0)
  return codes.map((code, i) => ({ market, code, weight: (raw[i] as number) / total }))
}

export async function seedSampleStrategies(
  db: Db,
  prices: Pick<MarketPricesService, 'tradingDayFrom' | 'codesPricedOn'>,
): Promise<void> {
  if (await hasAnyStrategy(db)) return
  for (const sample of samples) {
    const days: Array<{ day: string; note: LocalizedText }> = []
    for (const rebalance of sample.rebalances) {
      const day = await prices.tradingDayFrom(sample.market, rebalance.on)
      if (day && !days.some((d) => d.day === day)) days.push({ day, note: rebalance.note })
    }
    const first = days[0]
    if (!first) continue
    const universe = await prices.codesPricedOn(sample.market, first.day)
    // Below 8 priced companies a strategy of this market would not be a portfolio worth showing.
    if (universe.length < 8) continue
    const size = Math.min(sample.holdings, universe.length)
    const offset = sample.position % Math.max(1, universe.length - size + 1)
    const strategy = await insertStrategy(db, {
      slug: sample.slug,
      name: sample.name,
      summary: sample.summary,
      market: sample.market,
      visibility: sample.visibility,
      position: sample.position,
      published: true,
      isSample: true,
    })
    await saveRationales(db, strategy.id, sample.rationale)
    for (const [index, { day, note }] of days.entries()) {
      const priced = index === 0 ? universe : await prices.codesPricedOn(sample.market, day)
      // Each later rebalance moves the window one company along the list: one holding out, one in.
      const start = Math.min(offset + index, Math.max(0, priced.length - size))
      const codes = priced.slice(start, start + size)
      await insertRebalance(db, {
        strategyId: strategy.id,
        effectiveOn: day,
        note,
        holdings: weighted(sample.market, codes, index),
        createdByMemberId: null,
        createdByPhone: null,
      })
    }
  }
}
