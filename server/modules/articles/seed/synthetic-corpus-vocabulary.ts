/**
 * Vocabulary and sentence templates for the synthetic benchmark corpus (generate-synthetic-corpus.ts). Real
 * company names, codes and market terms in both languages, so that a search benchmark sees the term frequencies a
 * finance site has: a few very common names, a long tail, tickers mixed into Chinese text. The sentences are
 * templates recombined at random; they are never shown to readers.
 */
import type { Market } from '#contracts/regions.ts'

export interface SyntheticCompany {
  en: string
  zh: string
  market: Market
  code: string
  /** A seed tag key for the company, when the seed tags have one. */
  tag?: string
  topics: readonly string[]
}

const ai = 'ai-semiconductors'
const income = 'dividends-income'
const ev = 'ev-autos'
const china = 'china-internet'
const japan = 'japan-governance'
const korea = 'korea-value-up'
const rates = 'interest-rates'
const earnings = 'earnings-season'
const valuation = 'valuation-basics'
const portfolio = 'portfolio-building'

/** In order of how often they are written about within each market (the generator weights by rank). */
export const syntheticCompanies: readonly SyntheticCompany[] = [
  { en: 'NVIDIA', zh: '輝達', market: 'us', code: 'NVDA', tag: 'nvidia', topics: [ai, earnings, valuation] },
  {
    en: 'Apple',
    zh: '蘋果',
    market: 'us',
    code: 'AAPL',
    tag: 'apple',
    topics: [valuation, earnings, income],
  },
  { en: 'Microsoft', zh: '微軟', market: 'us', code: 'MSFT', tag: 'microsoft', topics: [ai, earnings] },
  { en: 'TSMC', zh: '台積電', market: 'us', code: 'TSM', tag: 'tsmc', topics: [ai, earnings] },
  { en: 'Tesla', zh: '特斯拉', market: 'us', code: 'TSLA', tag: 'tesla', topics: [ev, valuation] },
  { en: 'Amazon', zh: '亞馬遜', market: 'us', code: 'AMZN', topics: [ai, earnings] },
  { en: 'Alphabet', zh: '字母控股', market: 'us', code: 'GOOGL', topics: [ai, earnings, valuation] },
  { en: 'Meta', zh: 'Meta', market: 'us', code: 'META', topics: [ai, earnings] },
  { en: 'AMD', zh: '超微', market: 'us', code: 'AMD', tag: 'amd', topics: [ai] },
  { en: 'Broadcom', zh: '博通', market: 'us', code: 'AVGO', tag: 'broadcom', topics: [ai, income] },
  { en: 'JPMorgan Chase', zh: '摩根大通', market: 'us', code: 'JPM', topics: [rates, income] },
  { en: 'Micron', zh: '美光', market: 'us', code: 'MU', topics: [ai] },
  { en: 'Coca-Cola', zh: '可口可樂', market: 'us', code: 'KO', topics: [income, portfolio] },
  { en: 'Johnson & Johnson', zh: '嬌生', market: 'us', code: 'JNJ', topics: [income, portfolio] },
  { en: 'Intel', zh: '英特爾', market: 'us', code: 'INTC', topics: [ai, valuation] },
  {
    en: 'Tencent',
    zh: '騰訊',
    market: 'hk',
    code: '0700',
    tag: 'tencent',
    topics: [china, earnings, income],
  },
  { en: 'Alibaba', zh: '阿里巴巴', market: 'hk', code: '9988', tag: 'alibaba', topics: [china, ai] },
  { en: 'Meituan', zh: '美團', market: 'hk', code: '3690', tag: 'meituan', topics: [china, earnings] },
  { en: 'HSBC', zh: '滙豐', market: 'hk', code: '0005', tag: 'hsbc', topics: [income, rates] },
  { en: 'Xiaomi', zh: '小米', market: 'hk', code: '1810', tag: 'xiaomi', topics: [ev, china] },
  { en: 'BYD', zh: '比亞迪', market: 'hk', code: '1211', tag: 'byd', topics: [ev] },
  { en: 'China Mobile', zh: '中國移動', market: 'hk', code: '0941', topics: [income, portfolio] },
  { en: 'HKEX', zh: '港交所', market: 'hk', code: '0388', tag: 'hkex', topics: [portfolio, earnings] },
  { en: 'AIA', zh: '友邦', market: 'hk', code: '1299', topics: [income, valuation] },
  { en: 'JD.com', zh: '京東', market: 'hk', code: '9618', topics: [china] },
  { en: 'Link REIT', zh: '領展', market: 'hk', code: '0823', topics: [income, rates] },
  { en: 'Toyota', zh: '豐田', market: 'jp', code: '7203', tag: 'toyota', topics: [ev, japan] },
  { en: 'Sony', zh: '索尼', market: 'jp', code: '6758', tag: 'sony', topics: [japan, earnings] },
  {
    en: 'Tokyo Electron',
    zh: '東京威力科創',
    market: 'jp',
    code: '8035',
    tag: 'tokyo-electron',
    topics: [ai],
  },
  { en: 'MUFG', zh: '三菱日聯', market: 'jp', code: '8306', tag: 'mufg', topics: [rates, income, japan] },
  { en: 'Mitsubishi Corporation', zh: '三菱商事', market: 'jp', code: '8058', topics: [japan, income] },
  { en: 'Nintendo', zh: '任天堂', market: 'jp', code: '7974', topics: [earnings] },
  { en: 'SoftBank Group', zh: '軟銀集團', market: 'jp', code: '9984', topics: [ai, valuation] },
  { en: 'Advantest', zh: '愛德萬測試', market: 'jp', code: '6857', topics: [ai] },
  { en: 'Keyence', zh: '基恩斯', market: 'jp', code: '6861', topics: [valuation] },
  { en: 'Fast Retailing', zh: '迅銷', market: 'jp', code: '9983', topics: [earnings, valuation] },
  {
    en: 'Samsung Electronics',
    zh: '三星電子',
    market: 'kr',
    code: '005930',
    tag: 'samsung',
    topics: [ai, korea],
  },
  { en: 'SK hynix', zh: 'SK海力士', market: 'kr', code: '000660', tag: 'sk-hynix', topics: [ai] },
  { en: 'Hyundai Motor', zh: '現代汽車', market: 'kr', code: '005380', tag: 'hyundai', topics: [ev, korea] },
  { en: 'KB Financial', zh: 'KB金融', market: 'kr', code: '105560', topics: [korea, income] },
  { en: 'Kia', zh: '起亞', market: 'kr', code: '000270', topics: [ev, korea] },
  { en: 'LG Energy Solution', zh: 'LG新能源', market: 'kr', code: '373220', topics: [ev] },
  { en: 'NAVER', zh: 'NAVER', market: 'kr', code: '035420', topics: [earnings] },
  { en: 'Shinhan Financial', zh: '新韓金融', market: 'kr', code: '055550', topics: [korea, income] },
  { en: 'Samsung SDI', zh: '三星SDI', market: 'kr', code: '006400', topics: [ev] },
  { en: 'Kakao', zh: 'Kakao', market: 'kr', code: '035720', topics: [earnings, valuation] },
]

/** Theme words per topic, and the seed tags that go with the topic. */
export const syntheticTopicThemes: Record<
  string,
  { themes: readonly [string, string][]; tags: readonly string[] }
> = {
  [ai]: {
    themes: [
      ['AI', '人工智慧'],
      ['data center', '資料中心'],
      ['HBM memory', '高頻寬記憶體'],
      ['advanced packaging', '先進封裝'],
    ],
    tags: ['ai', 'hbm'],
  },
  [income]: {
    themes: [
      ['dividend', '股息'],
      ['income', '收息'],
      ['payout', '配息'],
    ],
    tags: ['dividend', 'buyback'],
  },
  [ev]: {
    themes: [
      ['electric vehicle', '電動車'],
      ['hybrid', '油電混合'],
      ['battery', '電池'],
    ],
    tags: ['ev'],
  },
  [china]: {
    themes: [
      ['advertising', '廣告'],
      ['e-commerce', '電商'],
      ['cloud', '雲端'],
      ['games', '遊戲'],
    ],
    tags: ['buyback', 'earnings'],
  },
  [japan]: {
    themes: [
      ['governance', '公司治理'],
      ['buyback', '庫藏股'],
      ['cross-shareholding', '交叉持股'],
    ],
    tags: ['governance', 'buyback'],
  },
  [korea]: {
    themes: [
      ['Value-up', '企業價值提升'],
      ['shareholder return', '股東回報'],
      ['governance', '公司治理'],
    ],
    tags: ['value-up', 'dividend'],
  },
  [rates]: {
    themes: [
      ['interest rate', '利率'],
      ['bond yield', '公債殖利率'],
      ['currency', '匯率'],
    ],
    tags: ['fed', 'boj', 'yen'],
  },
  [earnings]: {
    themes: [
      ['earnings', '財報'],
      ['guidance', '財測'],
      ['margin', '利潤率'],
    ],
    tags: ['earnings'],
  },
  [valuation]: {
    themes: [
      ['valuation', '估值'],
      ['P/E', '本益比'],
      ['free cash flow', '自由現金流'],
    ],
    tags: ['pe-ratio', 'free-cash-flow'],
  },
  [portfolio]: {
    themes: [
      ['diversification', '分散投資'],
      ['ETF', 'ETF'],
      ['rebalancing', '再平衡'],
    ],
    tags: ['etf', 'risk-management'],
  },
}

export const syntheticMetrics: readonly [string, string][] = [
  ['revenue', '營收'],
  ['gross margin', '毛利率'],
  ['operating profit', '營業利益'],
  ['earnings per share', '每股盈餘'],
  ['free cash flow', '自由現金流'],
  ['net interest income', '淨利息收入'],
  ['cloud revenue', '雲端營收'],
  ['advertising revenue', '廣告營收'],
  ['deliveries', '交車量'],
  ['capital expenditure', '資本支出'],
]

export const syntheticDirections: readonly [string, string][] = [
  ['rose', '成長'],
  ['fell', '下滑'],
  ['grew', '增加'],
  ['declined', '減少'],
  ['rebounded', '回升'],
]

export const syntheticPeriods: readonly [string, string][] = [
  ['the first quarter', '第一季'],
  ['the second quarter', '第二季'],
  ['the third quarter', '第三季'],
  ['the fourth quarter', '第四季'],
  ['the first half', '上半年'],
  ['the fiscal year', '本財年'],
]

export const syntheticMarketNames: Record<
  Market,
  { en: string; zh: string; currencyEn: string; currencyZh: string }
> = {
  us: { en: 'US', zh: '美股', currencyEn: 'dollar', currencyZh: '美元' },
  hk: { en: 'Hong Kong', zh: '港股', currencyEn: 'Hong Kong dollar', currencyZh: '港元' },
  jp: { en: 'Japanese', zh: '日股', currencyEn: 'yen', currencyZh: '日圓' },
  kr: { en: 'Korean', zh: '韓股', currencyEn: 'won', currencyZh: '韓圜' },
}

export const syntheticHeadings: readonly [string, string][] = [
  ['What happened', '發生了什麼'],
  ['Why it matters', '為何重要'],
  ['Valuation', '估值'],
  ['What to watch', '觀察重點'],
  ['Our view', '我們的看法'],
  ['Risks', '風險'],
]

/** The values one sentence is filled with; each pair is [English, Chinese]. */
export interface SyntheticSlots {
  company: SyntheticCompany
  peer: SyntheticCompany
  metric: [string, string]
  direction: [string, string]
  period: [string, string]
  theme: [string, string]
  market: Market
  pct: number
  pe: number
  dividendYield: string
  payout: number
  margin: number
  choice: number
}

type Template = (s: SyntheticSlots) => [string, string]

const pick3 = <T>(choice: number, options: readonly [T, T, T]): T => options[choice % 3]!

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

export const syntheticSentences: readonly Template[] = [
  (s) => [
    `${s.company.en} (${s.company.code}) reported ${s.metric[0]} that ${s.direction[0]} about ${s.pct}% in ${s.period[0]}.`,
    `${s.company.zh}（${s.company.code}）${s.period[1]}${s.metric[1]}${s.direction[1]}約${s.pct}%。`,
  ],
  (s) => [
    `Analysts expect ${s.metric[0]} at ${s.company.en} to improve as ${s.theme[0]} demand recovers.`,
    `分析師預期，隨著${s.theme[1]}需求回溫，${s.company.zh}的${s.metric[1]}可望改善。`,
  ],
  (s) => [
    `Investors compared ${s.company.en} with ${s.peer.en} on ${s.metric[0]} and valuation.`,
    `投資人把${s.company.zh}與${s.peer.zh}的${s.metric[1]}和估值放在一起比較。`,
  ],
  () => [
    'Management said it would keep returning cash through dividends and buybacks.',
    '管理層表示，將持續透過股利與回購回饋股東。',
  ],
  (s) => [
    `The stock trades at about ${s.pe} times earnings, ${pick3(s.choice, ['below', 'above', 'close to'])} its five-year average.`,
    `該股本益比約${s.pe}倍，${pick3(s.choice, ['低於', '高於', '接近'])}五年平均。`,
  ],
  (s) => [
    `A stronger ${syntheticMarketNames[s.market].currencyEn} could weigh on reported profit at ${s.company.en}.`,
    `${syntheticMarketNames[s.market].currencyZh}走強，可能壓縮${s.company.zh}的帳面獲利。`,
  ],
  (s) => [
    `In our opinion, the risk-reward for ${s.company.en} looks ${pick3(s.choice, ['attractive', 'balanced', 'unattractive'])} at current prices.`,
    `我們認為，以目前股價而言，${s.company.zh}的風險報酬${pick3(s.choice, ['具吸引力', '大致均衡', '並不吸引人'])}。`,
  ],
  (s) => [
    `${capitalize(s.theme[0])} remains the main driver of spending across the ${syntheticMarketNames[s.market].en} market.`,
    `${s.theme[1]}仍是${syntheticMarketNames[s.market].zh}市場支出的主要動力。`,
  ],
  (s) => [
    `The dividend yield at ${s.company.en} is about ${s.dividendYield}%, with a payout ratio near ${s.payout}%.`,
    `${s.company.zh}的殖利率約${s.dividendYield}%，配息率接近${s.payout}%。`,
  ],
  (s) => [
    `Free cash flow ${s.direction[0]} as capital expenditure on ${s.theme[0]} increased.`,
    `由於${s.theme[1]}相關資本支出增加，自由現金流${s.direction[1]}。`,
  ],
  (s) => [
    `Guidance for ${s.period[0]} was ${pick3(s.choice, ['raised', 'maintained', 'lowered'])}, and the shares moved ${s.choice % 2 ? 'higher' : 'lower'} after the results.`,
    `${s.period[1]}財測${pick3(s.choice, ['上調', '維持不變', '下修'])}，財報公布後股價${s.choice % 2 ? '走高' : '走低'}。`,
  ],
  (s) => [
    `Foreign investors were net ${s.choice % 2 ? 'buyers' : 'sellers'} of ${s.company.en} shares during the month.`,
    `本月外資對${s.company.zh}呈現淨${s.choice % 2 ? '買超' : '賣超'}。`,
  ],
  (s) => [
    `Risks include regulation, competition from ${s.peer.en} and a slowdown in ${s.theme[0]}.`,
    `風險包括監管、來自${s.peer.zh}的競爭，以及${s.theme[1]}放緩。`,
  ],
  (s) => [
    `Gross margin ${s.direction[0]} to about ${s.margin}%, reflecting product mix and pricing.`,
    `毛利率${s.direction[1]}至約${s.margin}%，反映產品組合與定價。`,
  ],
]

export const syntheticTitles: readonly Template[] = [
  (s) => [
    `${s.company.en}: ${s.metric[0]} ${s.direction[0]} in ${s.period[0]}`,
    `${s.company.zh}${s.period[1]}${s.metric[1]}${s.direction[1]}`,
  ],
  (s) => [
    `What ${s.theme[0]} means for ${s.company.en} and ${s.peer.en}`,
    `${s.theme[1]}對${s.company.zh}與${s.peer.zh}的意義`,
  ],
  (s) => [
    `${s.company.en} (${s.company.code}): our view after the results`,
    `${s.company.zh}（${s.company.code}）：財報後的看法`,
  ],
  (s) => [
    `${syntheticMarketNames[s.market].en} stocks week ahead: ${s.theme[0]}, ${s.metric[0]} and flows`,
    `${syntheticMarketNames[s.market].zh}一週前瞻：${s.theme[1]}、${s.metric[1]}與資金動向`,
  ],
  (s) => [`How to read ${s.metric[0]} at ${s.company.en}`, `如何解讀${s.company.zh}的${s.metric[1]}`],
]

export const syntheticClosing: [string, string] = [
  'This is analysis for education and not a recommendation to buy or sell any security.',
  '本文為教育性質的分析，並非買賣任何證券的建議。',
]
