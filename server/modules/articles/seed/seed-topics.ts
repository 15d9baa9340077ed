/**
 * The topics articles are grouped by (/topics/{slug}). Each topic has its own cover image, so an article's cover
 * normally names its topic's file.
 */
import type { SeedTopic } from './seed-corpus.ts'

export const seedTopics: readonly SeedTopic[] = [
  {
    slug: 'ai-semiconductors',
    name: { en: 'AI & Semiconductors', 'zh-Hant': 'AI 與半導體' },
    description: {
      en: 'How the build-out of AI computing shows up in the results and valuations of chip designers, foundries, memory makers and equipment suppliers.',
      'zh-Hant': '人工智慧算力擴張如何反映在晶片設計、晶圓代工、記憶體與設備供應商的業績和估值上。',
    },
    cover: 'ai-semiconductors.svg',
  },
  {
    slug: 'dividends-income',
    name: { en: 'Dividends & Income', 'zh-Hant': '股息與收息' },
    description: {
      en: 'Dividend payers, REITs and other income stocks, and how to judge whether a payout can last.',
      'zh-Hant': '高息股、房地產投資信託與其他收息資產，以及如何判斷股息能否持續。',
    },
    cover: 'dividends-income.svg',
  },
  {
    slug: 'ev-autos',
    name: { en: 'EVs & Autos', 'zh-Hant': '電動車與汽車' },
    description: {
      en: 'Carmakers and battery makers in the shift to electric and hybrid vehicles, from Tesla and BYD to Toyota and Hyundai.',
      'zh-Hant': '從特斯拉、比亞迪到豐田與現代汽車，觀察車廠與電池廠在電動化與油電混合轉型中的位置。',
    },
    cover: 'ev-autos.svg',
  },
  {
    slug: 'china-internet',
    name: { en: 'China Internet', 'zh-Hant': '中國網路股' },
    description: {
      en: 'Hong Kong-listed internet platforms: games, e-commerce, local services and cloud, and the policy backdrop they trade on.',
      'zh-Hant': '在香港上市的網路平台：遊戲、電商、本地生活與雲端業務，以及左右股價的政策環境。',
    },
    cover: 'china-internet.svg',
  },
  {
    slug: 'japan-governance',
    name: { en: 'Japan Governance', 'zh-Hant': '日本公司治理' },
    description: {
      en: 'The Tokyo Stock Exchange reforms, buybacks and unwinding of cross-shareholdings that are changing how Japanese companies treat shareholders.',
      'zh-Hant': '東京證券交易所改革、庫藏股與交叉持股鬆綁，正在改變日本企業對待股東的方式。',
    },
    cover: 'japan-governance.svg',
  },
  {
    slug: 'korea-value-up',
    name: { en: 'Korea Value-up', 'zh-Hant': '韓國價值提升' },
    description: {
      en: "Korea's Corporate Value-up programme, the 'Korea discount' and the companies raising dividends and buybacks in response.",
      'zh-Hant': '韓國「企業價值提升計畫」、所謂的「韓國折價」，以及因此提高股息與回購的企業。',
    },
    cover: 'korea-value-up.svg',
  },
  {
    slug: 'interest-rates',
    name: { en: 'Interest Rates', 'zh-Hant': '利率與央行' },
    description: {
      en: 'Central banks, bond yields and currencies, and what each move means for stock valuations in the four markets we cover.',
      'zh-Hant': '央行政策、債券殖利率與匯率變化，以及它們對美、港、日、韓四地股市估值的影響。',
    },
    cover: 'interest-rates.svg',
  },
  {
    slug: 'earnings-season',
    name: { en: 'Earnings Season', 'zh-Hant': '財報季' },
    description: {
      en: 'Previews and guides for reporting season: what to watch in results, guidance and the market reaction.',
      'zh-Hant': '財報季前瞻與解讀指南：業績、財測與市場反應該看什麼。',
    },
    cover: 'earnings-season.svg',
  },
  {
    slug: 'valuation-basics',
    name: { en: 'Valuation Basics', 'zh-Hant': '估值入門' },
    description: {
      en: 'Plain explanations of P/E, price-to-book, free cash flow and the other tools for asking whether a stock is cheap or expensive.',
      'zh-Hant': '用淺白的方式解釋本益比、股價淨值比、自由現金流等工具，幫助判斷股票是便宜還是昂貴。',
    },
    cover: 'valuation-basics.svg',
  },
  {
    slug: 'portfolio-building',
    name: { en: 'Portfolio Building', 'zh-Hant': '投資組合' },
    description: {
      en: 'Diversification, position sizing, ETFs and the habits that keep a long-term portfolio on track.',
      'zh-Hant': '分散投資、部位大小、ETF，以及讓長期投資組合保持正軌的習慣。',
    },
    cover: 'portfolio-building.svg',
  },
]
